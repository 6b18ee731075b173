// Tests for retro/combinatorics.h against Pascal's rule and known values.
#include "retro/combinatorics.h"

#include "gtest/gtest.h"

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

}  // namespace
}  // namespace retro
