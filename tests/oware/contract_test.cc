// The contract checker on the oware adapter (plugins/oware/contract.h): every
// indexing scheme and grand slam rule, the rules' moves against what the
// finite-horizon solver adapter (incremental ranking included) reports.
#include "gtest/gtest.h"
#include "plugins/oware/contract.h"

namespace retro::oware {
namespace {

TEST(OwareContractTest, EverySchemeAndRuleHolds) {
  ThreadPool pool(2);
  for (const char* indexer : {"colex", "lexicographic", "pext", "incremental", "hash"}) {
    for (const GrandSlam grand_slam :
         {GrandSlam::kForfeit, GrandSlam::kCapture, GrandSlam::kForcedOnly}) {
      Rules rules;
      rules.grand_slam = grand_slam;
      absl::StatusOr<CheckResult> result =
          CheckOwareContract(7, rules, indexer, {.sample = 5000}, &pool, nullptr);
      ASSERT_TRUE(result.ok()) << result.status();
      EXPECT_TRUE(result->ok) << indexer << ": " << result->first_failure;
      EXPECT_GT(result->positions, 10000u) << indexer;
    }
  }
}

}  // namespace
}  // namespace retro::oware
