// Building and probing the pin-distance databases.
#include "plugins/plakoto/pin_database.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "games/plakoto/lex_indexer.h"
#include "plugins/plakoto/pin_afterstate_game.h"
#include "plugins/plakoto/pin_table_game.h"
#include "retro/solver/chance.h"

namespace retro::plakoto {
namespace {

// Solves over all 14-checker boards, numbered by `Indexer`, and keeps those
// that hold the pin, in the order of the free checkers' bearoff ranks.
template <typename Indexer>
absl::StatusOr<std::vector<double>> BuildWithTables(
    int points, int pin, const PinBuildOptions& options) {
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
  // builds on one thread; harmless for bearoff).
  const BearoffIndexer free_indexer(points, kFreeCheckers);
  std::vector<double> values(free_indexer.Size());
  auto extract = [&](int, uint64_t begin, uint64_t end) {
    constexpr uint64_t kAhead = 16;
    uint64_t ahead[kAhead];  // ahead[j % kAhead]: the whole rank of record j
    Board board = free_indexer.Unrank(begin);
    auto look_up = [&](uint64_t j) {
      ++board[pin];
      ahead[j % kAhead] = game.indexer().Rank(board);
      --board[pin];
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
  return values;
}

}  // namespace

absl::StatusOr<PinDatabase> PinDatabase::Build(int points, int pin,
                                               const PinBuildOptions& options) {
  if (absl::Status s = ValidatePoints(points); !s.ok()) return s;
  if (absl::Status s = ValidatePin(pin); !s.ok()) return s;
  absl::StatusOr<std::vector<double>> values;
  switch (options.method) {
    case BuildMethod::kPartialMoveTables:
      switch (options.indexing) {
        case BoardIndexing::kBearoff:
          values = BuildWithTables<BearoffIndexer>(points, pin, options);
          break;
        case BoardIndexing::kLex:
          values = BuildWithTables<LexIndexer>(points, pin, options);
          break;
      }
      break;
    case BuildMethod::kAfterstates: {
      values = solver::SolveChance(
          PinAfterstateGame(points, pin, options.rules),
          {.pool = options.pool, .progress = options.progress,
           .communicator = options.communicator});
      break;
    }
  }
  if (!values.ok()) return values.status();
  return PinDatabase(points, pin, *std::move(values));
}

absl::StatusOr<PinDatabase> PinDatabase::FromValues(
    int points, int pin, std::vector<double> values) {
  if (absl::Status s = ValidatePoints(points); !s.ok()) return s;
  if (absl::Status s = ValidatePin(pin); !s.ok()) return s;
  const uint64_t expected = BearoffIndexer(points, kFreeCheckers).Size();
  if (values.size() != expected) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a P = ", points, " pin database has ", expected, " records, got ",
        values.size()));
  }
  return PinDatabase(points, pin, std::move(values));
}

absl::Status PinDatabase::CheckPosition(const Position& position) const {
  if (absl::Status s = ValidatePosition(position); !s.ok()) return s;
  if (position.points != points_ || position.pin != pin_) {
    return absl::InvalidArgumentError(absl::StrCat(
        "position has P = ", position.points, ", p = ", position.pin,
        "; this database is for P = ", points_, ", p = ", pin_));
  }
  return absl::OkStatus();
}

absl::StatusOr<double> PinDatabase::Value(const Position& position) const {
  if (absl::Status s = CheckPosition(position); !s.ok()) return s;
  return values_[IndexOf(position)];
}

absl::StatusOr<std::array<RollAnalysis, kNumRolls>> PinDatabase::AnalyzeRolls(
    const Position& position) const {
  if (absl::Status s = CheckPosition(position); !s.ok()) return s;
  std::array<RollAnalysis, kNumRolls> result;
  std::vector<Play> plays;
  for (int r = 0; r < kNumRolls; ++r) {
    RollAnalysis& analysis = result[r];
    analysis.roll = kRolls[r];
    analysis.num_plays = GeneratePlays(position, kRolls[r], &plays);
    analysis.has_move = analysis.num_plays > 0;
    for (const Play& play : plays) {
      const double value = AfterstateValue(play.after);
      if (&play == &plays.front() || value > analysis.best_value) {
        analysis.best_value = value;
        analysis.best_play = play;
      }
    }
  }
  return result;
}

double PinDatabase::Residual(uint64_t index) const {
  const Position position = PositionAt(index);
  std::vector<Play> plays;
  double sum = 1.0;
  double moving = 0.0;
  for (const Roll& roll : kRolls) {
    if (GeneratePlays(position, roll, &plays) == 0) continue;
    double best = 0.0;
    for (const Play& play : plays) {
      best = std::max(best, AfterstateValue(play.after));
    }
    sum += roll.Probability() * best;
    moving += roll.Probability();
  }
  return sum / moving - values_[index];
}

}  // namespace retro::plakoto
