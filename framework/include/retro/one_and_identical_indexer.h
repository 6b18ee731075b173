// A stock indexer for one distinct piece and k identical pieces on n points
// or cells, no two on one (a hare and three hounds, a king and its pawns):
// the distinct piece's point d major, then the colex rank of the identical
// pieces' set among the n - 1 other points (the points above d moved down
// one). Every index is such a placement and every placement has one index,
// so Size() = n * C(n - 1, k) counts them exactly.
//
//   retro::OneAndIdenticalIndexer indexer(11, 3);   // 11 * C(10, 3) = 1,320
//   uint64_t i = indexer.Rank(hare, hounds);        // hounds: a mask of 3 bits
//   auto [hare_again, hounds_again] = indexer.Unrank(i);
#ifndef RETRO_ONE_AND_IDENTICAL_INDEXER_H_
#define RETRO_ONE_AND_IDENTICAL_INDEXER_H_

#include <bit>
#include <cstdint>
#include <utility>

#include "retro/combinatorics.h"

namespace retro {

// Placements of one distinct piece and `identical` identical pieces on
// `points` points; see the file comment.
class OneAndIdenticalIndexer {
 public:
  // Requires 1 <= points <= 64 and 0 <= identical <= points - 1.
  constexpr OneAndIdenticalIndexer(int points, int identical)
      : points_(points), identical_(identical) {}

  constexpr int points() const { return points_; }
  constexpr int identical() const { return identical_; }
  // The number of placements, n * C(n - 1, k).
  constexpr uint64_t Size() const {
    return static_cast<uint64_t>(points_) * Binomial(points_ - 1, identical_);
  }

  // The index of the distinct piece on point `one` and the identical ones
  // on the points of mask `others` (k bits, not `one`'s).
  //   Requires a placement of these counts. Cost: a colex rank (k steps).
  constexpr uint64_t Rank(int one, uint64_t others) const {
    const uint64_t below = others & ((uint64_t{1} << one) - 1);
    const uint64_t above = one + 1 < 64 ? others >> (one + 1) << one : 0;
    return static_cast<uint64_t>(one) * Binomial(points_ - 1, identical_) +
           CombinationRank(below | above);
  }

  // The placement of index `index` (below Size()): the distinct piece's
  // point and the identical pieces' mask.
  constexpr std::pair<int, uint64_t> Unrank(uint64_t index) const {
    const uint64_t sets = Binomial(points_ - 1, identical_);
    const int one = static_cast<int>(index / sets);
    const uint64_t packed = CombinationUnrank(index % sets, identical_, points_ - 1);
    const uint64_t below = packed & ((uint64_t{1} << one) - 1);
    const uint64_t above = one + 1 < 64 ? (packed >> one) << (one + 1) : 0;
    return {one, below | above};
  }

 private:
  int points_;
  int identical_;
};

}  // namespace retro

#endif  // RETRO_ONE_AND_IDENTICAL_INDEXER_H_
