// How much memory the machine can give a computation, so that solvers can
// refuse work that would not fit before they allocate anything.
#ifndef RETRO_SYSTEM_MEMORY_H_
#define RETRO_SYSTEM_MEMORY_H_

#include <cstdint>

namespace retro {

// MemAvailable from /proc/meminfo, in bytes (0 if it cannot be read).
// RETRO_MEMORY_LIMIT_MB, when set, caps it (for tests and shared machines).
uint64_t AvailableMemoryBytes();

}  // namespace retro

#endif  // RETRO_SYSTEM_MEMORY_H_
