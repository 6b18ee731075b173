// Tests the finite-horizon solver on a small invented game that is nothing
// like oware (negative rewards, non-zero limit values, terminal states in
// every slice, cycles, moves skipping several slices), against a memoised
// brute-force recursion, for several thread counts and horizons.
#include "retro/solver/finite_horizon.h"

#include <filesystem>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <tuple>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/solvers/finite_horizon/ring_game.h"
#include "tests/framework/temp_dir.h"

namespace retro {
namespace {

using ::testing::HasSubstr;

// V_t by plain recursion over the same description, memoised.
int BruteForce(const RingGame& game, int k, int p, int t, std::map<std::tuple<int, int, int>, int>& memo) {
  FiniteHorizonNode<RingGame::kMaxMoves> node;
  game.Expand(k, p, node);
  if (t == 0) return node.limit_value;
  if (node.num_moves == 0) return node.terminal_value;
  const auto key = std::make_tuple(k, p, t);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  int best = -1000;
  for (int m = 0; m < node.num_moves; ++m) {
    best = std::max(best, node.moves[m].reward -
                              BruteForce(game, node.moves[m].slice,
                                         static_cast<int>(node.moves[m].index), t - 1, memo));
  }
  memo[key] = best;
  return best;
}

// Byte-coded stores (each with its own codes) and bit-coded ones (each
// byte-coded first with the codes of the slice before) alike.
TEST(FiniteHorizonSolverTest, AgreesWithBruteForce) {
  for (bool conserving : {false, true}) {
    RingGame game;
    game.conserving = conserving;
    for (int threads : {1, 2, 3}) {
      for (uint32_t horizon : {0u, 1u, 2u, 7u, 40u}) {
        for (bool bit_code : {false, true}) {
          ThreadPool pool(threads);
          Progress progress;
          std::vector<FiniteHorizonSliceStats> stats;
          auto stores = solver::SolveFiniteHorizon(
              game, {.horizon = horizon, .stats = &stats, .bit_code = bit_code},
              {.pool = &pool, .progress = &progress});
          ASSERT_TRUE(stores.ok()) << stores.status();
          ASSERT_EQ(stores->size(), static_cast<size_t>(RingGame::kSlices));
          std::map<std::tuple<int, int, int>, int> memo;
          for (int k = 0; k < RingGame::kSlices; ++k) {
            auto view = FiniteHorizonStoreView::Open((*stores)[k]);
            ASSERT_TRUE(view.ok()) << view.status();
            EXPECT_EQ(view->states(), static_cast<uint64_t>(game.Size(k)));
            EXPECT_EQ(view->horizon(), horizon);
            for (int p = 0; p < game.Size(k); ++p) {
              // Beyond the horizon the store answers its last layer's value.
              for (uint32_t t = 0; t <= horizon + 3; ++t) {
                const int expected = BruteForce(game, k, p, std::min(t, horizon), memo);
                ASSERT_EQ(view->ValueAt(p, t), expected)
                    << "slice " << k << " cell " << p << " t " << t << " horizon " << horizon
                    << " threads " << threads << " conserving " << conserving << " bit_code "
                    << bit_code;
              }
            }
            EXPECT_EQ(view->bit_coded(), bit_code);
            EXPECT_LE(stats[k].last_change, horizon);
          }
        }
      }
    }
  }
}

// With a scratch folder the change logs go to disk (here after every layer);
// the stores are the same bytes as those kept in memory.
TEST(FiniteHorizonSolverTest, SpillingTheChangeLogGivesTheSameStores) {
  testing::TempDir dir;
  for (bool conserving : {false, true}) {
    RingGame game;
    game.conserving = conserving;
    for (int threads : {1, 2}) {
      ThreadPool pool(threads);
      Progress progress;
      auto in_memory = solver::SolveFiniteHorizon(game, {.horizon = 40},
                                                  {.pool = &pool, .progress = &progress});
      auto spilled = solver::SolveFiniteHorizon(
          game, {.horizon = 40},
          {.pool = &pool, .progress = &progress, .scratch_directory = dir.path(),
           .scratch_spill_bytes = 1});
      ASSERT_TRUE(in_memory.ok()) << in_memory.status();
      ASSERT_TRUE(spilled.ok()) << spilled.status();
      EXPECT_EQ(*spilled, *in_memory);
    }
  }
  // Nothing is left in the folder.
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
  // A scratch folder that cannot be used fails the solve, naming it.
  ThreadPool pool(2);
  const std::string missing = dir.path() + "/missing";
  auto failed = solver::SolveFiniteHorizon(
      RingGame{}, {.horizon = 40},
      {.pool = &pool, .scratch_directory = missing, .scratch_spill_bytes = 1});
  ASSERT_FALSE(failed.ok());
  EXPECT_NE(failed.status().message().find(missing), std::string::npos) << failed.status();
}

// Two states feeding each other rewards +1 and -1: V_t(A) = 2 + V_{t-2}(A),
// so values grow without bound.
struct GrowingGame {
  static constexpr int kMaxMoves = 1;
  int num_slices() const { return 1; }
  uint64_t slice_size(int) const { return 2; }
  void Expand(int, uint64_t index, FiniteHorizonNode<kMaxMoves>& node) const {
    node.num_moves = 1;
    node.moves[0] = {0, 1 - index, index == 0 ? 1 : -1};
  }
};

TEST(FiniteHorizonSolverTest, RefusesValuesOutsideInt8) {
  ThreadPool pool(2);
  Progress progress;
  auto fits = solver::SolveFiniteHorizon(GrowingGame(), {.horizon = 100}, {.pool = &pool, .progress = &progress});
  EXPECT_TRUE(fits.ok());
  auto stores = solver::SolveFiniteHorizon(GrowingGame(), {.horizon = 300}, {.pool = &pool, .progress = &progress});
  EXPECT_EQ(stores.status().code(), absl::StatusCode::kInternal);
  EXPECT_THAT(std::string(stores.status().message()),
              HasSubstr("takes the value 128 at t = 128, outside the bounds -128..127"));
}

// The bounds a kit declares (MinValue..MaxValue) stop the solve at the
// first state beyond them, naming it and the layer.
TEST(FiniteHorizonSolverTest, RefusesValuesOutsideTheDeclaredBounds) {
  ThreadPool pool(2);
  Progress progress;
  const auto bounds = [](int) { return solver::FiniteHorizonValueBounds{-10, 10}; };
  EXPECT_TRUE(solver::SolveFiniteHorizon(GrowingGame(), {.horizon = 10, .value_bounds = bounds},
                                         {.pool = &pool, .progress = &progress})
                  .ok());
  auto stores =
      solver::SolveFiniteHorizon(GrowingGame(), {.horizon = 11, .value_bounds = bounds},
                                 {.pool = &pool, .progress = &progress});
  EXPECT_EQ(stores.status().code(), absl::StatusCode::kInternal);
  EXPECT_THAT(std::string(stores.status().message()),
              HasSubstr("state 0 of slice 0 takes the value 11 at t = 11, outside the bounds "
                        "-10..10"));
}

// Slice 0: a state A with a move to itself earning 1, so V_t(A) = t % 2
// forever, and a state C with no move, terminal value 3. Slice 1: a state B
// with a capture move to each, earning 2 and 0: V_t(B) = 2 - (t - 1) % 2
// for t >= 1. B's moves into slice 0 change at every layer (A) and never
// after layer 1 (C), past layer 65,535 too, which the solver's 16-bit note
// of a capture's next change cannot hold.
struct FlipGame {
  static constexpr int kMaxMoves = 2;
  int num_slices() const { return 2; }
  uint64_t slice_size(int slice) const { return slice == 0 ? 2 : 1; }
  void Expand(int slice, uint64_t index, FiniteHorizonNode<kMaxMoves>& node) const {
    node.limit_value = 0;
    node.terminal_value = 3;
    if (slice == 0) {
      node.num_moves = index == 0 ? 1 : 0;
      node.moves[0] = {0, 0, 1};
    } else {
      node.num_moves = 2;
      node.moves[0] = {0, 0, 2};
      node.moves[1] = {0, 1, 0};
    }
  }
};

TEST(FiniteHorizonSolverTest, FollowsCaptureMovesBeyondLayer65535) {
  constexpr uint32_t kHorizon = 70000;
  for (const int threads : {1, 2}) {
    ThreadPool pool(threads);
    Progress progress;
    auto stores = solver::SolveFiniteHorizon(FlipGame(), {.horizon = kHorizon},
                                             {.pool = &pool, .progress = &progress});
    ASSERT_TRUE(stores.ok()) << stores.status();
    // V_t of slice k, state s for every t, from its list of changes.
    const auto values_of = [&](int k, uint64_t s) {
      auto view = FiniteHorizonStoreView::Open((*stores)[k]);
      EXPECT_TRUE(view.ok()) << view.status();
      std::vector<int> values(kHorizon + 1, 0);
      if (!view.ok()) return values;
      uint32_t from = 0;
      int value = 0;
      view->ForEachChange(s, [&](uint32_t layer, int next) {
        std::fill(values.begin() + from, values.begin() + layer, value);
        from = layer;
        value = next;
        return true;
      });
      std::fill(values.begin() + from, values.end(), value);
      return values;
    };
    const std::vector<int> a = values_of(0, 0), c = values_of(0, 1), b = values_of(1, 0);
    for (uint32_t t = 0; t <= kHorizon; ++t) {
      ASSERT_EQ(a[t], static_cast<int>(t % 2)) << "A, t " << t << ", threads " << threads;
      ASSERT_EQ(c[t], t == 0 ? 0 : 3) << "C, t " << t << ", threads " << threads;
      const int expected = t == 0 ? 0 : std::max(2 - a[t - 1], 0 - c[t - 1]);
      ASSERT_EQ(b[t], expected) << "B, t " << t << ", threads " << threads;
    }
  }
}

TEST(FiniteHorizonSolverTest, StopsAtTheFixedPointAndSaysWhere) {
  RingGame game;
  game.conserving = true;
  ThreadPool pool(2);
  Progress progress;
  std::vector<FiniteHorizonSliceStats> stats;
  auto stores = solver::SolveFiniteHorizon(game, {.horizon = 5000, .stats = &stats}, {.pool = &pool, .progress = &progress});
  ASSERT_TRUE(stores.ok());
  std::map<std::tuple<int, int, int>, int> memo;
  for (int k = 0; k < RingGame::kSlices; ++k) {
    const uint32_t last = stats[k].last_change;
    EXPECT_LT(last, 5000u) << "the ring game reaches a fixed point";
    // The stored fixed point is real: no value changes after it...
    for (int p = 0; p < game.Size(k); ++p) {
      EXPECT_EQ(BruteForce(game, k, p, last, memo), BruteForce(game, k, p, last + 60, memo));
    }
    // ...and something changes at it (unless nothing ever changes).
    if (last > 0) {
      bool changed = false;
      for (int p = 0; p < game.Size(k); ++p) {
        changed |= BruteForce(game, k, p, last, memo) != BruteForce(game, k, p, last - 1, memo);
      }
      EXPECT_TRUE(changed);
    }
  }
}

// A game whose move leaves to a larger slice breaks the contract: the solver
// must say so rather than read outside its tables.
struct BrokenGame {
  static constexpr int kMaxMoves = 1;
  int num_slices() const { return 2; }
  uint64_t slice_size(int) const { return 3; }
  void Expand(int, uint64_t, FiniteHorizonNode<kMaxMoves>& node) const {
    node.num_moves = 1;
    node.moves[0] = {1, 0, 0};
  }
};

TEST(FiniteHorizonSolverTest, RejectsMovesToLargerSlices) {
  ThreadPool pool(1);
  Progress progress;
  auto stores = solver::SolveFiniteHorizon(BrokenGame(), {.horizon = 3}, {.pool = &pool, .progress = &progress});
  ASSERT_FALSE(stores.ok());
  EXPECT_EQ(stores.status().code(), absl::StatusCode::kInternal);
  EXPECT_THAT(std::string(stores.status().message()),
              HasSubstr("of slice 0: move 0 leads to the later slice 1"));
}

// A one-slice game of `size` states, each with one move to the next state,
// whose node fields can be set out of range one at a time.
struct RangeGame {
  static constexpr int kMaxMoves = 2;
  int slices = 1;
  uint64_t size = 4;
  int num_moves = 1;
  int reward = 1;
  int limit_value = 0;
  int terminal_value = 0;
  bool child_outside = false;  // children numbered beyond the slice
  int num_slices() const { return slices; }
  uint64_t slice_size(int) const { return size; }
  void Expand(int, uint64_t index, FiniteHorizonNode<kMaxMoves>& node) const {
    node.limit_value = limit_value;
    node.terminal_value = terminal_value;
    node.num_moves = num_moves;
    for (int m = 0; m < std::min(num_moves, kMaxMoves); ++m) {
      node.moves[m] = {0, child_outside ? size + index : (index + 1) % size,
                       reward};
    }
  }
};

absl::Status SolveRangeStatus(const RangeGame& game, uint32_t horizon = 3,
                              uint64_t budget = 0) {
  return solver::SolveFiniteHorizon(game, {.horizon = horizon},
                                    {.memory_budget_bytes = budget})
      .status();
}
absl::StatusCode SolveRange(const RangeGame& game, uint32_t horizon = 3,
                            uint64_t budget = 0) {
  return SolveRangeStatus(game, horizon, budget).code();
}

// A mistake of the game: Internal, naming the field at fault.
MATCHER_P(GameFault, text, "") {
  return arg.code() == absl::StatusCode::kInternal &&
         absl::StrContains(arg.message(), text);
}

TEST(FiniteHorizonLimitsTest, TheRangeGameSolves) {
  EXPECT_EQ(SolveRange(RangeGame()), absl::StatusCode::kOk);
}

TEST(FiniteHorizonLimitsTest, RefusesRewardsAndValuesOutsideInt8) {
  RangeGame game;
  game.reward = 128;
  EXPECT_THAT(SolveRangeStatus(game), GameFault("reward 128 of move 0 outside the int8 range"));
  game = RangeGame();
  game.limit_value = -129;
  EXPECT_THAT(SolveRangeStatus(game), GameFault("limit value -129 outside the int8 range"));
  game = RangeGame();
  game.terminal_value = 200;
  EXPECT_THAT(SolveRangeStatus(game), GameFault("terminal value 200 outside the int8 range"));
}

TEST(FiniteHorizonLimitsTest, RefusesMoreMovesThanKMaxMoves) {
  RangeGame game;
  game.num_moves = RangeGame::kMaxMoves + 1;
  EXPECT_THAT(SolveRangeStatus(game), GameFault("move count 3 outside 0..2"));
  game.num_moves = -1;
  EXPECT_THAT(SolveRangeStatus(game), GameFault("move count -1 outside 0..2"));
}

TEST(FiniteHorizonLimitsTest, RefusesInSliceChildrenOutsideTheSlice) {
  RangeGame game;
  game.child_outside = true;
  EXPECT_THAT(SolveRangeStatus(game),
              GameFault("state 0 of slice 0: move 0 leads to index 4 of slice 0, which holds 4 "
                        "states"));
}

TEST(FiniteHorizonLimitsTest, RefusesTooManySlicesAndTooLongHorizons) {
  RangeGame game;
  game.slices = solver::kMaxFiniteHorizonSlices + 1;
  EXPECT_EQ(SolveRange(game), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(SolveRange(RangeGame(), solver::kMaxFiniteHorizon + 1),
            absl::StatusCode::kInvalidArgument);
}

TEST(FiniteHorizonLimitsTest, RefusesSlicesOf2To32States) {
  RangeGame game;
  game.size = uint64_t{1} << 32;
  EXPECT_EQ(SolveRange(game), absl::StatusCode::kResourceExhausted);
}

TEST(FiniteHorizonLimitsTest, RespectsTheMemoryBudget) {
  RangeGame game;
  game.size = 1000;
  EXPECT_EQ(SolveRange(game, 3, 100), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(SolveRange(game, 3, 1 << 20), absl::StatusCode::kOk);
}

TEST(FiniteHorizonStoreTest, RefusesMalformedBytes) {
  RingGame game;
  ThreadPool pool(1);
  Progress progress;
  auto stores = solver::SolveFiniteHorizon(game, {.horizon = 10}, {.pool = &pool, .progress = &progress});
  ASSERT_TRUE(stores.ok());
  std::vector<uint8_t> bytes = (*stores)[3];
  EXPECT_TRUE(FiniteHorizonStoreView::Open(bytes).ok());
  // Each damage is refused as data loss, with a message naming it.
  auto expect_refused = [](std::span<const uint8_t> damaged, std::string_view fragment) {
    auto view = FiniteHorizonStoreView::Open(damaged);
    ASSERT_FALSE(view.ok()) << fragment;
    EXPECT_EQ(view.status().code(), absl::StatusCode::kDataLoss) << view.status();
    EXPECT_THAT(std::string(view.status().message()), HasSubstr(fragment));
  };
  std::vector<uint8_t> truncated(bytes.begin(), bytes.end() - 1);
  expect_refused(truncated, absl::StrCat("value store has ", truncated.size(),
                                         " bytes, its header implies ", bytes.size()));
  std::vector<uint8_t> headless(bytes.begin(), bytes.begin() + 10);
  expect_refused(headless, "value store has 10 bytes, shorter than its 64-byte header");
  std::vector<uint8_t> bad_magic = bytes;
  bad_magic[0] ^= 1;
  expect_refused(bad_magic, "value store has a bad magic number");
}

// The contract is a concept; a type that is not a game fails it (and
// SolveFiniteHorizon's static_assert names the missing member).
static_assert(solver::FiniteHorizonGame<RingGame>);
static_assert(solver::FiniteHorizonGame<RangeGame>);
static_assert(!solver::FiniteHorizonGame<int>);
static_assert(!solver::FiniteHorizonHasExpand<FiniteHorizonSliceStats>);

}  // namespace
}  // namespace retro
