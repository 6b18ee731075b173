// One slice of a LoopyWdlRules game (retro/kit/loopy_wdl_rules.h) as the
// loopy win/draw/loss solver sees it (retro::solver::LoopyWdlGame): Describe
// from the rules' outcome and moves, predecessors from their take-backs, or
// from predecessor lists built by a forward pass over the moves when the
// rules have none (retro/kit/forward_predecessors.h).
// Moves into an earlier slice are conversions, valued from that slice's
// finished table (ConversionValue, default AfterMove); a move into a later
// slice breaks the contract and fails the solve (ContractViolation). An
// index that is no position is described as a drawn terminal (nothing moves into it, so its value reaches nobody); the kit
// marks it "not a position" afterwards. When an index numbers a class of
// positions (index_traits().indexes_classes), each distinct in-slice child class and each
// distinct predecessor class counts once. The rules' outcome and moves are
// read through retro/kit/loopy_wdl_plays.h.
#ifndef RETRO_KIT_LOOPY_WDL_SOLVE_VIEW_H_
#define RETRO_KIT_LOOPY_WDL_SOLVE_VIEW_H_

#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "retro/format/wdl/wdl.h"
#include "retro/kit/loopy_wdl_plays.h"
#include "retro/kit/loopy_wdl_rules.h"
#include "retro/solver/predecessor_lists.h"
#include "retro/solver/solve_context.h"

namespace retro::kit {

// SolveSlice(slice, solved, context) and ForEachSolverParent(p, visit):
// optional members of LoopyWdlRules (loopy_wdl_rules.h), both or neither;
// the game solves each slice with a faster adapter of its own, which must
// describe exactly the rules' positions and moves: SolveSlice gets the
// finished tables of the slices before it and returns the slice's finished
// table (the kit then marks the non-positions), and ForEachSolverParent
// visits each predecessor the adapter enumerates, which `retro check`
// tests against the rules (absent: the kit solves through
// LoopyWdlSolveView, and check tests ForEachTakeBack's predecessors).
template <typename R>
concept HasOwnSliceSolver = requires(const R& r, int slice,
                                     std::span<const std::vector<uint8_t>> solved,
                                     const solver::SolveContext& context,
                                     const typename R::Position& p,
                                     internal::LoopyWdlParentVisitor<R> parents) {
  { r.SolveSlice(slice, solved, context) } -> std::same_as<absl::StatusOr<std::vector<uint8_t>>>;
  r.ForEachSolverParent(p, parents);
};

// Slice `slice` of `rules`, with the finished tables of slices 0 .. slice-1.
template <LoopyWdlRules R>
class LoopyWdlSolveView {
 public:
  // In-slice ranks of one position, when an index numbers a class.
  struct Scratch {
    std::vector<uint64_t> ranks;
  };

  // `solved` holds the tables of slices 0 .. slice - 1; `predecessors`, the
  // slice's lists when the rules have no take-backs (BuildForwardPredecessors),
  // which must outlive the view.
  LoopyWdlSolveView(const R& rules, int slice, std::span<const std::vector<uint8_t>> solved,
                    const solver::PredecessorLists* predecessors = nullptr)
      : rules_(rules), slice_(slice), solved_(solved), predecessors_(predecessors) {}

  // The view the contract checker describes positions with: no tables, so
  // every conversion reads as a draw (only their number matters there).
  static LoopyWdlSolveView WithoutTables(const R& rules, int slice) {
    LoopyWdlSolveView view(rules, slice, {});
    view.without_tables_ = true;
    return view;
  }

  uint64_t size() const { return rules_.slice_size(slice_); }

  template <typename Sink>
  void Describe(Scratch& scratch, uint64_t index, Sink& sink) const {
    const typename R::Position p = rules_.Unrank(slice_, index);
    if (!rules_.IsPosition(p)) return sink.Terminal(WdlOutcome::Draw());
    const bool classes = IndexTraitsOf(rules_).indexes_classes;
    int in_slice = 0;
    scratch.ranks.clear();
    // The plays (loopy_wdl_plays.h).
    const std::optional<WdlOutcome> outcome = plays_.Play(p, [&](const typename R::Move*,
                                                                 const typename R::Position& child,
                                                                 bool keeps_turn) {
      const SliceIndex to = rules_.Rank(child);
      if (to.slice == slice_) {
        ++in_slice;
        if (classes) scratch.ranks.push_back(EdgeKey<R>(to.index, keeps_turn));
      } else if (without_tables_) {
        sink.Conversion(WdlOutcome::Draw());
      } else if (to.slice < 0 || to.slice >= slice_ || to.slice >= std::ssize(solved_) ||
                 to.index >= solved_[to.slice].size()) {
        // A broken contract (a move into a later or unknown slice): noted,
        // read as a draw so that the solve can finish, and refused by the
        // kit afterwards (ContractViolation).
        NoteViolation(index, p, to);
        sink.Conversion(WdlOutcome::Draw());
      } else {
        sink.Conversion(MoveValueOf(rules_, DecodeWdl(solved_[to.slice][to.index]),
                                    /*conversion=*/true, keeps_turn));
      }
    });
    if (outcome) return sink.Terminal(*outcome);
    if (classes) in_slice = SortDistinctClasses(scratch.ranks);
    if (in_slice > 0) sink.InSliceMoves(in_slice);
  }

