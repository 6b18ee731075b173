// Tests of the position and roll notation: round trips and every error case.
#include "games/plakoto/notation.h"

#include <string>

#include "gtest/gtest.h"
#include "tests/plakoto/test_positions.h"

namespace retro::plakoto {
namespace {

// Expects `text` to fail to parse with a message containing `needle`.
void ExpectError(const std::string& text, const std::string& needle) {
  absl::StatusOr<Position> position = ParsePosition(text);
  ASSERT_FALSE(position.ok()) << text;
  EXPECT_EQ(position.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(std::string(position.status().message()).find(needle),
            std::string::npos)
      << text << ": " << position.status().message();
}

TEST(NotationTest, ParsesTheSpecExample) {
  absl::StatusOr<Position> position = ParsePosition("p=2 13 1 0 0 0 0");
  ASSERT_TRUE(position.ok()) << position.status();
  EXPECT_EQ(position->points, 6);
  EXPECT_EQ(position->pin, 2);
  EXPECT_EQ(position->board[1], 13);
  EXPECT_EQ(position->board[2], 1);
  EXPECT_EQ(FormatPosition(*position), "p=2 13 1 0 0 0 0");
  // Extra white space is accepted.
  EXPECT_TRUE(ParsePosition("  p=6   8 0 0 0 0 6\n").ok());
}

TEST(NotationTest, RoundTripsEveryP6PositionAndRandomP12) {
  for (int pin = kMinPin; pin <= kMaxPin; ++pin) {
    testing::ForEachDistribution(6, kFreeCheckers, [&](const Board& free) {
      const Position position = PositionFromFree(6, pin, free);
      const std::string text = FormatPosition(position);
      absl::StatusOr<Position> parsed = ParsePosition(text);
      ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.status();
      ASSERT_EQ(*parsed, position);
    });
  }
  std::mt19937 rng(1);
  for (int i = 0; i < 1000; ++i) {
    const Position position = PositionFromFree(
        12, kMinPin + i % 5, testing::RandomDistribution(12, 13, rng));
    absl::StatusOr<Position> parsed = ParsePosition(FormatPosition(position));
    ASSERT_TRUE(parsed.ok());
    ASSERT_EQ(*parsed, position);
  }
}

TEST(NotationTest, Errors) {
  ExpectError("", "empty position");
  ExpectError("13 1 0 0 0 0", "must start with the pin point");
  ExpectError("p=2 13 1 0 0 0", "must be 6 or 12 values");
  ExpectError("p=2 13 1 0 0 0 0 0", "must be 6 or 12 values");
  ExpectError("p=2", "must be 6 or 12 values");
  ExpectError("p=2 13 1 0 0 -1 1", "must be a whole number");
  ExpectError("p=2 13 1 0 0 x 0", "must be a whole number");
  ExpectError("p=2 13 1 0 0 1.5 0", "must be a whole number");
  ExpectError("p=2 13 1 0 0 99999999999 0", "must be a whole number");
  ExpectError("p=2 12 1 0 0 0 0", "must have exactly 14");
  ExpectError("p=2 13 1 0 0 0 1", "must have exactly 14");
  ExpectError("p=2 14 0 0 0 0 0", "no checker on the pin point 2");
  ExpectError("p=4 13 1 0 0 0 0", "no checker on the pin point 4");
  ExpectError("p=1 13 1 0 0 0 0", "must be in 2..6");
  ExpectError("p=7 13 1 0 0 0 0 0 0 0 0 0 0", "must be in 2..6");
  ExpectError("p=0 13 1 0 0 0 0", "must be in 2..6");
  ExpectError("p=x 13 1 0 0 0 0", "not a number");
  ExpectError("p= 13 1 0 0 0 0", "not a number");
}

TEST(NotationTest, Rolls) {
  for (const char* text : {"65", "6-5", "5-6", "6 5", "56"}) {
    absl::StatusOr<Roll> roll = ParseRoll(text);
    ASSERT_TRUE(roll.ok()) << text;
    EXPECT_EQ(FormatRoll(*roll), "6-5");
  }
  EXPECT_TRUE(ParseRoll("3-3")->IsDouble());
  for (const char* text : {"", "7-1", "0-1", "6", "666", "a-b", "6-"}) {
    EXPECT_FALSE(ParseRoll(text).ok()) << text;
  }
}

}  // namespace
}  // namespace retro::plakoto
