// The benchmarks' seed-method baseline and retro's book agree on every value
// of every board with up to 7 seeds at every t = 0..200, so the benchmark
// compares two computations of the same thing.
#include "benchmarks/oware_seed_baseline.h"

#include "games/oware/colex_indexer.h"
#include "gtest/gtest.h"
#include "plugins/oware/book.h"
#include "plugins/oware/solver_game.h"
#include "retro/database.h"
#include "retro/solver/finite_horizon.h"

namespace retro::oware {
namespace {

TEST(SeedBaselineTest, AgreesWithTheBookEverywhere) {
  constexpr int kSeeds = 7;
  const Rules rules;
  const baseline::SeedBook dense(kSeeds, rules);
  const ColexIndexer indexer(kSeeds);
  using Game = OwareSolverGame<GrandSlam::kForfeit, ColexIndexer>;
  const Game game(indexer, kSeeds, rules.at_limit);
  ThreadPool pool(2);
  Progress progress;
  auto stores = solver::SolveFiniteHorizon(
      game, {.horizon = static_cast<uint32_t>(rules.turn_limit)},
      {.pool = &pool, .progress = &progress});
  ASSERT_TRUE(stores.ok());
  for (int n = 0; n <= kSeeds; ++n) {
    auto store = FiniteHorizonStoreView::Open((*stores)[n]);
    ASSERT_TRUE(store.ok());
    for (uint64_t r = 0; r < indexer.Size(n); ++r) {
      const Board board = indexer.Unrank(n, r);
      for (int t = 0; t <= rules.turn_limit; ++t) {
        ASSERT_EQ(store->ValueAt(r, t), dense.Value(board, t)) << n << " " << r << " " << t;
      }
    }
  }
}

}  // namespace
}  // namespace retro::oware
