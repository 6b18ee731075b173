// Tests for retro/combinatorics.h and retro/dice.h against Pascal's rule,
// known values and brute-force enumeration.
#include "retro/combinatorics.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <map>
#include <vector>

#include "gtest/gtest.h"
#include "retro/dice.h"

namespace retro {
namespace {

TEST(CombinatoricsTest, KnownValues) {
  EXPECT_EQ(Binomial(36, 6), 1947792u);
  EXPECT_EQ(Binomial(24, 13), 2496144u);
  EXPECT_EQ(Binomial(5, 7), 0u);
  EXPECT_EQ(Binomial(-1, 0), 0u);
  EXPECT_EQ(CompositionCount(9, 12), 167960u);  // oware boards with 9 seeds
  EXPECT_EQ(CompositionCount(0, 12), 1u);
}

TEST(CombinatoricsTest, PascalsRule) {
  for (int n = 1; n <= 60; ++n) {
    for (int k = 1; k < n; ++k) {
      EXPECT_EQ(Binomial(n, k), Binomial(n - 1, k - 1) + Binomial(n - 1, k));
    }
  }
}

// Colex order is the numeric order of the masks: counting every mask of n
// bits up and keeping those of `size` bits lists the sets in rank order.
TEST(CombinatoricsTest, CombinationRanksFollowMaskOrder) {
  for (int n = 0; n <= 12; ++n) {
    for (int size = 0; size <= n; ++size) {
      uint64_t expected_rank = 0;
      for (uint64_t mask = 0; mask < (uint64_t{1} << n); ++mask) {
        if (std::popcount(mask) != size) continue;
        ASSERT_EQ(CombinationRank(mask), expected_rank) << "mask " << mask;
        ASSERT_EQ(CombinationUnrank(expected_rank, size, n), mask);
        ++expected_rank;
      }
      EXPECT_EQ(expected_rank, Binomial(n, size)) << n << " choose " << size;
    }
  }
}

TEST(CombinatoricsTest, CombinationOfManyCells) {
  // The last 6-set of 36 cells, and a set reaching cell 63.
  const uint64_t last = ((uint64_t{1} << 6) - 1) << 30;
  EXPECT_EQ(CombinationRank(last), Binomial(36, 6) - 1);
  EXPECT_EQ(CombinationUnrank(Binomial(36, 6) - 1, 6, 36), last);
  const uint64_t wide = (uint64_t{1} << 63) | 5;
  EXPECT_EQ(CombinationUnrank(CombinationRank(wide), 3, 64), wide);
}

// Every composition of `items` over `bins`, listed by brute force.
std::vector<std::vector<int>> AllCompositions(int items, int bins) {
  std::vector<std::vector<int>> all;
  std::vector<int> counts(bins, 0);
  const auto fill = [&](auto&& self, int bin, int left) -> void {
    if (bin == bins - 1) {
      counts[bin] = left;
      all.push_back(counts);
      return;
    }
    for (int c = 0; c <= left; ++c) {
      counts[bin] = c;
      self(self, bin + 1, left - c);
    }
  };
  fill(fill, 0, items);
  return all;
}

TEST(CombinatoricsTest, CompositionRanksAreABijection) {
  for (int bins = 1; bins <= 6; ++bins) {
    for (int items = 0; items <= 7; ++items) {
      const auto all = AllCompositions(items, bins);
      ASSERT_EQ(all.size(), CompositionCount(items, bins));
      std::vector<bool> seen(all.size(), false);
      for (const auto& counts : all) {
        const uint64_t rank = CompositionRank(counts);
        ASSERT_LT(rank, all.size());
        EXPECT_FALSE(seen[rank]) << "rank " << rank << " twice";
        seen[rank] = true;
        std::vector<int> back(bins, -1);
        CompositionUnrank(rank, items, back);
        EXPECT_EQ(back, counts);
      }
    }
  }
}

TEST(CombinatoricsTest, CompositionRankKnownValues) {
  // Everything in the last bin comes first, everything in the first bin last.
  const std::vector<int> last_bin = {0, 0, 0, 5};
  const std::vector<int> first_bin = {5, 0, 0, 0};
  EXPECT_EQ(CompositionRank(last_bin), 0u);
  EXPECT_EQ(CompositionRank(first_bin), CompositionCount(5, 4) - 1);
}

// The rolls of n dice against all faces^n ordered throws, sorted and counted.
TEST(DiceTest, RollsMatchEveryOrderedThrow) {
  for (int dice = 1; dice <= 4; ++dice) {
    for (int faces : {2, 3, 6}) {
      std::map<std::vector<int>, uint64_t> counted;
      uint64_t throws = 1;
      for (int d = 0; d < dice; ++d) throws *= faces;
      for (uint64_t t = 0; t < throws; ++t) {
        std::vector<int> roll;
        for (uint64_t rest = t, d = 0; d < static_cast<uint64_t>(dice); ++d) {
          roll.push_back(static_cast<int>(rest % faces) + 1);
          rest /= faces;
        }
        std::sort(roll.begin(), roll.end());
        ++counted[roll];
      }
      const auto rolls = DiceRolls(dice, faces);
      ASSERT_EQ(rolls.size(), counted.size()) << dice << " dice of " << faces;
      auto expected = counted.begin();
      for (const auto& roll : rolls) {
        EXPECT_EQ(roll.faces, expected->first);
        EXPECT_EQ(roll.weight, expected->second);
        ++expected;
      }
      EXPECT_EQ(DiceTotalWeight(dice, faces), throws);
    }
  }
}

TEST(DiceTest, TwoSixSidedDice) {
  const auto rolls = DiceRolls(2);
  ASSERT_EQ(rolls.size(), 21u);
  EXPECT_EQ(rolls.front().faces, (std::vector<int>{1, 1}));
  EXPECT_EQ(rolls.front().weight, 1u);
  EXPECT_EQ(rolls[1].faces, (std::vector<int>{1, 2}));
  EXPECT_EQ(rolls[1].weight, 2u);
  EXPECT_EQ(rolls.back().faces, (std::vector<int>{6, 6}));
  EXPECT_EQ(DiceTotalWeight(2), 36u);
}

}  // namespace
}  // namespace retro
