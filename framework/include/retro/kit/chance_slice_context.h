// What a chance game's own solver (the optional SolveSlice of ChanceRules,
// retro/kit/chance_rules.h) is given.
#ifndef RETRO_KIT_CHANCE_SLICE_CONTEXT_H_
#define RETRO_KIT_CHANCE_SLICE_CONTEXT_H_

#include <span>
#include <vector>

#include "retro/game_module.h"
#include "retro/solver/chance_workspace.h"

namespace retro::kit {

// What the game's own solver (SolveSlice) is given: threads and progress,
// memory to reuse from one slice to the next, and the finished values of
// the earlier slices (for afterstates that leave the slice: the kit's own
// solver view reads them; a game's SolveSlice gets empty vectors).
struct ChanceSliceContext {
  WorkContext work;
  chance::Workspace* workspace = nullptr;
  std::span<const std::vector<double>> solved;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_CHANCE_SLICE_CONTEXT_H_
