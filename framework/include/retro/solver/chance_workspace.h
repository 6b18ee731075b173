// Memory the chance solver may keep between solves. A table-style game's
// records can take hundreds of megabytes (642 MB for a P = 12 Plakoto
// database); allocating them afresh for every slice makes the kernel fault in
// and zero every page again, which on a virtual machine costs about as much
// as the solve. Pass the same Workspace to consecutive Solve calls (one at a
// time) to reuse the memory; it is released when the Workspace is destroyed.
#ifndef RETRO_SOLVER_CHANCE_WORKSPACE_H_
#define RETRO_SOLVER_CHANCE_WORKSPACE_H_

#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>

namespace retro::chance {

// A growable, uninitialised buffer. Not thread-safe; one solve at a time.
class Workspace {
 public:
  Workspace() = default;
  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;

  // Storage for `count` objects of the trivially copyable type T,
  // uninitialised (it may hold data of an earlier solve). Valid until the
  // next call.
  template <typename T>
  T* Get(size_t count) {
    static_assert(std::is_trivially_copyable_v<T>);
    static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__);
    const size_t bytes = count * sizeof(T);
    if (bytes > capacity_) {
      buffer_.reset();
      buffer_.reset(new std::byte[bytes]);
      capacity_ = bytes;
    }
    // Trivially copyable types are implicit-lifetime types: the objects come
    // into existence in the byte storage implicitly (C++20).
    return std::launder(reinterpret_cast<T*>(buffer_.get()));
  }

  // The bytes currently held.
  size_t capacity() const { return capacity_; }

 private:
  std::unique_ptr<std::byte[]> buffer_;
  size_t capacity_ = 0;
};

}  // namespace retro::chance

#endif  // RETRO_SOLVER_CHANCE_WORKSPACE_H_
