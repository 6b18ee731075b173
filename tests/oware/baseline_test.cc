// The benchmarks' seed-method baseline and retro's book agree on every value
// of every board with up to 7 seeds at every t = 0..200 (and of smaller
// books under the variants), so the benchmark compares two computations of
// the same thing; its index is the spec's
// lexicographic bijection with the spec's state counts.
#include "benchmarks/oware_seed_baseline.h"

#include "games/oware/colex_indexer.h"
#include "games/oware/lexicographic_indexer.h"
#include "gtest/gtest.h"
#include "plugins/oware/book.h"
#include "plugins/oware/solver_game.h"
#include "retro/database.h"
#include "retro/solver/finite_horizon.h"

namespace retro::oware {
namespace {

TEST(SeedBaselineTest, IndexIsTheSeedsBijection) {
  constexpr int kSeeds = 5;
  const baseline::SeedBook dense(kSeeds, Rules{.turn_limit = 1});
  const uint64_t kStates[] = {1, 12, 78, 364, 1365, 4368};
  const LexicographicIndexer lex(kSeeds);
  uint64_t first = 0;
  for (int n = 0; n <= kSeeds; ++n) {
    ASSERT_EQ(dense.BoardsWithSeeds(n), kStates[n]);
    for (uint64_t r = 0; r < kStates[n]; ++r) {
      ASSERT_EQ(dense.Index(lex.Unrank(n, r)), first + r) << n << " " << r;
    }
    first += kStates[n];
  }
  EXPECT_EQ(dense.boards(), first);
}

// Every value of the baseline for `rules` against retro's solver: the
// baseline's stored layers, or -1 after the first failure.
template <GrandSlam kGrandSlam>
int ExpectAgreement(int seeds, const Rules& rules, baseline::SeedBook::Moves moves) {
  const baseline::SeedBook dense(seeds, rules, moves);
  const ColexIndexer indexer(seeds);
  const OwareSolverGame<kGrandSlam, ColexIndexer> game(indexer, seeds, rules.at_limit);
  ThreadPool pool(2);
  Progress progress;
  auto stores = solver::SolveFiniteHorizon(
      game, {.horizon = static_cast<uint32_t>(rules.turn_limit)},
      {.pool = &pool, .progress = &progress});
  EXPECT_TRUE(stores.ok());
  if (!stores.ok()) return -1;
  for (int n = 0; n <= seeds; ++n) {
    auto store = FiniteHorizonStoreView::Open((*stores)[n]);
    EXPECT_TRUE(store.ok());
    if (!store.ok()) return -1;
    for (uint64_t r = 0; r < indexer.Size(n); ++r) {
      const Board board = indexer.Unrank(n, r);
      for (int t = 0; t <= rules.turn_limit; ++t) {
        EXPECT_EQ(store->ValueAt(r, t), dense.Value(board, t)) << n << " " << r << " " << t;
        if (store->ValueAt(r, t) != dense.Value(board, t)) return -1;
      }
    }
  }
  return dense.stored_layers();
}

using Moves = baseline::SeedBook::Moves;

TEST(SeedBaselineTest, AgreesWithTheBookEverywhere) {
  for (const Moves moves : {Moves::kCached, Moves::kRecomputed}) {
    // The early stop kept fewer layers than the turn limit's.
    EXPECT_LT(ExpectAgreement<GrandSlam::kForfeit>(7, {}, moves), 201);
  }
}

TEST(SeedBaselineTest, AgreesUnderEveryVariant) {
  for (const Moves moves : {Moves::kCached, Moves::kRecomputed}) {
    ExpectAgreement<GrandSlam::kCapture>(6, {.grand_slam = GrandSlam::kCapture}, moves);
    ExpectAgreement<GrandSlam::kForcedOnly>(
        6, {.grand_slam = GrandSlam::kForcedOnly, .at_limit = AtLimit::kOwnSide}, moves);
    ExpectAgreement<GrandSlam::kForfeit>(5, {.at_limit = AtLimit::kOwnSide, .turn_limit = 60},
                                         moves);
  }
}

}  // namespace
}  // namespace retro::oware
