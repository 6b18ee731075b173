// Every record of a pin slice recomputed through partial-play tables (see
// pin_best_plays.h and pin_recurrence_game.h).
#include "plugins/plakoto/pin_best_plays.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>

#include "absl/status/statusor.h"
#include "games/plakoto/bearoff_indexer.h"
#include "games/plakoto/position.h"
#include "plugins/plakoto/pin_recurrence_game.h"
#include "plugins/plakoto/rules.h"
#include "retro/solver/chance.h"

namespace retro::plakoto {
namespace {

// Boards per chunk of a pass.
constexpr uint64_t kGrain = 1 << 14;

// The kit's full verify must find the hook (it falls back to enumerating
// every play otherwise).
static_assert(kit::HasBestChoices<PinRules>);

}  // namespace

PinBestPlays::PinBestPlays(const kit::ChanceTables<PinRules>& tables) : tables_(tables) {}

void PinBestPlays::Prepare(int slice, const WorkContext& context) {
  const PinRules& rules = tables_.rules();
  const int points = rules.points();
  const int pin = rules.pins()[slice];
  const BearoffIndexer boards(points, kCheckers);

  // 1. g of every 14-checker board: the afterstate's value as the kit
  //    defines it (0 once the pin is released, else the stored D of the
  //    record of its free checkers), scattered from the records.
  const BearoffIndexer records(points, kFreeCheckers);
  // Calls visit(record, its board) for every record, in parallel: the board
  // holds the record's free checkers and the pinning one.
  const auto for_each_record = [&](auto&& visit) {
    context.pool->ParallelFor(0, records.Size(), kGrain, [&](int, uint64_t b, uint64_t e) {
      Board board = records.Unrank(b);
      for (uint64_t i = b; i < e; ++i) {
        visit(i, records.RankPlusChecker(board, i, pin));
        records.Next(&board);
      }
    });
  };
  const std::span<const double> stored = tables_.values(slice);
  g_.assign(boards.Size(), 0.0);
  for_each_record([&](uint64_t record, uint64_t board) { g_[board] = stored[record]; });

  // 2. Every board recomputed by the chance solver's schedule (one thread
  //    pool, no progress of its own: the kit's verify phase reports).
  const PinRecurrenceGame<PinRules> game(points, pin, g_.data(), rules);
  absl::StatusOr<std::vector<double>> by_board =
      solver::SolveChance(game, {.workspace = &workspace_}, {.pool = context.pool});
  if (!by_board.ok()) {  // not reached: the schedule is PinTableGame's
    recomputed_.assign(rules.slice_size(slice), std::numeric_limits<double>::quiet_NaN());
    return;
  }

  // 3. By record.
  recomputed_.resize(records.Size());
  for_each_record(
      [&](uint64_t record, uint64_t board) { recomputed_[record] = (*by_board)[board]; });
  workspace_.Recycle(*std::move(by_board));
}

}  // namespace retro::plakoto
