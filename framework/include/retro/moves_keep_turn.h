// Who moves after a move, as a game declares it (`static constexpr bool
// kMovesMayKeepTurn = true`: a move may keep the turn, an extra turn), and
// what a kept turn counts in the finite-horizon recurrence. One definition
// for the solvers (retro/solver/) and the kits (retro/kit/, whose rules
// headers say what each does with it).
#ifndef RETRO_MOVES_KEEP_TURN_H_
#define RETRO_MOVES_KEEP_TURN_H_

namespace retro {

// Whether G's moves may keep the turn (its optional kMovesMayKeepTurn;
// absent: every move passes it).
template <typename G>
constexpr bool MovesMayKeepTurn() {
  if constexpr (requires { G::kMovesMayKeepTurn; }) {
    return G::kMovesMayKeepTurn;
  } else {
    return false;
  }
}

// The term of a move in the finite-horizon recurrence: its reward minus
// the child's value (the opponent's), or plus it when the move keeps the
// turn (the same player's).
constexpr int MoveTerm(int reward, int child_value, bool keeps_turn) {
  return keeps_turn ? reward + child_value : reward - child_value;
}

}  // namespace retro

#endif  // RETRO_MOVES_KEEP_TURN_H_
