// Brute-force negamax values of oware positions, built on the reference rules
// (tests/oware/reference_rules.h) with a memo table: the ground truth that the
// fast solver is tested against. Exponential-free thanks to memoisation but
// still slow; meant for small boards and small t.
#ifndef TESTS_OWARE_BRUTE_FORCE_H_
#define TESTS_OWARE_BRUTE_FORCE_H_

#include <map>
#include <utility>

#include "games/oware/board.h"
#include "games/oware/rules.h"

namespace retro::oware::reference {

// Memoised V_t under one rule set; reuse one object for many queries.
//   V_0 = 0 (AtLimit::kNobody) or own - opponent seeds (AtLimit::kOwnSide);
//   V_t = own seeds if no legal move (t >= 1);
//   V_t = max over moves of (captured - V_{t-1}(child)).
// rules.turn_limit is ignored: t is given explicitly.
class BruteForceSolver {
 public:
  explicit BruteForceSolver(const Rules& rules) : rules_(rules) {}

  // V_t(board), t >= 0.
  int Value(const Board& board, int t);

 private:
  Rules rules_;
  std::map<std::pair<Board, int>, int> memo_;
};

// V_t(board) under `rules`, with a fresh memo table.
int BruteForceValue(const Board& board, int t, const Rules& rules);

}  // namespace retro::oware::reference

#endif  // TESTS_OWARE_BRUTE_FORCE_H_
