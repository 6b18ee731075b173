// The Benjamin–Ross perfect hash of checkers on points 1..P, as used for
// backgammon bearoff databases (gnubg's PositionBearoff): with U_m the number
// of checkers on the top m points (P-m+1..P),
//
//   rank = sum_{m=1}^{P-1} C(U_m + m - 1, m).
//
// It is a bijection between the distributions of n checkers over P points and
// [0, C(n+P-1, P-1)), and moving any checker to a lower point strictly lowers
// the rank, so an ascending pass sees every afterstate first.
#ifndef GAMES_PLAKOTO_BEAROFF_INDEXER_H_
#define GAMES_PLAKOTO_BEAROFF_INDEXER_H_

#include <cstdint>

#include "games/plakoto/position.h"

namespace retro::plakoto {

// Ranks distributions of `checkers` checkers over points 1..`points`.
class BearoffIndexer {
 public:
  // Requires 1 <= points <= kMaxPoints and 0 <= checkers <= 30.
  BearoffIndexer(int points, int checkers);

  int points() const { return points_; }
  int checkers() const { return checkers_; }

  // The number of distributions: C(checkers + points - 1, points - 1).
  uint64_t Size() const { return size_; }

  // The rank of `counts` (counts[k] on point k for k in 1..points). Requires
  // exactly checkers() checkers on points 1..points and none elsewhere.
  uint64_t Rank(const Board& counts) const;

  // The distribution of rank `rank` (< Size()); entries beyond points() and
  // entry 0 are zero.
  Board Unrank(uint64_t rank) const;

  // The rank, among distributions of one more checker (BearoffIndexer(
  // points(), checkers() + 1)), of `counts` with a checker added on
  // `point` (1..points()), given `rank` = Rank(counts): `rank` plus
  // point - 1 terms that depend on the points below `point` only, cheaper
  // than ranking the larger distribution afresh.
  uint64_t RankPlusChecker(const Board& counts, uint64_t rank, int point) const;

  // Steps `counts` to the distribution of the next rank, in amortised O(1);
  // returns false (leaving `counts` unchanged) at the last rank. Lets a pass
  // over consecutive ranks avoid Unrank.
  bool Next(Board* counts) const;

 private:
  int points_;
  int checkers_;
  uint64_t size_;
};

}  // namespace retro::plakoto

#endif  // GAMES_PLAKOTO_BEAROFF_INDEXER_H_
