// One slice of a ChanceRules game (retro/kit/chance_rules.h) as the chance
// solver sees it (retro::chance::ChanceGame, afterstate style): positions
// from the rules' indexer, layers from Layer, each outcome's choices from
// ForEachChoice. An afterstate where the game is over is terminal with its
// value; one in an earlier slice is terminal with that slice's finished
// value (both as the player choosing values them: in a two-player game the
// opponent's value v counts value_sum - v). One the rules rank outside the slices or into a later slice is a
// mistake of the rules, kept for Fault().
#ifndef RETRO_KIT_CHANCE_SOLVE_VIEW_H_
#define RETRO_KIT_CHANCE_SOLVE_VIEW_H_

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "retro/kit/chance_rules.h"
#include "retro/kit/checked_rank.h"
#include "retro/solver/chance_game.h"

namespace retro::kit {

// Slice `slice` of `rules`, with the finished values of slices 0 .. slice-1.
// Fault() is the first rules mistake met: a choice the rules rank outside
// the slices or into a later one, valued 0 meanwhile so that the solve
// ends; its values are then thrown away.
template <typename R>
  requires ChanceRules<R> && ChanceHasLayers<R>
class ChanceSolveView : public RulesFaults {
 public:
  static constexpr int kNumOutcomes = R::kNumOutcomes;
  static constexpr chance::Objective kObjective = R::kObjective;
  static constexpr chance::TurnOrder kTurnOrder = chance::TurnOrderOf<R>();
  // The position of the index last unranked by this thread.
  struct Scratch {
    uint64_t index = ~uint64_t{0};
    std::optional<typename R::Position> position;
  };

  ChanceSolveView(const R& rules, int slice, std::span<const std::vector<double>> solved)
      : rules_(rules), slice_(slice), solved_(solved) {}

  uint64_t Size() const { return rules_.slice_size(slice_); }
  int NumLayers() const { return rules_.num_layers(slice_); }
  int Layer(uint64_t index) const { return rules_.Layer(rules_.Unrank(slice_, index)); }
  double OutcomeWeight(int outcome) const { return rules_.OutcomeWeight(outcome); }
  double TurnReward() const { return rules_.TurnReward(); }

  bool IsTerminal(uint64_t index, double* value) const {
    const std::optional<double> over = rules_.Terminal(rules_.Unrank(slice_, index));
    if (over) *value = *over;
    return over.has_value();
  }

  template <typename Visit>
  void ForEachAfterstate(uint64_t index, int outcome, Scratch& scratch, Visit&& visit) const {
    if (scratch.index != index) {
      scratch.position = rules_.Unrank(slice_, index);
      scratch.index = index;
    }
    rules_.ForEachChoice(*scratch.position, outcome,
                         [&](const typename R::Move&, const typename R::Position& after) {
                           if (const std::optional<double> over = rules_.Terminal(after)) {
                             return visit(
                                 chance::Afterstate::Terminal(kTurnOrder.ChooserValue(*over)));
                           }
                           const absl::StatusOr<SliceIndex> to =
                               CheckedChildRank(rules_, slice_, *scratch.position, after);
                           if (!to.ok()) [[unlikely]] {
                             NoteFault(to.status());
                             return visit(chance::Afterstate::Terminal(0.0));
                           }
                           if (to->slice == slice_) {
                             visit(chance::Afterstate::Position(to->index));
                           } else {
                             visit(chance::Afterstate::Terminal(
                                 kTurnOrder.ChooserValue(solved_[to->slice][to->index])));
                           }
                         });
  }

 private:
  const R& rules_;
  int slice_;
  std::span<const std::vector<double>> solved_;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_CHANCE_SOLVE_VIEW_H_
