// Implementation of the lexicographic composition ranking.
#include "games/plakoto/lex_indexer.h"

#include "retro/combinatorics.h"

namespace retro::plakoto {

LexIndexer::LexIndexer(int points, int checkers)
    : points_(points),
      checkers_(checkers),
      size_(CompositionCount(checkers, points)) {}

uint64_t LexIndexer::Rank(const Board& counts) const {
  // Positions before `counts` are those whose first differing count (from
  // the top point down) is smaller. For the point with `bins` points below it
  // and `left` checkers still to place, the distributions with a smaller
  // count x' < x there number sum_{x'<x} CompositionCount(left - x', bins)
  // = C(left + bins, bins) - C(left - x + bins, bins) (hockey stick).
  uint64_t rank = 0;
  int left = checkers_;
  for (int k = points_; k >= 2; --k) {
    const int bins = k - 1;
    const int x = counts[k];
    rank += Binomial(left + bins, bins) - Binomial(left - x + bins, bins);
    left -= x;
  }
  return rank;
}

Board LexIndexer::Unrank(uint64_t rank) const {
  Board counts{};
  int left = checkers_;
  for (int k = points_; k >= 2; --k) {
    const int bins = k - 1;
    int x = 0;
    while (true) {
      const uint64_t block = CompositionCount(left - x, bins);
      if (rank < block) break;
      rank -= block;
      ++x;
    }
    counts[k] = static_cast<uint8_t>(x);
    left -= x;
  }
  counts[1] = static_cast<uint8_t>(left);
  return counts;
}

bool LexIndexer::Next(Board* counts) const {
  // The next tuple (x_P, ..., x_2) in lex order raises the least significant
  // count that can grow, x_{j+1} with j the lowest occupied point (a checker
  // must come from below), and resets the counts below it to their minimum:
  // every remaining checker of points 1..j on point 1. The scan for j is
  // amortised O(1): a board has x_1 = ... = x_{j-1} = 0 ever more rarely as
  // j grows.
  Board& x = *counts;
  int j = 1;
  while (j <= points_ && x[j] == 0) ++j;
  if (j >= points_) return false;  // all on point P (or no checkers)
  const int rest = x[j] - 1;
  x[j] = 0;
  ++x[j + 1];
  x[1] = static_cast<uint8_t>(x[1] + rest);
  return true;
}

}  // namespace retro::plakoto
