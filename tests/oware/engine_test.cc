// The whole-game engine (games/oware/engine.h) without a book: its exact
// results equal a plain whole-game minimax on small boards under every rule
// variant; its fixed-depth values with an evaluation equal a fixed-depth
// minimax; budgets are respected and results deterministic.
#include "games/oware/engine.h"

#include <optional>
#include <random>
#include <vector>

#include "games/oware/evaluation.h"
#include "games/oware/movegen.h"
#include "games/oware/notation.h"
#include "games/oware/position.h"
#include "games/oware/search_value.h"
#include "gtest/gtest.h"
#include "tests/oware/test_util.h"
#include "tests/oware/whole_game_minimax.h"

namespace retro::oware {
namespace {

// A random board with `seeds` seeds.
Board RandomBoard(std::mt19937& rng, int seeds) {
  Board board;
  std::uniform_int_distribution<int> house(0, kHouses - 1);
  for (int i = 0; i < seeds; ++i) ++board.houses[house(rng)];
  return board;
}

// A position with `seeds` seeds on the board and `plies_left` plies to go.
// Half the time the scores bring the game close to a majority (48 seeds in
// all), otherwise they are small.
Position RandomPosition(std::mt19937& rng, int seeds, int plies_left,
                        const GameRules& game) {
  Position pos;
  pos.board = RandomBoard(rng, seeds);
  const int captured =
      std::uniform_int_distribution<int>(0, 1)(rng) ? 48 - seeds : seeds / 2;
  const int spread = std::min(captured, 8);
  const int half = captured / 2;
  pos.mover_score = std::uniform_int_distribution<int>(half - spread / 2,
                                                       half + spread / 2)(rng);
  pos.opponent_score = captured - pos.mover_score;
  pos.plies = game.rules.turn_limit - plies_left;
  return pos;
}

struct Variant {
  GrandSlam grand_slam;
  AtLimit at_limit;
  bool majority;
};

class EngineVsMinimaxTest : public ::testing::TestWithParam<Variant> {
 protected:
  GameRules Game() const {
    GameRules game;
    game.rules.grand_slam = GetParam().grand_slam;
    game.rules.at_limit = GetParam().at_limit;
    game.majority_ends_game = GetParam().majority;
    return game;
  }
};

// (a) The engine's exact result equals the plain minimax, and its move
// achieves it.
TEST_P(EngineVsMinimaxTest, ExactResultEqualsPlainMinimax) {
  const GameRules game = Game();
  test::WholeGameMinimax minimax(game);
  std::mt19937 rng(1234);
  EngineOptions options;
  options.game = game;
  options.table_megabytes = 1;
  int checked = 0;
  for (int seeds = 1; seeds <= 10; ++seeds) {
    for (int i = 0; i < 30; ++i) {
      const int plies_left =
          std::uniform_int_distribution<int>(1, seeds <= 5 ? 14 : 9)(rng);
      const Position pos = RandomPosition(rng, seeds, plies_left, game);
      ASSERT_TRUE(ValidatePosition(pos, game).ok());
      const int expected = minimax.Exact(pos.board, pos.mover_score,
                                         pos.opponent_score, plies_left);
      Engine<> engine(options);
      const SearchResult r = engine.Search(pos, SearchLimits{});
      ASSERT_TRUE(r.exact) << FormatPosition(pos);
      ASSERT_EQ(r.final_difference(), expected) << FormatPosition(pos);
      ++checked;
      if (r.best_move < 0) {
        EXPECT_TRUE(FinalDifference(pos, game).has_value());
        continue;
      }
      Move moves[kMaxMoves];
      const int n = GenerateMoves(pos.board, game.rules, moves);
      bool found = false;
      for (int k = 0; k < n; ++k) {
        if (moves[k].house != r.best_move) continue;
        found = true;
        const Position child = pos.Play(moves[k]);
        EXPECT_EQ(-minimax.Exact(child.board, child.mover_score,
                                 child.opponent_score, plies_left - 1),
                  expected)
            << FormatPosition(pos) << " move " << r.best_move;
      }
      EXPECT_TRUE(found) << "illegal best move " << r.best_move;
    }
  }
  EXPECT_EQ(checked, 300);
}

// With an evaluation at the horizon, the value of a depth-limited search
// equals the fixed-depth minimax (the table never grafts values across
// depths: its key holds the plies left, so a key always sits at one ply).
TEST_P(EngineVsMinimaxTest, FixedDepthValueEqualsFixedDepthMinimax) {
  const GameRules game = Game();
  test::WholeGameMinimax minimax(game);
  std::mt19937 rng(99);
  for (const EvaluationKind kind :
       {EvaluationKind::kMaterial, EvaluationKind::kEvolvedDepth3,
        EvaluationKind::kEvolvedDepth5}) {
    EngineOptions options;
    options.game = game;
    options.evaluation = kind;
    options.table_megabytes = 1;
    const Evaluation evaluation(kind, game.rules.grand_slam);
    for (int i = 0; i < 12; ++i) {
      const int seeds = std::uniform_int_distribution<int>(8, 30)(rng);
      const Position pos = RandomPosition(rng, seeds, 150, game);
      for (int depth = 1; depth <= 5; ++depth) {
        Engine<> engine(options);
        SearchLimits limits;
        limits.max_depth = depth;
        const SearchResult r = engine.Search(pos, limits);
        const int expected =
            minimax.DepthLimited(pos.board, pos.mover_score, pos.opponent_score,
                                 150, depth, true, evaluation, nullptr, -1);
        ASSERT_EQ(r.value, expected)
            << FormatPosition(pos) << " depth " << depth;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    AllVariants, EngineVsMinimaxTest,
    ::testing::Values(Variant{GrandSlam::kForfeit, AtLimit::kNobody, true},
                      Variant{GrandSlam::kForfeit, AtLimit::kNobody, false},
                      Variant{GrandSlam::kCapture, AtLimit::kNobody, true},
                      Variant{GrandSlam::kForcedOnly, AtLimit::kNobody, false},
                      Variant{GrandSlam::kForfeit, AtLimit::kOwnSide, true},
                      Variant{GrandSlam::kCapture, AtLimit::kOwnSide, false},
                      Variant{GrandSlam::kForcedOnly, AtLimit::kOwnSide,
                              true}));

TEST(PositionTest, PlayAndGameEnd) {
  GameRules game;
  Position pos = Position::Start();
  EXPECT_EQ(pos.TotalGameSeeds(), 48);
  EXPECT_FALSE(FinalDifference(pos, game).has_value());
  Move moves[kMaxMoves];
  ASSERT_EQ(GenerateMoves(pos.board, game.rules, moves), 6);
  pos =
      pos.Play(moves[5]);  // 4 seeds from house 5: 6, 7, 8, 9 of the other side
  EXPECT_EQ(FormatBoard(pos.board), "5 5 5 5 4 4 | 4 4 4 4 4 0");
  EXPECT_EQ(pos.plies, 1);

  // 25 of 48 captured: the game is over, whatever the board.
  Position won{test::B("1 1 0 0 0 0 | 1 0 0 0 0 0"), 20, 25, 30};
  EXPECT_EQ(FinalDifference(won, game), -5);
  game.majority_ends_game = false;
  EXPECT_FALSE(FinalDifference(won, game).has_value());
  // Turn limit: the seeds left count for nobody (or own side).
  Position limit{test::B("3 0 0 0 0 0 | 1 0 0 0 0 0"), 10, 12, 200};
  EXPECT_EQ(FinalDifference(limit, game), -2);
  game.rules.at_limit = AtLimit::kOwnSide;
  EXPECT_EQ(FinalDifference(limit, game), 0);
  // No legal move: the mover takes its own seeds.
  Position starved{test::B("0 0 0 0 1 0 | 0 0 0 0 0 0"), 0, 0, 10};
  EXPECT_EQ(FinalDifference(starved, game), 1);
}

TEST(EngineTest, GameOverAtTheRoot) {
  EngineOptions options;
  Engine<> engine(options);
  const Position won{test::B("1 1 0 0 0 0 | 1 0 0 0 0 0"), 26, 19, 30};
  const SearchResult r = engine.Search(won, SearchLimits{});
  EXPECT_EQ(r.best_move, -1);
  EXPECT_TRUE(r.exact);
  EXPECT_EQ(r.final_difference(), 7);
  EXPECT_EQ(r.value, ProvenValue(7));
}

// (d) The node budget holds, results repeat exactly, and the principal
// variation is a legal line.
TEST(EngineTest, NodeBudgetIsRespectedAndResultsAreDeterministic) {
  for (const EvaluationKind kind :
       {EvaluationKind::kMaterial, EvaluationKind::kEvolvedDepth5}) {
    EngineOptions options;
    options.evaluation = kind;
    options.table_megabytes = 4;
    for (const uint64_t budget : {1000ull, 20000ull, 200000ull}) {
      Engine<> a(options);
      Engine<> b(options);
      SearchLimits limits;
      limits.max_nodes = budget;
      const SearchResult ra = a.Search(Position::Start(), limits);
      const SearchResult rb = b.Search(Position::Start(), limits);
      EXPECT_LE(ra.nodes, budget);
      EXPECT_GE(ra.depth, 1);
      EXPECT_GE(ra.best_move, 0);
      EXPECT_EQ(ra.best_move, rb.best_move);
      EXPECT_EQ(ra.value, rb.value);
      EXPECT_EQ(ra.pv, rb.pv);
      EXPECT_EQ(ra.nodes, rb.nodes);
      EXPECT_EQ(ra.depth, rb.depth);
      ASSERT_FALSE(ra.pv.empty());
      EXPECT_EQ(ra.pv[0], ra.best_move);
      Position pos = Position::Start();
      for (const int house : ra.pv) {
        Move moves[kMaxMoves];
        const int n = GenerateMoves(pos.board, options.game.rules, moves);
        int k = 0;
        while (k < n && moves[k].house != house) ++k;
        ASSERT_LT(k, n) << "illegal move " << house
                        << " in the principal variation";
        pos = pos.Play(moves[k]);
      }
    }
  }
}

TEST(EngineTest, TimeBudgetStopsTheSearch) {
  EngineOptions options;
  Engine<> engine(options);
  SearchLimits limits;
  limits.max_seconds = 0.05;
  const SearchResult r = engine.Search(Position::Start(), limits);
  EXPECT_GE(r.best_move, 0);
  EXPECT_LT(r.seconds, 1.0);
  EXPECT_FALSE(r.exact);
}

// A search that fits in its depth is exact even from the start position
// when the turn limit is near.
TEST(EngineTest, ShortGamesAreSolved) {
  EngineOptions options;
  options.game.rules.turn_limit = 7;
  Engine<> engine(options);
  const SearchResult r = engine.Search(Position::Start(), SearchLimits{});
  ASSERT_TRUE(r.exact);
  test::WholeGameMinimax minimax(options.game);
  EXPECT_EQ(r.final_difference(),
            minimax.Exact(Position::Start().board, 0, 0, 7));
}

// Whole games, the evolved depth-5 player against material, each move a
// legal one, until the game ends.
TEST(EngineTest, PlaysWholeGames) {
  EngineOptions evolved_options;
  evolved_options.evaluation = EvaluationKind::kEvolvedDepth5;
  evolved_options.table_megabytes = 2;
  EngineOptions material_options;
  material_options.table_megabytes = 2;
  Engine<> evolved(evolved_options);
  Engine<> material(material_options);
  const GameRules game;
  for (const int first : {0, 1}) {
    Position pos = Position::Start();
    SearchLimits limits;
    limits.max_nodes = 3000;
    while (!FinalDifference(pos, game).has_value()) {
      const SearchResult r =
          (pos.plies % 2 == first ? evolved : material).Search(pos, limits);
      Move moves[kMaxMoves];
      const int n = GenerateMoves(pos.board, game.rules, moves);
      int k = 0;
      while (k < n && moves[k].house != r.best_move) ++k;
      ASSERT_LT(k, n) << FormatPosition(pos) << " move " << r.best_move;
      pos = pos.Play(moves[k]);
      ASSERT_LE(pos.plies, 200);
    }
    EXPECT_EQ(pos.TotalGameSeeds(), 48);
  }
}

}  // namespace
}  // namespace retro::oware
