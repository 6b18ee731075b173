// Indexers: FuChou's bijection and the symmetry-reduced index are bijections
// on small tables; reduced ranks agree exactly on symmetric positions.
#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "games/surakarta/fuchou_indexer.h"
#include "games/surakarta/symmetric_indexer.h"
#include "games/surakarta/symmetry.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/combinatorics.h"

namespace retro::surakarta {
namespace {

TEST(FuChouIndexerTest, Sizes) {
  const uint64_t expected[] = {1, 72, 2520, 57120, 942480, 12063744, 124658688};
  for (int n = 0; n <= 6; ++n) {
    EXPECT_EQ(FuChouIndexer::Create(n)->Size(), expected[n]);
  }
  EXPECT_THAT(std::string(FuChouIndexer::Create(-1).status().message()),
              ::testing::HasSubstr("bad piece count -1: a table holds 0 to 36 pieces"));
  EXPECT_THAT(std::string(FuChouIndexer::Create(37).status().message()),
              ::testing::HasSubstr("bad piece count 37: a table holds 0 to 36 pieces"));
}

TEST(FuChouIndexerTest, BijectionUpToFourPieces) {
  for (int n = 0; n <= 4; ++n) {
    const FuChouIndexer indexer = *FuChouIndexer::Create(n);
    std::vector<bool> seen(indexer.Size());
    for (uint64_t i = 0; i < indexer.Size(); ++i) {
      Bitboard us, them;
      indexer.Unrank(i, &us, &them);
      ASSERT_EQ(PopCount(us | them), n);
      ASSERT_EQ(us & them, 0u);
      ASSERT_EQ(us & ~kAllSquares, 0u);
      const uint64_t r = indexer.Rank(us, them);
      ASSERT_EQ(r, i);
    }
    // Every placement is reached: enumerate placements directly.
    uint64_t placements = 0;
    std::fill(seen.begin(), seen.end(), false);
    for (Bitboard occ = (Bitboard{1} << n) - 1; occ <= kAllSquares;
         occ = n == 0 ? kAllSquares + 1 : NextCombination(occ)) {
      for (Bitboard us = occ;; us = (us - 1) & occ) {
        const uint64_t r = indexer.Rank(us, occ & ~us);
        ASSERT_LT(r, indexer.Size());
        ASSERT_FALSE(seen[r]);
        seen[r] = true;
        ++placements;
        if (us == 0) break;
      }
    }
    EXPECT_EQ(placements, indexer.Size());
  }
}

// The canonical form by brute force: the smallest (occupied, us) pair over
// the 8 images.
std::pair<Bitboard, Bitboard> BruteCanonical(Bitboard us, Bitboard them) {
  std::pair<Bitboard, Bitboard> best{~Bitboard{0}, 0};
  for (int k = 0; k < kSymmetries; ++k) {
    const Bitboard u = TransformBitboard(k, us);
    const Bitboard t = TransformBitboard(k, them);
    best = std::min(best, std::make_pair(u | t, u));
  }
  return best;
}

TEST(SymmetricIndexerTest, BijectionOnClassesUpToFourPieces) {
  for (int n = 0; n <= 4; ++n) {
    const SymmetricIndexer indexer = *SymmetricIndexer::Create(n);
    const FuChouIndexer full = *FuChouIndexer::Create(n);
    absl::flat_hash_map<uint64_t, std::pair<Bitboard, Bitboard>> class_of_rank;
    absl::flat_hash_map<std::pair<Bitboard, Bitboard>, uint64_t> rank_of_class;
    for (uint64_t i = 0; i < full.Size(); ++i) {
      Bitboard us, them;
      full.Unrank(i, &us, &them);
      const uint64_t r = indexer.Rank(us, them);
      ASSERT_LT(r, indexer.Size());
      const auto canonical = BruteCanonical(us, them);
      const auto [it1, new1] = class_of_rank.try_emplace(r, canonical);
      ASSERT_EQ(it1->second, canonical) << "rank " << r << " shared";
      const auto [it2, new2] = rank_of_class.try_emplace(canonical, r);
      ASSERT_EQ(it2->second, r) << "class split over two ranks";
      ASSERT_EQ(new1, new2);
    }
    EXPECT_EQ(class_of_rank.size(), indexer.Size()) << "n=" << n;
    for (uint64_t r = 0; r < indexer.Size(); ++r) {
      const Position p = indexer.Unrank(r);
      ASSERT_EQ(p.piece_count(), n);
      ASSERT_EQ(indexer.Rank(p), r);
      ASSERT_EQ(BruteCanonical(p.us, p.them), class_of_rank.at(r));
    }
  }
  EXPECT_THAT(
      std::string(SymmetricIndexer::Create(SymmetricIndexer::kMaxPieces + 1).status().message()),
      ::testing::HasSubstr(absl::StrCat("bad piece count ", SymmetricIndexer::kMaxPieces + 1,
                                        " for the symmetric indexer")));
}

TEST(SymmetricIndexerTest, ReductionFactorAndCanonicalize) {
  const SymmetricIndexer indexer = *SymmetricIndexer::Create(5);
  const FuChouIndexer full = *FuChouIndexer::Create(5);
  // Burnside: slightly more than an eighth.
  EXPECT_GT(indexer.Size() * 8, full.Size());
  EXPECT_LT(indexer.Size() * 8, full.Size() + full.Size() / 50);
  for (uint64_t i = 0; i < full.Size(); i += 997) {
    Bitboard us, them, cu, ct;
    full.Unrank(i, &us, &them);
    int k;
    indexer.Canonicalize(us, them, &cu, &ct, &k);
    EXPECT_EQ(TransformBitboard(k, us), cu);
    EXPECT_EQ(TransformBitboard(k, them), ct);
    const Position rep = indexer.Unrank(indexer.Rank(us, them));
    EXPECT_EQ(rep.us, cu);
    EXPECT_EQ(rep.them, ct);
  }
}

// ClassCount (Burnside, no tables) is the size of the built indexer; a
// tablebase reader checks slice sizes with it before building indexers.
TEST(SymmetricIndexerTest, ClassCountIsTheSize) {
  for (int n = 0; n <= 7; ++n) {
    EXPECT_EQ(SymmetricIndexer::ClassCount(n), SymmetricIndexer::Create(n)->Size()) << "n=" << n;
  }
  EXPECT_EQ(SymmetricIndexer::ClassCount(4), 118659u);
  EXPECT_EQ(SymmetricIndexer::ClassCount(6), 15593810u);
}

// The largest indexer (9 pieces, beyond one machine's solve but within a
// cluster plan's): its size is Burnside's count, and on random placements
// every image under the 8 symmetries has the same rank, that rank unranks
// to the brute-force canonical form, and random ranks round-trip.
TEST(SymmetricIndexerTest, TheLargestIndexerOnSamples) {
  const int n = SymmetricIndexer::kMaxPieces;
  const SymmetricIndexer indexer = *SymmetricIndexer::Create(n);
  EXPECT_EQ(indexer.Size(), SymmetricIndexer::ClassCount(n));
  // Burnside by hand over the symmetries' cycle types (identity: 36 points;
  // quarter turns: 9 4-cycles; half turn and the two mirrors: 18 2-cycles;
  // the two diagonal mirrors: 6 points and 15 2-cycles).
  EXPECT_EQ(SymmetricIndexer::ClassCount(9), 6025401200u);
  EXPECT_GT(indexer.Size(), uint64_t{1} << 32);  // ranks beyond 32 bits
  std::mt19937_64 random(9);
  SymmetricIndexer::UnrankCache cache;
  for (int i = 0; i < 20000; ++i) {
    // n distinct squares, each of a random colour, at least one of each.
    Bitboard us = 0, them = 0;
    while (PopCount(us | them) < n) {
      const Bitboard square = SquareBit(static_cast<int>(random() % kSquares));
      if ((us | them) & square) continue;
      (random() % 2 ? us : them) |= square;
    }
    if (us == 0 || them == 0) continue;
    const uint64_t r = indexer.Rank(us, them);
    ASSERT_LT(r, indexer.Size());
    for (int k = 1; k < kSymmetries; ++k) {
      ASSERT_EQ(indexer.Rank(TransformBitboard(k, us), TransformBitboard(k, them)), r);
    }
    const Position p = indexer.Unrank(r);
    ASSERT_EQ(std::make_pair(p.us | p.them, p.us), BruteCanonical(us, them));
    const uint64_t q = random() % indexer.Size();
    const Position u = indexer.Unrank(q, cache);
    ASSERT_EQ(u.piece_count(), n);
    ASSERT_EQ(indexer.Rank(u), q);
  }
}

}  // namespace
}  // namespace retro::surakarta
