// Tic-tac-toe's rules (plugins/tictactoe/rules.h, which have no take-backs:
// the kit lists predecessors by a forward pass) with hand-written
// take-backs, for the tests of what the kit does with take-backs: the
// contract checker's take-backs check, and the forward pass byte for byte
// against them.
#ifndef TESTS_TICTACTOE_RULES_WITH_TAKE_BACKS_H_
#define TESTS_TICTACTOE_RULES_WITH_TAKE_BACKS_H_

#include "plugins/tictactoe/rules.h"

namespace tictactoe {

class RulesWithTakeBacks : public Rules {
 public:
  // visit(parent) per unfinished parent: a piece of the last mover taken
  // back, unless that player had a line without it.
  template <typename Visit>
  void ForEachTakeBack(const Position& p, Visit&& visit) const {
    const Cell last = Opponent(ToMove(p));
    for (int cell = 0; cell < kCells; ++cell) {
      Position parent = p;
      parent.cells[cell] = kEmpty;
      if (p.cells[cell] == last && !HasLine(parent, last)) visit(parent);
    }
  }
};

}  // namespace tictactoe

#endif  // TESTS_TICTACTOE_RULES_WITH_TAKE_BACKS_H_
