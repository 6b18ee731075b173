// Implementation of the Benjamin–Ross bearoff perfect hash.
#include "games/plakoto/bearoff_indexer.h"

#include "retro/combinatorics.h"

namespace retro::plakoto {

BearoffIndexer::BearoffIndexer(int points, int checkers)
    : points_(points),
      checkers_(checkers),
      size_(CompositionCount(checkers, points)) {}

uint64_t BearoffIndexer::Rank(const Board& counts) const {
  uint64_t rank = 0;
  int top = 0;  // U_m: checkers on the top m points
  for (int m = 1; m < points_; ++m) {
    top += counts[points_ - m + 1];
    rank += Binomial(top + m - 1, m);
  }
  return rank;
}

Board BearoffIndexer::Unrank(uint64_t rank) const {
  Board counts{};
  // Combinatorial number system: c_m = U_m + m - 1 is strictly increasing in
  // m, so the terms are peeled off greedily from m = P-1 down to 1.
  int above = checkers_;  // U_{m+1}, with U_P = all checkers
  for (int m = points_ - 1; m >= 1; --m) {
    int top = above;  // the largest U_m with C(U_m + m - 1, m) <= rank
    while (top > 0 && Binomial(top + m - 1, m) > rank) --top;
    rank -= Binomial(top + m - 1, m);
    counts[points_ - m] = static_cast<uint8_t>(above - top);
    above = top;
  }
  counts[points_] = static_cast<uint8_t>(above);
  return counts;
}

uint64_t BearoffIndexer::RankPlusChecker(const Board& counts, uint64_t rank,
                                         int point) const {
  // The added checker raises U_m by one for the m >= P - point + 1 whose
  // top m points include `point`, and C(U + 1 + m - 1, m) - C(U + m - 1, m)
  // = C(U + m - 1, m - 1) (Pascal's rule). U_m = checkers - (checkers on
  // the bottom P - m points).
  int below = 0;  // checkers on points 1..j, j = P - m
  for (int j = 1; j < point; ++j) {
    below += counts[j];
    const int m = points_ - j;
    rank += Binomial(checkers_ - below + m - 1, m - 1);
  }
  return rank;
}

bool BearoffIndexer::Next(Board* counts) const {
  // In U terms the next rank raises the smallest U_m that can grow (U_m <
  // U_{m+1}, i.e. a checker on point P - m) and empties the top m - 1
  // points: one checker from the highest occupied point k < P joins all the
  // checkers above it on point k + 1.
  Board& x = *counts;
  int k = points_ - 1;
  while (k >= 1 && x[k] == 0) --k;
  if (k < 1) return false;
  int moved = 1;
  for (int j = k + 2; j <= points_; ++j) {
    moved += x[j];
    x[j] = 0;
  }
  --x[k];
  x[k + 1] = static_cast<uint8_t>(x[k + 1] + moved);
  return true;
}

}  // namespace retro::plakoto
