// The eight symmetries of the square board (rotations and reflections),
// which map both circuits onto themselves and so preserve the rules, and the
// colour swap. Symmetry k maps (row, column) by first transposing when bit 2
// of k is set, then mirroring the columns (bit 0) and the rows (bit 1);
// symmetry 0 is the identity.
#ifndef GAMES_SURAKARTA_SYMMETRY_H_
#define GAMES_SURAKARTA_SYMMETRY_H_

#include <array>
#include <cstdint>
#include <utility>

#include "games/surakarta/board.h"
#include "games/surakarta/move.h"
#include "games/surakarta/position.h"

namespace retro::surakarta {

inline constexpr int kSymmetries = 8;

namespace internal {

constexpr int TransformSquareSlow(int symmetry, int square) {
  int r = RowOf(square), c = ColumnOf(square);
  if (symmetry & 4) std::swap(r, c);
  if (symmetry & 1) c = kColumns - 1 - c;
  if (symmetry & 2) r = kRows - 1 - r;
  return MakeSquare(r, c);
}

struct SymmetryTables {
  std::array<std::array<uint8_t, kSquares>, kSymmetries> square{};
  // row_image[k][row][pattern]: the image under k of the squares of `row`
  // whose columns are the set bits of `pattern`.
  std::array<std::array<std::array<Bitboard, 64>, kRows>, kSymmetries> row_image{};
  std::array<uint8_t, kSymmetries> inverse{};

  constexpr SymmetryTables() {
    for (int k = 0; k < kSymmetries; ++k) {
      for (int s = 0; s < kSquares; ++s) {
        square[k][s] = static_cast<uint8_t>(TransformSquareSlow(k, s));
      }
      for (int row = 0; row < kRows; ++row) {
        for (int pattern = 0; pattern < 64; ++pattern) {
          Bitboard image = 0;
          for (int c = 0; c < kColumns; ++c) {
            if (pattern & (1 << c)) image |= SquareBit(square[k][MakeSquare(row, c)]);
          }
          row_image[k][row][pattern] = image;
        }
      }
    }
    for (int k = 0; k < kSymmetries; ++k) {
      for (int j = 0; j < kSymmetries; ++j) {
        bool identity = true;
        for (int s = 0; s < kSquares; ++s) {
          if (square[j][square[k][s]] != s) identity = false;
        }
        if (identity) inverse[k] = static_cast<uint8_t>(j);
      }
    }
  }
};

inline constexpr SymmetryTables kSymmetryTables{};

}  // namespace internal

// The image of `square` under `symmetry` (0..7).
inline int TransformSquare(int symmetry, int square) {
  return internal::kSymmetryTables.square[symmetry][square];
}

// The symmetry that undoes `symmetry`.
inline int InverseSymmetry(int symmetry) { return internal::kSymmetryTables.inverse[symmetry]; }

// The image of a set of squares under `symmetry` (six table lookups).
inline Bitboard TransformBitboard(int symmetry, Bitboard b) {
  const auto& rows = internal::kSymmetryTables.row_image[symmetry];
  Bitboard image = 0;
  for (int row = 0; row < kRows; ++row) {
    image |= rows[row][(b >> (row * kColumns)) & 63];
  }
  return image;
}

// The numerically smallest of the 8 images of `b`; with `achieving`, also
// the symmetries that produce it, as a bit set over the 8 symmetries (bit k
// for symmetry k).
inline Bitboard SmallestImage(Bitboard b, uint32_t* achieving = nullptr) {
  Bitboard best = b;
  uint32_t mask = 1;
  for (int k = 1; k < kSymmetries; ++k) {
    const Bitboard image = TransformBitboard(k, b);
    if (image < best) {
      best = image;
      mask = 1u << k;
    } else if (image == best) {
      mask |= 1u << k;
    }
  }
  if (achieving != nullptr) *achieving = mask;
  return best;
}

namespace internal {
// The orbits of the points under the symmetries: 3 of 4 points (on the
// diagonals) and 3 of 8.
constexpr std::array<Bitboard, 6> MakePointOrbits() {
  std::array<Bitboard, 6> orbits{};
  int count = 0;
  Bitboard seen = 0;
  for (int s = 0; s < kSquares; ++s) {
    if (seen & SquareBit(s)) continue;
    for (int k = 0; k < kSymmetries; ++k) orbits[count] |= SquareBit(TransformSquareSlow(k, s));
    seen |= orbits[count++];
  }
  return orbits;
}
inline constexpr std::array<Bitboard, 6> kPointOrbits = MakePointOrbits();
}  // namespace internal

// A number that is the same for all 8 images of `b` and cheap to compute
// (six popcounts, against 8 transforms for SmallestImage): the points of
// `b` in each orbit of points, four bits an orbit. For hashing classes,
// not for telling them apart.
inline uint64_t OrbitCounts(Bitboard b) {
  uint64_t counts = 0;
  for (int i = 0; i < 6; ++i) {
    counts |= static_cast<uint64_t>(PopCount(b & internal::kPointOrbits[i])) << (4 * i);
  }
  return counts;
}

// The image of a position under `symmetry`; the side to move is unchanged.
inline Position TransformPosition(int symmetry, const Position& p) {
  return {.us = TransformBitboard(symmetry, p.us),
          .them = TransformBitboard(symmetry, p.them),
          .to_move = p.to_move};
}

// The colour swap: every X becomes O and vice versa, the side to move
// included. Normalised bitboards are unchanged, so the value is too.
inline Position SwapColors(const Position& p) {
  return {.us = p.us, .them = p.them, .to_move = Opponent(p.to_move)};
}

}  // namespace retro::surakarta

#endif  // GAMES_SURAKARTA_SYMMETRY_H_
