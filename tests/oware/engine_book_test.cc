// The whole-game engine with a book built in process (plugins/oware/
// book_oracle.h): a book leaf's outcome equals a full search on small boards
// (the exact difference without the majority stop, the win/draw/loss with
// it), and the engine with the book reaches the same exact results as a
// plain minimax without it, with fewer nodes.
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "games/oware/colex_indexer.h"
#include "games/oware/engine.h"
#include "games/oware/notation.h"
#include "games/oware/position.h"
#include "gtest/gtest.h"
#include "plugins/oware/book.h"
#include "plugins/oware/book_oracle.h"
#include "plugins/oware/solver_game.h"
#include "retro/database.h"
#include "retro/solver/finite_horizon.h"
#include "tests/framework/expect_status.h"
#include "tests/oware/solved_book.h"
#include "tests/oware/whole_game_minimax.h"

namespace retro::oware {
namespace {

Position RandomPosition(std::mt19937& rng, int seeds, int plies_left,
                        int turn_limit) {
  Position pos;
  std::uniform_int_distribution<int> house(0, kHouses - 1);
  for (int i = 0; i < seeds; ++i) ++pos.board.houses[house(rng)];
  // Scores near the 25-seed majority half the time.
  const int captured =
      std::uniform_int_distribution<int>(0, 1)(rng) ? 48 - seeds : seeds;
  const int half = captured / 2;
  const int spread = std::min(captured, 6);
  pos.mover_score = std::uniform_int_distribution<int>(half - spread / 2,
                                                       half + spread / 2)(rng);
  pos.opponent_score = captured - pos.mover_score;
  pos.plies = turn_limit - plies_left;
  return pos;
}

int Sign(int x) { return (x > 0) - (x < 0); }

struct Variant {
  GrandSlam grand_slam;
  AtLimit at_limit;
};

class EngineBookTest : public ::testing::TestWithParam<Variant> {
 protected:
  static constexpr int kBookSeeds = 6;
  static constexpr int kTurnLimit = 60;

  void SetUp() override {
    rules_.grand_slam = GetParam().grand_slam;
    rules_.at_limit = GetParam().at_limit;
    rules_.turn_limit = kTurnLimit;
    book_ = SolveOpenedBook(kBookSeeds, rules_);
  }

