// The oware board as a stars-and-bars bit string in one 64-bit word: a board
// with n seeds is the string of n stars (0 bits) and 11 bars (1 bits) in which
// house i's seeds are the stars between bar i - 1 and bar i. Bar i sits at bit
// p_i = (seeds in houses 0..i) + i. The word is injective over the boards of
// one seed count (the pext indexer ranks it); it does not show the stars after
// the last bar, so StarsAndBarsKey adds an end marker at bit n + 11, which
// makes it injective over all boards of at most kMaxStarsAndBarsSeeds seeds
// (bit 63 is never used; the hash indexer keys on it).
//
//   const uint64_t word = StarsAndBarsWord(board);
//   // std::popcount(word) == 11; highest bit: n + 10 - houses[11].
#ifndef GAMES_OWARE_STARS_AND_BARS_H_
#define GAMES_OWARE_STARS_AND_BARS_H_

#include <cstdint>

#include "games/oware/board.h"

namespace retro::oware {

// Most seeds a board may hold to fit in a stars-and-bars word (n + 11 < 64).
inline constexpr int kMaxStarsAndBarsSeeds = 52;

// Number of bars (house boundaries) in the string.
inline constexpr int kBars = kHouses - 1;

// The positions p_0..p_10 of the bars as bytes: p_0..p_7 in `low`, p_8..p_10
// in bytes 0..2 of `high`, and n + 11 (where the string ends) in byte 3.
// SWAR prefix sums, as in ColexIndexer::Rank.
struct BarPositions {
  uint64_t low;
  uint64_t high;
};

inline BarPositions FindBars(const Board& board) {
  const internal::PackedBoard p = internal::Pack(board);
  // Byte k = seeds in houses 0..k, plus k (no carries: n + 10 < 256).
  const uint64_t low = p.lo * 0x0101010101010101ULL + 0x0706050403020100ULL;
  const uint64_t eight = (low >> 56) + 1;  // seeds in houses 0..7, plus 8
  const uint64_t high = (static_cast<uint64_t>(p.hi) * 0x01010101ULL) +
                        eight * 0x01010101ULL + 0x03020100ULL;
  return {low, high};
}

// The word with bars at the given positions.
inline uint64_t WordOfBars(const BarPositions& bars) {
  uint64_t word = 0;
  for (int i = 0; i < 8; ++i) {
    word |= uint64_t{1} << ((bars.low >> (8 * i)) & 63);
  }
  for (int i = 0; i < 3; ++i) {
    word |= uint64_t{1} << ((bars.high >> (8 * i)) & 63);
  }
  return word;
}

// The stars-and-bars word of `board` (bars = 1 bits). Requires
// TotalSeeds(board) <= kMaxStarsAndBarsSeeds.
inline uint64_t StarsAndBarsWord(const Board& board) {
  return WordOfBars(FindBars(board));
}

// StarsAndBarsWord(board) plus an end marker at bit n + 11 (byte 3 of
// `high`): a key that tells boards of different seed counts apart. Same
// requirement.
inline uint64_t StarsAndBarsKey(const Board& board) {
  const BarPositions bars = FindBars(board);
  return WordOfBars(bars) | uint64_t{1} << ((bars.high >> 24) & 63);
}

}  // namespace retro::oware

#endif  // GAMES_OWARE_STARS_AND_BARS_H_
