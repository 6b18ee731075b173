// A deliberately simple, obviously correct implementation of the oware rules
// (literal seed-by-seed sowing on a vector), written independently of the fast
// generator in games/oware/movegen.h so that tests can check one against the
// other. Slow; for tests only.
#ifndef TESTS_OWARE_REFERENCE_RULES_H_
#define TESTS_OWARE_REFERENCE_RULES_H_

#include <vector>

#include "games/oware/board.h"
#include "games/oware/rules.h"

namespace retro::oware::reference {

// A legal move as the reference rules see it.
struct ReferenceMove {
  int house;     // 0..5
  int captured;  // Seeds captured.
  Board child;   // Board after the move, flipped to the new mover's view.
};

// The legal moves of `board` under `grand_slam`, in increasing house order.
// Empty means the position is terminal.
std::vector<ReferenceMove> ReferenceLegalMoves(const Board& board,
                                               GrandSlam grand_slam);

}  // namespace retro::oware::reference

#endif  // TESTS_OWARE_REFERENCE_RULES_H_
