// Tests of the board notation: round trips, accepted spellings and every
// error a user can cause.
#include "games/oware/notation.h"

#include <string>

#include "gtest/gtest.h"
#include "tests/framework/expect_status.h"
#include "tests/oware/test_util.h"

namespace retro::oware {
namespace {

// The error message of parsing `text`, or "" (with a failure) if it parsed.
std::string ParseError(const std::string& text) {
  absl::StatusOr<Board> board = ParseBoard(text);
  if (board.ok()) {
    ADD_FAILURE() << "\"" << text << "\" parsed as " << FormatBoard(*board);
    return "";
  }
  EXPECT_EQ(board.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(board.status().message());
}

void ExpectContains(const std::string& message, const std::string& part) {
  EXPECT_NE(message.find(part), std::string::npos)
      << "\"" << message << "\" lacks \"" << part << "\"";
}

TEST(NotationTest, ParsesTheStartPosition) {
  absl::StatusOr<Board> board = ParseBoard("4 4 4 4 4 4 | 4 4 4 4 4 4");
  ASSERT_TRUE(board.ok()) << board.status();
  for (uint8_t h : board->houses) EXPECT_EQ(h, 4);
}

TEST(NotationTest, FormatsWithABar) {
  Board board;
  for (int i = 0; i < kHouses; ++i) board.houses[i] = static_cast<uint8_t>(i);
  EXPECT_EQ(FormatBoard(board), "0 1 2 3 4 5 | 6 7 8 9 10 11");
}

TEST(NotationTest, AcceptedSpellings) {
  const Board expected = test::B("1 2 3 4 5 6 | 7 8 9 10 11 12");
  for (const char* text : {
           "1 2 3 4 5 6 7 8 9 10 11 12",
           "1,2,3,4,5,6,7,8,9,10,11,12",
           "1, 2, 3, 4, 5, 6 | 7, 8, 9, 10, 11, 12",
           "1 2 3 4 5 6|7 8 9 10 11 12",
           "  1\t2 3 4 5 6 |7 8 9 10 11 12\n",
           "01 2 3 4 5 6 | 7 8 9 10 11 0012",
       }) {
    absl::StatusOr<Board> board = ParseBoard(text);
    ASSERT_TRUE(board.ok()) << text << ": " << board.status();
    EXPECT_EQ(*board, expected) << text;
  }
}

TEST(NotationTest, RoundTripsEveryBoardUpToThreeSeeds) {
  for (int n = 0; n <= 3; ++n) {
    test::ForEachBoard(n, [](const Board& board) {
      absl::StatusOr<Board> parsed = ParseBoard(FormatBoard(board));
      ASSERT_TRUE(parsed.ok()) << parsed.status();
      EXPECT_EQ(*parsed, board);
    });
  }
  Board big;
  big.houses[0] = 48;
  big.houses[2] = 255;
  EXPECT_TRUE(::retro::testing::HasStatus(
      ParseBoard(FormatBoard(big)), absl::StatusCode::kInvalidArgument,
      {"the board holds 303 seeds in total; at most 255 are supported"}));
  const Board max = test::B("0 0 200 0 0 0 | 0 0 0 0 0 55");
  EXPECT_EQ(*ParseBoard(FormatBoard(max)), max);
}

TEST(NotationTest, WrongCountSaysHowManyAndThatTwelveAreNeeded) {
  std::string message = ParseError("4 4 4 4 4 4 | 4 4 4 4 4");
  ExpectContains(message, "found 11");
  ExpectContains(message, "12");
  ExpectContains(ParseError("4 4 4 4 4 4 4 4 4 4 4 4 4"), "found 13");
  ExpectContains(ParseError(""), "found 0");
  ExpectContains(ParseError("   ,, "), "found 0");
}

TEST(NotationTest, NegativeValue) {
  const std::string message = ParseError("4 4 -4 4 4 4 | 4 4 4 4 4 4");
  ExpectContains(message, "house 2");
  ExpectContains(message, "negative");
}

TEST(NotationTest, NonNumericValues) {
  for (const char* text :
       {"4 4 4 x 4 4 | 4 4 4 4 4 4", "4 4 4 4e1 4 4 | 4 4 4 4 4 4",
        "4 4 4 +4 4 4 | 4 4 4 4 4 4", "4 4 4 4.0 4 4 | 4 4 4 4 4 4",
        "4 4 4 - 4 4 | 4 4 4 4 4 4", "4 4 4 \xff 4 4 | 4 4 4 4 4 4"}) {
    const std::string message = ParseError(text);
    ExpectContains(message, "house 3");
    ExpectContains(message, "not a number");
  }
}

TEST(NotationTest, AbsurdlyLargeValues) {
  ExpectContains(ParseError("4 4 4 4 4 256 | 4 4 4 4 4 4"), "at most 255");
  ExpectContains(ParseError("4 4 4 4 4 4 | 4 4 4 4 4 "
                            "99999999999999999999999999999999999999"),
                 "house 11");
  ExpectContains(ParseError("200 0 0 0 0 0 | 0 0 0 0 0 56"),
                 "256 seeds in total");
}

TEST(NotationTest, MisplacedBar) {
  ExpectContains(ParseError("4 4 4 4 4 | 4 4 4 4 4 4 4"), "after 5");
  ExpectContains(ParseError("| 4 4 4 4 4 4 4 4 4 4 4 4"), "after 0");
  ExpectContains(ParseError("4 4 4 4 4 4 4 4 4 4 4 4 |"), "after 12");
  ExpectContains(ParseError("4 4 4 4 4 4 || 4 4 4 4 4 4"), "more than one");
}

TEST(NotationTest, GarbageNeverCrashes) {
  for (const char* text : {"|", "||||", ",", "4|4", "-", "--1", "\0",
                           "4 4 4 4 4 4 | 4 4 4 4 4 4 |"}) {
    EXPECT_FALSE(ParseBoard(text).ok()) << text;
  }
  const std::string long_input(100000, '9');
  EXPECT_FALSE(ParseBoard(long_input).ok());
}

TEST(NotationTest, SeedsCoveredByTheBook) {
  const Board board = test::B("4 4 4 4 4 4 | 4 4 4 4 4 4");
  EXPECT_TRUE(CheckSeedsCovered(board, 48).ok());
  const absl::Status status = CheckSeedsCovered(board, 9);
  EXPECT_EQ(status.code(), absl::StatusCode::kOutOfRange);
  ExpectContains(std::string(status.message()), "48 seeds");
  ExpectContains(std::string(status.message()), "at most 9");
}

}  // namespace
}  // namespace retro::oware
