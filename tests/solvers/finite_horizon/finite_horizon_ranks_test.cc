// Tests the finite-horizon solver split across ranks (threads of this
// process standing in for MPI ranks): each rank spills its own change log
// to the scratch folder, keeps its own range of the finished slices and
// fetches the lists it reads; rank 0 returns the stores of one process,
// also when resuming from saved slices; and on slices of many chunks,
// against the dense method.
#include <algorithm>
#include <filesystem>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "retro/solver/finite_horizon.h"
#include "tests/distributed/thread_communicator.h"
#include "tests/framework/temp_dir.h"
#include "tests/solvers/finite_horizon/ring_game.h"

namespace retro {
namespace {

using Stores = std::vector<std::vector<uint8_t>>;

// Solves `game` on `ranks` ranks that are threads of this process (a job
// of one rank is the single process), each with a pool of `threads`
// threads, options_of(rank) and `context`'s scratch settings; returns each
// rank's result.
std::vector<absl::StatusOr<Stores>> SolveOnRanks(
    const RingGame& game, int ranks, int threads,
    const std::function<solver::FiniteHorizonOptions(int rank)>& options_of,
    const solver::SolveContext& context = {}) {
  std::vector<absl::StatusOr<Stores>> got(ranks);
  testing::ThreadJob job(ranks);
  job.Run([&](distributed::Communicator& comm) {
    ThreadPool pool(threads);
    solver::SolveContext mine = context;
    mine.pool = &pool;
    mine.communicator = &comm;
    got[comm.rank()] = solver::SolveFiniteHorizon(game, options_of(comm.rank()), mine);
  });
  return got;
}

// V_t of every state by the dense method: every state at every layer, from
// the layer before (no change tracking, unlike the solver).
std::vector<std::vector<std::vector<int>>> DenseValues(const RingGame& game, int horizon) {
  std::vector<std::vector<std::vector<int>>> v(game.num_slices());
  for (int k = 0; k < game.num_slices(); ++k) v[k].assign(horizon + 1, std::vector<int>(game.Size(k)));
  FiniteHorizonNode<RingGame::kMaxMoves> node;
  for (int t = 0; t <= horizon; ++t) {
    for (int k = 0; k < game.num_slices(); ++k) {
      for (int p = 0; p < game.Size(k); ++p) {
        game.Expand(k, p, node);
        int value = node.limit_value;
        if (t > 0) {
          value = node.terminal_value;
          if (node.num_moves > 0) value = -1000;
          for (int m = 0; m < node.num_moves; ++m) {
            value = std::max(value, node.moves[m].reward -
                                        v[node.moves[m].slice][t - 1][node.moves[m].index]);
          }
        }
        v[k][t][p] = value;
      }
    }
  }
  return v;
}

// Slices of several chunks of 16,384 states: the changes of a layer are
// kept per chunk, on one thread or several.
TEST(FiniteHorizonRanksTest, SlicesOfManyChunksAgreeWithTheDenseMethod) {
  RingGame game;
  game.conserving = true;
  game.base = 50000;
  const int horizon = 30;
  const auto dense = DenseValues(game, horizon);
  for (int threads : {1, 2, 3}) {
    ThreadPool pool(threads);
    auto stores = solver::SolveFiniteHorizon(game, {.horizon = static_cast<uint32_t>(horizon)},
                                             {.pool = &pool});
    ASSERT_TRUE(stores.ok()) << stores.status();
    for (int k = 0; k < game.num_slices(); ++k) {
      auto view = FiniteHorizonStoreView::Open((*stores)[k]);
      ASSERT_TRUE(view.ok()) << view.status();
      for (int t = 0; t <= horizon; ++t) {
        for (int p = 0; p < game.Size(k); ++p) {
          ASSERT_EQ(view->ValueAt(p, t), dense[k][t][p])
              << "slice " << k << " cell " << p << " t " << t << " threads " << threads;
        }
      }
    }
  }
}

TEST(FiniteHorizonRanksTest, RanksSpillingTheirLogsGiveTheStoresOfOneProcess) {
  testing::TempDir dir;
  RingGame big;
  big.base = 1000;  // ranks own whole blocks of 64 states
  auto one = solver::SolveFiniteHorizon(big, {.horizon = 40}, {});
  ASSERT_TRUE(one.ok()) << one.status();
  for (int ranks : {2, 3}) {
    const auto got = SolveOnRanks(
        big, ranks, 2, [](int) { return solver::FiniteHorizonOptions{.horizon = 40}; },
        {.scratch_directory = dir.path(), .scratch_spill_bytes = 1});
    ASSERT_TRUE(got[0].ok()) << got[0].status();
    EXPECT_EQ(*got[0], *one) << "rank 0 of " << ranks;
    for (int r = 1; r < ranks; ++r) {
      ASSERT_TRUE(got[r].ok()) << got[r].status();
      ASSERT_EQ(got[r]->size(), one->size()) << "rank " << r << " of " << ranks;
      for (const std::vector<uint8_t>& store : *got[r]) EXPECT_TRUE(store.empty());
    }
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

// Ranks keep only their own ranges of the finished slices and fetch the
// lists their moves into smaller slices read; more ranks than a small
// slice has blocks of 64 states leave some ranks nothing of it. Byte-coded
// (no final coding) and bit-coded, with the per-slice statistics summed
// over the ranks.
TEST(FiniteHorizonRanksTest, RanksKeepingTheirRangesGiveTheStoresOfOneProcess) {
  RingGame game;
  game.base = 100;  // slices of 100..118 states: two blocks of 64 at most
  for (const bool bit_code : {false, true}) {
    std::vector<FiniteHorizonSliceStats> one_stats;
    auto one = solver::SolveFiniteHorizon(
        game, {.horizon = 30, .stats = &one_stats, .bit_code = bit_code}, {});
    ASSERT_TRUE(one.ok()) << one.status();
    for (int ranks : {2, 3, 5}) {
      std::vector<std::vector<FiniteHorizonSliceStats>> stats(ranks);
      const auto got = SolveOnRanks(game, ranks, 1, [&](int rank) {
        return solver::FiniteHorizonOptions{
            .horizon = 30, .stats = &stats[rank], .bit_code = bit_code};
      });
      ASSERT_TRUE(got[0].ok()) << got[0].status();
      EXPECT_EQ(*got[0], *one) << ranks << " ranks, bit-coded " << bit_code;
      for (int r = 0; r < ranks; ++r) {
        ASSERT_EQ(stats[r].size(), one_stats.size());
        for (size_t k = 0; k < one_stats.size(); ++k) {
          EXPECT_EQ(stats[r][k].changes, one_stats[k].changes) << "rank " << r << " slice " << k;
          EXPECT_EQ(stats[r][k].evaluations, one_stats[k].evaluations);
          EXPECT_EQ(stats[r][k].last_change, one_stats[k].last_change);
          EXPECT_EQ(stats[r][k].states, one_stats[k].states);
          if (r == 0) {
            EXPECT_EQ(stats[r][k].bytes, one_stats[k].bytes);
          }
        }
      }
    }
  }
}

// With `take`, each slice's final store goes to it as soon as it is final,
// in slice order: on rank 0 only under several ranks, after the coding in
// one process; the solve then returns empty stores.
TEST(FiniteHorizonRanksTest, TakeGetsEachFinalStoreInSliceOrder) {
  RingGame game;
  game.base = 200;
  auto one = solver::SolveFiniteHorizon(game, {.horizon = 20}, {});
  ASSERT_TRUE(one.ok()) << one.status();
  for (int ranks : {1, 3}) {
    std::vector<std::vector<std::pair<int, std::vector<uint8_t>>>> taken(ranks);
    const auto got = SolveOnRanks(game, ranks, 1, [&taken](int rank) {
      return solver::FiniteHorizonOptions{
          .horizon = 20, .take = [&taken, rank](int slice, std::vector<uint8_t> store) {
            taken[rank].emplace_back(slice, std::move(store));
            return absl::OkStatus();
          }};
    });
    ASSERT_EQ(taken[0].size(), one->size()) << ranks << " ranks";
    for (size_t k = 0; k < one->size(); ++k) {
      EXPECT_EQ(taken[0][k].first, static_cast<int>(k));
      EXPECT_TRUE(taken[0][k].second == (*one)[k]) << "slice " << k << ", " << ranks << " ranks";
    }
    for (int r = 0; r < ranks; ++r) {
      ASSERT_TRUE(got[r].ok()) << got[r].status();
      for (const std::vector<uint8_t>& store : *got[r]) EXPECT_TRUE(store.empty());
      if (r > 0) {
        EXPECT_TRUE(taken[r].empty()) << "rank " << r;
      }
    }
  }
}

// Resuming: every rank restores the whole stores of the slices saved
// before and keeps its range of them; rank 0 alone saves, whole stores,
// those of one process.
TEST(FiniteHorizonRanksTest, RanksResumingFromSavedSlicesGiveTheStoresOfOneProcess) {
  RingGame game;
  game.base = 300;
  std::vector<std::vector<uint8_t>> saved(RingGame::kSlices);
  auto one = solver::SolveFiniteHorizon(
      game,
      {.horizon = 25,
       .save = [&](int slice, const std::vector<uint8_t>& store) {
         saved[slice] = store;
         return absl::OkStatus();
       }},
      {});
  ASSERT_TRUE(one.ok()) << one.status();
  const int ranks = 3;
  std::vector<std::vector<std::pair<int, std::vector<uint8_t>>>> saves(ranks);
  const auto got = SolveOnRanks(game, ranks, 1, [&](int rank) {
    return solver::FiniteHorizonOptions{
        .horizon = 25,
        .restore = [&saved](int slice) -> absl::StatusOr<std::optional<std::vector<uint8_t>>> {
          if (slice % 2 == 0) return saved[slice];  // slices 0, 2, 4, 6 were kept
          return std::nullopt;
        },
        .save = [&saves, rank](int slice, const std::vector<uint8_t>& store) {
          saves[rank].emplace_back(slice, store);
          return absl::OkStatus();
        }};
  });
  ASSERT_TRUE(got[0].ok()) << got[0].status();
  EXPECT_EQ(*got[0], *one);
  ASSERT_EQ(saves[0].size(), 3u);
  for (const auto& [slice, store] : saves[0]) {
    EXPECT_EQ(slice % 2, 1);
    EXPECT_EQ(store, saved[slice]) << "slice " << slice;
  }
  for (int r = 1; r < ranks; ++r) EXPECT_TRUE(saves[r].empty()) << "rank " << r;
}

}  // namespace
}  // namespace retro
