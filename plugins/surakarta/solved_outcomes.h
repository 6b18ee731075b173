// Surakarta's two solved values the rules give at once: the no-move rule
// (games/surakarta/no_move_rule.h), what the builders, the verifier and the
// database check all give a position whose side to move has pieces but no
// legal move; and a capture, the conversion, worth one ply whatever follows
// it (distance to conversion), what the builders (table_slice.h,
// scheme_table_slice.h) and the kit's rules (ConversionValue) all give it.
#ifndef PLUGINS_SURAKARTA_SOLVED_OUTCOMES_H_
#define PLUGINS_SURAKARTA_SOLVED_OUTCOMES_H_

#include "games/surakarta/board.h"
#include "games/surakarta/no_move_rule.h"
#include "retro/format/wdl/wdl.h"

namespace retro::surakarta {

// The value, in plies to conversion, of a position without a legal move:
// decided at once (distance 0) by NoMoveResult.
inline WdlOutcome NoMoveOutcome(NoMoveRule rule, Bitboard us, Bitboard them) {
  const int result = NoMoveResult(rule, PopCount(us), PopCount(them));
  return result > 0 ? WdlOutcome::Win(0) : result < 0 ? WdlOutcome::Loss(0) : WdlOutcome::Draw();
}

// The mover's value of a capture into a child worth `child` to its side to
// move.
inline WdlOutcome CaptureOutcome(WdlOutcome child) {
  return child.result == Wdl::kLoss  ? WdlOutcome::Win(1)
         : child.result == Wdl::kWin ? WdlOutcome::Loss(1)
                                     : WdlOutcome::Draw();
}

}  // namespace retro::surakarta

#endif  // PLUGINS_SURAKARTA_SOLVED_OUTCOMES_H_
