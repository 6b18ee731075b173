// The oware plugin's module: parameters, memory planning, solving the book
// with the finite-horizon solver, opening books, perft, play (play.h).
// Exported with RETRO_PLUGIN at the bottom.
#include <algorithm>
#include <iterator>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "games/oware/colex_indexer.h"
#include "games/oware/hash_indexer.h"
#include "games/oware/incremental_indexer.h"
#include "games/oware/lexicographic_indexer.h"
#include "games/oware/movegen.h"
#include "games/oware/notation.h"
#include "games/oware/pext_indexer.h"
#include "plugins/oware/book.h"
#include "plugins/oware/contract.h"
#include "plugins/oware/oware_database.h"
#include "plugins/oware/play.h"
#include "plugins/oware/solver_game.h"
#include "retro/combinatorics.h"
#include "retro/plugin.h"
#include "retro/solver/finite_horizon.h"
#include "retro/status_macros.h"
#include "retro/system_memory.h"

namespace retro::oware {
namespace {

// The memory model of a solve, fitted to peak RSS measured on books of 9..18
// seeds (docs/games/oware.md): the finished stores of every slice, about
// 10 + 2.2 (N - 9) bytes per board (values change more often on bigger
// boards), plus the working set of the largest slice, about 100 + 3 (N - 14)
// bytes per board; then a 15% margin.
double BytesPerStoredBoard(int seeds) { return 10 + 2.2 * std::max(0, seeds - 9); }
double BytesPerWorkingBoard(int seeds) { return 100 + 3.0 * std::max(0, seeds - 14); }
constexpr double kMemoryMargin = 1.15;

struct SolveSettings {
  int seeds;
  Rules rules;
  std::string indexer;
};

absl::StatusOr<SolveSettings> ReadSettings(const ParameterValues& values) {
  SolveSettings settings;
  RETRO_ASSIGN_OR_RETURN(const int64_t seeds, GetIntParameter(values, "seeds", 1, kMaxBookSeeds));
  RETRO_ASSIGN_OR_RETURN(const int64_t limit,
                         GetIntParameter(values, "turn-limit", 1, kMaxTurnLimit));
  settings.seeds = static_cast<int>(seeds);
  settings.rules.turn_limit = static_cast<int>(limit);
  RETRO_ASSIGN_OR_RETURN(settings.rules.grand_slam, ParseGrandSlam(values.at("grand-slam")));
  RETRO_ASSIGN_OR_RETURN(settings.rules.at_limit, ParseAtLimit(values.at("at-limit")));
  settings.indexer = values.at("indexer");
  return settings;
}

uint64_t BookBoards(int seeds) {
  uint64_t total = 0;
  for (int n = 0; n <= seeds; ++n) total += CompositionCount(n, kHouses);
  return total;
}

uint64_t EstimateMemory(int seeds) {
  return static_cast<uint64_t>(
      kMemoryMargin * (BytesPerWorkingBoard(seeds) * CompositionCount(seeds, kHouses) +
                       BytesPerStoredBoard(seeds) * BookBoards(seeds)));
}

// About the size of the book file: per board a 2-byte start and its change
// entries (2 bytes each for turn limits up to 255, else 4). Changes per board
// were measured (retro stats) at 0.054 n^2 for n <= 14 seeds, growing about
// linearly beyond (fitted to the 20-seed book's 7.41 GiB; the model gives
// 2.72 MiB for 9 seeds against 2.80 measured, 187.6 MiB for 14 against 188.4).
uint64_t EstimateFileBytes(int seeds, int turn_limit) {
  const double entry_bytes = turn_limit <= 255 ? 2 : 4;
  double total = 0;
  for (int n = 0; n <= seeds; ++n) {
    double changes = n <= 14 ? 0.054 * n * n : 0.054 * 196 + 1.3 * (n - 14);
    changes = std::min(changes, static_cast<double>(turn_limit) + 1);
    total += static_cast<double>(CompositionCount(n, kHouses)) * (2.125 + entry_bytes * changes) +
             192;
  }
  return static_cast<uint64_t>(total);
}

template <GrandSlam kGrandSlam, typename Indexer>
absl::StatusOr<std::vector<std::vector<uint8_t>>> SolveWith(const SolveSettings& settings,
                                                            const Indexer& indexer,
                                                            const WorkContext& context) {
  const OwareSolverGame<kGrandSlam, Indexer> game(indexer, settings.seeds,
                                                  settings.rules.at_limit);
  return solver::SolveFiniteHorizon(
      game, {.horizon = static_cast<uint32_t>(settings.rules.turn_limit)}, context);
}

// Whether `Indexer` ranks boards in the book's (colex) order, so that its
// stores need no permuting.
template <typename Indexer>
constexpr bool InColexOrder() {
  if constexpr (std::is_same_v<Indexer, ColexIndexer>) {
    return true;
  } else if constexpr (requires { Indexer::kColexOrder; }) {
    return Indexer::kColexOrder;
  } else {
    return false;
  }
}

// Solves the book with boards ranked by `Indexer` and returns its stores in
// the book's colex order (permuted with PermuteStore when the scheme ranks
// in another order), so the book is the same whatever the scheme.
template <typename Indexer>
absl::StatusOr<std::vector<std::vector<uint8_t>>> SolveWithIndexer(const SolveSettings& settings,
                                                                   const WorkContext& context) {
  RETRO_ASSIGN_OR_RETURN(const Indexer indexer, Indexer::Create(settings.seeds));
  absl::StatusOr<std::vector<std::vector<uint8_t>>> stores;
  switch (settings.rules.grand_slam) {
    case GrandSlam::kCapture:
      stores = SolveWith<GrandSlam::kCapture>(settings, indexer, context);
      break;
    case GrandSlam::kForcedOnly:
      stores = SolveWith<GrandSlam::kForcedOnly>(settings, indexer, context);
      break;
    case GrandSlam::kForfeit:
    default:
      stores = SolveWith<GrandSlam::kForfeit>(settings, indexer, context);
      break;
  }
  if (!stores.ok() || InColexOrder<Indexer>()) return stores;
  const ColexIndexer colex(settings.seeds);
  for (int n = 0; n <= settings.seeds; ++n) {
    RETRO_ASSIGN_OR_RETURN(const FiniteHorizonStoreView view,
                           FiniteHorizonStoreView::Open((*stores)[n]));
    (*stores)[n] = PermuteStore(
        view, [&](uint64_t colex_rank) { return indexer.Rank(colex.Unrank(n, colex_rank)); },
        *context.pool);
  }
  return stores;
}

// Dispatches on the --indexer name (one of the parameter's choices).
absl::StatusOr<std::vector<std::vector<uint8_t>>> SolveInColexOrder(const SolveSettings& settings,
                                                                    const WorkContext& context) {
  if (settings.indexer == "lexicographic") {
    return SolveWithIndexer<LexicographicIndexer>(settings, context);
  }
  if (settings.indexer == "pext") return SolveWithIndexer<PextIndexer>(settings, context);
  if (settings.indexer == "incremental") {
    return SolveWithIndexer<IncrementalIndexer>(settings, context);
  }
  if (settings.indexer == "hash") return SolveWithIndexer<HashIndexer>(settings, context);
  return SolveWithIndexer<ColexIndexer>(settings, context);
}

uint64_t Perft(const Board& board, int depth) {
  if (depth == 0) return 1;
  Move moves[kMaxMoves];
  const int n = GenerateMoves<GrandSlam::kForfeit>(board, moves);
  if (depth == 1) return n;
  uint64_t total = 0;
  for (int m = 0; m < n; ++m) total += Perft(moves[m].child, depth - 1);
  return total;
}

class OwareModule : public GameModule {
 public:
  OwareModule() {
    description_.name = "oware";
    description_.summary =
        "oware (abapa) net-score endgame book: every board with up to N seeds, every plies-left";
    description_.data_version = kBookDataVersion;
    description_.solve_parameters = {
        {"seeds", "N", "largest number of seeds on the board (1..48)", "9", {}},
        {"turn-limit", "T", "plies in a whole game; the book answers every t = 0..T", "200", {}},
        {"grand-slam", "RULE", "a move capturing all the opponent's seeds", "forfeit",
         {"forfeit", "capture", "forced-only"}},
        {"at-limit", "RULE", "who gets the seeds left at the turn limit", "nobody",
         {"nobody", "own-side"}},
        {"indexer", "SCHEME", "board indexing scheme used while solving", "colex",
         {std::begin(kIndexerNames), std::end(kIndexerNames)}},
    };
    description_.probe_parameters = {
        {"plies-left", "T", "plies left to play, 0..T (\"book\": the book's turn limit)", "book", {}},
    };
    description_.position_syntax =
        "12 house counts, the mover's 6 then the opponent's, e.g. \"0 0 0 1 0 0 | 0 0 0 0 0 1\"";
    description_.supports_perft = true;
  }

