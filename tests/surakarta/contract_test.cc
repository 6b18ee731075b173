// The contract checker on the Surakarta adapter (plugins/surakarta/contract.h)
// under both indexing schemes: the game's moves against the predecessors and
// move counts of the solver adapters the plugin solves with; and on the
// rules bound to the loopy kit (plugins/surakarta/rules.h), whose generic
// solver view must give the adapters' tables.
#include <type_traits>

#include "games/surakarta/fuchou_indexer.h"
#include "games/surakarta/symmetric_indexer.h"
#include "gtest/gtest.h"
#include "plugins/surakarta/contract.h"
#include "plugins/surakarta/rules.h"
#include "retro/kit/loopy_wdl_check_view.h"
#include "retro/kit/loopy_wdl_solve_view.h"
#include "retro/solver/loopy_wdl.h"
#include "retro/thread_pool.h"
#include "retro/testing/contract_matchers.h"

namespace retro::surakarta {
namespace {

TEST(SurakartaContractTest, FuChouTablesHold) {
  testing::ExpectContractHolds(ContractGame<FuChouIndexer>(4, NoMoveRule::kLoss),
                               {.sample = 20000});
}

TEST(SurakartaContractTest, SymmetricTablesHold) {
  testing::ExpectContractHolds(ContractGame<SymmetricIndexer>(4, NoMoveRule::kLoss),
                               {.sample = 5000});
}

TEST(SurakartaContractTest, SmallTablesWhole) {
  const CheckResult result =
      testing::RunContractCheck(ContractGame<FuChouIndexer>(3, NoMoveRule::kLoss), {.sample = 0});
  EXPECT_TRUE(result.ok) << result.first_failure;
  // 72 + 2,520 + 57,120 placements.
  EXPECT_EQ(result.indices, 72u + 2520u + 57120u);
}

// The rules the plugin binds to the loopy kit (plugins/surakarta/rules.h),
// as `retro check` sees them: the kit's contract view, with the rules'
// check hooks comparing the optimised adapters (Inconsistency,
// ForEachSolverParent).
namespace kit_view {

using View = kit::LoopyWdlCheckView<SurakartaRules>;

TEST(SurakartaRulesContractTest, WholeSmallTablesHoldInBothLayouts) {
  for (const TableIndexing indexing : {TableIndexing::kFuChou, TableIndexing::kSymmetric}) {
    const SurakartaRules rules(3, NoMoveRule::kLoss, indexing);
    const CheckResult result = testing::RunContractCheck(View(rules), {.sample = 0}, 2);
    EXPECT_TRUE(result.ok) << result.first_failure;
    EXPECT_EQ(result.indices, rules.slice_size(0) + rules.slice_size(1) + rules.slice_size(2));
  }
}

TEST(SurakartaRulesContractTest, SampledFourPieceTablesHold) {
  testing::ExpectContractHolds(View(SurakartaRules(4, NoMoveRule::kCount, TableIndexing::kFuChou)),
                               {.sample = 5000});
  testing::ExpectContractHolds(
      View(SurakartaRules(4, NoMoveRule::kLoss, TableIndexing::kSymmetric)), {.sample = 5000});
}

// The kit's generic solver view on the rules (their take-backs,
// ConversionValue, and distinct classes under the symmetric layout) solves
// the same tables, byte for byte, as the optimised adapters SolveSlice uses.
TEST(SurakartaRulesContractTest, GenericSolverViewMatchesTheAdapters) {
  ThreadPool pool(2);
  for (const TableIndexing indexing : {TableIndexing::kFuChou, TableIndexing::kSymmetric}) {
    const SurakartaRules rules(4, NoMoveRule::kLoss, indexing);
    std::vector<std::vector<uint8_t>> generic, adapters;
    for (int s = 0; s < rules.num_slices(); ++s) {
      absl::StatusOr<std::vector<uint8_t>> a = solver::SolveLoopyWdl(
          kit::LoopyWdlSolveView<SurakartaRules>(rules, s, generic), {.pool = &pool});
      absl::StatusOr<std::vector<uint8_t>> b = rules.SolveSlice(s, adapters, {.pool = &pool});
      ASSERT_TRUE(a.ok()) << a.status();
      ASSERT_TRUE(b.ok()) << b.status();
      EXPECT_EQ(*a, *b) << rules.slice_name(s) << " " << TableIndexingName(indexing);
      generic.push_back(*std::move(a));
      adapters.push_back(*std::move(b));
    }
  }
}

}  // namespace kit_view

// Regression (fuzz build, docs/fuzzing.md): the plugin's identity was a
// never-destroyed heap object held only in the plugin's statics, leaked
// (LeakSanitizer) each time clang-built plugins were unloaded. It is a value.
TEST(SurakartaInfoTest, IsAValueNotAStaticHeapObject) {
  static_assert(std::is_same_v<decltype(SurakartaInfo()), kit::GameInfo>);
  EXPECT_EQ(SurakartaInfo().name, "surakarta");
}

}  // namespace
}  // namespace retro::surakarta
