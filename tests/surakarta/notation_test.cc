// Position and move notation: round trips and error messages.
#include "games/surakarta/notation.h"

#include <random>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace retro::surakarta {
namespace {

using ::testing::HasSubstr;

TEST(NotationTest, StartPosition) {
  EXPECT_EQ(FormatPosition(StartPosition()),
            "XXXXXX/XXXXXX/....../....../OOOOOO/OOOOOO X");
  const absl::StatusOr<Position> p =
      ParsePosition("  XXXXXX/XXXXXX/....../....../OOOOOO/OOOOOO X \n");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(*p, StartPosition());
}

TEST(NotationTest, RandomRoundTrips) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    const Bitboard x = rng() & kAllSquares;
    const Bitboard o = rng() & kAllSquares & ~x;
    const Position p = MakePosition(x, o, trial % 2 ? Color::kX : Color::kO);
    const std::string text = FormatPosition(p);
    const absl::StatusOr<Position> back = ParsePosition(text);
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(*back, p) << text;
  }
}

TEST(NotationTest, SideToMoveIsUs) {
  const Position p =
      *ParsePosition("X...../....../....../....../....../.....O O");
  EXPECT_EQ(p.us, SquareBit(35));
  EXPECT_EQ(p.them, SquareBit(0));
  EXPECT_EQ(p.pieces(Color::kX), SquareBit(0));
}

TEST(NotationTest, PositionErrors) {
  struct Case {
    const char* text;
    const char* expected;
  };
  const Case cases[] = {
      {"", "0 space-separated fields"},
      {"XXXXXX/XXXXXX/....../....../OOOOOO X", "found 5 rows"},
      {"XXXXXX/XXXXXX/....../....../OOOOOO/OOOOOO/...... X", "found 7 rows"},
      {"XXXXX/XXXXXX/....../....../OOOOOO/OOOOOO X", "row 1"},
      {"XXXXXX/XXXXXXX/....../....../OOOOOO/OOOOOO X", "has 7 characters"},
      {"XXXXXX/XXXXXX/..x.../....../OOOOOO/OOOOOO X",
       "unexpected character 'x'"},
      {"XXXXXX/XXXXXX/....../....../OOOOOO/OOOOOO Y", "must be X or O"},
      {"XXXXXX/XXXXXX/....../....../OOOOOO/OOOOOO", "1 space-separated"},
      {"XXXXXX/XXXXXX/....../....../OOOOOO/OOOOOO X extra", "3 space"},
  };
  for (const Case& c : cases) {
    const absl::StatusOr<Position> p = ParsePosition(c.text);
    ASSERT_FALSE(p.ok()) << c.text;
    EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(std::string(p.status().message()), HasSubstr(c.expected))
        << c.text;
  }
}

TEST(NotationTest, Moves) {
  EXPECT_EQ(FormatMove(Move{7, 13, false}), "b2-b3");
  EXPECT_EQ(FormatMove(Move{7, 27, true}), "b2xd5");
  for (const char* text : {"b2-b3", "b2xd5", "a1-f6", "f6xa1"}) {
    const absl::StatusOr<Move> m = ParseMove(text);
    ASSERT_TRUE(m.ok()) << m.status();
    EXPECT_EQ(FormatMove(*m), text);
  }
  for (const char* text :
       {"", "b2b3", "b2+b3", "g2-b3", "b0-b3", "b2-b7", "b2-b33", "B2-B3"}) {
    const absl::StatusOr<Move> m = ParseMove(text);
    EXPECT_FALSE(m.ok()) << text;
  }
  for (int s = 0; s < kSquares; ++s) {
    EXPECT_EQ(*ParseSquare(SquareName(s)), s);
  }
}

TEST(NotationTest, LegalMoves) {
  const Position start = StartPosition();
  EXPECT_TRUE(ParseLegalMove(start, "b2-b3").ok());
  const absl::StatusOr<Move> bad = ParseLegalMove(start, "b2-b4");
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(std::string(bad.status().message()), HasSubstr("a2-a3"));
  EXPECT_FALSE(ParseLegalMove(start, "b2xb3").ok());
}

}  // namespace
}  // namespace retro::surakarta
