// Every indexing scheme solves the same book: the book solved with boards
// ranked by each scheme, brought into colex order with PermuteStore when the
// scheme ranks in another order (as the plugin does), serialises to the same
// bytes as the colex book: 8 seeds, 200 plies, every rule variant, 1 and 2
// threads.
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "games/oware/colex_indexer.h"
#include "games/oware/hash_indexer.h"
#include "games/oware/incremental_indexer.h"
#include "games/oware/lexicographic_indexer.h"
#include "games/oware/pext_indexer.h"
#include "gtest/gtest.h"
#include "plugins/oware/book.h"
#include "plugins/oware/solver_game.h"
#include "retro/database.h"
#include "retro/solver/finite_horizon.h"

namespace retro::oware {
namespace {

// Solves a book in memory with `Indexer`, in the book's colex order, and
// returns the serialised database.
template <GrandSlam kGrandSlam, typename Indexer>
std::vector<uint8_t> SolveBook(int seeds, const Rules& rules, int threads) {
  const Indexer indexer(seeds);
  const OwareSolverGame<kGrandSlam, Indexer> game(indexer, seeds,
                                                  rules.at_limit);
  ThreadPool pool(threads);
  Progress progress;
  auto stores =
      solver::SolveFiniteHorizon(
          game, {.horizon = static_cast<uint32_t>(rules.turn_limit)},
          {.pool = &pool, .progress = &progress});
  EXPECT_TRUE(stores.ok()) << stores.status();
  if (!stores.ok()) return {};
  if constexpr (!std::is_same_v<Indexer, ColexIndexer> &&
                !std::is_same_v<Indexer, PextIndexer> &&
                !std::is_same_v<Indexer, IncrementalIndexer>) {
    const ColexIndexer colex(seeds);
    for (int n = 0; n <= seeds; ++n) {
      auto view = FiniteHorizonStoreView::Open((*stores)[n]);
      EXPECT_TRUE(view.ok());
      (*stores)[n] = PermuteStore(
          *view, [&](uint64_t i) { return indexer.Rank(colex.Unrank(n, i)); },
          pool);
    }
  }
  DatabaseBuilder builder;
  builder.SetCodec(kBookCodec);
  builder.SetParameter("seeds", std::to_string(seeds));
  builder.SetParameter("turn-limit", std::to_string(rules.turn_limit));
  builder.SetParameter("grand-slam",
                       std::string(GrandSlamName(rules.grand_slam)));
  builder.SetParameter("at-limit", std::string(AtLimitName(rules.at_limit)));
  for (int n = 0; n <= seeds; ++n) {
    builder.AddSlice(SliceName(n), std::move((*stores)[n]));
  }
  return SerializeDatabase({"oware", 1, kBookDataVersion, kBookCodec},
                           builder);
}

template <GrandSlam kGrandSlam>
void ExpectSchemesAgree(int seeds, const Rules& rules, int threads) {
  const std::vector<uint8_t> colex =
      SolveBook<kGrandSlam, ColexIndexer>(seeds, rules, threads);
  ASSERT_FALSE(colex.empty());
  EXPECT_EQ((SolveBook<kGrandSlam, LexicographicIndexer>(seeds, rules,
                                                         threads)),
            colex)
      << "lexicographic";
  EXPECT_EQ((SolveBook<kGrandSlam, PextIndexer>(seeds, rules, threads)), colex)
      << "pext";
  EXPECT_EQ(
      (SolveBook<kGrandSlam, IncrementalIndexer>(seeds, rules, threads)),
      colex)
      << "incremental";
  EXPECT_EQ((SolveBook<kGrandSlam, HashIndexer>(seeds, rules, threads)), colex)
      << "hash";
}

TEST(IndexingBookTest, EverySchemeAgreesUnderEveryVariant) {
  for (const AtLimit at_limit : {AtLimit::kNobody, AtLimit::kOwnSide}) {
    {
      // One and two threads, alternately.
      const int threads = at_limit == AtLimit::kNobody ? 2 : 1;
      Rules rules;
      rules.at_limit = at_limit;
      rules.grand_slam = GrandSlam::kForfeit;
      ExpectSchemesAgree<GrandSlam::kForfeit>(8, rules, threads);
      rules.grand_slam = GrandSlam::kCapture;
      ExpectSchemesAgree<GrandSlam::kCapture>(8, rules, threads);
      rules.grand_slam = GrandSlam::kForcedOnly;
      ExpectSchemesAgree<GrandSlam::kForcedOnly>(8, rules, threads);
    }
  }
}

}  // namespace
}  // namespace retro::oware
