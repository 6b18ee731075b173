// One slice of a LoopyWdlRules game (retro/kit/loopy_wdl_rules.h) as the
// loopy win/draw/loss solver sees it (retro::solver::LoopyWdlGame): Describe
// from the rules' outcome and moves, predecessors from their take-backs.
// Moves into an earlier slice are conversions, valued from that slice's
// finished table (ConversionValue, default AfterMove). An index that is no position is described as a drawn
// terminal (nothing moves into it, so its value reaches nobody); the kit
// marks it "not a position" afterwards. When an index numbers a class of
// positions (indexes_classes()), each distinct in-slice child class and each
// distinct predecessor class counts once.
#ifndef RETRO_KIT_LOOPY_WDL_SOLVER_VIEW_H_
#define RETRO_KIT_LOOPY_WDL_SOLVER_VIEW_H_

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "retro/kit/loopy_wdl_rules.h"
#include "retro/solver/wdl.h"

namespace retro::kit {

// Slice `slice` of `rules`, with the finished tables of slices 0 .. slice-1
// (`solved` may be empty when no conversion's value is needed).
template <LoopyWdlRules R>
class LoopyWdlSolverView {
 public:
  // In-slice ranks of one position, when an index numbers a class.
  struct Scratch {
    std::vector<uint64_t> ranks;
  };

  LoopyWdlSolverView(const R& rules, int slice, std::span<const std::vector<uint8_t>> solved)
      : rules_(rules), slice_(slice), solved_(solved) {}

  uint64_t size() const { return rules_.slice_size(slice_); }

  template <typename Sink>
  void Describe(Scratch& scratch, uint64_t index, Sink& sink) const {
    const typename R::Position p = rules_.Unrank(slice_, index);
    if (!rules_.IsPosition(p)) return sink.Terminal(WdlOutcome::Draw());
    if (const std::optional<WdlOutcome> outcome = rules_.Outcome(p)) {
      return sink.Terminal(*outcome);
    }
    const bool classes = IndexesClasses(rules_);
    int in_slice = 0;
    scratch.ranks.clear();
    rules_.ForEachMove(p, [&](const typename R::Move&, const typename R::Position& child) {
      const SliceIndex to = rules_.Rank(child);
      if (to.slice == slice_) {
        ++in_slice;
        if (classes) scratch.ranks.push_back(to.index);
      } else {
        // Without tables (the contract checker's view) every conversion
        // reads as a draw: only their number matters there.
        sink.Conversion(solved_.empty()
                            ? WdlOutcome::Draw()
                            : ConversionValueOf(rules_, DecodeWdl(solved_[to.slice][to.index])));
      }
    });
    if (classes) in_slice = Distinct(scratch.ranks);
    if (in_slice > 0) sink.InSliceMoves(in_slice);
  }

  template <typename Visit>
  void ForEachPredecessor(Scratch& scratch, uint64_t index, int part, int parts,
                          Visit&& visit) const {
    const typename R::Position p = rules_.Unrank(slice_, index);
    if (!rules_.IsPosition(p)) return;
    const bool classes = IndexesClasses(rules_);
    scratch.ranks.clear();
    rules_.ForEachTakeBack(p, [&](const typename R::Position& parent) {
      const SliceIndex from = rules_.Rank(parent);
      if (from.slice == slice_ && static_cast<int>(from.index % parts) == part) {
        if (classes) {
          scratch.ranks.push_back(from.index);
        } else {
          visit(from.index);
        }
      }
    });
    if (classes) {
      const int distinct = Distinct(scratch.ranks);
      for (int i = 0; i < distinct; ++i) visit(scratch.ranks[i]);
    }
  }

  // Sorts `ranks`, moves the distinct ones to the front and returns their
  // number.
  static int Distinct(std::vector<uint64_t>& ranks) {
    std::sort(ranks.begin(), ranks.end());
    return static_cast<int>(std::unique(ranks.begin(), ranks.end()) - ranks.begin());
  }

 private:
  const R& rules_;
  int slice_;
  std::span<const std::vector<uint8_t>> solved_;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_LOOPY_WDL_SOLVER_VIEW_H_
