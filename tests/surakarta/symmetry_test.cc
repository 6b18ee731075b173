// Board symmetries: group structure, and that symmetric positions have the
// mapped move sets.
#include "games/surakarta/symmetry.h"

#include <algorithm>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "games/surakarta/circuits.h"
#include "games/surakarta/movegen.h"
#include "games/surakarta/notation.h"
#include "games/surakarta/perft.h"
#include "gtest/gtest.h"

namespace retro::surakarta {
namespace {

std::set<std::tuple<int, int, bool>> MoveSet(const Position& p) {
  MoveList moves;
  GenerateMoves(p, moves);
  std::set<std::tuple<int, int, bool>> set;
  for (const Move& m : moves) set.insert({m.from, m.to, m.capture});
  return set;
}

TEST(SymmetryTest, EightDistinctPermutationsWithInverses) {
  std::set<std::vector<int>> seen;
  for (int k = 0; k < kSymmetries; ++k) {
    std::vector<int> image;
    for (int s = 0; s < kSquares; ++s) {
      image.push_back(TransformSquare(k, s));
      EXPECT_EQ(TransformSquare(InverseSymmetry(k), TransformSquare(k, s)), s);
    }
    std::vector<int> sorted = image;
    std::sort(sorted.begin(), sorted.end());
    for (int s = 0; s < kSquares; ++s) EXPECT_EQ(sorted[s], s);
    seen.insert(image);
    // Circuits map onto themselves; corners onto corners.
    EXPECT_EQ(TransformBitboard(k, kCorners), kCorners);
    for (int c = 0; c < kCircuitCount; ++c) {
      EXPECT_EQ(TransformBitboard(k, CircuitPoints(c)), CircuitPoints(c));
    }
  }
  EXPECT_EQ(seen.size(), 8u);
  for (int s = 0; s < kSquares; ++s) EXPECT_EQ(TransformSquare(0, s), s);
}

TEST(SymmetryTest, BitboardTransformMatchesSquares) {
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 1000; ++trial) {
    const Bitboard b = rng() & kAllSquares;
    for (int k = 0; k < kSymmetries; ++k) {
      Bitboard expected = 0;
      for (int s = 0; s < kSquares; ++s) {
        if (b & SquareBit(s)) expected |= SquareBit(TransformSquare(k, s));
      }
      EXPECT_EQ(TransformBitboard(k, b), expected);
    }
  }
}

// The orbit counts (the solver's thread parts of symmetry classes) are the
// same for the 8 images of a set, and count each of its points once, in
// the orbit a brute force over the squares' images finds.
TEST(SymmetryTest, OrbitCountsAreTheSameForEveryImage) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 1000; ++trial) {
    const Bitboard b = rng() & rng() & kAllSquares;
    uint64_t expected = 0;
    std::vector<int> orbit_of(kSquares, -1);
    int orbits = 0;
    for (int s = 0; s < kSquares; ++s) {
      if (orbit_of[s] < 0) {
        for (int k = 0; k < kSymmetries; ++k) orbit_of[TransformSquare(k, s)] = orbits;
        ++orbits;
      }
      if (b & SquareBit(s)) expected += uint64_t{1} << (4 * orbit_of[s]);
    }
    ASSERT_EQ(orbits, 6);
    for (int k = 0; k < kSymmetries; ++k) {
      EXPECT_EQ(OrbitCounts(TransformBitboard(k, b)), expected) << "symmetry " << k;
    }
  }
}

TEST(SymmetryTest, SymmetricPositionsHaveMappedMoves) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 5000; ++trial) {
    Position p;
    p.us = rng() & rng() & kAllSquares;
    p.them = rng() & rng() & kAllSquares & ~p.us;
    const auto moves = MoveSet(p);
    for (int k = 0; k < kSymmetries; ++k) {
      const Position q = TransformPosition(k, p);
      std::set<std::tuple<int, int, bool>> mapped;
      for (const auto& [from, to, capture] : moves) {
        mapped.insert(
            {TransformSquare(k, from), TransformSquare(k, to), capture});
      }
      ASSERT_EQ(MoveSet(q), mapped) << FormatPosition(p) << " k=" << k;
    }
    // The colour swap changes only the labels.
    EXPECT_EQ(MoveSet(SwapColors(p)), moves);
  }
}

TEST(SymmetryTest, PerftIsSymmetric) {
  const Position p =
      *ParsePosition("XX..../.X.X../.O.O../..X.O./....O./O..... X");
  const uint64_t expected = Perft(p, 3);
  for (int k = 0; k < kSymmetries; ++k) {
    EXPECT_EQ(Perft(TransformPosition(k, p), 3), expected);
  }
  // The start position is symmetric under the rank mirror and colour swap.
  const Position start = StartPosition();
  const Position mirrored = SwapColors(TransformPosition(2, start));
  EXPECT_EQ(FormatPosition(mirrored),
            "XXXXXX/XXXXXX/....../....../OOOOOO/OOOOOO O");
  EXPECT_EQ(Perft(mirrored, 3), Perft(start, 3));
}

}  // namespace
}  // namespace retro::surakarta
