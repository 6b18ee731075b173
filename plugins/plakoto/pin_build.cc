// Building the pin-distance databases with the chance solver
// (PinDatabase::Build, pin_database.h; options in pin_build_options.h).
#include <algorithm>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "games/plakoto/bearoff_indexer.h"
#include "games/plakoto/lex_indexer.h"
#include "plugins/plakoto/pin_afterstate_game.h"
#include "plugins/plakoto/pin_build_options.h"
#include "plugins/plakoto/pin_database.h"
#include "plugins/plakoto/pin_table_game.h"
#include "retro/solver/chance.h"

namespace retro::plakoto {
namespace {

// Solves over all 14-checker boards, numbered by `Indexer`, and keeps those
// that hold the pin, in the order of the free checkers' bearoff ranks.
template <typename Indexer>
absl::StatusOr<std::vector<double>> BuildWithTables(int points, int pin,
                                                    const PinBuildOptions& options) {
  const PinTableGame<Indexer> game(points, pin, options.rules);
  absl::StatusOr<std::vector<double>> all = solver::SolveChance(
      game, {.workspace = options.workspace},
      {.pool = options.pool, .progress = options.progress, .communicator = options.communicator});
  if (!all.ok()) return all.status();
  // A rank other than 0 of a distributed build gets no values (rank 0
  // writes the database).
  if (all->empty()) return std::vector<double>();

  // In the bearoff order of the free checkers the whole boards' bearoff
  // ranks mostly ascend, but their lex ranks scatter over the 36 MB of P = 12
  // values: the lookups are computed kAhead records early and prefetched,
  // which hides most of the memory latency (2.0 s -> 0.3 s for the five lex
  // builds on one thread; harmless for bearoff). A bearoff rank follows
  // from the record's own rank (RankPlusChecker).
  const BearoffIndexer free_indexer(points, kFreeCheckers);
  std::vector<double> values(free_indexer.Size());
  auto extract = [&](int, uint64_t begin, uint64_t end) {
    constexpr uint64_t kAhead = 16;
    uint64_t ahead[kAhead];  // ahead[j % kAhead]: the whole rank of record j
    Board board = free_indexer.Unrank(begin);
    auto look_up = [&](uint64_t j) {
      if constexpr (std::is_same_v<Indexer, BearoffIndexer>) {
        ahead[j % kAhead] = free_indexer.RankPlusChecker(board, j, pin);
      } else {
        ++board[pin];
        ahead[j % kAhead] = game.indexer().Rank(board);
        --board[pin];
      }
      __builtin_prefetch(&(*all)[ahead[j % kAhead]]);
      free_indexer.Next(&board);
    };
    for (uint64_t j = begin; j < std::min(end, begin + kAhead); ++j) look_up(j);
    for (uint64_t i = begin; i < end; ++i) {
      values[i] = (*all)[ahead[i % kAhead]];
      if (i + kAhead < end) look_up(i + kAhead);
    }
  };
  if (options.pool != nullptr) {
    options.pool->ParallelFor(0, values.size(), 1 << 16, extract);
  } else {
    extract(0, 0, values.size());
  }
  if (options.workspace != nullptr) options.workspace->Recycle(*std::move(all));
  return values;
}

}  // namespace

absl::StatusOr<PinDatabase> PinDatabase::Build(int points, int pin,
                                               const PinBuildOptions& options) {
  if (absl::Status s = ValidatePoints(points); !s.ok()) return s;
  if (absl::Status s = ValidatePin(pin); !s.ok()) return s;
  absl::StatusOr<std::vector<double>> values;
  if (options.method == BuildMethod::kAfterstates) {
    values = solver::SolveChance(
        PinAfterstateGame(points, pin, options.rules),
        {.pool = options.pool, .progress = options.progress, .communicator = options.communicator});
  } else if (options.indexing == BoardIndexing::kLex) {
    values = BuildWithTables<LexIndexer>(points, pin, options);
  } else {
    values = BuildWithTables<BearoffIndexer>(points, pin, options);
  }
  if (!values.ok()) return values.status();
  return PinDatabase(points, pin, *std::move(values));
}

absl::StatusOr<PinDatabase> PinDatabase::Build(int points, int pin) {
  return Build(points, pin, PinBuildOptions{});
}

}  // namespace retro::plakoto
