// The dice race example (plugins/dice_race/rules.h) with a mistake planted,
// chosen by the environment variable RETRO_PLANTED_MISTAKE, under the name
// "dice_race" so that it opens the example's databases:
//   weights  a six weighs 2/6, so that the weights sum to 7/6
//   value    labels() bound E to at most 5, which the race exceeds
//   other    no mistake
// tests/kit/plugin_mistakes_test.sh expects solve, probe, verify, stats and
// check to refuse it, naming the member at fault.
#include <cstdlib>
#include <memory>
#include <string>

#include "plugins/dice_race/rules.h"
#include "retro/kit/chance_module.h"
#include "retro/plugin.h"

namespace {

// The planted mistake, read once.
const std::string& Mistake() {
  static const std::string mistake = [] {
    const char* chosen = std::getenv("RETRO_PLANTED_MISTAKE");
    return std::string(chosen == nullptr ? "" : chosen);
  }();
  return mistake;
}

class FaultyDiceRace : public dice_race::Rules {
 public:
  double OutcomeWeight(int outcome) const {
    return Mistake() == "weights" && outcome == 5 ? 2.0 / 6 : Rules::OutcomeWeight(outcome);
  }
  static retro::kit::ChanceLabels labels() {
    retro::kit::ChanceLabels labels = Rules::labels();
    if (Mistake() == "value") labels.greatest_value = 5;
    return labels;
  }
};

std::unique_ptr<retro::GameModule> CreateModule() {
  return retro::kit::MakeChanceModule<FaultyDiceRace>({
      .name = "dice_race",
      .summary = "the dice race example with a planted mistake",
      .codec = "dice_race-f64le-v1",
      .position_syntax = "the checkers' points, the higher first: \"7 3\", \"5\"",
  });
}

}  // namespace

RETRO_PLUGIN(CreateModule)
