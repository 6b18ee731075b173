// The dice race example (plugins/dice_race/rules.h) with its die's weights
// summing to 7/6 (a six weighs 2/6), under the name "dice_race" so that it
// opens the example's databases. tests/kit/plugin_mistakes_test.sh expects
// solve, probe, verify, stats and check to refuse it, naming OutcomeWeight.
#include <memory>

#include "plugins/dice_race/rules.h"
#include "retro/kit/chance_module.h"
#include "retro/plugin.h"

namespace {

class FaultyDiceRace : public dice_race::Rules {
 public:
  double OutcomeWeight(int outcome) const { return outcome == 5 ? 2.0 / 6 : 1.0 / 6; }
};

std::unique_ptr<retro::GameModule> CreateModule() {
  return retro::kit::MakeChanceModule<FaultyDiceRace>({
      .name = "dice_race",
      .summary = "the dice race example with weights summing to 7/6",
      .codec = "dice_race-f64le-v1",
      .position_syntax = "the checkers' points, the higher first: \"7 3\", \"5\"",
  });
}

}  // namespace

RETRO_PLUGIN(CreateModule)
