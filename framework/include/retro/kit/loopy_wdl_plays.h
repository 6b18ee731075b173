// The plays of a LoopyWdlRules game (retro/kit/loopy_wdl_rules.h): the one
// place the kit asks the rules for an outcome or for moves, each move seen
// with whether it keeps the turn (false unless the rules declare
// kMovesMayKeepTurn). The solver's and the checker's views, the reader
// (probe, verify) and perft all go through LoopyWdlPlays. A game whose side
// to move may be without a legal move says what then happens in its own
// Outcome and moves (a loss, a draw, or a "pass" move and its take-back).
#ifndef RETRO_KIT_LOOPY_WDL_PLAYS_H_
#define RETRO_KIT_LOOPY_WDL_PLAYS_H_

#include <optional>
#include <string>

#include "retro/format/wdl/wdl.h"
#include "retro/kit/rules_hooks.h"

namespace retro::kit {

// The rules' outcome and moves; a view of `rules`, which must outlive it.
// Thread safety: any number of threads.
template <typename R>
class LoopyWdlPlays {
 public:
  using Position = typename R::Position;
  using Move = typename R::Move;

  explicit LoopyWdlPlays(const R& rules) : rules_(rules) {}

  // The value for the side to move when the game is over at `p` (the rules'
  // Outcome), else nullopt.
  std::optional<WdlOutcome> Outcome(const Position& p) const { return rules_.Outcome(p); }

  // Visits every play of `p` unless the game is over there:
  // visit(const Move* move, const Position& child, bool keeps_turn),
  // keeps_turn true for a move after which the same player moves again
  // (rules declaring kMovesMayKeepTurn). Returns Outcome(p) (then nothing
  // was visited). One move generation.
  template <typename Visit>
  std::optional<WdlOutcome> Play(const Position& p, Visit&& visit) const {
    if (std::optional<WdlOutcome> outcome = rules_.Outcome(p)) return outcome;
    ForEachMoveWithTurn(rules_, p, [&](const Move& move, const Position& child, bool keeps_turn) {
      visit(&move, child, keeps_turn);
    });
    return std::nullopt;
  }

  // The plays in the shape perft counts (CountLeaves in kit_module.h).
  template <typename Visit>
  void ForEachMove(const Position& p, Visit&& visit) const {
    Play(p, visit);
  }

 private:
  const R& rules_;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_LOOPY_WDL_PLAYS_H_