  const GameDescription& Describe() const override { return description_; }

  absl::StatusOr<SolvePlan> Plan(const ParameterValues& values) const override {
    RETRO_ASSIGN_OR_RETURN(const SolveSettings settings, ReadSettings(values));
    SolvePlan plan;
    plan.canonical_parameters = {
        {"seeds", std::to_string(settings.seeds)},
        {"turn-limit", std::to_string(settings.rules.turn_limit)},
        {"grand-slam", std::string(GrandSlamName(settings.rules.grand_slam))},
        {"at-limit", std::string(AtLimitName(settings.rules.at_limit))},
        {"indexer", settings.indexer},
    };
    std::string name = absl::StrCat("oware-", settings.seeds);
    if (settings.rules.turn_limit != 200) absl::StrAppend(&name, "-t", settings.rules.turn_limit);
    if (settings.rules.grand_slam != GrandSlam::kForfeit) {
      absl::StrAppend(&name, "-", GrandSlamName(settings.rules.grand_slam));
    }
    if (settings.rules.at_limit != AtLimit::kNobody) {
      absl::StrAppend(&name, "-", AtLimitName(settings.rules.at_limit));
    }
    plan.default_file_name = name + ".retro";
    plan.positions = BookBoards(settings.seeds);
    if (settings.seeds > IndexerSeedLimit(settings.indexer)) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--indexer %s ranks boards of at most %d seeds; use --seeds %d or less, or "
          "--indexer colex",
          settings.indexer, IndexerSeedLimit(settings.indexer),
          IndexerSeedLimit(settings.indexer)));
    }
    plan.estimated_memory_bytes = EstimateMemory(settings.seeds);
    plan.estimated_file_bytes = EstimateFileBytes(settings.seeds, settings.rules.turn_limit);
    const uint64_t available = AvailableMemoryBytes();
    if (available > 0 && plan.estimated_memory_bytes > available) {
      const int largest = LargestThatFits(kMaxBookSeeds, available, EstimateMemory);
      return absl::ResourceExhaustedError(absl::StrFormat(
          "an oware book with %d seeds needs about %.1f GiB, but only %.1f GiB is available; "
          "the largest book that fits is --seeds %d",
          settings.seeds, plan.estimated_memory_bytes / 1073741824.0, available / 1073741824.0,
          largest));
    }
    return plan;
  }

  absl::Status Solve(const ParameterValues& values, const WorkContext& context,
                     DatabaseBuilder& out) override {
    RETRO_ASSIGN_OR_RETURN(const SolveSettings settings, ReadSettings(values));
    // Stores come back in the book's (colex) order whatever ranked the boards
    // while solving.
    absl::StatusOr<std::vector<std::vector<uint8_t>>> stores = SolveInColexOrder(settings, context);
    if (!stores.ok()) return stores.status();
    out.SetCodec(kBookCodec);
    for (int n = 0; n <= settings.seeds; ++n) out.AddSlice(SliceName(n), std::move((*stores)[n]));
    return absl::OkStatus();
  }

  // Checks the book's slices against the rules (plugins/oware/contract.h).
  absl::StatusOr<CheckResult> Check(const ParameterValues& values, const CheckOptions& options,
                                    const WorkContext& context) override {
    RETRO_ASSIGN_OR_RETURN(const SolveSettings settings, ReadSettings(values));
    return CheckOwareContract(settings.seeds, settings.rules, settings.indexer, options,
                              context.pool, context.progress);
  }

  absl::StatusOr<std::unique_ptr<OpenDatabase>> Open(const DatabaseFile& file) override {
    RETRO_ASSIGN_OR_RETURN(std::unique_ptr<Book> book, Book::FromFile(file));
    return MakeOwareDatabase(std::move(book));
  }

  absl::StatusOr<uint64_t> Perft(const std::string& position, int depth,
                                 const WorkContext&) override {
    RETRO_ASSIGN_OR_RETURN(const Board board, ParseBoard(position));
    return oware::Perft(board, depth);
  }

  // retro play / retro match: the engine with or without a book.
  PlayCapability* Play() override { return &play_; }

 private:
  GameDescription description_;
  OwarePlay play_;
};

std::unique_ptr<GameModule> CreateOwareModule() { return std::make_unique<OwareModule>(); }

}  // namespace
}  // namespace retro::oware

RETRO_PLUGIN(retro::oware::CreateOwareModule)
