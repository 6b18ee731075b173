// Memory for solver tables that are read at random: blocks of 2 MiB or
// more come from anonymous memory aligned to 2 MiB with transparent huge
// pages requested (madvise MADV_HUGEPAGE on Linux), so a table of tens or
// hundreds of megabytes costs a TLB entry per 2 MiB instead of per 4 KiB;
// smaller blocks, and every block on other systems, come from the heap.
// Where the system's huge pages are off, the memory is ordinary memory.
//
//   retro::HugePageVector<int8_t> values(states);  // a std::vector
//   void* p = retro::AllocateHugePages(bytes);     // nullptr when it cannot
//   retro::FreeHugePages(p, bytes);
#ifndef RETRO_INTERNAL_HUGE_PAGES_H_
#define RETRO_INTERNAL_HUGE_PAGES_H_

#include <cstddef>
#include <cstdint>
#include <limits>
#include <new>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace retro::internal {

// The size of a huge page, and the smallest block given huge pages.
inline constexpr size_t kHugePageBytes = size_t{2} << 20;

// `n` (a size or an address) rounded up to a multiple of kHugePageBytes:
// what AllocateHugePages maps for a block of n bytes, and where it starts
// the block in its mapping; FreeHugePages unmaps the same.
constexpr uintptr_t RoundUpToHugePage(uintptr_t n) {
  return (n + kHugePageBytes - 1) & ~uintptr_t{kHugePageBytes - 1};
}

// `bytes` bytes (> 0) of uninitialized memory, 2 MiB-aligned with huge pages
// requested when bytes >= kHugePageBytes on Linux; nullptr when the memory
// cannot be had. Free it with FreeHugePages(p, bytes).
inline void* AllocateHugePages(size_t bytes) {
#if defined(__linux__)
  if (bytes >= kHugePageBytes) {
    // Map a huge page more than asked and keep the aligned part, so that
    // every 2 MiB of the block can be one page.
    const size_t rounded = RoundUpToHugePage(bytes);
    const size_t mapped = rounded + kHugePageBytes;
    void* p = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return nullptr;
    const uintptr_t first = reinterpret_cast<uintptr_t>(p);
    const uintptr_t aligned = RoundUpToHugePage(first);
    if (aligned > first) munmap(p, aligned - first);
    const uintptr_t tail = aligned + rounded;
    if (first + mapped > tail) munmap(reinterpret_cast<void*>(tail), first + mapped - tail);
    madvise(reinterpret_cast<void*>(aligned), rounded, MADV_HUGEPAGE);
    return reinterpret_cast<void*>(aligned);
  }
#endif
  return ::operator new(bytes, std::nothrow);
}

// Frees what AllocateHugePages(bytes) returned (`bytes` as given to it).
inline void FreeHugePages(void* p, size_t bytes) {
  if (p == nullptr) return;
#if defined(__linux__)
  if (bytes >= kHugePageBytes) {
    munmap(p, RoundUpToHugePage(bytes));
    return;
  }
#endif
  ::operator delete(p);
}

// A standard allocator over AllocateHugePages (throws std::bad_alloc when
// the memory cannot be had, as std::allocator does).
template <typename T>
struct HugePageAllocator {
  static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__);
  using value_type = T;

  HugePageAllocator() = default;
  template <typename U>
  HugePageAllocator(const HugePageAllocator<U>&) {}

  T* allocate(size_t n) {
    if (n > std::numeric_limits<size_t>::max() / sizeof(T)) throw std::bad_alloc();
    void* p = AllocateHugePages(n * sizeof(T));
    if (p == nullptr) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, size_t n) { FreeHugePages(p, n * sizeof(T)); }

  template <typename U>
  bool operator==(const HugePageAllocator<U>&) const {
    return true;
  }
};

// A std::vector whose large buffers get huge pages.
template <typename T>
using HugePageVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace retro::internal

#endif  // RETRO_INTERNAL_HUGE_PAGES_H_
