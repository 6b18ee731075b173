// MeasureThisRank (getrusage) and GatherRankReports (one all-gather).
#include "retro/host/rank_report.h"

#include <sys/resource.h>

#include <span>
#include <type_traits>

namespace retro::distributed {

RankReport MeasureThisRank(const Communicator& comm, double wall_seconds) {
  RankReport report;
  report.rank = static_cast<uint64_t>(comm.rank());
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) == 0) {
    report.peak_memory_bytes = static_cast<uint64_t>(usage.ru_maxrss) * 1024;  // KiB on Linux
    report.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  }
  report.wall_seconds = wall_seconds;
  report.traffic = comm.traffic();
  return report;
}

std::vector<RankReport> GatherRankReports(Communicator& comm, const RankReport& mine) {
  static_assert(std::is_trivially_copyable_v<RankReport>);
  return AllGather(comm, std::span<const RankReport>(&mine, 1));
}

}  // namespace retro::distributed
