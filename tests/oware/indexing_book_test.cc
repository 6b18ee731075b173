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
#include "tests/oware/solved_book.h"

namespace retro::oware {
namespace {

template <GrandSlam kGrandSlam>
void ExpectSchemesAgree(int seeds, const Rules& rules, int threads) {
  const std::vector<uint8_t> colex =
      SolveBookBytes<kGrandSlam, ColexIndexer>(seeds, rules, threads);
  ASSERT_FALSE(colex.empty());
  EXPECT_EQ((SolveBookBytes<kGrandSlam, LexicographicIndexer>(seeds, rules,
                                                         threads)),
            colex)
      << "lexicographic";
  EXPECT_EQ((SolveBookBytes<kGrandSlam, PextIndexer>(seeds, rules, threads)), colex)
      << "pext";
  EXPECT_EQ(
      (SolveBookBytes<kGrandSlam, IncrementalIndexer>(seeds, rules, threads)),
      colex)
      << "incremental";
  EXPECT_EQ((SolveBookBytes<kGrandSlam, HashIndexer>(seeds, rules, threads)), colex)
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
