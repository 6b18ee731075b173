// How the C library's allocator keeps freed memory while a database is
// solved. glibc's malloc returns the free top of its heaps to the system
// once it exceeds a threshold that starts at 128 KiB, and serves blocks
// above another from fresh mappings, so a solve, which frees and takes
// back lists of several megabytes in every layer and slice, has the same
// pages cleared and faulted in again and again (a fault costs
// microseconds on some VMs: an eighth of a 12-seed oware solve's CPU).
// KeepFreedHeapForReuse raises both: blocks up to 32 MiB come from the
// heaps, and up to kKeptHeapBytes of free heap is kept for the next
// allocation. Larger blocks still come from, and go back to, the system.
// Elsewhere than glibc it does nothing.
//
//   retro::cli::KeepFreedHeapForReuse();  // before solving
#ifndef RETRO_CLI_HEAP_REUSE_H_
#define RETRO_CLI_HEAP_REUSE_H_

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace retro::cli {

// The free heap kept for reuse: a bounded addition to a solve's peak
// memory (the memory models count it).
inline constexpr int kKeptHeapBytes = 64 << 20;

inline void KeepFreedHeapForReuse() {
#if defined(__GLIBC__)
  // 32 MiB: the most glibc's own adaptive threshold reaches on 64-bit.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, kKeptHeapBytes);
#endif
}

}  // namespace retro::cli

#endif  // RETRO_CLI_HEAP_REUSE_H_
