// Tests of both board indexers: sizes against the spec's table, bijection onto
// [0, size) for every board with at most 8 seeds, and round trips on large
// boards.
#include <algorithm>
#include <cstdint>
#include <random>

#include "games/oware/board.h"
#include "games/oware/colex_indexer.h"
#include "games/oware/lexicographic_indexer.h"
#include "games/oware/notation.h"
#include "gtest/gtest.h"
#include "tests/oware/test_util.h"

namespace retro::oware {
namespace {

using test::B;

template <typename Indexer>
class IndexerTest : public ::testing::Test {};

using Indexers = ::testing::Types<LexicographicIndexer, ColexIndexer>;
TYPED_TEST_SUITE(IndexerTest, Indexers);

TYPED_TEST(IndexerTest, SizesMatchTheSpecTable) {
  const TypeParam indexer(10);
  const uint64_t states[] = {1,     12,    78,    364,    1365,  4368,
                             12376, 31824, 75582, 167960, 352716};
  const uint64_t cumulative[] = {0,     12,    90,     454,    1819,  6187,
                                 18563, 50387, 125969, 293929, 646645};
  uint64_t sum = 0;
  for (int n = 0; n <= 10; ++n) {
    EXPECT_EQ(indexer.Size(n), states[n]) << n;
    if (n > 0) sum += indexer.Size(n);
    EXPECT_EQ(sum, cumulative[n]) << n;
  }
}

// The bijection on every board of up to 8 seeds is checked for every scheme,
// these two included, in indexing_schemes_test.cc.

TYPED_TEST(IndexerTest, RoundTripsOnLargeBoards) {
  const TypeParam indexer(40);
  EXPECT_EQ(indexer.Size(40), 47626016970ULL);  // C(51, 11)
  std::mt19937_64 rng(7);
  for (int i = 0; i < 20000; ++i) {
    const int n = static_cast<int>(rng() % 41);
    const uint64_t rank = rng() % indexer.Size(n);
    const Board board = indexer.Unrank(n, rank);
    ASSERT_EQ(TotalSeeds(board), n);
    ASSERT_EQ(indexer.Rank(board), rank) << FormatBoard(board);
  }
  // The extremes of the rank range.
  Board all_first;
  all_first.houses[0] = 40;
  Board all_last;
  all_last.houses[11] = 40;
  EXPECT_EQ(std::min(indexer.Rank(all_first), indexer.Rank(all_last)), 0u);
  EXPECT_EQ(std::max(indexer.Rank(all_first), indexer.Rank(all_last)),
            indexer.Size(40) - 1);
}

TYPED_TEST(IndexerTest, CreateValidatesTheLimit) {
  EXPECT_TRUE(TypeParam::Create(0).ok());
  EXPECT_TRUE(TypeParam::Create(TypeParam::kMaxSeeds).ok());
  for (int bad : {-1, TypeParam::kMaxSeeds + 1}) {
    auto indexer = TypeParam::Create(bad);
    ASSERT_FALSE(indexer.ok());
    EXPECT_EQ(indexer.status().code(), absl::StatusCode::kInvalidArgument);
  }
  EXPECT_EQ(TypeParam::Create(9)->max_seeds(), 9);
}

TEST(LexicographicIndexerTest, OrderIsLexicographic) {
  const LexicographicIndexer indexer(6);
  for (int n = 1; n <= 6; ++n) {
    for (uint64_t i = 1; i < indexer.Size(n); ++i) {
      ASSERT_LT(indexer.Unrank(n, i - 1), indexer.Unrank(n, i));
    }
  }
  EXPECT_EQ(indexer.Rank(B("0 0 0 0 0 0 | 0 0 0 0 0 3")), 0u);
  EXPECT_EQ(indexer.Rank(B("0 0 0 0 0 0 | 0 0 0 0 1 2")), 1u);
  EXPECT_EQ(indexer.Rank(B("3 0 0 0 0 0 | 0 0 0 0 0 0")), 363u);
}

TEST(ColexIndexerTest, RankIsTheSumOfBarBinomials) {
  const ColexIndexer indexer(6);
  // Bars at positions p_i = prefix_i + i; rank = sum C(p_i, i + 1).
  // 1 0 2 0 0 0 | 0 0 0 0 0 0: prefixes 1 1 3 3 3 3 3 3 3 3 3.
  // C(1,1) + C(2,2) + [C(5,3) + C(6,4) + ... + C(13,11)]
  // = 1 + 1 + [C(14,11) - C(2,0) - C(3,1) - C(4,2)] = 2 + 354 = 356.
  EXPECT_EQ(indexer.Rank(B("1 0 2 0 0 0 | 0 0 0 0 0 0")), 356u);
  EXPECT_EQ(indexer.Rank(B("0 0 0 0 0 0 | 0 0 0 0 0 3")), 0u);
  EXPECT_EQ(indexer.Rank(B("0 0 0 0 0 0 | 0 0 0 0 1 2")), 1u);
}

TEST(ColexIndexerTest, SuccessorIsTheNextRank) {
  constexpr int kSeeds = 6;
  const ColexIndexer indexer(kSeeds);
  for (int n = 1; n <= kSeeds; ++n) {
    for (uint64_t r = 0; r + 1 < indexer.Size(n); ++r) {
      ASSERT_EQ(ColexIndexer::Successor(indexer.Unrank(n, r)), indexer.Unrank(n, r + 1))
          << n << " " << r;
    }
  }
}

}  // namespace
}  // namespace retro::oware