  // The first move Describe met that leaves into a later or unknown slice,
  // named; empty when none did.
  std::string ContractViolation() const {
    std::lock_guard<std::mutex> lock(violation_->mutex);
    return violation_->message;
  }

  // visit(parent) for a move that passes the turn, visit(parent, true) for
  // one that keeps it (the solver reads the child's value as the same
  // player's).
  template <typename Visit>
  void ForEachPredecessor(Scratch& scratch, uint64_t index, int part, int parts,
                          Visit&& visit) const {
    if constexpr (HasTakeBacks<R>) {
      ForEachTakenBack(scratch, index, part, parts, visit);
    } else {
      predecessors_->ForEachParent(index, [&](uint64_t key) {
        const uint64_t parent = EdgeIndex<R>(key);
        if (static_cast<int>(parent % parts) == part) {
          VisitParent(visit, parent, EdgeKeepsTurn<R>(key));
        }
      });
    }
  }

 private:
  // visit(parent, true) for a move keeping the turn (only under extra
  // turns, MovesMayKeepTurn), else visit(parent).
  template <typename Visit>
  static void VisitParent(Visit& visit, uint64_t parent, bool keeps_turn) {
    if constexpr (MovesMayKeepTurn<R>()) {
      if (keeps_turn) return visit(parent, true);
    }
    visit(parent);
  }

  // The predecessors of `index` in part `part`, from the rules' take-backs.
  template <typename Visit>
  void ForEachTakenBack(Scratch& scratch, uint64_t index, int part, int parts,
                        Visit& visit) const {
    const typename R::Position p = rules_.Unrank(slice_, index);
    if (!rules_.IsPosition(p)) return;
    const bool classes = IndexTraitsOf(rules_).indexes_classes;
    scratch.ranks.clear();
    const auto in_part = [&](const typename R::Position& parent, bool keeps_turn = false) {
      const SliceIndex from = rules_.Rank(parent);
      if (from.slice == slice_ && static_cast<int>(from.index % parts) == part) {
        if (classes) {
          scratch.ranks.push_back(EdgeKey<R>(from.index, keeps_turn));
        } else {
          VisitParent(visit, from.index, keeps_turn);
        }
      }
    };
    rules_.ForEachTakeBack(p, in_part);
    if (classes) {
      const int distinct = SortDistinctClasses(scratch.ranks);
      for (int i = 0; i < distinct; ++i) {
        VisitParent(visit, EdgeIndex<R>(scratch.ranks[i]), EdgeKeepsTurn<R>(scratch.ranks[i]));
      }
    }
  }

  // The broken move of the smallest index, shared by copies of the view.
  struct Violation {
    std::mutex mutex;
    uint64_t index = 0;
    std::string message;
  };

  void NoteViolation(uint64_t index, const typename R::Position& p, SliceIndex to) const {
    std::lock_guard<std::mutex> lock(violation_->mutex);
    if (!violation_->message.empty() && violation_->index <= index) return;
    violation_->index = index;
    violation_->message = absl::StrCat(
        "broken plugin contract: a move from ", rules_.Format(p), " (slice ",
        rules_.slice_name(slice_), ") leads to slice ", to.slice, " index ", to.index,
        "; a move must stay in its slice or convert into an earlier, solved one");
  }

  const R& rules_;
  LoopyWdlPlays<R> plays_{rules_};
  int slice_;
  std::span<const std::vector<uint8_t>> solved_;
  const solver::PredecessorLists* predecessors_ = nullptr;
  bool without_tables_ = false;
  std::shared_ptr<Violation> violation_ = std::make_shared<Violation>();
};

}  // namespace retro::kit

#endif  // RETRO_KIT_LOOPY_WDL_SOLVE_VIEW_H_
