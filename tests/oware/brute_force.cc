// Memoised negamax over the reference rules; see brute_force.h.
#include "tests/oware/brute_force.h"

#include <algorithm>
#include <climits>
#include <vector>

#include "tests/oware/reference_rules.h"

namespace retro::oware::reference {

int BruteForceSolver::Value(const Board& board, int t) {
  int own = 0;
  int opponent = 0;
  for (int i = 0; i < 6; ++i) own += board.houses[i];
  for (int i = 6; i < 12; ++i) opponent += board.houses[i];
  if (t == 0) return rules_.at_limit == AtLimit::kOwnSide ? own - opponent : 0;

  const auto key = std::make_pair(board, t);
  if (auto it = memo_.find(key); it != memo_.end()) return it->second;

  const std::vector<ReferenceMove> moves =
      ReferenceLegalMoves(board, rules_.grand_slam);
  int value = INT_MIN;
  if (moves.empty()) {
    value = own;
  } else {
    for (const ReferenceMove& m : moves) {
      value = std::max(value, m.captured - Value(m.child, t - 1));
    }
  }
  memo_[key] = value;
  return value;
}

int BruteForceValue(const Board& board, int t, const Rules& rules) {
  BruteForceSolver solver(rules);
  return solver.Value(board, t);
}

}  // namespace retro::oware::reference
