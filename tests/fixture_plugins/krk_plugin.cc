// A test-only game plugin: king and rook against king on an N×N board
// (tests/kit/krk_rules.h) bound to the loopy win/draw/loss kit, which does
// plan, solve, probe, stats, verify, perft and check. The kit's loopy
// example: cycles, two slices and a conversion (black takes the rook).
#include <memory>

#include "retro/kit/loopy_wdl_module.h"
#include "retro/plugin.h"
#include "tests/kit/krk_rules.h"

namespace krk {

std::unique_ptr<retro::GameModule> CreateModule() {
  return retro::kit::MakeLoopyWdlModule<Rules>({
      .name = "krk",
      .summary = "test game: king and rook against king on an N×N board, "
                 "win/draw/loss and plies to mate",
      .codec = "krk-wdl-byte-v1",
      .data_version = 1,
      .position_syntax = "the white king, the rook (left out once captured), the black "
                         "king and the side to move (w or b), e.g. \"Kb2 Rc3 ka1 w\"",
  });
}

}  // namespace krk

RETRO_PLUGIN(krk::CreateModule)
