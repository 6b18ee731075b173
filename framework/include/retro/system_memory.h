// How much memory the machine can give a computation, so that solvers can
// refuse work that would not fit before they allocate anything: the
// smaller of the machine's available memory and what the process's control
// group (cgroup v2 or v1: a container's or a batch job's limit) leaves.
#ifndef RETRO_SYSTEM_MEMORY_H_
#define RETRO_SYSTEM_MEMORY_H_

#include <cstdint>
#include <string>

namespace retro {

// Memory a computation may use and which limit set it.
struct MemoryLimit {
  uint64_t bytes = 0;  // 0 if nothing could be read
  // What bounds `bytes`, for messages: "MemAvailable", "the cgroup's
  // memory.max", "the cgroup's memory.limit_in_bytes" or
  // "RETRO_MEMORY_LIMIT_MB"; empty when nothing could be read.
  std::string source;
  // " (the cgroup's memory.max)": `source` as a note to append to "only X
  // is available"; empty when there is no source.
  std::string Note() const;
};

// The smaller of MemAvailable (/proc/meminfo) and the headroom of the
// process's cgroup (limit minus usage, at its own level and every level
// above it; /proc/self/cgroup names it under /sys/fs/cgroup). The files are
// read under `root` (e.g. "" for the real system, or a folder holding
// proc/ and sys/ for tests). RETRO_MEMORY_LIMIT_MB, when set, caps it
// further (for tests and shared machines).
MemoryLimit AvailableMemoryUnder(const std::string& root);

// AvailableMemoryUnder the real system, or under the folder
// RETRO_SYSTEM_ROOT names (tests simulate a cgroup limit with it).
MemoryLimit AvailableMemory();

// AvailableMemory().bytes.
uint64_t AvailableMemoryBytes();

// The largest n in 0..max_n whose estimate(n) (bytes, growing with n) fits in
// `available`: what a plugin's Plan names when it refuses a size. 0 when not
// even n = 1 fits.
template <typename Estimate>
int LargestThatFits(int max_n, uint64_t available, Estimate&& estimate) {
  int largest = 0;
  while (largest < max_n && estimate(largest + 1) <= available) ++largest;
  return largest;
}

}  // namespace retro

#endif  // RETRO_SYSTEM_MEMORY_H_
