// Tests of the bearoff and lexicographic indexers: bijective on the whole
// P = 6 domain, spot checks on P = 12.
#include <random>
#include <vector>

#include "games/plakoto/bearoff_indexer.h"
#include "games/plakoto/lex_indexer.h"
#include "gtest/gtest.h"
#include "tests/plakoto/test_positions.h"

namespace retro::plakoto {
namespace {

template <typename Indexer>
void ExpectBijective(int points, int checkers) {
  const Indexer indexer(points, checkers);
  std::vector<bool> seen(indexer.Size(), false);
  uint64_t count = 0;
  testing::ForEachDistribution(points, checkers, [&](const Board& board) {
    const uint64_t rank = indexer.Rank(board);
    ASSERT_LT(rank, indexer.Size());
    ASSERT_FALSE(seen[rank]) << "rank " << rank << " hit twice";
    seen[rank] = true;
    ASSERT_EQ(indexer.Unrank(rank), board);
    ++count;
  });
  EXPECT_EQ(count, indexer.Size());
  for (uint64_t rank = 0; rank < indexer.Size(); ++rank) {
    ASSERT_EQ(indexer.Rank(indexer.Unrank(rank)), rank);
  }
}

TEST(IndexerTest, SizesMatchTheSpec) {
  EXPECT_EQ(BearoffIndexer(6, 13).Size(), 8568u);
  EXPECT_EQ(BearoffIndexer(12, 13).Size(), 2496144u);
  EXPECT_EQ(LexIndexer(6, 13).Size(), 8568u);
  EXPECT_EQ(LexIndexer(12, 13).Size(), 2496144u);
  // gnubg's bearoff database: up to 15 checkers on 6 points = exactly 15
  // on 7 "points", the seventh being off the board.
  EXPECT_EQ(BearoffIndexer(7, 15).Size(), 54264u);
}

TEST(IndexerTest, BearoffBijectiveOnP6) {
  ExpectBijective<BearoffIndexer>(6, 13);
  ExpectBijective<BearoffIndexer>(6, 14);
  ExpectBijective<BearoffIndexer>(3, 0);
  ExpectBijective<BearoffIndexer>(1, 13);
}

TEST(IndexerTest, LexBijectiveOnP6) {
  ExpectBijective<LexIndexer>(6, 13);
  ExpectBijective<LexIndexer>(6, 14);
  ExpectBijective<LexIndexer>(3, 0);
  ExpectBijective<LexIndexer>(1, 13);
}

TEST(IndexerTest, BearoffKnownRanks) {
  const BearoffIndexer indexer(12, 13);
  Board all_on_one{};
  all_on_one[1] = 13;
  EXPECT_EQ(indexer.Rank(all_on_one), 0u);
  Board all_on_top{};
  all_on_top[12] = 13;
  EXPECT_EQ(indexer.Rank(all_on_top), indexer.Size() - 1);
  Board one_up{};
  one_up[1] = 12;
  one_up[2] = 1;
  EXPECT_EQ(indexer.Rank(one_up), 1u);  // U_11 = 1: C(11, 11)
}

TEST(IndexerTest, BearoffNextVisitsRanksInOrder) {
  for (int points : {1, 3, 6}) {
    const BearoffIndexer indexer(points, 13);
    Board board = indexer.Unrank(0);
    uint64_t rank = 0;
    do {
      ASSERT_EQ(indexer.Rank(board), rank);
      ++rank;
    } while (indexer.Next(&board));
    EXPECT_EQ(rank, indexer.Size());
  }
  const BearoffIndexer indexer(12, 14);
  Board board = indexer.Unrank(123456);
  for (uint64_t rank = 123456; rank < 323456; ++rank) {
    ASSERT_EQ(indexer.Rank(board), rank);
    ASSERT_TRUE(indexer.Next(&board));
  }
}

TEST(IndexerTest, BearoffRankPlusCheckerAgreesWithRank) {
  for (int points : {1, 2, 6, 12}) {
    const BearoffIndexer free(points, 13), whole(points, 14);
    std::mt19937 rng(points);
    for (int i = 0; i < 5000; ++i) {
      const Board board = testing::RandomDistribution(points, 13, rng);
      const uint64_t rank = free.Rank(board);
      for (int point = 1; point <= points; ++point) {
        Board plus = board;
        ++plus[point];
        ASSERT_EQ(free.RankPlusChecker(board, rank, point), whole.Rank(plus))
            << "P = " << points << ", point " << point;
      }
    }
  }
}

template <typename Indexer>
void SpotCheckP12() {
  const Indexer indexer(12, 13);
  std::mt19937_64 rng(42);
  for (int i = 0; i < 20000; ++i) {
    const uint64_t rank = rng() % indexer.Size();
    const Board board = indexer.Unrank(rank);
    int total = 0;
    for (int k = 1; k <= 12; ++k) total += board[k];
    ASSERT_EQ(total, 13);
    ASSERT_EQ(indexer.Rank(board), rank);
  }
  std::mt19937 rng32(3);
  for (int i = 0; i < 20000; ++i) {
    const Board board = testing::RandomDistribution(12, 13, rng32);
    ASSERT_EQ(indexer.Unrank(indexer.Rank(board)), board);
  }
}

TEST(IndexerTest, SpotChecksOnP12) {
  SpotCheckP12<BearoffIndexer>();
  SpotCheckP12<LexIndexer>();
}

}  // namespace
}  // namespace retro::plakoto
