// The contract checker on the Plakoto adapter (plugins/plakoto/contract.h):
// indexer, notation, afterstates and the no-move probability of every pin.
#include "gtest/gtest.h"
#include "plugins/plakoto/contract.h"
#include "retro/testing/contract_matchers.h"

namespace retro::plakoto {
namespace {

TEST(PlakotoContractTest, SixPointsWhole) {
  const CheckResult result =
      testing::RunContractCheck(ContractGame(6, {2, 3, 4, 5, 6}), {.sample = 0});
  EXPECT_TRUE(result.ok) << result.first_failure;
  EXPECT_EQ(result.indices, 5u * 8568u);
}

TEST(PlakotoContractTest, TwelvePointsSampled) {
  testing::ExpectContractHolds(ContractGame(12, {2, 6}), {.sample = 300});
}

}  // namespace
}  // namespace retro::plakoto
