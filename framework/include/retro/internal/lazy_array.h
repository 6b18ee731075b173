// An array over a whole index space whose memory is committed only where it
// is written: anonymous memory reserved without backing (mmap with
// MAP_NORESERVE), so untouched pages cost no resident memory, and ranges no
// longer needed can be handed back to the system (madvise MADV_DONTNEED).
// Meant for a distributed solver that indexes by global position but holds
// only the positions it owns and reads (retro/solver/chance_distributed.h).
//
//   retro::LazyArray<double> values(size);  // reserves, commits nothing
//   values.data()[i] = 1.0;                 // commits i's page
//   values.Release(begin, end);             // whole pages inside go back
//
// Linux (and other systems with MAP_NORESERVE and MADV_DONTNEED) only.
#ifndef RETRO_INTERNAL_LAZY_ARRAY_H_
#define RETRO_INTERNAL_LAZY_ARRAY_H_

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <new>
#include <type_traits>

namespace retro::internal {

// `count` objects of the trivially copyable type T, zero until written.
// Not copyable; Release and writes to the same pages must not race.
template <typename T>
class LazyArray {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  // Reserves the address space; throws std::bad_alloc when it cannot.
  explicit LazyArray(size_t count) : count_(count), bytes_(count * sizeof(T)) {
    if (bytes_ == 0) return;
    void* p = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
      // Small pages: where transparent huge pages are always on, a write
      // would otherwise commit 2 MiB around it.
#ifdef MADV_NOHUGEPAGE
    madvise(p, bytes_, MADV_NOHUGEPAGE);
#endif
    // Trivially copyable types are implicit-lifetime types (C++20).
    data_ = std::launder(static_cast<T*>(p));
  }
  LazyArray(const LazyArray&) = delete;
  LazyArray& operator=(const LazyArray&) = delete;
  ~LazyArray() {
    if (data_ != nullptr) munmap(data_, bytes_);
  }

  T* data() { return data_; }
  const T* data() const { return data_; }
  size_t size() const { return count_; }

  // Returns to the system the whole pages inside elements [begin, end)
  // (a page shared with an element outside stays); they read as zero
  // afterwards.
  void Release(size_t begin, size_t end) {
    if (data_ == nullptr || begin >= end) return;
    static const uintptr_t page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
    const uintptr_t base = reinterpret_cast<uintptr_t>(data_);
    const uintptr_t first = (base + begin * sizeof(T) + page - 1) / page * page;
    const uintptr_t last = (base + end * sizeof(T)) / page * page;
    if (first < last) {
      madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED);
    }
  }

 private:
  size_t count_ = 0;
  size_t bytes_ = 0;
  T* data_ = nullptr;
};

}  // namespace retro::internal

#endif  // RETRO_INTERNAL_LAZY_ARRAY_H_
