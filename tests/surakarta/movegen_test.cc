// Move generation: the specification's small positions, and agreement with
// the slow reference rules on random positions.
#include "games/surakarta/movegen.h"

#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "games/surakarta/notation.h"
#include "games/surakarta/position.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/surakarta/reference_rules.h"

namespace retro::surakarta {
namespace {

using ::testing::UnorderedElementsAreArray;

std::vector<std::string> Captures(const std::string& text) {
  const absl::StatusOr<Position> p = ParsePosition(text);
  EXPECT_TRUE(p.ok()) << p.status();
  MoveList moves;
  GenerateMoves(*p, moves);
  std::vector<std::string> names;
  for (const Move& m : moves) {
    if (m.capture) names.push_back(FormatMove(m));
  }
  return names;
}

TEST(MoveGenTest, SpecificationSmallPositions) {
  EXPECT_THAT(Captures("....../.X.X../.O..../....../....../...... X"),
              UnorderedElementsAreArray({"b2xb3", "d2xb3"}));
  EXPECT_THAT(Captures("XO..../O...../....../....../....../...... X"),
              UnorderedElementsAreArray(std::vector<std::string>{}));
  EXPECT_THAT(Captures("..X.../....../X..O../....../....../...... X"),
              UnorderedElementsAreArray({"c1xd3"}));
  EXPECT_THAT(Captures(".O..../X...../....../....../....../...... X"),
              UnorderedElementsAreArray({"a2xb1"}));
  EXPECT_THAT(Captures("....../..X.../..O.../....../....../...... X"),
              UnorderedElementsAreArray({"c2xc3"}));
  EXPECT_THAT(Captures("....../....../..X.../....../....../.....O X"),
              UnorderedElementsAreArray(std::vector<std::string>{}));
}

TEST(MoveGenTest, StartPositionHasSixteenSteps) {
  MoveList moves;
  GenerateMoves(StartPosition(), moves);
  EXPECT_EQ(moves.size(), 16);
  for (const Move& m : moves) EXPECT_FALSE(m.capture);
}

TEST(MoveGenTest, AgreesWithReferenceOnRandomPositions) {
  std::mt19937_64 rng(12345);
  for (int trial = 0; trial < 20000; ++trial) {
    const int density = 1 + trial % 10;  // out of 12
    Position p;
    reference::Board board;
    for (int s = 0; s < kSquares; ++s) {
      const int roll = static_cast<int>(rng() % 24);
      board[s] = '.';
      if (roll < density) {
        p.us |= SquareBit(s);
        board[s] = 'u';
      } else if (roll < 2 * density) {
        p.them |= SquareBit(s);
        board[s] = 't';
      }
    }
    MoveList moves;
    GenerateMoves(p, moves);
    reference::MoveSet mine;
    for (const Move& m : moves) {
      EXPECT_TRUE(mine.insert({m.from, m.to, m.capture}).second)
          << "duplicate " << FormatMove(m) << " in " << FormatPosition(p);
    }
    ASSERT_EQ(mine, reference::LegalMoves(board)) << FormatPosition(p);
  }
}

TEST(MoveGenTest, PlayMoveSwapsSidesAndRemovesCaptured) {
  const Position p =
      *ParsePosition("....../..X.../..O.../....../....../...... X");
  const Move capture = *ParseLegalMove(p, "c2xc3");
  const Position q = PlayMove(p, capture);
  EXPECT_EQ(q.to_move, Color::kO);
  EXPECT_EQ(q.us, 0u);
  EXPECT_EQ(FormatPosition(q), "....../....../..X.../....../....../...... O");
}

}  // namespace
}  // namespace retro::surakarta
