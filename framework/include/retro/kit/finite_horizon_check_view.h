// A FiniteHorizonRules game (retro/kit/finite_horizon_rules.h) as the
// contract checker sees it (retro::CheckableGame): the rules' indexer,
// notation and moves (the finite-horizon solver builds its own reverse
// edges, so there are no take-backs), and as consistency: at most kMaxMoves
// moves, limit and terminal values within the slice's bounds, rewards
// within int8, each move's term within the slice's bounds wherever in its
// own slice's bounds the child's value lies (MinValue..MaxValue declared
// wide enough for every value the recurrence can reach), and, when the
// rules solve with an adapter of their own, that adapter against the rules
// (Inconsistency).
#ifndef RETRO_KIT_FINITE_HORIZON_CHECK_VIEW_H_
#define RETRO_KIT_FINITE_HORIZON_CHECK_VIEW_H_

#include <algorithm>
#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/contract/checkable_game.h"
#include "retro/kit/check_view_base.h"
#include "retro/kit/finite_horizon_rules.h"

namespace retro::kit {

// The checkable view of `rules` (which must outlive it).
template <FiniteHorizonRules R>
class FiniteHorizonCheckView : public CheckViewBase<R> {
 public:
  using Position = typename R::Position;

  using CheckViewBase<R>::CheckViewBase;

  template <typename Visit>
  void ForEachChild(const Position& p, Visit&& visit) const {
    ForEachMoveWithTurn(rules_, p, [&](const typename R::Move&, const Position& child, int, bool) {
      visit(child);
    });
  }

  std::string Inconsistency(const Position& p) const {
    const int slice = rules_.Rank(p).slice;
    const int low = rules_.MinValue(slice), high = rules_.MaxValue(slice);
    for (const auto& [name, value] : {std::pair{"limit value", rules_.LimitValue(p)},
                                      std::pair{"terminal value", rules_.TerminalValue(p)}}) {
      if (value < low || value > high) {
        return absl::StrCat("its ", name, " ", value, " lies outside the slice's bounds ", low,
                            "..", high);
      }
    }
    int moves = 0;
    std::string problem;
    ForEachMoveWithTurn(rules_, p, [&](const typename R::Move& move, const Position& child,
                                       int reward, bool keeps_turn) {
      ++moves;
      if (!problem.empty()) return;
      if (reward < -128 || reward > 127) {
        problem = absl::StrCat("move ", rules_.FormatMove(p, move), " has reward ", reward,
                               ", outside -128..127");
        return;
      }
      // The move's term with the child anywhere in its slice's bounds
      // must stay in this slice's: else a value may leave MinValue..MaxValue.
      const int to = rules_.Rank(child).slice;
      const int a = MoveTerm(reward, rules_.MinValue(to), keeps_turn);
      const int b = MoveTerm(reward, rules_.MaxValue(to), keeps_turn);
      if (std::min(a, b) < low || std::max(a, b) > high) {
        problem = absl::StrCat("move ", rules_.FormatMove(p, move), " (reward ", reward,
                               ") into a slice of values ", rules_.MinValue(to), "..",
                               rules_.MaxValue(to), " can be worth ", std::min(a, b), "..",
                               std::max(a, b), ", outside this slice's MinValue..MaxValue ",
                               low, "..", high);
      }
    });
    if (moves > R::kMaxMoves) {
      return absl::StrCat(moves, " legal moves, more than kMaxMoves = ", R::kMaxMoves);
    }
    if (!problem.empty()) return problem;
    if constexpr (HasInconsistency<R>) return rules_.Inconsistency(p);
    return "";
  }

 private:
  using CheckViewBase<R>::rules_;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_FINITE_HORIZON_CHECK_VIEW_H_
