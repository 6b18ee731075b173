// The tic-tac-toe example's game code against the independent reference:
// the indexer is a bijection, legal boards are exactly the reachable ones,
// moves and the kit's predecessor lists (a forward pass over the moves: the
// rules have no take-backs) agree with the reference, perft counts, and the
// loopy solver run on the kit's view gives the reference values.
#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "plugins/tictactoe/position.h"
#include "plugins/tictactoe/rules.h"
#include "retro/kit/forward_predecessors.h"
#include "retro/kit/loopy_wdl_module.h"
#include "retro/kit/loopy_wdl_position_count.h"
#include "retro/kit/loopy_wdl_solve_view.h"
#include "retro/progress.h"
#include "retro/solver/loopy_wdl.h"
#include "retro/thread_pool.h"
#include "tests/tictactoe/brute_force.h"

namespace tictactoe {
namespace {

using tictactoe_reference::Base3;
using tictactoe_reference::Reference;

const Reference& Ref() {
  static const Reference* reference = new Reference();
  return *reference;
}

const Rules kRules;
constexpr uint64_t kIndexCount = 19683;  // 3^9
using Position = Rules::Position;

// The reference's 9-character form of a position.
std::string Flat(Position p) {
  std::string text = kRules.Format(p);
  text.erase(std::remove(text.begin(), text.end(), '/'), text.end());
  return text;
}

TEST(TicTacToeIndexerTest, IsABijectionOnAllBoards) {
  std::set<std::string> seen;
  ASSERT_EQ(kRules.num_slices(), 1);
  ASSERT_EQ(kRules.slice_size(0), kIndexCount);
  for (uint64_t i = 0; i < kIndexCount; ++i) {
    const Position p = kRules.Unrank(0, i);
    ASSERT_EQ(kRules.Rank(p), (retro::SliceIndex{0, i}));
    ASSERT_EQ(Base3(Flat(p)), i);
    seen.insert(Flat(p));
  }
  EXPECT_EQ(seen.size(), kIndexCount);
}

TEST(TicTacToeRulesTest, LegalBoardsAreExactlyTheReachableOnes) {
  EXPECT_EQ(Ref().values().size(), 5478u);
  uint64_t legal = 0;
  for (uint64_t i = 0; i < kIndexCount; ++i) {
    const Position p = kRules.Unrank(0, i);
    const bool reachable = Ref().values().count(Flat(p)) == 1;
    EXPECT_EQ(kRules.IsPosition(p), reachable) << kRules.Format(p);
    legal += kRules.IsPosition(p);
  }
  EXPECT_EQ(legal, 5478u);
  // What the kit counts for the plan and the solve's summary.
  EXPECT_EQ(retro::kit::CountLoopyWdlPositions(kRules), legal);
}

TEST(TicTacToeRulesTest, MovesAndPredecessorsMatchTheReference) {
  // parents[child] as the reference sees it (moves of unfinished boards).
  std::map<std::string, std::multiset<std::string>> parents;
  for (const auto& [board, value] : Ref().values()) {
    for (const std::string& child : tictactoe_reference::Children(board)) {
      parents[child].insert(board);
    }
  }
  retro::ThreadPool pool(2);
  const absl::StatusOr<retro::solver::PredecessorLists> lists =
      retro::kit::BuildForwardPredecessors(kRules, 0, pool, {});
  ASSERT_TRUE(lists.ok()) << lists.status();
  for (const auto& entry : Ref().values()) {
    // A named reference, not a structured binding: clang 14 does not let
    // the lambdas below capture one.
    const std::string& board = entry.first;
    const Position p = kRules.Unrank(0, Base3(board));
    std::vector<std::string> children;
    kRules.ForEachMove(p, [&](int cell, Position child) {
      EXPECT_EQ(Count(child, kEmpty), Count(p, kEmpty) - 1);
      EXPECT_NE(Flat(child)[cell], board[cell]);
      children.push_back(Flat(child));
    });
    EXPECT_EQ(children, tictactoe_reference::Children(board)) << board;
    std::multiset<std::string> found;
    lists->ForEachParent(Base3(board),
                         [&](uint64_t parent) { found.insert(Flat(kRules.Unrank(0, parent))); });
    EXPECT_EQ(found, parents[board]) << board;
    EXPECT_EQ(kRules.Outcome(p).has_value(), tictactoe_reference::GameOver(board));
  }
}

// The kit's perft over the rules' moves.
uint64_t Perft(Position p, int depth) {
  const Rules rules;
  return retro::kit::CountLeaves(rules, p, depth,
                                 [&](const Position& q) { return rules.Outcome(q).has_value(); });
}

TEST(TicTacToeRulesTest, PerftFromTheEmptyBoard) {
  const std::vector<uint64_t> expected = {1,     9,     72,     504,    3024,
                                          15120, 54720, 148176, 200448, 127872};
  EXPECT_EQ(Ref().Perft(), expected);
  for (int depth = 0; depth <= 9; ++depth) {
    EXPECT_EQ(Perft(Position(), depth), expected[depth]) << depth;
  }
  EXPECT_EQ(Perft(Position(), 10), 0u);
  // A finished game has no moves.
  const Position won = *kRules.Parse("xxx/oo./...");
  EXPECT_EQ(Perft(won, 0), 1u);
  EXPECT_EQ(Perft(won, 1), 0u);
}

// The loopy solver on the kit's view of the rules, with several thread
// counts, against
// the reference (the solver stores no distance for draws).
TEST(TicTacToeSolverTest, LoopySolverMatchesBruteForce) {
  for (const int threads : {1, 2, 3}) {
    retro::ThreadPool pool(threads);
    retro::Progress progress;
    const absl::StatusOr<retro::solver::PredecessorLists> lists =
        retro::kit::BuildForwardPredecessors(kRules, 0, pool, {});
    ASSERT_TRUE(lists.ok()) << lists.status();
    const absl::StatusOr<std::vector<uint8_t>> table = retro::solver::SolveLoopyWdl(
        retro::kit::LoopyWdlSolveView<Rules>(kRules, 0, {}, &*lists),
        {.pool = &pool, .progress = &progress});
    ASSERT_TRUE(table.ok()) << table.status();
    ASSERT_EQ(table->size(), kIndexCount);
    for (const auto& [board, value] : Ref().values()) {
      const retro::WdlOutcome got = retro::DecodeWdl((*table)[Base3(board)]);
      switch (value.result) {
        case 'w':
          EXPECT_EQ(got, retro::WdlOutcome::Win(value.distance)) << board;
          break;
        case 'l':
          EXPECT_EQ(got, retro::WdlOutcome::Loss(value.distance)) << board;
          break;
        default:
          EXPECT_EQ(got, retro::WdlOutcome::Draw()) << board;
      }
    }
  }
}

TEST(TicTacToeSolverTest, EmptyBoardIsADraw) {
  EXPECT_EQ(Ref().values().at("........."),
            (tictactoe_reference::Value{'d', 9}));
}

}  // namespace
}  // namespace tictactoe
