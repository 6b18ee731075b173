// A plugin's Rank answer checked before a kit reads a table with it: the
// slice must be one of the rules' slices and the index inside it, and (for
// the kits whose moves never lead to a later slice) a child must lie in its
// parent's slice or an earlier one. A wrong answer is the plugin's mistake,
// not the user's: the error is Internal (`retro` exits 1) and names the
// member at fault, where reading with it would read outside the tables.
//
//   RETRO_ASSIGN_OR_RETURN(const SliceIndex at, CheckedRank(rules, p));
//   RETRO_ASSIGN_OR_RETURN(const SliceIndex c, CheckedChildRank(rules, at.slice, p, child));
#ifndef RETRO_KIT_CHECKED_RANK_H_
#define RETRO_KIT_CHECKED_RANK_H_

#include <cstdint>
#include <mutex>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/contract/checkable_game.h"
#include "retro/kit/sliced_rules.h"

namespace retro::kit {

template <SlicedRules R>
absl::Status RankFault(const R& rules, const typename R::Position& p, SliceIndex at);

// The rules' Rank of `p`, checked against their slices.
//   Returns: the slice and index. Errors: Internal naming Rank when the
//     slice is not one of the rules' or the index is past its size.
//   Thread safety: as the rules' Rank. Cost: one Rank, the rules'
//     slice_size and two compares.
template <SlicedRules R>
inline absl::StatusOr<SliceIndex> CheckedRank(const R& rules, const typename R::Position& p) {
  const SliceIndex at = rules.Rank(p);
  if (at.slice < 0 || at.slice >= rules.num_slices() ||
      at.index >= rules.slice_size(at.slice)) [[unlikely]] {
    return RankFault(rules, p, at);
  }
  return at;
}

// The error of CheckedRank for a Rank answer `at` outside the slices (out
// of line: the probes inline only the compares).
template <SlicedRules R>
[[gnu::noinline, gnu::cold]] absl::Status RankFault(const R& rules,
                                                    const typename R::Position& p,
                                                    SliceIndex at) {
  if (at.slice < 0 || at.slice >= rules.num_slices()) {
    return absl::InternalError(absl::StrCat(
        "the rules' Rank puts position '", rules.Format(p), "' in slice ", at.slice,
        ", but the slices are 0..", rules.num_slices() - 1, ": Rank is at fault"));
  }
  return absl::InternalError(absl::StrCat(
      "the rules' Rank puts position '", rules.Format(p), "' at index ", at.index,
      " of slice '", rules.slice_name(at.slice), "', which holds ",
      rules.slice_size(at.slice), " positions (0..", rules.slice_size(at.slice) - 1,
      "): Rank is at fault"));
}

// CheckedRank of `child`, a position a move of `parent` (in slice
// `parent_slice`) leads to, which must lie in that slice or an earlier one.
//   Errors: CheckedRank's; Internal naming ForEachMove (or Rank) when the
//     child lies in a later slice (a move that adds material).
template <SlicedRules R>
absl::StatusOr<SliceIndex> CheckedChildRank(const R& rules, int parent_slice,
                                            const typename R::Position& parent,
                                            const typename R::Position& child) {
  absl::StatusOr<SliceIndex> at = CheckedRank(rules, child);
  if (at.ok() && at->slice > parent_slice) [[unlikely]] {
    return absl::InternalError(absl::StrCat(
        "a move of position '", rules.Format(parent), "' (slice '",
        rules.slice_name(parent_slice), "') leads to '", rules.Format(child),
        "' in the later slice '", rules.slice_name(at->slice),
        "'; a move may lead only to its own slice or an earlier one: ForEachMove (a move "
        "that adds material) or Rank is at fault"));
  }
  return at;
}

// OK when Rank(Unrank(slice, index)) is (slice, index), else Internal naming
// both members: a table read through a Rank that disagrees with the Unrank
// that laid it out reads another position's value.
template <SlicedRules R>
absl::Status CheckRankInvertsUnrank(const R& rules, int slice, uint64_t index,
                                    const typename R::Position& p) {
  const SliceIndex at = rules.Rank(p);
  if (at.slice == slice && at.index == index) [[likely]] return absl::OkStatus();
  return absl::InternalError(absl::StrCat(
      "the rules' Unrank gives '", rules.Format(p), "' for index ", index, " of slice '",
      rules.slice_name(slice), "', but Rank puts it at index ", at.index, " of slice ",
      at.slice, ": Rank or Unrank is at fault"));
}

// The spot check of rules changed since their databases were solved: at
// the first and last index of each slice, Rank inverts Unrank, and every
// child the kit's check view gives (view.ForEachChild(p, visit(child)))
// passes CheckedChildRank.
//   Returns: OK, or the first error, naming the member at fault.
//   Cost: two positions a slice.
template <SlicedRules R, typename View>
absl::Status SpotCheckSliceEnds(const R& rules, const View& view) {
  for (int s = 0; s < rules.num_slices(); ++s) {
    const uint64_t size = rules.slice_size(s);
    if (size == 0) continue;
    for (const uint64_t index : {uint64_t{0}, size - 1}) {
      const typename R::Position p = rules.Unrank(s, index);
      if (absl::Status inverts = CheckRankInvertsUnrank(rules, s, index, p); !inverts.ok()) {
        return inverts;
      }
      absl::Status children;
      view.ForEachChild(p, [&](const typename R::Position& child) {
        if (children.ok()) children = CheckedChildRank(rules, s, p, child).status();
      });
      if (!children.ok()) return children;
    }
  }
  return absl::OkStatus();
}

// The base of a kit's solver view that notes the first mistake of the
// rules it meets (a bad CheckedChildRank, say) from the solver's threads.
class RulesFaults {
 public:
  // The first rules mistake noted (OK: none).
  //   Thread safety: call once the solve is over.
  absl::Status Fault() const {
    std::lock_guard lock(fault_mutex_);
    return fault_;
  }

 protected:
  void NoteFault(const absl::Status& status) const {
    std::lock_guard lock(fault_mutex_);
    fault_.Update(status);
  }

 private:
  mutable std::mutex fault_mutex_;
  mutable absl::Status fault_;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_CHECKED_RANK_H_
