// A fixed-size byte array for solver tables that are accessed at random:
// backed by anonymous memory with transparent huge pages requested on Linux
// (2 MB pages: far fewer TLB misses than 4 KB pages on tables of tens or
// hundreds of megabytes), plain heap memory elsewhere.
#ifndef RETRO_SOLVER_LOOPY_WDL_BUFFER_H_
#define RETRO_SOLVER_LOOPY_WDL_BUFFER_H_

#include <cstdint>
#include <cstring>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace retro {

class HugePageBuffer {
 public:
  HugePageBuffer() = default;

  // `size` bytes, each set to `fill`. Throws std::bad_alloc when the memory
  // cannot be had.
  HugePageBuffer(uint64_t size, uint8_t fill) : size_(size) {
    if (size == 0) return;
#if defined(__linux__)
    void* p = mmap(nullptr, size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    madvise(p, size, MADV_HUGEPAGE);
    data_ = static_cast<uint8_t*>(p);
#else
    data_ = new uint8_t[size];
#endif
    std::memset(data_, fill, size);
  }

  ~HugePageBuffer() { Release(); }

  HugePageBuffer(HugePageBuffer&& other) noexcept
      : data_(other.data_), size_(other.size_) {
    other.data_ = nullptr;
    other.size_ = 0;
  }
  HugePageBuffer& operator=(HugePageBuffer&& other) noexcept {
    if (this != &other) {
      Release();
      data_ = other.data_;
      size_ = other.size_;
      other.data_ = nullptr;
      other.size_ = 0;
    }
    return *this;
  }
  HugePageBuffer(const HugePageBuffer&) = delete;
  HugePageBuffer& operator=(const HugePageBuffer&) = delete;

  uint8_t* data() { return data_; }
  const uint8_t* data() const { return data_; }
  uint64_t size() const { return size_; }
  uint8_t& operator[](uint64_t i) { return data_[i]; }
  const uint8_t& operator[](uint64_t i) const { return data_[i]; }

 private:
  void Release() {
    if (data_ == nullptr) return;
#if defined(__linux__)
    munmap(data_, size_);
#else
    delete[] data_;
#endif
    data_ = nullptr;
  }

  uint8_t* data_ = nullptr;
  uint64_t size_ = 0;
};

}  // namespace retro

#endif  // RETRO_SOLVER_LOOPY_WDL_BUFFER_H_
