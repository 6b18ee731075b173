// Tests of rule-variant parsing, formatting and validation.
#include "games/oware/rules.h"

#include "gtest/gtest.h"
#include "tests/framework/expect_status.h"

namespace retro::oware {
namespace {

TEST(RulesTest, DefaultsAreTheSpecDefaults) {
  const Rules rules;
  EXPECT_EQ(rules.grand_slam, GrandSlam::kForfeit);
  EXPECT_EQ(rules.at_limit, AtLimit::kNobody);
  EXPECT_EQ(rules.turn_limit, 200);
  EXPECT_TRUE(ValidateRules(rules).ok());
  EXPECT_EQ(FormatRules(rules),
            "grand-slam=forfeit at-limit=nobody turn-limit=200");
}

TEST(RulesTest, GrandSlamNamesRoundTrip) {
  for (GrandSlam g :
       {GrandSlam::kForfeit, GrandSlam::kCapture, GrandSlam::kForcedOnly}) {
    absl::StatusOr<GrandSlam> parsed = ParseGrandSlam(GrandSlamName(g));
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    EXPECT_EQ(*parsed, g);
  }
  EXPECT_EQ(GrandSlamName(GrandSlam::kForcedOnly), "forced-only");
}

TEST(RulesTest, AtLimitNamesRoundTrip) {
  for (AtLimit a : {AtLimit::kNobody, AtLimit::kOwnSide}) {
    absl::StatusOr<AtLimit> parsed = ParseAtLimit(AtLimitName(a));
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    EXPECT_EQ(*parsed, a);
  }
  EXPECT_EQ(AtLimitName(AtLimit::kOwnSide), "own-side");
}

TEST(RulesTest, UnknownGrandSlamListsValidNames) {
  absl::StatusOr<GrandSlam> parsed = ParseGrandSlam("Capture");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().code(), absl::StatusCode::kInvalidArgument);
  const std::string message(parsed.status().message());
  EXPECT_NE(message.find("\"Capture\""), std::string::npos) << message;
  for (const char* name : {"forfeit", "capture", "forced-only"}) {
    EXPECT_NE(message.find(name), std::string::npos) << message;
  }
  EXPECT_TRUE(::retro::testing::HasStatus(ParseGrandSlam(""), absl::StatusCode::kInvalidArgument,
                                          {"unknown grand slam rule \"\""}));
}

TEST(RulesTest, UnknownAtLimitListsValidNames) {
  absl::StatusOr<AtLimit> parsed = ParseAtLimit("owner");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().code(), absl::StatusCode::kInvalidArgument);
  const std::string message(parsed.status().message());
  EXPECT_NE(message.find("\"owner\""), std::string::npos) << message;
  EXPECT_NE(message.find("nobody"), std::string::npos) << message;
  EXPECT_NE(message.find("own-side"), std::string::npos) << message;
}

TEST(RulesTest, ValidateRejectsNonPositiveTurnLimit) {
  Rules rules;
  rules.turn_limit = 0;
  const absl::Status status = ValidateRules(rules);
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(status.message().find("at least 1"), absl::string_view::npos);
  rules.turn_limit = 1;
  EXPECT_TRUE(ValidateRules(rules).ok());
}

TEST(RulesTest, ValidateRejectsOutOfRangeEnums) {
  Rules rules;
  rules.grand_slam = static_cast<GrandSlam>(7);
  EXPECT_TRUE(::retro::testing::HasStatus(ValidateRules(rules), absl::StatusCode::kInvalidArgument,
                                          {"invalid grand slam rule value 7"}));
  rules = Rules();
  rules.at_limit = static_cast<AtLimit>(-1);
  EXPECT_TRUE(::retro::testing::HasStatus(ValidateRules(rules), absl::StatusCode::kInvalidArgument,
                                          {"invalid at-limit rule value -1"}));
}

}  // namespace
}  // namespace retro::oware
