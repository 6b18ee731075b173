// Memory the chance solver may keep between solves. A table-style game's
// records can take hundreds of megabytes (678 MB for a P = 12 Plakoto
// database); allocating them afresh for every slice makes the kernel fault in
// and zero every page again, which on a virtual machine costs about as much
// as the solve. Pass the same Workspace to consecutive Solve calls (one at a
// time) to reuse the memory, and hand each solve's values back (Recycle) once
// done with them; it is released when the Workspace is destroyed.
#ifndef RETRO_SOLVER_CHANCE_WORKSPACE_H_
#define RETRO_SOLVER_CHANCE_WORKSPACE_H_

#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace retro::chance {

// A growable, uninitialised buffer. Not thread-safe; one solve at a time.
class Workspace {
 public:
  Workspace() = default;
  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;
  Workspace(Workspace&&) = default;
  Workspace& operator=(Workspace&&) = default;

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

  // A values vector of `count` entries for a solve to fill, with the
  // storage of the one last handed back (Recycle) when there is one: its
  // entries are then left as they were, not zeroed.
  std::vector<double> TakeValues(size_t count) {
    std::vector<double> values = std::move(recycled_);
    recycled_ = std::vector<double>();
    values.resize(count);
    return values;
  }
  // Hands back a solve's values once the caller is done with them, so that
  // the next solve reuses their pages.
  void Recycle(std::vector<double>&& values) { recycled_ = std::move(values); }

 private:
  std::unique_ptr<std::byte[]> buffer_;
  size_t capacity_ = 0;
  std::vector<double> recycled_;
};

}  // namespace retro::chance

#endif  // RETRO_SOLVER_CHANCE_WORKSPACE_H_
