// The build side of PinRules (rules.h): each slice solved with the chance
// solver (PinDatabase::Build, pin_build.cc), the plan's estimates, and the
// best plays of a full verify (pin_best_plays.h). Not part of the pin-file reader (pin_file.h),
// which links rules.cc alone.
#include <utility>
#include <vector>

#include "plugins/plakoto/pin_best_plays.h"
#include "plugins/plakoto/pin_build_options.h"
#include "plugins/plakoto/pin_database.h"
#include "plugins/plakoto/pin_table_game.h"
#include "plugins/plakoto/rules.h"
#include "retro/kit/size_estimates.h"
#include "retro/solver/chance.h"
#include "retro/status_macros.h"

namespace retro::plakoto {
namespace {

// Solver memory per 14-checker board: the partial-move table record
// (pin_table_game.h) and the value.
constexpr uint64_t kBytesPerBoard = solver::ChanceBytesPerPosition<PinTableGame<BearoffIndexer>>();

// The finished slices (plus one being encoded), and the turn distributions
// likewise.
uint64_t FinishedMemory(int points, uint64_t pins, int turns) {
  const uint64_t records = BearoffIndexer(points, kFreeCheckers).Size();
  return records * (sizeof(double) + turns * sizeof(float)) * (pins + 1);
}

// The solve's memory: the tables and values of one solve, and the finished
// slices.
uint64_t SolveMemory(int points, uint64_t pins, int turns) {
  return kBytesPerBoard * BearoffIndexer(points, kCheckers).Size() +
         FinishedMemory(points, pins, turns);
}

}  // namespace

// A distributed solve splits the tables (each rank keeps those of its own
// boards and of the boards they read, until the last read), but rank 0
// receives every board's value at the end of each slice (8 bytes a board)
// and keeps the finished slices.
kit::SizeEstimates PinRules::EstimateSizes(uint64_t available_bytes) const {
  return {.memory_bytes = SolveMemory(points_, pins_.size(), turns_),
          .file_bytes = kit::ChanceFileBytes(*this),
          .replicated_memory_bytes = sizeof(double) * BearoffIndexer(points_, kCheckers).Size() +
                                     FinishedMemory(points_, pins_.size(), turns_),
          .what_fits =
              points_ == 12 && SolveMemory(6, 1, 0) <= available_bytes ? "--points 6 fits" : ""};
}

absl::StatusOr<std::vector<double>> PinRules::SolveSlice(
    int slice, const kit::ChanceSliceContext& context) const {
  const PinBuildOptions options{.pool = context.work.pool,
                                .progress = context.work.progress,
                                .workspace = context.workspace,
                                .communicator = context.work.communicator};
  RETRO_ASSIGN_OR_RETURN(PinDatabase db, PinDatabase::Build(points_, pins_[slice], options));
  return std::move(db).TakeValues();
}

PinBestPlays PinRules::MakeBestChoices(const kit::ChanceTables<PinRules>& tables,
                                       const WorkContext&) const {
  return PinBestPlays(tables);
}

}  // namespace retro::plakoto
