// Tests of the fast move generator against the spec's move-generation vectors
// and hand-made grand slam and must-feed boards.
#include "games/oware/movegen.h"

#include <optional>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/oware/test_util.h"

namespace retro::oware {
namespace {

using test::B;
using ::testing::ElementsAre;

std::vector<Move> Generate(const Board& board, GrandSlam grand_slam) {
  Rules rules;
  rules.grand_slam = grand_slam;
  Move moves[kMaxMoves];
  const int n = GenerateMoves(board, rules, moves);
  return std::vector<Move>(moves, moves + n);
}

std::vector<int> Houses(const std::vector<Move>& moves) {
  std::vector<int> houses;
  for (const Move& m : moves) houses.push_back(m.house);
  return houses;
}

std::optional<Move> Find(const std::vector<Move>& moves, int house) {
  for (const Move& m : moves) {
    if (m.house == house) return m;
  }
  return std::nullopt;
}

constexpr GrandSlam kAllGrandSlams[] = {
    GrandSlam::kForfeit, GrandSlam::kCapture, GrandSlam::kForcedOnly};

TEST(MovegenTest, StartPosition) {
  const std::vector<Move> moves =
      Generate(B("4 4 4 4 4 4 | 4 4 4 4 4 4"), GrandSlam::kForfeit);
  EXPECT_THAT(Houses(moves), ElementsAre(0, 1, 2, 3, 4, 5));
  // House 5 sows 6..9; the child is seen by the opponent.
  EXPECT_EQ(moves[5].captured, 0);
  EXPECT_EQ(moves[5].child, B("5 5 5 5 4 4 | 4 4 4 4 4 0"));
}

TEST(MovegenTest, SpecLegalMoveSets) {
  // Move 5 is a grand slam (house 6 becomes 2, the opponent's only seeds):
  // legal under the default rules and kCapture, not under kForcedOnly.
  const Board board = B("1 0 9 0 0 1 | 1 0 0 0 0 0");
  EXPECT_THAT(Houses(Generate(board, GrandSlam::kForfeit)),
              ElementsAre(0, 2, 5));
  EXPECT_THAT(Houses(Generate(board, GrandSlam::kCapture)),
              ElementsAre(0, 2, 5));
  EXPECT_THAT(Houses(Generate(board, GrandSlam::kForcedOnly)),
              ElementsAre(0, 2));
  for (GrandSlam g : kAllGrandSlams) {
    // Must feed: house 0 only reaches house 1.
    EXPECT_THAT(Houses(Generate(B("1 0 0 0 0 1 | 0 0 0 0 0 0"), g)),
                ElementsAre(5));
  }
}

TEST(MovegenTest, SpecCaptureAmounts) {
  for (GrandSlam g : kAllGrandSlams) {
    std::optional<Move> m =
        Find(Generate(B("0 0 8 0 0 1 | 1 1 1 1 2 3"), g), 2);
    ASSERT_TRUE(m.has_value());
    EXPECT_EQ(m->captured, 11);
    EXPECT_EQ(m->child, B("0 0 0 0 0 3 | 0 0 0 1 1 2"));

    m = Find(Generate(B("0 0 8 0 0 1 | 3 1 1 1 2 0"), g), 2);
    ASSERT_TRUE(m.has_value());
    EXPECT_EQ(m->captured, 9);
    EXPECT_EQ(m->child, B("4 0 0 0 0 0 | 0 0 0 1 1 2"));

    m = Find(Generate(B("0 0 8 0 0 1 | 3 1 1 1 3 0"), g), 2);
    ASSERT_TRUE(m.has_value());
    EXPECT_EQ(m->captured, 0);
    EXPECT_EQ(m->child, B("4 2 2 2 4 0 | 0 0 0 1 1 2"));
  }
}

TEST(MovegenTest, SpecGrandSlamBoardForfeits) {
  const Board board = B("0 0 8 0 0 1 | 1 1 1 1 1 0");
  const std::vector<Move> moves = Generate(board, GrandSlam::kForfeit);
  EXPECT_THAT(Houses(moves), ElementsAre(2, 5));
  std::optional<Move> m = Find(moves, 2);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->captured, 0);
  EXPECT_EQ(Flip(m->child), B("0 0 0 1 1 2 | 2 2 2 2 2 0"));
}

TEST(MovegenTest, SpecGrandSlamBoardUnderOtherVariants) {
  const Board board = B("0 0 8 0 0 1 | 1 1 1 1 1 0");
  // Capture: legal and takes the 10 seeds.
  std::vector<Move> moves = Generate(board, GrandSlam::kCapture);
  EXPECT_THAT(Houses(moves), ElementsAre(2, 5));
  EXPECT_EQ(moves[0].captured, 10);
  EXPECT_EQ(Flip(moves[0].child), B("0 0 0 1 1 2 | 0 0 0 0 0 0"));
  // Forced-only: move 5 exists, so the grand slam is illegal.
  moves = Generate(board, GrandSlam::kForcedOnly);
  EXPECT_THAT(Houses(moves), ElementsAre(5));
}

TEST(MovegenTest, OnlyMoveIsAGrandSlam) {
  const Board board = B("0 0 0 0 0 1 | 1 0 0 0 0 0");
  std::vector<Move> moves = Generate(board, GrandSlam::kForfeit);
  ASSERT_THAT(Houses(moves), ElementsAre(5));
  EXPECT_EQ(moves[0].captured, 0);
  EXPECT_EQ(moves[0].child, B("2 0 0 0 0 0 | 0 0 0 0 0 0"));

  for (GrandSlam g : {GrandSlam::kCapture, GrandSlam::kForcedOnly}) {
    moves = Generate(board, g);
    ASSERT_THAT(Houses(moves), ElementsAre(5));
    EXPECT_EQ(moves[0].captured, 2);
    EXPECT_EQ(moves[0].child, Board{});
  }
}

TEST(MovegenTest, GrandSlamNextToAnOrdinaryMove) {
  const Board board = B("0 0 0 0 1 1 | 1 0 0 0 0 0");
  std::vector<Move> moves = Generate(board, GrandSlam::kForfeit);
  ASSERT_THAT(Houses(moves), ElementsAre(4, 5));
  EXPECT_EQ(moves[1].captured, 0);
  moves = Generate(board, GrandSlam::kCapture);
  ASSERT_THAT(Houses(moves), ElementsAre(4, 5));
  EXPECT_EQ(moves[1].captured, 2);
  moves = Generate(board, GrandSlam::kForcedOnly);
  ASSERT_THAT(Houses(moves), ElementsAre(4));
  EXPECT_EQ(moves[0].child, B("1 0 0 0 0 0 | 0 0 0 0 0 2"));
}

TEST(MovegenTest, ForcedOnlyAllowsGrandSlamsWhenAllMovesAreGrandSlams) {
  // Every house reaches exactly houses 6 and 7, making them 2 and 2.
  const Board board = B("7 6 5 4 3 2 | 1 1 0 0 0 0");
  for (GrandSlam g : {GrandSlam::kCapture, GrandSlam::kForcedOnly}) {
    const std::vector<Move> moves = Generate(board, g);
    ASSERT_THAT(Houses(moves), ElementsAre(0, 1, 2, 3, 4, 5));
    for (const Move& m : moves) {
      EXPECT_EQ(m.captured, 4);
      EXPECT_EQ(OwnSeeds(m.child), 0);
    }
    EXPECT_EQ(moves[3].child, B("0 0 0 0 0 0 | 7 6 5 0 4 3"));
  }
  for (const Move& m : Generate(board, GrandSlam::kForfeit)) {
    EXPECT_EQ(m.captured, 0);
    EXPECT_EQ(OwnSeeds(m.child), 4);
  }
}

TEST(MovegenTest, GrandSlamOnAStarvingOpponentDoesNotFeed) {
  // 17 seeds from house 5: every other house gets one, houses 6..11 a second;
  // the last lands in 11 and the run takes all 12 of the opponent's seeds.
  const Board board = B("1 0 0 0 0 17 | 0 0 0 0 0 0");
  std::vector<Move> moves = Generate(board, GrandSlam::kForfeit);
  ASSERT_THAT(Houses(moves), ElementsAre(5));
  EXPECT_EQ(moves[0].captured, 0);
  EXPECT_EQ(moves[0].child, B("2 2 2 2 2 2 | 2 1 1 1 1 0"));
  // Capturing everything would leave the opponent unfed: no legal move.
  EXPECT_TRUE(Generate(board, GrandSlam::kCapture).empty());
  EXPECT_TRUE(Generate(board, GrandSlam::kForcedOnly).empty());
  EXPECT_EQ(TerminalValue(board), 18);
}

TEST(MovegenTest, LapsSkipTheOriginHouse) {
  // 12 seeds from house 0: houses 1..11 get one each, house 1 a second.
  const Board board = B("12 0 0 0 0 0 | 0 0 0 0 0 0");
  const std::vector<Move> moves = Generate(board, GrandSlam::kForfeit);
  ASSERT_THAT(Houses(moves), ElementsAre(0));
  EXPECT_EQ(moves[0].captured, 0);
  EXPECT_EQ(moves[0].child, B("1 1 1 1 1 1 | 0 2 1 1 1 1"));
  // 11 seeds from house 3: one in every other house, the last in house 2.
  const Board eleven = B("0 0 0 11 0 0 | 1 0 0 0 0 0");
  const std::vector<Move> m11 = Generate(eleven, GrandSlam::kForfeit);
  ASSERT_THAT(Houses(m11), ElementsAre(3));
  EXPECT_EQ(m11[0].captured, 0);
  EXPECT_EQ(m11[0].child, B("2 1 1 1 1 1 | 1 1 1 0 1 1"));
}

TEST(MovegenTest, CaptureStopsAtTheMoversSide) {
  // House 0 with 7 seeds ends in house 7; 7 and 6 hold 2, house 5 is the
  // mover's and is not captured even though it holds 2.
  const Board board = B("7 0 0 0 0 1 | 1 1 5 0 0 0");
  std::optional<Move> m = Find(Generate(board, GrandSlam::kForfeit), 0);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->captured, 4);
}

TEST(MovegenTest, EmptySideIsTerminal) {
  Move moves[kMaxMoves];
  const Board board = B("0 0 0 0 0 0 | 1 2 0 0 0 0");
  EXPECT_EQ(GenerateMoves<GrandSlam::kForfeit>(board, moves), 0);
  EXPECT_EQ(TerminalValue(board), 0);
  EXPECT_EQ(GenerateMoves<GrandSlam::kForfeit>(Board{}, moves), 0);
}

TEST(MovegenTest, CannotFeedIsTerminal) {
  Move moves[kMaxMoves];
  const Board board = B("1 2 0 0 0 0 | 0 0 0 0 0 0");
  EXPECT_EQ(GenerateMoves<GrandSlam::kCapture>(board, moves), 0);
  EXPECT_EQ(TerminalValue(board), 3);
}

TEST(MovegenTest, LimitValue) {
  const Board board = B("1 2 0 0 0 0 | 0 0 0 5 0 0");
  EXPECT_EQ(LimitValue(board, AtLimit::kNobody), 0);
  EXPECT_EQ(LimitValue(board, AtLimit::kOwnSide), -2);
}

}  // namespace
}  // namespace retro::oware
