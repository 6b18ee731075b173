// A ChanceRules game (retro/kit/chance_rules.h) as the contract checker sees
// it (retro::CheckableGame, retro/contract/checkable_game.h): the rules'
// indexer and notation, as children the afterstates of every outcome that
// are records (the same slice or an earlier one), and as consistency what
// the chance solver relies on: a position that is not over has a move for
// some outcome, the kit's layers drop along every in-slice choice, no
// outcome repeats an afterstate when the rules declare kDistinctChoices, and
// the rules' own Inconsistency hook. The chance solver needs no take-backs.
#ifndef RETRO_KIT_CHANCE_CHECK_VIEW_H_
#define RETRO_KIT_CHANCE_CHECK_VIEW_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/contract/checkable_game.h"
#include "retro/kit/check_view_base.h"
#include "retro/kit/chance_distinct_choices.h"
#include "retro/kit/chance_rules.h"
#include "retro/kit/chance_weights.h"

namespace retro::kit {

// The checkable view of `rules`.
template <ChanceRules R>
class ChanceCheckView : public CheckViewBase<R> {
 public:
  using Position = typename R::Position;

  explicit ChanceCheckView(const R& rules)
      : CheckViewBase<R>(rules), weights_problem_(CheckOutcomeWeights(rules).message()) {}

  // The afterstates of every outcome that are records.
  template <typename Visit>
  void ForEachChild(const Position& p, Visit&& visit) const {
    if (rules_.Terminal(p)) return;
    for (int o = 0; o < R::kNumOutcomes; ++o) {
      rules_.ForEachChoice(p, o, [&](const typename R::Move&, const Position& after) {
        if (!rules_.Terminal(after)) visit(after);
      });
    }
  }

  // One pass over every outcome's choices finds, in this order of report:
  // a choice into a layer not below p's, no outcome with a move although
  // the game goes on (in a two-player game: an outcome without one), a
  // choice repeating an afterstate of its outcome
  // (rules declaring kDistinctChoices); then the rules' own check. Outcome
  // weights that are no probabilities summing to 1 (CheckOutcomeWeights)
  // are reported first, at every position not over.
  std::string Inconsistency(const Position& p) const {
    if (rules_.Terminal(p)) return "";
    if (!weights_problem_.empty()) return weights_problem_;
    int moving = 0;
    std::string layer_problem, repeat_problem, pass_problem;
    for (int o = 0; o < R::kNumOutcomes; ++o) {
      bool moves = false;
      const auto visit = [&](const typename R::Move& move, const Position& after) {
        moves = true;
        if constexpr (ChanceHasLayers<R>) {
          if (layer_problem.empty() && !rules_.Terminal(after) &&
              rules_.Rank(after).slice == rules_.Rank(p).slice &&
              rules_.Layer(after) >= rules_.Layer(p)) {
            layer_problem =
                absl::StrCat(rules_.FormatOutcome(o), ": ", rules_.FormatMove(p, move),
                             " leads to layer ", rules_.Layer(after), ", not below ",
                             rules_.Layer(p));
          }
        }
      };
      if constexpr (DeclaresDistinctChoices<R>()) {
        ForEachChoiceSortingRepeats(
            rules_, p, o, visit, [&](const typename R::Move& move, const Position& after) {
              visit(move, after);
              if (!repeat_problem.empty()) return;
              repeat_problem = absl::StrCat(
                  rules_.FormatOutcome(o), ": ", rules_.FormatMove(p, move),
                  " repeats the afterstate ", rules_.Format(after),
                  " of an earlier choice, but the rules declare kDistinctChoices");
            });
      } else {
        rules_.ForEachChoice(p, o, visit);
      }
      moving += moves;
      if (kTwoPlayers && !moves && pass_problem.empty() && rules_.OutcomeWeight(o) > 0) {
        pass_problem = absl::StrCat(rules_.FormatOutcome(o),
                                    " has no move; in a two-player game (kTurnOrder) every "
                                    "outcome needs one, or Terminal ends the game");
      }
    }
    if (!layer_problem.empty()) return layer_problem;
    if (moving == 0) return "no outcome has a move, but Terminal says the game goes on";
    if (!pass_problem.empty()) return pass_problem;
    if (!repeat_problem.empty()) return repeat_problem;
    if constexpr (HasInconsistency<R>) return rules_.Inconsistency(p);
    return "";
  }

 private:
  static constexpr bool kTwoPlayers = chance::TurnOrderOf<R>().opponent_moves_next;
  using CheckViewBase<R>::rules_;
  std::string weights_problem_;  // CheckOutcomeWeights's message, "" when OK
};

}  // namespace retro::kit

#endif  // RETRO_KIT_CHANCE_CHECK_VIEW_H_
