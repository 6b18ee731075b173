// The predecessors of every index of a slice, listed once from a forward pass
// over the moves, for games that cannot take a move back: a compact reverse
// adjacency (CSR) with, per index, the end of its list (32-bit when the slice
// has fewer than 2^32 edges) and the parent indices (32-bit when the slice has
// fewer than 2^32 indices). The loopy solver's ForEachPredecessor then reads
// a list instead of generating take-backs (retro/kit/loopy_wdl_solve_view.h).
//
//   auto lists = retro::solver::PredecessorLists::Build(
//       size, pool, [&](int worker, uint64_t parent, auto&& emit) {
//         for (uint64_t child : children_in_slice(parent)) emit(child);
//       });
//   lists->ForEachParent(child, [&](uint64_t parent) { ... });
//
// Building takes two passes over the edges (count, then fill) and sorts each
// list, so the result is the same whatever the number of threads. A parent
// array larger than the options' memory budget is kept in a mapped unnamed
// scratch file (retro/internal/scratch_file.h) when a scratch folder is
// given; it disappears with the lists or the process.
#ifndef RETRO_SOLVER_PREDECESSOR_LISTS_H_
#define RETRO_SOLVER_PREDECESSOR_LISTS_H_

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/internal/scratch_file.h"
#include "retro/status_macros.h"
#include "retro/thread_pool.h"

namespace retro::solver {

// Where PredecessorLists::Build keeps the parent array.
struct PredecessorListsOptions {
  // The most bytes the parent array may take in memory; 0: no limit.
  uint64_t memory_budget_bytes = 0;
  // Where a parent array over the budget goes (an unnamed scratch file);
  // empty keeps it in memory whatever its size.
  std::string scratch_directory = {};
};

// The reverse adjacency of one slice: for each child index, its parents, one
// entry per edge the forward pass emitted, in increasing order. Move-only.
class PredecessorLists {
 public:
  // Lists the edges parent -> child that for_each_child(worker, parent,
  // emit) emits, emit(uint64_t child) once per edge, for every parent in
  // [0, size); children must lie in [0, size). for_each_child is called
  // twice per parent (it must emit the same edges both times), from the
  // pool's threads at once (`worker` names the thread, for scratch space).
  template <typename ForEachChild>
  static absl::StatusOr<PredecessorLists> Build(uint64_t size, ThreadPool& pool,
                                                const ForEachChild& for_each_child,
                                                const PredecessorListsOptions& options = {});

  // Calls visit(uint64_t parent) for each edge parent -> child.
  template <typename Visit>
  void ForEachParent(uint64_t child, Visit&& visit) const {
    const uint64_t begin = child == 0 ? 0 : EndOf(child - 1);
    const uint64_t end = EndOf(child);
    if (wide_parents_) {
      const uint64_t* parents = reinterpret_cast<const uint64_t*>(parents_);
      for (uint64_t i = begin; i < end; ++i) visit(parents[i]);
    } else {
      const uint32_t* parents = reinterpret_cast<const uint32_t*>(parents_);
      for (uint64_t i = begin; i < end; ++i) visit(uint64_t{parents[i]});
    }
  }

  uint64_t size() const { return size_; }
  uint64_t edges() const { return edges_; }
  // The bytes of the list ends (always in memory) and of the parent array.
  uint64_t end_bytes() const { return EndBytes(size_, edges_); }
  uint64_t parent_bytes() const { return ParentBytes(size_, edges_); }
  // True when the parent array is a mapped scratch file.
  bool parents_on_disk() const { return file_ != nullptr; }

  // The bytes lists of `size` indices and `edges` edges take.
  static uint64_t EndBytes(uint64_t size, uint64_t edges) {
    return size * (edges < kNarrowLimit ? 4 : 8);
  }
  static uint64_t ParentBytes(uint64_t size, uint64_t edges) {
    return edges * (size < kNarrowLimit ? 4 : 8);
  }

  PredecessorLists(PredecessorLists&&) noexcept = default;
  PredecessorLists& operator=(PredecessorLists&&) noexcept = default;

 private:
  static constexpr uint64_t kNarrowLimit = uint64_t{1} << 32;
  static constexpr uint64_t kGrain = 1 << 12;

  PredecessorLists() = default;

  uint64_t EndOf(uint64_t child) const {
    return wide_ends_ ? wide_ends_data_[child] : uint64_t{narrow_ends_[child]};
  }

  // 1. Counts each child's parents into narrow_ends_ (size entries).
  template <typename ForEachChild>
  absl::Status CountParents(ThreadPool& pool, const ForEachChild& for_each_child);
  // 2. Turns the counts into the start of each list; the total is edges_.
  void StartLists();
  // 3. Allocates the parent array, in memory or in a scratch file.
  absl::Status AllocateParents(const PredecessorListsOptions& options);
  // 4. Writes each edge at its list's cursor (which leaves each start at
  // its list's end), then sorts each list.
  template <typename Offset, typename Parent, typename ForEachChild>
  absl::Status FillParents(ThreadPool& pool, const ForEachChild& for_each_child, Offset* ends);
  template <typename ForEachChild>
  absl::Status FillParents(ThreadPool& pool, const ForEachChild& for_each_child);

