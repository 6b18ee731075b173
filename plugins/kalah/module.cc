// The Kalah plugin: its rules (rules.h) bound to the finite-horizon kit,
// which does plan, solve, probe, stats, verify, perft and check.
#include <memory>

#include "retro/kit/finite_horizon_module.h"
#include "retro/plugin.h"
#include "rules.h"

namespace kalah {

std::unique_ptr<retro::GameModule> CreateModule() {
  return retro::kit::MakeFiniteHorizonModule<Rules>({
      .name = "kalah",
      .summary = "Kalah, a store move earns another: the finite-horizon kit's extra-turn example",
      .codec = "kalah-v1",
      .position_syntax = "the houses of the side to move, '/', the opponent's, e.g. \"302/011\"",
  });
}

}  // namespace kalah

RETRO_PLUGIN(kalah::CreateModule)
