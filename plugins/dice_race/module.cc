// The dice race plugin: its rules (rules.h) bound to the chance kit, which
// does plan, solve, probe, stats, verify and check.
#include <memory>

#include "retro/kit/chance_module.h"
#include "retro/plugin.h"
#include "rules.h"

namespace dice_race {

std::unique_ptr<retro::GameModule> CreateModule() {
  return retro::kit::MakeChanceModule<Rules>({
      .name = "dice_race",
      .summary = "the chance kit's example: checkers race home with one die (expected turns)",
      .codec = "dice_race-f64le-v1",  // one little-endian double per record
      .position_syntax = "the checkers' points, one or two of 1..12, e.g. \"7 3\"",
  });
}

}  // namespace dice_race

RETRO_PLUGIN(dice_race::CreateModule)