  uint64_t size_ = 0;
  uint64_t edges_ = 0;
  bool wide_ends_ = false;
  bool wide_parents_ = false;
  std::vector<uint32_t> narrow_ends_;
  std::vector<uint64_t> wide_ends_data_;
  std::unique_ptr<uint64_t[]> parents_memory_;
  std::unique_ptr<retro::internal::ScratchFile> file_;
  uint8_t* parents_ = nullptr;
};

template <typename ForEachChild>
absl::StatusOr<PredecessorLists> PredecessorLists::Build(uint64_t size, ThreadPool& pool,
                                                         const ForEachChild& for_each_child,
                                                         const PredecessorListsOptions& options) {
  PredecessorLists lists;
  lists.size_ = size;
  lists.wide_parents_ = size >= kNarrowLimit;
  RETRO_RETURN_IF_ERROR(lists.CountParents(pool, for_each_child));
  lists.StartLists();
  RETRO_RETURN_IF_ERROR(lists.AllocateParents(options));
  RETRO_RETURN_IF_ERROR(lists.FillParents(pool, for_each_child));
  return lists;
}

template <typename ForEachChild>
absl::Status PredecessorLists::CountParents(ThreadPool& pool, const ForEachChild& for_each_child) {
  narrow_ends_.assign(size_, 0);
  std::atomic<bool> out_of_range{false};
  pool.ParallelFor(0, size_, kGrain, [&](int worker, uint64_t begin, uint64_t end) {
    for (uint64_t parent = begin; parent < end; ++parent) {
      for_each_child(worker, parent, [&](uint64_t child) {
        if (child >= size_) {
          out_of_range.store(true, std::memory_order_relaxed);
          return;
        }
        std::atomic_ref<uint32_t>(narrow_ends_[child]).fetch_add(1, std::memory_order_relaxed);
      });
    }
  });
  if (out_of_range.load()) {
    return absl::InternalError(
        absl::StrCat("predecessor lists: a move leads to an index beyond the slice's ", size_));
  }
  return absl::OkStatus();
}

inline void PredecessorLists::StartLists() {
  uint64_t total = 0;
  for (uint32_t count : narrow_ends_) total += count;
  edges_ = total;
  wide_ends_ = total >= kNarrowLimit;
  if (wide_ends_) wide_ends_data_.resize(size_);
  uint64_t start = 0;
  for (uint64_t i = 0; i < size_; ++i) {
    const uint64_t count = narrow_ends_[i];
    if (wide_ends_) {
      wide_ends_data_[i] = start;
    } else {
      narrow_ends_[i] = static_cast<uint32_t>(start);
    }
    start += count;
  }
  if (wide_ends_) std::vector<uint32_t>().swap(narrow_ends_);
}

inline absl::Status PredecessorLists::AllocateParents(const PredecessorListsOptions& options) {
  const uint64_t bytes = parent_bytes();
  const bool spill = options.memory_budget_bytes != 0 && bytes > options.memory_budget_bytes &&
                     !options.scratch_directory.empty();
  if (!spill) {
    parents_memory_ = std::make_unique_for_overwrite<uint64_t[]>((bytes + 7) / 8);
    parents_ = reinterpret_cast<uint8_t*>(parents_memory_.get());
    return absl::OkStatus();
  }
  RETRO_ASSIGN_OR_RETURN(retro::internal::ScratchFile file,
                         retro::internal::ScratchFile::Create(options.scratch_directory));
  file_ = std::make_unique<retro::internal::ScratchFile>(std::move(file));
  RETRO_ASSIGN_OR_RETURN(const std::span<uint8_t> mapped, file_->MapForWriting(bytes));
  parents_ = mapped.data();
  return absl::OkStatus();
}

template <typename ForEachChild>
absl::Status PredecessorLists::FillParents(ThreadPool& pool, const ForEachChild& for_each_child) {
  if (wide_ends_) {
    return wide_parents_
               ? FillParents<uint64_t, uint64_t>(pool, for_each_child, wide_ends_data_.data())
               : FillParents<uint64_t, uint32_t>(pool, for_each_child, wide_ends_data_.data());
  }
  return wide_parents_ ? FillParents<uint32_t, uint64_t>(pool, for_each_child, narrow_ends_.data())
                       : FillParents<uint32_t, uint32_t>(pool, for_each_child, narrow_ends_.data());
}

template <typename Offset, typename Parent, typename ForEachChild>
absl::Status PredecessorLists::FillParents(ThreadPool& pool, const ForEachChild& for_each_child,
                                           Offset* ends) {
  Parent* parents = reinterpret_cast<Parent*>(parents_);
  std::atomic<bool> overflow{false};
  pool.ParallelFor(0, size_, kGrain, [&](int worker, uint64_t begin, uint64_t end) {
    for (uint64_t parent = begin; parent < end; ++parent) {
      for_each_child(worker, parent, [&](uint64_t child) {
        if (child >= size_) return;
        const uint64_t slot =
            std::atomic_ref<Offset>(ends[child]).fetch_add(1, std::memory_order_relaxed);
        if (slot >= edges_) {
          overflow.store(true, std::memory_order_relaxed);
          return;
        }
        parents[slot] = static_cast<Parent>(parent);
      });
    }
  });
  // Each cursor now stands at its list's end; the lists must be full.
  if (!overflow.load() && size_ > 0 && ends[size_ - 1] != edges_) overflow.store(true);
  if (overflow.load()) {
    return absl::InternalError(
        "predecessor lists: the moves listed a different number of edges the second time");
  }
  pool.ParallelFor(0, size_, kGrain, [&](int, uint64_t begin, uint64_t end) {
    for (uint64_t child = begin; child < end; ++child) {
      const uint64_t first = child == 0 ? 0 : ends[child - 1];
      std::sort(parents + first, parents + ends[child]);
    }
  });
  return absl::OkStatus();
}

}  // namespace retro::solver

#endif  // RETRO_SOLVER_PREDECESSOR_LISTS_H_
