// A plain whole-game minimax for the engine tests, written independently of
// games/oware/engine.h and position.h: it reuses only the move generator.
// Exact() is the memoised final score difference under perfect play;
// DepthLimited() is the fixed-depth minimax with the engine's value encoding
// (search_value.h), an evaluation at the horizon and an optional oracle.
#ifndef TESTS_OWARE_WHOLE_GAME_MINIMAX_H_
#define TESTS_OWARE_WHOLE_GAME_MINIMAX_H_

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <tuple>

#include "games/oware/board.h"
#include "games/oware/evaluation.h"
#include "games/oware/movegen.h"
#include "games/oware/position.h"
#include "games/oware/search_value.h"

namespace retro::oware::test {

// Looks a board up in a book: nullopt when not covered.
using OracleFn = std::function<std::optional<int>(const Board&, int)>;

class WholeGameMinimax {
 public:
  explicit WholeGameMinimax(const GameRules& game) : game_(game) {}

  // If the game is over (majority, turn limit, no move), its final
  // difference for the side to move.
  std::optional<int> GameOver(const Board& board, int mover, int other,
                              int plies_left) const {
    int total = other + mover;
    for (int h = 0; h < kHouses; ++h) total += board.houses[h];
    const int diff = mover - other;
    if (game_.majority_ends_game && (2 * mover > total || 2 * other > total))
      return diff;
    if (plies_left == 0) {
      if (game_.rules.at_limit == AtLimit::kNobody) return diff;
      int own = 0, opp = 0;
      for (int h = 0; h < 6; ++h)
        own += board.houses[h], opp += board.houses[h + 6];
      return diff + own - opp;
    }
    Move moves[kMaxMoves];
    if (GenerateMoves(board, game_.rules, moves) == 0) {
      int own = 0;
      for (int h = 0; h < 6; ++h) own += board.houses[h];
      return diff + own;
    }
    return std::nullopt;
  }

  // The final difference under perfect play (the side to move maximises it).
  int Exact(const Board& board, int mover, int other, int plies_left) {
    if (std::optional<int> end = GameOver(board, mover, other, plies_left))
      return *end;
    const auto key = std::make_tuple(board, mover, other, plies_left);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    Move moves[kMaxMoves];
    const int n = GenerateMoves(board, game_.rules, moves);
    int best = -1000;
    for (int i = 0; i < n; ++i) {
      best = std::max(best, -Exact(moves[i].child, other,
                                   mover + moves[i].captured, plies_left - 1));
    }
    memo_[key] = best;
    return best;
  }

  // Fixed-depth minimax in the engine's encoding: game over and oracle hits
  // (below the root) give proven values, the horizon the evaluation for the
  // evaluating player.
  int DepthLimited(const Board& board, int mover, int other, int plies_left,
                   int depth, bool mover_is_evaluator,
                   const Evaluation& evaluation, const OracleFn& oracle,
                   int oracle_seeds, bool root = true) {
    if (std::optional<int> end = GameOver(board, mover, other, plies_left)) {
      return ProvenValue(*end);
    }
    if (!root && oracle && TotalSeeds(board) <= oracle_seeds) {
      if (std::optional<int> v = oracle(board, plies_left))
        return ProvenValue(mover - other + *v);
    }
    if (depth == 0) {
      return ClampHeuristic(
          evaluation.Evaluate(board, mover, other, mover_is_evaluator));
    }
    Move moves[kMaxMoves];
    const int n = GenerateMoves(board, game_.rules, moves);
    int best = -kInfinity;
    for (int i = 0; i < n; ++i) {
      best = std::max(
          best, -DepthLimited(moves[i].child, other, mover + moves[i].captured,
                              plies_left - 1, depth - 1, !mover_is_evaluator,
                              evaluation, oracle, oracle_seeds, false));
    }
    return best;
  }

 private:
  GameRules game_;
  std::map<std::tuple<Board, int, int, int>, int> memo_;
};

}  // namespace retro::oware::test

#endif  // TESTS_OWARE_WHOLE_GAME_MINIMAX_H_
