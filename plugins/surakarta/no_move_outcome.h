// The no-move rule of Surakarta (games/surakarta/no_move_rule.h) as a
// solved value: what the builder, the verifier and the database check all
// give a position whose side to move has pieces but no legal move.
#ifndef PLUGINS_SURAKARTA_NO_MOVE_OUTCOME_H_
#define PLUGINS_SURAKARTA_NO_MOVE_OUTCOME_H_

#include "games/surakarta/board.h"
#include "games/surakarta/no_move_rule.h"
#include "retro/format/wdl/wdl.h"

namespace retro::surakarta {

// The value, in plies to conversion, of a position without a legal move:
// decided at once (distance 0) by NoMoveResult.
inline WdlOutcome NoMoveOutcome(NoMoveRule rule, Bitboard us, Bitboard them) {
  const int result = NoMoveResult(rule, PopCount(us), PopCount(them));
  return result > 0   ? WdlOutcome::Win(0)
         : result < 0 ? WdlOutcome::Loss(0)
                      : WdlOutcome::Draw();
}

}  // namespace retro::surakarta

#endif  // PLUGINS_SURAKARTA_NO_MOVE_OUTCOME_H_