  Rules rules_;
  std::unique_ptr<OpenedBook> book_;
};

// (b) A book leaf: current difference + book value is the exact final
// difference of the game played to the end, and its sign is the exact
// win/draw/loss of the game with the 25-seed stop.
TEST_P(EngineBookTest, BookLeafEqualsFullSearch) {
  auto oracle = BookOracle::Create(*book_->book, rules_);
  ASSERT_TRUE(oracle.ok()) << oracle.status();
  GameRules to_the_end{rules_, false};
  GameRules stopped{rules_, true};
  test::WholeGameMinimax full(to_the_end);
  test::WholeGameMinimax stop(stopped);
  std::mt19937 rng(7);
  int decided_by_stop = 0;
  for (int i = 0; i < 400; ++i) {
    const int seeds = std::uniform_int_distribution<int>(1, kBookSeeds)(rng);
    const int plies_left = std::uniform_int_distribution<int>(1, 16)(rng);
    const Position pos = RandomPosition(rng, seeds, plies_left, kTurnLimit);
    if (MajorityReached(pos, stopped)) continue;
    std::optional<int> v = oracle->NetValue(pos.board, plies_left);
    ASSERT_TRUE(v.has_value());
    const int leaf = pos.mover_score - pos.opponent_score + *v;
    ASSERT_EQ(leaf, full.Exact(pos.board, pos.mover_score, pos.opponent_score,
                               plies_left))
        << FormatPosition(pos);
    const int stopped_value =
        stop.Exact(pos.board, pos.mover_score, pos.opponent_score, plies_left);
    ASSERT_EQ(Sign(leaf), Sign(stopped_value)) << FormatPosition(pos);
    decided_by_stop += stopped_value != leaf;
  }
  // The stop does change margins on some of these positions.
  EXPECT_GT(decided_by_stop, 0);
}

// The engine with the book on boards larger than the book: exact, and equal
// to the plain minimax without the book (the sign of it with the stop).
TEST_P(EngineBookTest, EngineWithBookEqualsMinimaxWithoutIt) {
  auto oracle = BookOracle::Create(*book_->book, rules_);
  ASSERT_TRUE(oracle.ok()) << oracle.status();
  std::mt19937 rng(11);
  for (const bool majority : {false, true}) {
    GameRules game{rules_, majority};
    test::WholeGameMinimax minimax(game);
    EngineOptions options;
    options.game = game;
    options.table_megabytes = 1;
    uint64_t hits = 0;
    for (int i = 0; i < 100; ++i) {
      const int seeds = std::uniform_int_distribution<int>(kBookSeeds + 1,
                                                           kBookSeeds + 5)(rng);
      const int plies_left = std::uniform_int_distribution<int>(1, 10)(rng);
      const Position pos = RandomPosition(rng, seeds, plies_left, kTurnLimit);
      const int expected = minimax.Exact(pos.board, pos.mover_score,
                                         pos.opponent_score, plies_left);
      Engine<BookOracle> engine(options, *oracle);
      const SearchResult r = engine.Search(pos, SearchLimits{});
      ASSERT_TRUE(r.exact) << FormatPosition(pos);
      if (majority) {
        ASSERT_EQ(Sign(*r.final_difference()), Sign(expected))
            << FormatPosition(pos);
      } else {
        ASSERT_EQ(r.final_difference(), expected) << FormatPosition(pos);
      }
      hits += r.book_hits;
    }
    EXPECT_GT(hits, 0u);
  }
}

// With an evaluation, a fixed-depth search with the book equals the
// fixed-depth minimax probing the same book.
TEST_P(EngineBookTest, FixedDepthWithBookEqualsMinimaxWithBook) {
  auto oracle = BookOracle::Create(*book_->book, rules_);
  ASSERT_TRUE(oracle.ok());
  const test::OracleFn probe = [&](const Board& board, int t) {
    return oracle->NetValue(board, t);
  };
  std::mt19937 rng(5);
  GameRules game{rules_, true};
  test::WholeGameMinimax minimax(game);
  for (const EvaluationKind kind :
       {EvaluationKind::kMaterial, EvaluationKind::kEvolvedDepth5}) {
    EngineOptions options;
    options.game = game;
    options.evaluation = kind;
    options.table_megabytes = 1;
    const Evaluation evaluation(kind, rules_.grand_slam);
    for (int i = 0; i < 15; ++i) {
      const int seeds = std::uniform_int_distribution<int>(kBookSeeds + 1,
                                                           kBookSeeds + 8)(rng);
      const Position pos = RandomPosition(rng, seeds, 40, kTurnLimit);
      for (int depth = 1; depth <= 5; ++depth) {
        Engine<BookOracle> engine(options, *oracle);
        SearchLimits limits;
        limits.max_depth = depth;
        const SearchResult r = engine.Search(pos, limits);
        ASSERT_EQ(r.value, minimax.DepthLimited(
                               pos.board, pos.mover_score, pos.opponent_score,
                               40, depth, true, evaluation, probe, kBookSeeds))
            << FormatPosition(pos) << " depth " << depth;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Variants, EngineBookTest,
    ::testing::Values(Variant{GrandSlam::kForfeit, AtLimit::kNobody},
                      Variant{GrandSlam::kCapture, AtLimit::kOwnSide},
                      Variant{GrandSlam::kForcedOnly, AtLimit::kNobody}));

TEST(BookOracleTest, RefusesABookOfOtherRules) {
  Rules rules;
  rules.turn_limit = 20;
  auto book = SolveOpenedBook(3, rules);
  Rules other = rules;
  other.grand_slam = GrandSlam::kCapture;
  EXPECT_TRUE(::retro::testing::HasStatus(BookOracle::Create(*book->book, other),
                                          absl::StatusCode::kInvalidArgument,
                                          {"the book was solved under grand-slam=forfeit",
                                           "the game is played under grand-slam=capture"}));
  other = rules;
  other.at_limit = AtLimit::kOwnSide;
  EXPECT_TRUE(::retro::testing::HasStatus(
      BookOracle::Create(*book->book, other), absl::StatusCode::kInvalidArgument,
      {"at-limit=nobody", "the game is played under", "at-limit=own-side"}));
  other = rules;
  other.turn_limit = 200;  // a different turn limit is fine
  EXPECT_TRUE(BookOracle::Create(*book->book, other).ok());
}

TEST(BookOracleTest, CoverageAndPliesBeyondTheBook) {
  Rules rules;
  rules.turn_limit = 60;
  auto book = SolveOpenedBook(3, rules);
  auto oracle = BookOracle::Create(*book->book, rules);
  ASSERT_TRUE(oracle.ok());
  EXPECT_EQ(oracle->max_seeds(), 3);
  const Board four{{1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0}};
  EXPECT_FALSE(oracle->NetValue(four, 5).has_value());
  const Board two{{0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1}};
  EXPECT_EQ(oracle->NetValue(two, 3), 2);
  // The 3-seed book is stable long before 60 plies: t = 200 reads t = 60.
  ASSERT_LT(book->book->fixed_point(), 60);
  EXPECT_EQ(oracle->NetValue(two, 200), book->book->Value(two, 60));
}

}  // namespace
}  // namespace retro::oware
