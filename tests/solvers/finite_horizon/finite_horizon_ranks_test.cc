// Tests the finite-horizon solver split across ranks (threads of this
// process standing in for MPI ranks): each rank spills its own change log
// to the scratch folder, and every rank returns the stores of one process;
// and on slices of many chunks, against the dense method.
#include <algorithm>
#include <filesystem>
#include <vector>

#include "gtest/gtest.h"
#include "retro/solver/finite_horizon.h"
#include "tests/distributed/thread_communicator.h"
#include "tests/framework/temp_dir.h"
#include "tests/solvers/finite_horizon/ring_game.h"

namespace retro {
namespace {

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
    std::vector<absl::StatusOr<std::vector<std::vector<uint8_t>>>> got(ranks);
    testing::ThreadJob job(ranks);
    job.Run([&](distributed::Communicator& comm) {
      ThreadPool pool(2);
      got[comm.rank()] = solver::SolveFiniteHorizon(
          big, {.horizon = 40},
          {.pool = &pool, .communicator = &comm, .scratch_directory = dir.path(),
           .scratch_spill_bytes = 1});
    });
    for (int r = 0; r < ranks; ++r) {
      ASSERT_TRUE(got[r].ok()) << got[r].status();
      EXPECT_EQ(*got[r], *one) << "rank " << r << " of " << ranks;
    }
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

}  // namespace
}  // namespace retro
