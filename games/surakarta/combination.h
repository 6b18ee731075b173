// Colexicographic ranking of sets of squares: the rank of a set
// {s_0 < s_1 < ... < s_{n-1}} is sum_i C(s_i, i + 1). Colex order is the
// numeric order of the bitboards, so the smallest bitboard of a family has the
// smallest rank, and Gosper's hack enumerates sets in rank order.
#ifndef GAMES_SURAKARTA_COMBINATION_H_
#define GAMES_SURAKARTA_COMBINATION_H_

#include <cstdint>

#include "games/surakarta/board.h"
#include "retro/combinatorics.h"

namespace retro::surakarta {

namespace internal {
// kChoose.c[k][s] = C(s, k) for 0 <= k <= 36, 0 <= s < 36, signed so that
// comparisons vectorise. A non-inline constexpr variable has internal
// linkage, so position-independent code addresses it directly.
struct ChooseTable {
  int64_t c[kSquares + 1][kSquares] = {};
  constexpr ChooseTable() {
    for (int k = 0; k <= kSquares; ++k) {
      for (int s = 0; s < kSquares; ++s) {
        c[k][s] = static_cast<int64_t>(Binomial(s, k));
      }
    }
  }
};
constexpr ChooseTable kChoose{};
}  // namespace internal

// The colex rank of `squares` among all sets of the same size.
inline uint64_t CombinationRank(Bitboard squares) {
  int64_t rank = 0;
  for (int i = 1; squares; ++i) {
    rank += internal::kChoose.c[i][PopLowest(squares)];
  }
  return static_cast<uint64_t>(rank);
}

// The set of `size` squares (out of 36) with colex rank `rank`; requires
// rank < C(36, size). Branch-free per element: the element is one less than
// the number of s with C(s, i) <= rank (C(s, i) grows with s).
inline Bitboard CombinationUnrank(uint64_t rank, int size) {
  Bitboard squares = 0;
  int64_t remaining = static_cast<int64_t>(rank);
  for (int i = size; i >= 1; --i) {
    const int64_t* row = internal::kChoose.c[i];
    int count = 0;
    for (int s = 0; s < kSquares; ++s) count += row[s] <= remaining;
    const int s = count - 1;
    remaining -= row[s];
    squares |= SquareBit(s);
  }
  return squares;
}

// The next set of the same size in colex order (Gosper's hack); requires a
// non-empty `squares`. Past the last set the result exceeds kAllSquares.
inline Bitboard NextCombination(Bitboard squares) {
  const Bitboard lowest = squares & (~squares + 1);
  const Bitboard ripple = squares + lowest;
  return ripple | (((ripple ^ squares) >> 2) / lowest);
}

// The set of squares of the records met in increasing index order (FuChou
// indices and the solver's tables number each set's colourings
// consecutively): unranked when the set changes, stepped to the next set in
// colex order when it is the one held's successor, the common case of a
// scan.
struct CombinationCursor {
  int size = -1;  // -1: no set held yet
  uint64_t rank = 0;
  Bitboard squares = 0;

  // Holds the set of `new_size` squares with colex rank `new_rank`; true
  // when it is another set than the one held before.
  bool MoveTo(int new_size, uint64_t new_rank) {
    if (new_size == size && new_rank == rank) return false;
    squares = new_size == size && new_rank == rank + 1 ? NextCombination(squares)
                                                      : CombinationUnrank(new_rank, new_size);
    size = new_size;
    rank = new_rank;
    return true;
  }
};

}  // namespace retro::surakarta

#endif  // GAMES_SURAKARTA_COMBINATION_H_
