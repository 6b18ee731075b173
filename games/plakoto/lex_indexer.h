// An alternative bijection for distributions of n checkers over points 1..P:
// the lexicographic rank of the counts read from the top point down,
// (x_P, x_{P-1}, ..., x_1). Like the bearoff hash, moving a checker to a lower
// point strictly lowers the rank (the count of a higher, more significant
// point drops), so it also suits an ascending solver pass. Used to compare
// indexing schemes and as an independent check of BearoffIndexer.
#ifndef GAMES_PLAKOTO_LEX_INDEXER_H_
#define GAMES_PLAKOTO_LEX_INDEXER_H_

#include <cstdint>

#include "games/plakoto/position.h"

namespace retro::plakoto {

// Ranks distributions of `checkers` checkers over points 1..`points` in
// lexicographic order of (x_P, ..., x_1).
class LexIndexer {
 public:
  // Requires 1 <= points <= kMaxPoints and 0 <= checkers <= 30.
  LexIndexer(int points, int checkers);

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

#endif  // GAMES_PLAKOTO_LEX_INDEXER_H_
