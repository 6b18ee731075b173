// The benchmarks' change floor (benchmarks/oware_change_floor.h) and retro's
// book agree on every value of every board with up to 7 seeds at every t =
// 0..200 (and of smaller books under the variants) and on the changes each
// seed count stores, so the floor the docs set beside retro's solve computes
// the same book by the same method.
#include "benchmarks/oware_change_floor.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "games/oware/colex_indexer.h"
#include "gtest/gtest.h"
#include "plugins/oware/solver_game.h"
#include "retro/solver/finite_horizon.h"

namespace retro::oware {
namespace {

// Every value and every seed count's change count of the floor for `rules`
// against retro's solver.
template <GrandSlam kGrandSlam>
void ExpectAgreement(int seeds, const Rules& rules) {
  const floor::ChangeFloor floor(seeds, rules);
  const ColexIndexer indexer(seeds);
  const OwareSolverGame<kGrandSlam, ColexIndexer> game(indexer, seeds, rules.at_limit);
  ThreadPool pool(2);
  Progress progress;
  std::vector<FiniteHorizonSliceStats> stats;
  auto stores = solver::SolveFiniteHorizon(
      game, {.horizon = static_cast<uint32_t>(rules.turn_limit), .stats = &stats},
      {.pool = &pool, .progress = &progress});
  ASSERT_TRUE(stores.ok()) << stores.status();
  uint32_t last_change = 0;
  for (int n = 0; n <= seeds; ++n) {
    EXPECT_EQ(floor.ChangesWithSeeds(n), stats[n].changes) << n << " seeds";
    last_change = std::max(last_change, stats[n].last_change);
    auto store = FiniteHorizonStoreView::Open((*stores)[n]);
    ASSERT_TRUE(store.ok()) << store.status();
    for (uint64_t r = 0; r < indexer.Size(n); ++r) {
      const Board board = indexer.Unrank(n, r);
      for (int t = 0; t <= rules.turn_limit; ++t) {
        ASSERT_EQ(store->ValueAt(r, t), floor.Value(board, t)) << n << " " << r << " " << t;
      }
    }
  }
  EXPECT_EQ(floor.last_change(), static_cast<int>(last_change));
  uint64_t states = 0;
  for (int n = 0; n <= seeds; ++n) states += indexer.Size(n);
  EXPECT_EQ(floor.states(), states);
}

TEST(ChangeFloorTest, AgreesWithTheBookEverywhere) {
  ExpectAgreement<GrandSlam::kForfeit>(7, {});
}

TEST(ChangeFloorTest, AgreesUnderEveryVariant) {
  ExpectAgreement<GrandSlam::kCapture>(6, {.grand_slam = GrandSlam::kCapture});
  ExpectAgreement<GrandSlam::kForcedOnly>(
      6, {.grand_slam = GrandSlam::kForcedOnly, .at_limit = AtLimit::kOwnSide});
  ExpectAgreement<GrandSlam::kForfeit>(5, {.at_limit = AtLimit::kOwnSide, .turn_limit = 60});
}

TEST(ChangeFloorTest, NineSeedsStopWhereTheSpecSays) {
  // The spec: for N = 9 no value changes for t >= 146. And each seed count
  // stores as many changes as retro's solve of the same book.
  const floor::ChangeFloor floor(9, {});
  EXPECT_EQ(floor.last_change(), 145);
  const ColexIndexer indexer(9);
  const OwareSolverGame<GrandSlam::kForfeit, ColexIndexer> game(indexer, 9, AtLimit::kNobody);
  ThreadPool pool(2);
  Progress progress;
  std::vector<FiniteHorizonSliceStats> stats;
  ASSERT_TRUE(solver::SolveFiniteHorizon(game, {.horizon = 200, .stats = &stats, .bit_code = false},
                                         {.pool = &pool, .progress = &progress})
                  .ok());
  for (int n = 0; n <= 9; ++n) EXPECT_EQ(floor.ChangesWithSeeds(n), stats[n].changes) << n;
}

}  // namespace
}  // namespace retro::oware
