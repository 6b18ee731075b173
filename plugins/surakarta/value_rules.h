// How the value of a Surakarta position follows from the values of its
// moves, for distance to conversion: the one statement of the rules that
// the verifiers (VerifyTable, the database's verify) and the readers share.
#ifndef PLUGINS_SURAKARTA_VALUE_RULES_H_
#define PLUGINS_SURAKARTA_VALUE_RULES_H_

#include "games/surakarta/board.h"
#include "games/surakarta/move.h"
#include "games/surakarta/movegen.h"
#include "games/surakarta/no_move_rule.h"
#include "plugins/surakarta/no_move_outcome.h"
#include "retro/solver/wdl.h"

namespace retro::surakarta {

// The value of a move for the side playing it, given the value `child` of
// the position it leads to for that position's side to move: a capture
// converts (one ply, the opposite result), a step adds one ply.
inline WdlOutcome MoveOutcome(bool capture, WdlOutcome child) {
  if (!capture) return WdlOutcome::AfterMove(child);
  return child.result == Wdl::kLoss  ? WdlOutcome::Win(1)
         : child.result == Wdl::kWin ? WdlOutcome::Loss(1)
                                     : WdlOutcome::Draw();
}

// The value of (us, them) for the side to move from the rules: lost at once
// without pieces, won at once against none, the no-move rule without a legal
// move, else the best of child_value(move) over the legal moves, where
// child_value(Move, Bitboard child_us, Bitboard child_them) returns the
// stored value of the position a move leads to.
template <typename ChildValue>
WdlOutcome ExpectedOutcome(Bitboard us, Bitboard them, NoMoveRule rule,
                           ChildValue&& child_value) {
  if (us == 0) return WdlOutcome::Loss(0);
  if (them == 0) return WdlOutcome::Win(0);
  MoveList moves;
  GenerateMoves(us, them, moves);
  if (moves.empty()) return NoMoveOutcome(rule, us, them);
  const auto move_value = [&](const Move& m) {
    const Bitboard child_us = m.capture ? them & ~SquareBit(m.to) : them;
    const Bitboard child_them = us ^ SquareBit(m.from) ^ SquareBit(m.to);
    return MoveOutcome(m.capture, child_value(m, child_us, child_them));
  };
  WdlOutcome best = move_value(moves[0]);
  for (int i = 1; i < moves.size(); ++i) {
    const WdlOutcome value = move_value(moves[i]);
    if (BetterForMover(value, best)) best = value;
  }
  return best;
}

}  // namespace retro::surakarta

#endif  // PLUGINS_SURAKARTA_VALUE_RULES_H_
