// The tic-tac-toe plugin: its rules (rules.h) bound to the loopy win/draw/loss
// kit, which does plan, solve, probe, stats, verify, perft and check.
#include "retro/kit/loopy_wdl_module.h"
#include "retro/plugin.h"
#include "rules.h"

namespace tictactoe {

std::unique_ptr<retro::GameModule> CreateModule() {
  return retro::kit::MakeLoopyWdlModule<Rules>({
      .name = "tictactoe",
      .summary = "tic-tac-toe, the example plugin: every reachable position, "
                 "win/draw/loss and plies to the end",
      .codec = "tictactoe-wdl-byte-v1",
      .data_version = 1,
      .position_syntax = "the rows top to bottom separated by '/', each cell x, o or . "
                         "(x moves first), e.g. \"x.o/.x./..o\"",
  });
}

}  // namespace tictactoe

RETRO_PLUGIN(tictactoe::CreateModule)
