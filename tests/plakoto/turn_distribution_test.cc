// Tests of the optional turn distributions: they sum to one, their mean is
// D, and the all-on-point-one positions are geometric.
#include "plugins/plakoto/turn_distribution.h"

#include <cmath>

#include "gtest/gtest.h"
#include "tests/framework/expect_status.h"

namespace retro::plakoto {
namespace {

TEST(TurnDistributionTest, MeanIsTheDatabaseValue) {
  for (int pin = 2; pin <= 6; ++pin) {
    absl::StatusOr<PinDatabase> db = PinDatabase::Build(6, pin);
    ASSERT_TRUE(db.ok());
    TurnDistributionOptions options;
    options.max_turns = 400;
    absl::StatusOr<TurnDistribution> dist = TurnDistribution::Build(*db, options);
    ASSERT_TRUE(dist.ok()) << dist.status();
    ASSERT_EQ(dist->size(), db->size());
    for (uint64_t i = 0; i < db->size(); ++i) {
      double mass = 0, mean = 0;
      for (int t = 1; t <= dist->max_turns(); ++t) {
        mass += dist->Of(i)[t - 1];
        mean += t * dist->Of(i)[t - 1];
      }
      ASSERT_NEAR(mass, 1.0, 1e-5);
      ASSERT_LT(dist->Tail(i), 1e-5);
      ASSERT_NEAR(mean, db->values()[i], 1e-4 * db->values()[i]);
    }
    // All free checkers on point 1: T is geometric, P(T = t) = q^(t-1) (1-q).
    Board free{};
    free[1] = 13;
    const uint64_t index = db->IndexOf(PositionFromFree(6, pin, free));
    const double q = (7.0 - pin) * (7.0 - pin) / 36;
    for (int t = 1; t <= 20; ++t) {
      EXPECT_NEAR(dist->Of(index)[t - 1], std::pow(q, t - 1) * (1 - q), 1e-7);
    }
  }
}

TEST(TurnDistributionTest, SizesAndErrors) {
  EXPECT_EQ(TurnDistribution::StorageBytes(6, 64), 8568u * 64 * 4);
  EXPECT_EQ(TurnDistribution::StorageBytes(12, 64), 2496144ull * 64 * 4);
  absl::StatusOr<PinDatabase> db = PinDatabase::Build(6, 3);
  ASSERT_TRUE(db.ok());
  TurnDistributionOptions options;
  options.max_turns = 0;
  EXPECT_TRUE(::retro::testing::HasStatus(TurnDistribution::Build(*db, options),
                                          absl::StatusCode::kInvalidArgument,
                                          {"max_turns 0 is out of range; must be in 1..4096"}));
  options.max_turns = 5000;
  EXPECT_TRUE(::retro::testing::HasStatus(TurnDistribution::Build(*db, options),
                                          absl::StatusCode::kInvalidArgument,
                                          {"max_turns 5000 is out of range; must be in 1..4096"}));
}

}  // namespace
}  // namespace retro::plakoto
