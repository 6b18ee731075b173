// The contract checker on the Surakarta adapter (plugins/surakarta/contract.h)
// under both indexing schemes: the game's moves against the predecessors and
// move counts of the solver adapters the plugin solves with.
#include "games/surakarta/fuchou_indexer.h"
#include "games/surakarta/symmetric_indexer.h"
#include "gtest/gtest.h"
#include "plugins/surakarta/contract.h"
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

}  // namespace
}  // namespace retro::surakarta
