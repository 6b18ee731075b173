// A fixed-size byte array for solver tables that are accessed at random:
// memory with transparent huge pages requested (retro/internal/huge_pages.h: 2 MB
// pages, far fewer TLB misses than 4 KB pages on tables of tens or hundreds
// of megabytes). Allocation failure is a status, not an exception.
#ifndef RETRO_SOLVER_LOOPY_WDL_BUFFER_H_
#define RETRO_SOLVER_LOOPY_WDL_BUFFER_H_

#include <cstdint>
#include <cstring>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/internal/huge_pages.h"

namespace retro {

class HugePageBuffer {
 public:
  // An empty buffer.
  HugePageBuffer() = default;

  // `size` bytes, each set to `fill`, or ResourceExhausted when the memory
  // cannot be had.
  static absl::StatusOr<HugePageBuffer> Allocate(uint64_t size, uint8_t fill) {
    HugePageBuffer buffer;
    if (size == 0) return buffer;
    void* p = retro::internal::AllocateHugePages(size);
    if (p == nullptr) {
      // The same words as an allocation failing anywhere else in a solve
      // (the command line reports std::bad_alloc as "out of memory").
      return absl::ResourceExhaustedError(
          absl::StrCat("out of memory: cannot allocate ", size, " bytes for a solver table"));
    }
    buffer.data_ = static_cast<uint8_t*>(p);
    buffer.size_ = size;
    std::memset(buffer.data_, fill, size);
    return buffer;
  }

  ~HugePageBuffer() { Release(); }

  HugePageBuffer(HugePageBuffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  HugePageBuffer& operator=(HugePageBuffer&& other) noexcept {
    if (this != &other) {
      Release();
      data_ = std::exchange(other.data_, nullptr);
      size_ = std::exchange(other.size_, 0);
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
    retro::internal::FreeHugePages(data_, size_);
    data_ = nullptr;
  }

  uint8_t* data_ = nullptr;
  uint64_t size_ = 0;
};

}  // namespace retro

#endif  // RETRO_SOLVER_LOOPY_WDL_BUFFER_H_
