// Faults in the pages of a large, freshly allocated table on every thread of
// a pool before the table is filled. The kernel clears a fresh page on the
// thread that first touches it, so a table filled on one thread (a
// std::vector's assign) keeps the other threads idle for as long as the
// kernel takes to clear its pages. After PrefaultInParallel the fill finds
// its pages present.
//
//   retro::internal::AssignPrefaulted(table, n, value, &pool);  // a std::vector
//
// Linux only (madvise MADV_POPULATE_WRITE, 5.14 on); elsewhere, or when the
// kernel refuses, nothing is done and the fill faults the pages as before.
#ifndef RETRO_INTERNAL_PARALLEL_PREFAULT_H_
#define RETRO_INTERNAL_PARALLEL_PREFAULT_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "retro/thread_pool.h"

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace retro::internal {

// Faults in, writable, the whole pages of [p, p + bytes) on the threads of
// `pool`, 2 MiB a task; a block under 4 MiB, or a single-thread pool, is
// left to its first writer.
inline void PrefaultInParallel(void* p, size_t bytes, ThreadPool& pool) {
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
  constexpr uintptr_t kPage = 4096;
  constexpr uintptr_t kPiece = uintptr_t{2} << 20;
  if (pool.size() < 2 || bytes < 2 * kPiece) return;
  const uintptr_t begin = (reinterpret_cast<uintptr_t>(p) + kPage - 1) & ~(kPage - 1);
  const uintptr_t end = (reinterpret_cast<uintptr_t>(p) + bytes) & ~(kPage - 1);
  if (end <= begin) return;
  pool.ParallelFor(0, (end - begin + kPiece - 1) / kPiece, 1, [&](int, uint64_t b, uint64_t e) {
    for (uint64_t k = b; k < e; ++k) {
      const uintptr_t from = begin + k * kPiece;
      madvise(reinterpret_cast<void*>(from), std::min(kPiece, end - from), MADV_POPULATE_WRITE);
    }
  });
#else
  static_cast<void>(p);
  static_cast<void>(bytes);
  static_cast<void>(pool);
#endif
}

// Sizes `table` (a std::vector of any allocator) to n copies of `value`,
// like assign, its pages faulted in on the threads of `pool` first (null:
// a plain assign). Its earlier contents and memory are released first.
template <typename Vector>
void AssignPrefaulted(Vector& table, size_t n, const typename Vector::value_type& value,
                      ThreadPool* pool) {
  Vector().swap(table);
  table.reserve(n);
  if (pool != nullptr) PrefaultInParallel(table.data(), n * sizeof(value), *pool);
  table.assign(n, value);
}

}  // namespace retro::internal

#endif  // RETRO_INTERNAL_PARALLEL_PREFAULT_H_
