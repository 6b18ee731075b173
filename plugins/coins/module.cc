// The coins plugin: its rules (rules.h) bound to the finite-horizon kit,
// which does plan, solve, probe, stats, verify, perft and check.
#include <memory>

#include "retro/kit/finite_horizon_module.h"
#include "retro/plugin.h"
#include "rules.h"

namespace coins {

std::unique_ptr<retro::GameModule> CreateModule() {
  return retro::kit::MakeFiniteHorizonModule<Rules>({
      .name = "coins",
      .summary = "a row of coins, take one from either end: the finite-horizon kit's example",
      .codec = "coins-v1",
      .position_syntax = "the row with the taken coins as dots, e.g. \"..4159..\"",
  });
}

}  // namespace coins

RETRO_PLUGIN(coins::CreateModule)
