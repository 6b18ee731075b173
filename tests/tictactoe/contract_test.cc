// The contract checker on the kit's view of the tic-tac-toe rules
// (retro/kit/loopy_wdl_check_view.h on plugins/tictactoe/rules.h): every
// index checked and passing, and take-backs that forget one move rejected,
// naming the position (on the rules with hand-written take-backs of
// rules_with_take_backs.h; the plugin's have none).
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "plugins/tictactoe/rules.h"
#include "retro/kit/loopy_wdl_check_view.h"
#include "retro/testing/contract_matchers.h"
#include "tests/tictactoe/rules_with_take_backs.h"

namespace tictactoe {
namespace {

const Rules kRules;
using ContractView = retro::kit::LoopyWdlCheckView<Rules>;

TEST(TicTacToeContractTest, Holds) {
  const retro::CheckResult result = retro::testing::RunContractCheck(ContractView(kRules), {}, 2);
  EXPECT_TRUE(result.ok) << result.first_failure;
  EXPECT_EQ(result.indices, 19683u);  // 3^9
  EXPECT_EQ(result.positions, 5478u);
  retro::testing::ExpectContractHolds(ContractView(kRules));
}

TEST(TicTacToeContractTest, HoldsWithTakeBacks) {
  retro::testing::ExpectContractHolds(
      retro::kit::LoopyWdlCheckView<RulesWithTakeBacks>(RulesWithTakeBacks()));
}

// Take-backs that skip un-playing the centre: the solver would never
// count down the parent whose move was to the centre.
const RulesWithTakeBacks kRulesWithTakeBacks;
class NoCentreTakeBack : public retro::kit::LoopyWdlCheckView<RulesWithTakeBacks> {
 public:
  NoCentreTakeBack() : LoopyWdlCheckView(kRulesWithTakeBacks) {}
  template <typename Visit>
  void ForEachParent(const Position& p, Visit&& visit) const {
    LoopyWdlCheckView::ForEachParent(p, [&](const Position& q) {
      if ((q.cells[4] == kEmpty) != (p.cells[4] == kEmpty)) return;
      visit(q);
    });
  }
};

TEST(TicTacToeContractTest, RejectsMissingTakeBack) {
  const retro::CheckResult result = retro::testing::RunContractCheck(NoCentreTakeBack());
  ASSERT_FALSE(result.ok);
  EXPECT_EQ(result.failed_check, "take-backs");
  // The empty board (index 0) has a move to the centre, which lists no
  // take-back to it.
  EXPECT_EQ(result.first_failure,
            "take-backs: slice 0 (positions) index 0 (position \".../.../...\"): 1 move(s) "
            "lead to \".../.x./...\" (slice 0 (positions) index 81), but it lists 0 "
            "take-back(s) to the position");
}

}  // namespace
}  // namespace tictactoe
