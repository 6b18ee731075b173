// The match statistics (retro/host/match_statistics.h) against values computed by
// hand from the formulas, and the player-spec syntax (retro/play.h).
#include "retro/host/match_statistics.h"

#include <cmath>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/play.h"

namespace retro {
namespace {

using ::testing::HasSubstr;

TEST(MatchStatisticsTest, EloOfKnownScores) {
  EXPECT_DOUBLE_EQ(EloFromScore(0.5), 0);
  // 400 log10(3): a score of 3/4 is 190.85 Elo.
  EXPECT_NEAR(EloFromScore(0.75), 190.848501, 1e-5);
  EXPECT_NEAR(EloFromScore(0.25), -190.848501, 1e-5);
  // 400 log10(10/1) = 400 at 10/11.
  EXPECT_NEAR(EloFromScore(10.0 / 11.0), 400, 1e-9);
  EXPECT_TRUE(std::isinf(EloFromScore(1)) && EloFromScore(1) > 0);
  EXPECT_TRUE(std::isinf(EloFromScore(0)) && EloFromScore(0) < 0);
}

TEST(MatchStatisticsTest, SixWinsTwoDrawsTwoLosses) {
  // s = (6 + 1) / 10 = 0.7; per-game variance
  // (6 * 0.3^2 + 2 * 0.2^2 + 2 * 0.7^2) / 10 = (0.54 + 0.08 + 0.98) / 10 = 0.16;
  // half width 1.96 * sqrt(0.16 / 10) = 1.96 * 0.126491 = 0.247918.
  const ScoreEstimate e = EstimateScore({.wins = 6, .draws = 2, .losses = 2});
  EXPECT_DOUBLE_EQ(e.score, 0.7);
  EXPECT_NEAR(e.low, 0.452082, 1e-6);
  EXPECT_NEAR(e.high, 0.947918, 1e-6);
  // -400 log10(1 / 0.7 - 1) = 400 log10(7 / 3) = 147.1907.
  EXPECT_NEAR(e.elo, 147.1907, 1e-4);
  EXPECT_NEAR(e.elo_low, -33.3994, 1e-4);
  EXPECT_NEAR(e.elo_high, 504.0333, 1e-4);
}

TEST(MatchStatisticsTest, EvenMatch) {
  // s = 0.5, variance (300 * 0.25 + 400 * 0 + 300 * 0.25) / 1000 = 0.15,
  // half width 1.96 * sqrt(0.15 / 1000) = 0.0240046.
  const ScoreEstimate e = EstimateScore({.wins = 300, .draws = 400, .losses = 300});
  EXPECT_DOUBLE_EQ(e.score, 0.5);
  EXPECT_NEAR(e.high - 0.5, 0.0240046, 1e-6);
  EXPECT_NEAR(0.5 - e.low, 0.0240046, 1e-6);
  EXPECT_NEAR(e.elo, 0, 1e-9);
  EXPECT_NEAR(e.elo_high, 16.6929, 1e-4);
  EXPECT_NEAR(e.elo_low, -16.6929, 1e-4);
}

TEST(MatchStatisticsTest, EdgesAreClippedAndInfinite) {
  const ScoreEstimate all = EstimateScore({.wins = 10, .draws = 0, .losses = 0});
  EXPECT_DOUBLE_EQ(all.score, 1);
  EXPECT_DOUBLE_EQ(all.low, 1);  // no variance
  EXPECT_TRUE(std::isinf(all.elo));
  const ScoreEstimate split = EstimateScore({.wins = 1, .draws = 0, .losses = 1});
  EXPECT_DOUBLE_EQ(split.low, 0);   // 0.5 - 0.69 clipped
  EXPECT_DOUBLE_EQ(split.high, 1);  // 0.5 + 0.69 clipped
  EXPECT_TRUE(std::isinf(split.elo_low) && split.elo_low < 0);
  const ScoreEstimate none = EstimateScore({});
  EXPECT_DOUBLE_EQ(none.score, 0.5);
  EXPECT_DOUBLE_EQ(none.elo, 0);
}

TEST(PlayerSpecTest, SplitsKeyValuePairs) {
  auto spec = ParsePlayerSpec("book=oware-12.retro,eval=material,depth=8");
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ(spec->size(), 3u);
  EXPECT_EQ(spec->at("book"), "oware-12.retro");
  EXPECT_EQ(spec->at("depth"), "8");
  EXPECT_EQ(FormatPlayerSpec(*spec), "book=oware-12.retro,depth=8,eval=material");
  auto empty = ParsePlayerSpec("");
  ASSERT_TRUE(empty.ok());
  EXPECT_TRUE(empty->empty());
  // A value may hold '=' (a file name): split at the first one.
  EXPECT_EQ(ParsePlayerSpec("book=a=b.retro")->at("book"), "a=b.retro");
}

TEST(PlayerSpecTest, RefusesMalformedSpecs) {
  for (const char* bad : {"depth", "depth=", "=8", "depth=8,", ",depth=8", "depth=8,,eval=x"}) {
    auto spec = ParsePlayerSpec(bad);
    EXPECT_FALSE(spec.ok()) << bad;
    EXPECT_THAT(spec.status().message(), HasSubstr("is not key=value")) << bad;
  }
  auto twice = ParsePlayerSpec("depth=8,depth=9");
  EXPECT_FALSE(twice.ok());
  EXPECT_THAT(twice.status().message(), HasSubstr("depth twice"));
}

TEST(PlayerSpecTest, ChecksKeysAndChoices) {
  PlayDescription play;
  play.player_options = {{"depth", "D", "plies", "", {}},
                         {"eval", "NAME", "evaluation", "material", {"material", "evolved5"}}};
  EXPECT_TRUE(CheckPlayerSpec(play, {{"depth", "3"}, {"eval", "evolved5"}}, "--a").ok());
  absl::Status unknown = CheckPlayerSpec(play, {{"dept", "3"}}, "--a");
  EXPECT_EQ(unknown.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(unknown.message(), HasSubstr("unknown key 'dept' in player spec --a"));
  EXPECT_THAT(unknown.message(), HasSubstr("valid keys: depth, eval"));
  absl::Status choice = CheckPlayerSpec(play, {{"eval", "best"}}, "--b");
  EXPECT_THAT(choice.message(), HasSubstr("invalid value 'best' for eval in player spec --b"));
  EXPECT_THAT(choice.message(), HasSubstr("valid: material, evolved5"));
}

}  // namespace
}  // namespace retro
