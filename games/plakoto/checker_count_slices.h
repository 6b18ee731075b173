// Plakoto's checker distributions as one sliced indexer: a distribution
// indexer (BearoffIndexer, LexIndexer: one object per (points, checkers))
// for 0..max_checkers checkers, side by side as a retro::SlicedIndexer whose
// slice is the number of checkers (retro::TableSlices). The databases use
// one fixed count (14 checkers on the board, 13 free), so the builder takes
// the per-count shape; this is for generic code and the tests.
#ifndef GAMES_PLAKOTO_CHECKER_COUNT_SLICES_H_
#define GAMES_PLAKOTO_CHECKER_COUNT_SLICES_H_

#include <numeric>
#include <vector>

#include "games/plakoto/position.h"
#include "retro/table_slices.h"

namespace retro::plakoto {

// The slice of a distribution: its number of checkers (points beyond the
// indexer's are empty).
struct CheckerCount {
  int operator()(const Board& board) const {
    return std::accumulate(board.begin(), board.end(), 0);
  }
};

template <typename Scheme>
using CheckerCountSlices = TableSlices<Scheme, CheckerCount>;

// Scheme(points, n) for n = 0..max_checkers; requires 1 <= points <=
// kMaxPoints and 0 <= max_checkers <= 30.
template <typename Scheme>
CheckerCountSlices<Scheme> MakeCheckerCountSlices(int points, int max_checkers) {
  std::vector<Scheme> tables;
  for (int n = 0; n <= max_checkers; ++n) tables.emplace_back(points, n);
  return CheckerCountSlices<Scheme>(std::move(tables));
}

}  // namespace retro::plakoto

#endif  // GAMES_PLAKOTO_CHECKER_COUNT_SLICES_H_
