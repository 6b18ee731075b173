// The bearoff race plugin: its rules (rules.h) bound to the chance kit, which
// does plan, solve, probe, stats, verify and check.
#include <memory>

#include "retro/kit/chance_module.h"
#include "retro/plugin.h"
#include "rules.h"

namespace bearoff {

std::unique_ptr<retro::GameModule> CreateModule() {
  return retro::kit::MakeChanceModule<Rules>({
      .name = "bearoff",
      .summary = "the chance kit's two-player example: a backgammon bearoff race (win chance)",
      .codec = "bearoff-f64le-v1",  // one little-endian double per record
      .position_syntax = "each side's checkers by point, the side to move first, e.g. \"331/2\"",
  });
}

}  // namespace bearoff

RETRO_PLUGIN(bearoff::CreateModule)
