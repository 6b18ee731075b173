// The plays of a LoopyWdlRules game (retro/kit/loopy_wdl_rules.h) after its
// rule for a side without a legal move (retro/kit/no_legal_move.h): the one
// place the kit asks the rules for an outcome or for moves. The solver's and
// the checker's views, the reader (probe, verify) and perft all go through
// LoopyWdlPlays, so the rule holds alike everywhere:
//   kLoses / kDraws  a position that is not over and has no legal move is
//                    over, lost (Loss(0)) or drawn (Draw());
//   kPasses          such a position has one play, the pass, to Pass(p);
//                    its pass parent Pass(p) is a predecessor of p;
//   no rule          the rules' Outcome and moves as they are.
#ifndef RETRO_KIT_LOOPY_WDL_PLAYS_H_
#define RETRO_KIT_LOOPY_WDL_PLAYS_H_

#include <optional>
#include <string>

#include "retro/format/wdl.h"
#include "retro/kit/no_legal_move.h"
#include "retro/kit/rules_hooks.h"

namespace retro::kit {

// The rules' outcome and moves with the no-legal-move rule applied; a view
// of `rules`, which must outlive it. Thread safety: any number of threads.
template <typename R>
class LoopyWdlPlays {
 public:
  using Position = typename R::Position;
  using Move = typename R::Move;

  static_assert(!DeclaresNoLegalMove<R>(NoLegalMove::kPasses) || HasPass<R>,
                "loopy WDL kit: rules declaring kNoLegalMove = NoLegalMove::kPasses need "
                "Position Pass(const Position&): the same board with the other side to move");

  explicit LoopyWdlPlays(const R& rules) : rules_(rules) {}

  // The value for the side to move when the game is over at `p` (the rules'
  // Outcome, else the rule's value when no move is legal), else nullopt.
  std::optional<WdlOutcome> Outcome(const Position& p) const {
    if (std::optional<WdlOutcome> outcome = rules_.Outcome(p)) return outcome;
    if constexpr (DeclaresNoLegalMove<R>(NoLegalMove::kLoses) ||
                  DeclaresNoLegalMove<R>(NoLegalMove::kDraws)) {
      if (!HasLegalMove(p)) return ValueWithoutMove();
    }
    return std::nullopt;
  }

  // True when the game is over at `p` by the rule alone (not by Outcome).
  bool OverForLackOfMoves(const Position& p) const {
    return !rules_.Outcome(p).has_value() && Outcome(p).has_value();
  }

  // Visits every play of `p` unless the game is over there:
  // visit(const Move* move, const Position& child, bool keeps_turn), `move`
  // null for the pass, keeps_turn true for a move after which the same
  // player moves again (rules declaring kMovesMayKeepTurn). Returns
  // Outcome(p) (then nothing was visited). One move generation.
  template <typename Visit>
  std::optional<WdlOutcome> Play(const Position& p, Visit&& visit) const {
    if (std::optional<WdlOutcome> outcome = rules_.Outcome(p)) return outcome;
    bool moved = false;
    if constexpr (MovesMayKeepTurn<R>()) {
      rules_.ForEachMove(p, [&](const Move& move, const Position& child, bool keeps_turn) {
        moved = true;
        visit(&move, child, keeps_turn);
      });
    } else {
      rules_.ForEachMove(p, [&](const Move& move, const Position& child) {
        moved = true;
        visit(&move, child, false);
      });
    }
    if (moved) return std::nullopt;
    if constexpr (DeclaresNoLegalMove<R>(NoLegalMove::kPasses)) {
      visit(static_cast<const Move*>(nullptr), rules_.Pass(p), false);
    } else if constexpr (HasNoLegalMoveRule<R>) {
      return ValueWithoutMove();
    }
    return std::nullopt;
  }

  // The plays in the shape perft counts (CountLeaves in kit_module.h).
  template <typename Visit>
  void ForEachMove(const Position& p, Visit&& visit) const {
    Play(p, visit);
  }

  // The notation of a play: the rules' FormatMove, or "pass".
  std::string FormatPlay(const Position& p, const Move* move) const {
    return move == nullptr ? std::string("pass") : rules_.FormatMove(p, *move);
  }

  // Under kPasses, visits visit(parent) for the pass parent of `p`: Pass(p)
  // when it is a position, not over, without a legal move.
  template <typename Visit>
  void ForEachPassParent(const Position& p, Visit&& visit) const {
    if constexpr (DeclaresNoLegalMove<R>(NoLegalMove::kPasses)) {
      const Position parent = rules_.Pass(p);
      if (rules_.IsPosition(parent) && !rules_.Outcome(parent) && !HasLegalMove(parent)) {
        visit(parent);
      }
    }
  }

  // What is wrong with the rule's declaration at `p` (a position without a
  // legal move): under kPasses, Pass must be an involution. "" when fine.
  std::string PassInconsistency(const Position& p) const {
    if constexpr (DeclaresNoLegalMove<R>(NoLegalMove::kPasses)) {
      const Position back = rules_.Pass(rules_.Pass(p));
      if (rules_.Format(back) != rules_.Format(p)) {
        return "Pass is no involution: Pass(Pass(p)) is " + rules_.Format(back);
      }
    }
    return "";
  }

  // True when ForEachMove lists a move of `p`.
  bool HasLegalMove(const Position& p) const {
    bool moved = false;
    rules_.ForEachMove(p, [&](const Move&, const Position&, auto...) { moved = true; });
    return moved;
  }

 private:
  // The value of a position without a legal move under kLoses or kDraws.
  static WdlOutcome ValueWithoutMove() {
    return DeclaresNoLegalMove<R>(NoLegalMove::kLoses) ? WdlOutcome::Loss(0) : WdlOutcome::Draw();
  }

  const R& rules_;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_LOOPY_WDL_PLAYS_H_
