// How much memory the machine can give a computation, so that solvers can
// refuse work that would not fit before they allocate anything.
#ifndef RETRO_SYSTEM_MEMORY_H_
#define RETRO_SYSTEM_MEMORY_H_

#include <cstdint>

namespace retro {

// MemAvailable from /proc/meminfo, in bytes (0 if it cannot be read).
// RETRO_MEMORY_LIMIT_MB, when set, caps it (for tests and shared machines).
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
