// Tests of the Board value type and its seed-count helpers.
#include "games/oware/board.h"

#include <type_traits>

#include "gtest/gtest.h"
#include "tests/oware/test_util.h"

namespace retro::oware {
namespace {

using test::B;

TEST(BoardTest, IsCompactAndTriviallyCopyable) {
  EXPECT_EQ(sizeof(Board), 12u);
  EXPECT_TRUE(std::is_trivially_copyable_v<Board>);
}

TEST(BoardTest, DefaultIsEmpty) {
  const Board board;
  EXPECT_EQ(TotalSeeds(board), 0);
}

TEST(BoardTest, SeedCounts) {
  const Board board = B("1 2 3 4 5 6 | 7 8 9 10 11 12");
  EXPECT_EQ(OwnSeeds(board), 21);
  EXPECT_EQ(OpponentSeeds(board), 57);
  EXPECT_EQ(TotalSeeds(board), 78);
}

TEST(BoardTest, SeedCountsUpToTheLimit) {
  const Board board = B("0 0 0 0 0 0 | 0 0 0 0 0 255");
  EXPECT_EQ(OwnSeeds(board), 0);
  EXPECT_EQ(OpponentSeeds(board), 255);
  EXPECT_EQ(TotalSeeds(board), 255);
  EXPECT_EQ(TotalSeeds(B("255 0 0 0 0 0 | 0 0 0 0 0 0")), 255);
}

TEST(BoardTest, FlipSwapsRows) {
  const Board board = B("1 2 3 4 5 6 | 7 8 9 10 11 12");
  EXPECT_EQ(Flip(board), B("7 8 9 10 11 12 | 1 2 3 4 5 6"));
  EXPECT_EQ(Flip(Flip(board)), board);
}

TEST(BoardTest, OrderingFollowsHouses) {
  EXPECT_LT(B("0 0 0 0 0 0 | 0 0 0 0 0 1"), B("0 0 0 0 0 1 | 0 0 0 0 0 0"));
  EXPECT_NE(B("0 0 0 0 0 0 | 0 0 0 0 0 1"), B("1 0 0 0 0 0 | 0 0 0 0 0 0"));
}

}  // namespace
}  // namespace retro::oware
