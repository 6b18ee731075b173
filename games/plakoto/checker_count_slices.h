// Adapts a Plakoto distribution indexer (BearoffIndexer, LexIndexer: one
// object per (points, checkers), Size() / Rank(board) / Unrank(rank)) to the
// framework's retro::SlicedIndexer contract, whose slice is the number of
// checkers: Size(n), Rank(board) within the slice of its checker count,
// Unrank(n, rank). The databases use one fixed count (14 checkers on the
// board, 13 free), so the builder takes the per-count shape; this adapter is
// for generic code and the tests.
#ifndef GAMES_PLAKOTO_CHECKER_COUNT_SLICES_H_
#define GAMES_PLAKOTO_CHECKER_COUNT_SLICES_H_

#include <cstdint>
#include <vector>

#include "games/plakoto/position.h"

namespace retro::plakoto {

// The distributions of 0..max_checkers checkers over points 1..points, one
// slice per checker count, numbered by `Scheme`.
template <typename Scheme>
class CheckerCountSlices {
 public:
  // Requires 1 <= points <= kMaxPoints and 0 <= max_checkers <= 30.
  CheckerCountSlices(int points, int max_checkers) : points_(points) {
    for (int n = 0; n <= max_checkers; ++n) tables_.emplace_back(points, n);
  }

  int points() const { return points_; }
  const Scheme& table(int checkers) const { return tables_[checkers]; }

  uint64_t Size(int checkers) const { return tables_[checkers].Size(); }
  uint64_t Rank(const Board& board) const {
    int checkers = 0;
    for (int k = 1; k <= points_; ++k) checkers += board[k];
    return tables_[checkers].Rank(board);
  }
  Board Unrank(int checkers, uint64_t rank) const {
    return tables_[checkers].Unrank(rank);
  }

 private:
  int points_;
  std::vector<Scheme> tables_;
};

}  // namespace retro::plakoto

#endif  // GAMES_PLAKOTO_CHECKER_COUNT_SLICES_H_
