// Tests for the parameter helpers (retro/parameters.h): strict integer
// parsing, range checks, and ResolveParameters' checks and defaults, with
// the wording users see.
#include "retro/parameters.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace retro {
namespace {

using ::testing::HasSubstr;

TEST(ParseIntegerTest, AcceptsWholeNumbers) {
  EXPECT_EQ(*ParseInteger("0", "x"), 0);
  EXPECT_EQ(*ParseInteger("-0", "x"), 0);
  EXPECT_EQ(*ParseInteger("42", "x"), 42);
  EXPECT_EQ(*ParseInteger("-17", "x"), -17);
  EXPECT_EQ(*ParseInteger("007", "x"), 7);
  EXPECT_EQ(*ParseInteger("9223372036854775807", "x"),
            std::numeric_limits<int64_t>::max());
  EXPECT_EQ(*ParseInteger("-9223372036854775808", "x"),
            std::numeric_limits<int64_t>::min());
}

TEST(ParseIntegerTest, RejectsJunk) {
  for (const char* junk : {"abc", "12x", "x12", " 12", "12 ", "1.5", "1e3",
                           "0x10", "-", "--1", "+5", "1,000", "\t3", "3\n"}) {
    auto parsed = ParseInteger(junk, "--seeds");
    ASSERT_FALSE(parsed.ok()) << '"' << junk << '"';
    EXPECT_EQ(parsed.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(std::string(parsed.status().message()), HasSubstr("--seeds '"));
    EXPECT_THAT(std::string(parsed.status().message()),
                HasSubstr("is not a whole number"));
  }
}

TEST(ParseIntegerTest, RejectsEmpty) {
  auto parsed = ParseInteger("", "--depth");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().message(),
            "--depth is empty; expected a whole number");
}

TEST(ParseIntegerTest, RejectsOverflow) {
  for (const char* big : {"9223372036854775808", "-9223372036854775809",
                          "99999999999999999999999999"}) {
    auto parsed = ParseInteger(big, "position");
    ASSERT_FALSE(parsed.ok()) << big;
    EXPECT_EQ(parsed.status().message(),
              "position '" + std::string(big) + "' is out of range");
  }
}

TEST(GetIntParameterTest, ChecksTheRange) {
  const ParameterValues values = {{"n", "5"}, {"low", "-1"}, {"junk", "five"}};
  EXPECT_EQ(*GetIntParameter(values, "n", 5, 5), 5);
  EXPECT_EQ(*GetIntParameter(values, "n", 0, 10), 5);
  auto above = GetIntParameter(values, "n", 0, 4);
  ASSERT_FALSE(above.ok());
  EXPECT_EQ(above.status().message(), "--n 5 is out of range; valid: 0..4");
  auto below = GetIntParameter(values, "low", 0, 4);
  ASSERT_FALSE(below.ok());
  EXPECT_EQ(below.status().message(), "--low -1 is out of range; valid: 0..4");
  auto junk = GetIntParameter(values, "junk", 0, 4);
  ASSERT_FALSE(junk.ok());
  EXPECT_EQ(junk.status().message(), "--junk 'five' is not a whole number; valid: 0..4");
  const ParameterValues huge = {{"big", "99999999999999999999"}, {"empty", ""}};
  EXPECT_EQ(GetIntParameter(huge, "big", 1, 9).status().message(),
            "--big '99999999999999999999' is out of range; valid: 1..9");
  EXPECT_EQ(GetIntParameter(huge, "empty", 1, 9).status().message(),
            "--empty is empty; expected a whole number; valid: 1..9");
  auto missing = GetIntParameter(values, "absent", 0, 4);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message(), "missing parameter --absent");
}

std::vector<ParameterSpec> Specs() {
  return {
      {"seeds", "N", "seeds on the board", "", {}},
      {"rule", "R", "capture rule", "grand-slam", {"grand-slam", "no-capture"}},
      {"depth", "D", "search depth", "3", {}},
  };
}

TEST(ResolveParametersTest, FillsDefaultsAndKeepsGivenValues) {
  auto resolved = ResolveParameters(Specs(), {{"seeds", "9"}}, "game oware");
  ASSERT_TRUE(resolved.ok()) << resolved.status();
  EXPECT_EQ(*resolved,
            (ParameterValues{
                {"seeds", "9"}, {"rule", "grand-slam"}, {"depth", "3"}}));
  resolved = ResolveParameters(
      Specs(), {{"seeds", "4"}, {"rule", "no-capture"}, {"depth", "x"}},
      "game oware");
  ASSERT_TRUE(resolved.ok()) << resolved.status();
  EXPECT_EQ(resolved->at("rule"), "no-capture");
  EXPECT_EQ(resolved->at("depth"), "x");  // meaning is the plugin's to check
}

TEST(ResolveParametersTest, UnknownNameListsValidOnes) {
  auto resolved = ResolveParameters(
      Specs(), {{"seeds", "9"}, {"colour", "red"}}, "game oware");
  ASSERT_FALSE(resolved.ok());
  EXPECT_EQ(resolved.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(resolved.status().message(),
            "unknown parameter --colour for game oware; valid: --seeds, "
            "--rule, --depth");
}

TEST(ResolveParametersTest, UnknownNameWithNoParameters) {
  auto resolved = ResolveParameters({}, {{"x", "1"}}, "probing countdown");
  ASSERT_FALSE(resolved.ok());
  EXPECT_EQ(resolved.status().message(),
            "unknown parameter --x for probing countdown; valid: none");
  EXPECT_TRUE(ResolveParameters({}, {}, "nothing")->empty());
}

TEST(ResolveParametersTest, BadChoiceListsChoices) {
  auto resolved = ResolveParameters(
      Specs(), {{"seeds", "9"}, {"rule", "Grand-Slam"}}, "game oware");
  ASSERT_FALSE(resolved.ok());
  EXPECT_EQ(
      resolved.status().message(),
      "invalid value 'Grand-Slam' for --rule; valid: grand-slam, no-capture");
}

TEST(ResolveParametersTest, MissingRequired) {
  auto resolved = ResolveParameters(Specs(), {{"depth", "2"}}, "game oware");
  ASSERT_FALSE(resolved.ok());
  EXPECT_EQ(resolved.status().message(),
            "missing required parameter --seeds N for game oware");
}

}  // namespace
}  // namespace retro
