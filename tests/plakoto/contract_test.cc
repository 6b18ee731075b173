// The contract checker on the Plakoto pin databases as the chance kit sees
// them (retro/kit/chance_check_view.h over plugins/plakoto/rules.h):
// indexer, notation, afterstates, and the rules' pip and no-move
// probability test, for every pin.
#include "gtest/gtest.h"
#include "plugins/plakoto/rules.h"
#include "retro/kit/chance_check_view.h"
#include "retro/testing/contract_matchers.h"

namespace retro::plakoto {
namespace {

PinRules Rules(const std::string& points, const std::string& pin) {
  return *PinRules::Create({{"points", points}, {"pin", pin}, {"distribution", "none"}});
}

TEST(PlakotoContractTest, SixPointsWhole) {
  const PinRules rules = Rules("6", "all");
  const CheckResult result =
      testing::RunContractCheck(kit::ChanceCheckView<PinRules>(rules), {.sample = 0});
  EXPECT_TRUE(result.ok) << result.first_failure;
  EXPECT_EQ(result.indices, 5u * 8568u);
}

TEST(PlakotoContractTest, TwelvePointsSampled) {
  for (const char* pin : {"2", "6"}) {
    const PinRules rules = Rules("12", pin);
    testing::ExpectContractHolds(kit::ChanceCheckView<PinRules>(rules), {.sample = 300});
  }
}

}  // namespace
}  // namespace retro::plakoto
