// A LoopyWdlRules game (retro/kit/loopy_wdl_rules.h) as the contract checker
// sees it (retro::CheckableGame, retro/contract/checkable_game.h): the rules'
// indexer, notation and moves, and as take-backs the predecessors the
// solver's view (loopy_wdl_solve_view.h) enumerates over three parts, so
// `retro check` tests exactly what the solver relies on. When the rules
// solve with an adapter of their own (SolveSlice), its predecessors
// (ForEachSolverParent) take the place of the take-backs, and its
// description (Inconsistency) is checked too, and so are the children
// verify reads off an index when the rules list them (ForEachChildIndex).
// Rules without take-backs (HasTakeBacks) have no parents to check: the
// solver lists predecessors from the very moves the moves check tests, so
// the take-backs check is skipped.
// Outcomes and moves are read through loopy_wdl_plays.h.
#ifndef RETRO_KIT_LOOPY_WDL_CHECK_VIEW_H_
#define RETRO_KIT_LOOPY_WDL_CHECK_VIEW_H_

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/contract/checkable_game.h"
#include "retro/kit/check_view_base.h"
#include "retro/contract/loopy_wdl_adapter_report.h"
#include "retro/kit/loopy_wdl_reader.h"
#include "retro/kit/loopy_wdl_plays.h"
#include "retro/kit/loopy_wdl_rules.h"
#include "retro/kit/loopy_wdl_solve_view.h"

namespace retro::kit {

// The checkable view of `rules`.
template <LoopyWdlRules R>
class LoopyWdlCheckView : public CheckViewBase<R> {
 public:
  using Position = typename R::Position;

  using CheckViewBase<R>::CheckViewBase;

  bool IsPosition(const Position& p) const { return rules_.IsPosition(p); }

  // The moves of a position that is not over (one per distinct in-slice
  // child class when an index numbers a class, as the solver counts them).
  template <typename Visit>
  void ForEachChild(const Position& p, Visit&& visit) const {
    const bool classes = IndexTraitsOf(rules_).indexes_classes;
    const int slice = rules_.Rank(p).slice;
    std::vector<uint64_t> seen;
    plays_.Play(p, [&](const typename R::Move*, const Position& child, bool) {
      if (classes) {
        const SliceIndex to = rules_.Rank(child);
        if (to.slice == slice) {
          if (std::find(seen.begin(), seen.end(), to.index) != seen.end()) return;
          seen.push_back(to.index);
        }
      }
      visit(child);
    });
  }

  // The solver's predecessors of `p`, over three parts (or those of the
  // rules' own solver adapter, ForEachSolverParent).
  template <typename Visit>
    requires HasTakeBacks<R> || HasOwnSliceSolver<R>
  void ForEachParent(const Position& p, Visit&& visit) const {
    if constexpr (HasOwnSliceSolver<R>) {
      rules_.ForEachSolverParent(p, visit);
    } else {
      const SliceIndex at = rules_.Rank(p);
      ForEachPredecessorForCheck(SolverView(at.slice), at.index, 3,
                                 [&](uint64_t q, auto...) { visit(rules_.Unrank(at.slice, q)); });
    }
  }

  // The solver's description of `p` against its moves; a position with no
  // move must be over, and one that is over must list no move.
  std::string Inconsistency(const Position& p) const {
    const SliceIndex at = rules_.Rank(p);
    int moves = 0;
    rules_.ForEachMove(p, [&](const typename R::Move&, const Position&, auto...) { ++moves; });
    const bool over = rules_.Outcome(p).has_value();
    if (over && moves > 0) {
      return absl::StrCat("the game is over (Outcome), but ForEachMove lists ", moves,
                          " move(s)");
    }
    if (!over && moves == 0) return "no legal move, but Outcome says the game goes on";
    if (plays_.Outcome(p).has_value()) return "";
    int children = 0, in_slice = 0;
    ForEachChild(p, [&](const Position& child) {
      ++children;
      in_slice += rules_.Rank(child).slice == at.slice;
    });
    std::string problem = LoopyWdlInconsistency(DescribeForCheck(SolverView(at.slice), at.index),
                                                children, in_slice);
    if constexpr (HasInconsistency<R>) {
      if (problem.empty()) problem = rules_.Inconsistency(p);
    }
    if (problem.empty()) problem = ChildIndicesInconsistency(p);
    return problem;
  }

 private:
  // The children verify reads off the index of `p` (ForEachChildIndex)
  // against the Rank of the children of its moves, as multisets, and the
  // outcome it gives against Outcome ("" when they agree or the rules read
  // no children off indices).
  std::string ChildIndicesInconsistency(const Position& p) const {
    if constexpr (HasIndexShortcuts<R>) {
      if (!rules_.has_child_indices()) return "";
      const SliceIndex at = rules_.Rank(p);
      const auto key = [](SliceIndex s) { return std::pair(s.slice, s.index); };
      std::vector<std::pair<int, uint64_t>> listed, moves;
      typename R::ChildScratch scratch{};
      const std::optional<WdlOutcome> over = rules_.ForEachChildIndex(
          at.slice, at.index, scratch, [&](SliceIndex child) { listed.push_back(key(child)); });
      const std::optional<WdlOutcome> outcome = rules_.Outcome(p);
      if (over.has_value() != outcome.has_value() ||
          (over && EncodeWdl(*over) != EncodeWdl(*outcome))) {
        return absl::StrCat("ForEachChildIndex gives the outcome ",
                            over ? WdlVerdict(*over) : "none", " where Outcome gives ",
                            outcome ? WdlVerdict(*outcome) : "none");
      }
      if (!outcome) {
        rules_.ForEachMove(p, [&](const typename R::Move&, const Position& child) {
          moves.push_back(key(rules_.Rank(child)));
        });
      }
      std::sort(listed.begin(), listed.end());
      std::sort(moves.begin(), moves.end());
      if (listed != moves) {
        return absl::StrCat("ForEachChildIndex lists ", listed.size(),
                            " children whose indices differ from the Rank of the ", moves.size(),
                            " children of ForEachMove");
      }
    }
    return "";
  }

  // The solver's view of `slice`, without tables (conversions read as draws).
  LoopyWdlSolveView<R> SolverView(int slice) const {
    return LoopyWdlSolveView<R>::WithoutTables(rules_, slice);
  }

  using CheckViewBase<R>::rules_;
  LoopyWdlPlays<R> plays_{rules_};
};

}  // namespace retro::kit

#endif  // RETRO_KIT_LOOPY_WDL_CHECK_VIEW_H_
