// A FiniteHorizonRules game (retro/kit/finite_horizon_rules.h) as the
// finite-horizon solver sees it (retro::solver::FiniteHorizonGame): Expand
// from the rules' values and moves, each child ranked by the rules. A
// position with more than kMaxMoves moves keeps the first kMaxMoves (the
// contract checker reports it). A child the rules rank outside the slices
// or into a later slice is handed on as a move to no slice, which stops the
// solve, and Fault() then names the rules' member at fault.
#ifndef RETRO_KIT_FINITE_HORIZON_SOLVE_VIEW_H_
#define RETRO_KIT_FINITE_HORIZON_SOLVE_VIEW_H_

#include <cstdint>

#include "absl/status/status.h"
#include "retro/kit/checked_rank.h"
#include "retro/kit/finite_horizon_rules.h"
#include "retro/solver/finite_horizon_game.h"

namespace retro::kit {

// The solver's view of `rules` (which must outlive it); Fault() is the
// first rules mistake Expand met.
template <FiniteHorizonRules R>
class FiniteHorizonSolveView : public RulesFaults {
 public:
  static constexpr int kMaxMoves = R::kMaxMoves;
  static constexpr bool kMovesMayKeepTurn = MovesMayKeepTurn<R>();

  explicit FiniteHorizonSolveView(const R& rules) : rules_(rules) {}

  int num_slices() const { return rules_.num_slices(); }
  uint64_t slice_size(int slice) const { return rules_.slice_size(slice); }

  void Expand(int slice, uint64_t index, FiniteHorizonNode<kMaxMoves>& node) const {
    const typename R::Position p = rules_.Unrank(slice, index);
    node.limit_value = rules_.LimitValue(p);
    node.terminal_value = rules_.TerminalValue(p);
    node.num_moves = 0;
    ForEachMoveWithTurn(rules_, p, [&](const typename R::Move&, const typename R::Position& child,
                                       int reward, bool keeps_turn) {
      if (node.num_moves == kMaxMoves) return;
      const absl::StatusOr<SliceIndex> at = CheckedChildRank(rules_, slice, p, child);
      if (!at.ok()) [[unlikely]] {
        NoteFault(at.status());
        node.moves[node.num_moves++] = {-1, 0, reward, keeps_turn};
        return;
      }
      node.moves[node.num_moves++] = {at->slice, at->index, reward, keeps_turn};
    });
  }

 private:
  const R& rules_;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_FINITE_HORIZON_SOLVE_VIEW_H_
