// Position and move notation: round trips and error messages.
#include "games/surakarta/notation.h"

#include <climits>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
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

// The binary form (36 squares a1..f6, 0 empty, 1 X, 2 O, then the side to
// move) read square by square here, independently of PositionFromCells.
TEST(NotationTest, CellsRoundTrip) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 2000; ++trial) {
    std::vector<int32_t> cells(37);
    Bitboard x = 0, o = 0;
    for (int square = 0; square < 36; ++square) {
      cells[square] = static_cast<int32_t>(rng() % 3);
      if (cells[square] == 1) x |= SquareBit(square);
      if (cells[square] == 2) o |= SquareBit(square);
    }
    cells[36] = trial % 2 ? 1 : 2;
    const absl::StatusOr<Position> p = PositionFromCells(cells);
    ASSERT_TRUE(p.ok()) << p.status();
    EXPECT_EQ(*p, MakePosition(x, o, trial % 2 ? Color::kX : Color::kO));
  }
}

// Every value outside 0..2, at every square (also those whose 32 bits
// narrow to a small number: 256, 65,537), is refused naming the first such
// square; so is a side to move other than 1 or 2, and a wrong length.
TEST(NotationTest, CellsErrors) {
  const int32_t bad_values[] = {-1, 3, 127, 128, 255, 256, 258, 65537, -65535,
                                INT32_MIN, INT32_MAX};
  for (int square = 0; square < 36; ++square) {
    for (const int32_t value : bad_values) {
      std::vector<int32_t> cells(37, 0);
      cells[36] = 1;
      cells[square] = value;
      if (square + 1 < 36) cells[square + 1] = 7;  // a later bad square is not named
      const absl::StatusOr<Position> p = PositionFromCells(cells);
      ASSERT_FALSE(p.ok()) << square << " " << value;
      EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument);
      EXPECT_THAT(std::string(p.status().message()),
                  HasSubstr(absl::StrCat("square ", SquareName(square), " holds ", value, ";")));
    }
  }
  for (const int32_t side : {0, 3, -1, 257}) {
    std::vector<int32_t> cells(37, 0);
    cells[36] = side;
    const absl::StatusOr<Position> p = PositionFromCells(cells);
    ASSERT_FALSE(p.ok()) << side;
    EXPECT_THAT(std::string(p.status().message()),
                HasSubstr(absl::StrCat("the side to move is ", side, ";")));
  }
  EXPECT_THAT(std::string(PositionFromCells(std::vector<int32_t>(36, 0)).status().message()),
              HasSubstr("has 37 integers"));
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
