// The contract checker on the oware book's rules for the finite-horizon kit
// (plugins/oware/book_rules.h through retro/kit/finite_horizon_check_view.h):
// under every grand slam rule, the rules' indexer, notation and moves, and
// the colex solver adapter (solver_game.h, incremental ranking included)
// against the rules' moves.
#include "gtest/gtest.h"
#include "plugins/oware/book_rules.h"
#include "retro/kit/finite_horizon_check_view.h"
#include "retro/testing/contract_matchers.h"

namespace retro::oware {
namespace {

TEST(OwareContractTest, EveryRuleHolds) {
  for (const GrandSlam grand_slam :
       {GrandSlam::kForfeit, GrandSlam::kCapture, GrandSlam::kForcedOnly}) {
    Rules rules;
    rules.grand_slam = grand_slam;
    const BookRules book(7, rules);
    const CheckResult result = retro::testing::RunContractCheck(
        kit::FiniteHorizonCheckView<BookRules>(book), {.sample = 5000}, 2);
    EXPECT_TRUE(result.ok) << GrandSlamName(grand_slam) << ": " << result.first_failure;
    EXPECT_GT(result.positions, 10000u);
  }
}

}  // namespace
}  // namespace retro::oware
