// The brute-force negamax against the spec's known values.
#include "tests/oware/brute_force.h"

#include <vector>

#include "games/oware/rules.h"
#include "gtest/gtest.h"
#include "tests/oware/test_util.h"

namespace retro::oware {
namespace {

using reference::BruteForceSolver;
using reference::BruteForceValue;
using test::B;

std::vector<int> Values(const Board& board, int max_t, const Rules& rules) {
  BruteForceSolver solver(rules);
  std::vector<int> values;
  for (int t = 1; t <= max_t; ++t) values.push_back(solver.Value(board, t));
  return values;
}

// The spec's value sequence `head` for t = 1.., then `tail` forever after
// (checked up to t = 20).
std::vector<int> Sequence(std::vector<int> head, int tail) {
  while (head.size() < 20) head.push_back(tail);
  return head;
}

TEST(BruteForceTest, SpecKnownValues) {
  const Rules rules;
  EXPECT_EQ(Values(B("0 0 0 0 0 1 | 0 0 0 0 0 0"), 20, rules),
            Sequence({0}, -1));
  EXPECT_EQ(Values(B("0 0 0 0 0 2 | 0 0 0 0 0 0"), 20, rules),
            Sequence({0}, -2));
  EXPECT_EQ(Values(B("0 0 0 1 0 0 | 0 0 0 0 0 1"), 20, rules),
            Sequence({0, 0}, 2));
  EXPECT_EQ(Values(B("1 0 0 0 0 1 | 0 0 0 0 0 0"), 20, rules), Sequence({}, 0));
}

TEST(BruteForceTest, SumOverOneSeedBoards) {
  const Rules rules;
  BruteForceSolver solver(rules);
  for (int t = 1; t <= 20; ++t) {
    int sum = 0;
    test::ForEachBoard(1, [&](const Board& b) { sum += solver.Value(b, t); });
    EXPECT_EQ(sum, t == 1 ? 5 : 4) << "t = " << t;
  }
}

TEST(BruteForceTest, LayerZeroFollowsAtLimit) {
  const Board board = B("3 0 0 0 0 0 | 0 1 0 0 0 0");
  Rules rules;
  EXPECT_EQ(BruteForceValue(board, 0, rules), 0);
  rules.at_limit = AtLimit::kOwnSide;
  EXPECT_EQ(BruteForceValue(board, 0, rules), 2);
}

TEST(BruteForceTest, OwnSideLimitChangesShortHorizons) {
  // One ply left, nothing to capture: the seeds are shared out at the limit.
  Rules rules;
  rules.at_limit = AtLimit::kOwnSide;
  // House 5's seed moves to the opponent: 0 captured - (1 - 0) = -1.
  EXPECT_EQ(BruteForceValue(B("0 0 0 0 0 1 | 0 0 0 0 0 0"), 1, rules), -1);
  // Terminal positions still take their own seeds.
  EXPECT_EQ(BruteForceValue(B("1 1 0 0 0 0 | 0 0 0 0 0 0"), 1, rules), 2);
}

TEST(BruteForceTest, GrandSlamVariantsDiffer) {
  // The only move is a grand slam of 2 seeds; afterwards the opponent has
  // nothing (capture) or the 2 seeds in one house (forfeit), and so on.
  const Board board = B("0 0 0 0 0 1 | 1 0 0 0 0 0");
  Rules rules;
  rules.grand_slam = GrandSlam::kCapture;
  EXPECT_EQ(BruteForceValue(board, 1, rules), 2);
  EXPECT_EQ(BruteForceValue(board, 5, rules), 2);
  rules.grand_slam = GrandSlam::kForcedOnly;
  EXPECT_EQ(BruteForceValue(board, 5, rules), 2);
  rules.grand_slam = GrandSlam::kForfeit;
  EXPECT_EQ(BruteForceValue(board, 1, rules), 0);
  // Forfeit leaves the opponent 2 seeds in house 0; it cannot feed (they only
  // reach its houses 1 and 2), so it is terminal and takes them.
  EXPECT_EQ(BruteForceValue(board, 2, rules), -2);
}

}  // namespace
}  // namespace retro::oware
