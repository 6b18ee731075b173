// Bounds on the work a step of a test does instead of on its wall-clock
// time, which a busy machine stretches at will: the CPU time (user + system)
// and the page faults (pages touched: a file read through a mapping faults
// once per page) of this process, or of the child processes it has waited
// for (a `retro` run through RunRetro). A test asserting "refused at once,
// not after reading the file" bounds these with a wide margin: reading a
// sparse 1 TiB slice costs minutes of CPU and 2^28 faults, an open that
// refuses it milliseconds and a few thousand.
//
//   const WorkMeter meter(WorkMeter::kChildren);
//   const RunResult stats = Retro({"stats", "--db", "huge.retro"});
//   EXPECT_LT(meter.CpuSeconds(), kAtOnceCpuSeconds);
#ifndef RETRO_TESTS_FRAMEWORK_WORK_METER_H_
#define RETRO_TESTS_FRAMEWORK_WORK_METER_H_

#include <sys/resource.h>

#include <cstdint>

namespace retro::testing {

// CPU seconds within which a step that must not read a huge file finishes,
// with a margin for sanitized builds (10 times slower) and slow machines.
inline constexpr double kAtOnceCpuSeconds = 5.0;
// Page faults within which such a step finishes: 1 GiB of 4 KiB pages, far
// above what loading `retro` and its plugins takes (under AddressSanitizer
// too) and far below the 2^28 pages of a 1 TiB slice.
inline constexpr int64_t kAtOncePageFaults = int64_t{1} << 18;

class WorkMeter {
 public:
  enum Who { kSelf = RUSAGE_SELF, kChildren = RUSAGE_CHILDREN };

  // Starts measuring `who` from now.
  explicit WorkMeter(Who who) : who_(who), start_(Now(who)) {}

  // CPU seconds (user + system) used since construction.
  double CpuSeconds() const { return Now(who_).cpu_seconds - start_.cpu_seconds; }

  // Page faults (minor and major) since construction.
  int64_t PageFaults() const { return Now(who_).page_faults - start_.page_faults; }

 private:
  struct Usage {
    double cpu_seconds = 0;
    int64_t page_faults = 0;
  };

  static Usage Now(Who who) {
    rusage usage{};
    getrusage(who, &usage);
    const auto seconds = [](const timeval& t) {
      return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6;
    };
    return {seconds(usage.ru_utime) + seconds(usage.ru_stime),
            static_cast<int64_t>(usage.ru_minflt) + static_cast<int64_t>(usage.ru_majflt)};
  }

  Who who_;
  Usage start_;
};

}  // namespace retro::testing

#endif  // RETRO_TESTS_FRAMEWORK_WORK_METER_H_
