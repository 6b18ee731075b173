// The Surakarta board: 6x6 points, square indices s = 6 * row + column
// (row 0 = rank 1, column 0 = file a), and 36-bit bitboards over them.
#ifndef GAMES_SURAKARTA_BOARD_H_
#define GAMES_SURAKARTA_BOARD_H_

#include <bit>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace retro::surakarta {

// Board geometry.
inline constexpr int kRows = 6;
inline constexpr int kColumns = 6;
inline constexpr int kSquares = kRows * kColumns;

// A set of squares: bit s is square s. Only the low 36 bits are used.
using Bitboard = uint64_t;

inline constexpr Bitboard kAllSquares = (Bitboard{1} << kSquares) - 1;

// The square at `row`, `column` (both 0..5).
constexpr int MakeSquare(int row, int column) {
  return row * kColumns + column;
}
constexpr int RowOf(int square) { return square / kColumns; }
constexpr int ColumnOf(int square) { return square % kColumns; }

// The bitboard holding only `square`.
constexpr Bitboard SquareBit(int square) { return Bitboard{1} << square; }

// Number of squares in `b`.
constexpr int PopCount(Bitboard b) { return std::popcount(b); }

// Removes and returns the lowest square of non-empty `b`.
inline int PopLowest(Bitboard& b) {
  const int s = std::countr_zero(b);
  b &= b - 1;
  return s;
}

// Gathers the bits of `value` at the positions set in `mask` into the low
// bits of the result (BMI2 PEXT when available).
inline uint64_t ExtractBits(uint64_t value, uint64_t mask) {
#if defined(__BMI2__)
  return _pext_u64(value, mask);
#else
  uint64_t result = 0;
  for (uint64_t bit = 1; mask != 0; bit <<= 1, mask &= mask - 1) {
    if (value & mask & (~mask + 1)) result |= bit;
  }
  return result;
#endif
}

// Scatters the low bits of `value` to the positions set in `mask` (BMI2 PDEP
// when available); the inverse of ExtractBits.
inline uint64_t DepositBits(uint64_t value, uint64_t mask) {
#if defined(__BMI2__)
  return _pdep_u64(value, mask);
#else
  uint64_t result = 0;
  for (uint64_t bit = 1; mask != 0; bit <<= 1, mask &= mask - 1) {
    if (value & bit) result |= mask & (~mask + 1);
  }
  return result;
#endif
}

// The four corner points, which lie on no circuit.
inline constexpr Bitboard kCorners =
    SquareBit(MakeSquare(0, 0)) | SquareBit(MakeSquare(0, 5)) |
    SquareBit(MakeSquare(5, 0)) | SquareBit(MakeSquare(5, 5));

}  // namespace retro::surakarta

#endif  // GAMES_SURAKARTA_BOARD_H_
