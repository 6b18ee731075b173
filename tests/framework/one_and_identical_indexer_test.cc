// Tests for retro/one_and_identical_indexer.h: every placement enumerated by
// brute force gets a distinct index below Size() and comes back from it.
#include "retro/one_and_identical_indexer.h"

#include <bit>
#include <cstdint>
#include <set>

#include "gtest/gtest.h"

namespace retro {
namespace {

// For each board size and count, every placement (one point, then every
// mask of k other points) ranks into [0, Size()) without collision, the
// ranks cover Size() exactly, and Unrank gives the placement back.
TEST(OneAndIdenticalIndexerTest, IsABijectionOntoItsSize) {
  for (int points = 1; points <= 12; ++points) {
    for (int identical = 0; identical < points; ++identical) {
      const OneAndIdenticalIndexer indexer(points, identical);
      std::set<uint64_t> ranks;
      for (int one = 0; one < points; ++one) {
        for (uint64_t others = 0; others < (uint64_t{1} << points); ++others) {
          if (std::popcount(others) != identical || (others >> one & 1) != 0) continue;
          const uint64_t rank = indexer.Rank(one, others);
          ASSERT_LT(rank, indexer.Size()) << points << " " << identical;
          EXPECT_TRUE(ranks.insert(rank).second) << "collision at " << rank;
          const auto [one_back, others_back] = indexer.Unrank(rank);
          EXPECT_EQ(one_back, one);
          EXPECT_EQ(others_back, others);
        }
      }
      EXPECT_EQ(ranks.size(), indexer.Size()) << points << " points, " << identical;
    }
  }
}

// The sizes of a hare and three hounds on 11 points, and of the edge cases.
TEST(OneAndIdenticalIndexerTest, Sizes) {
  EXPECT_EQ(OneAndIdenticalIndexer(11, 3).Size(), 11u * 120u);
  EXPECT_EQ(OneAndIdenticalIndexer(1, 0).Size(), 1u);
  EXPECT_EQ(OneAndIdenticalIndexer(64, 2).Size(), 64u * 1953u);
  static_assert(OneAndIdenticalIndexer(5, 2).Rank(4, 0b11) == 4 * 6 + 0);
}

// The last point (63) for the distinct piece and the identical ones below.
TEST(OneAndIdenticalIndexerTest, HandlesTheSixtyFourthPoint) {
  const OneAndIdenticalIndexer indexer(64, 2);
  const uint64_t others = (uint64_t{1} << 62) | 1;
  const uint64_t rank = indexer.Rank(63, others);
  EXPECT_EQ(indexer.Unrank(rank), std::make_pair(63, others));
  const uint64_t first = (uint64_t{1} << 63) | (uint64_t{1} << 5);
  EXPECT_EQ(indexer.Unrank(indexer.Rank(0, first)), std::make_pair(0, first));
}

}  // namespace
}  // namespace retro
