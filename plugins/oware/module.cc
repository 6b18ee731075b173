// The oware plugin's module: parameters, memory planning, solving the book
// with the finite-horizon solver, opening books, perft. Exported with
// RETRO_PLUGIN at the bottom.
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "games/oware/colex_indexer.h"
#include "games/oware/lexicographic_indexer.h"
#include "games/oware/movegen.h"
#include "games/oware/notation.h"
#include "plugins/oware/book.h"
#include "plugins/oware/oware_database.h"
#include "plugins/oware/solver_game.h"
#include "retro/combinatorics.h"
#include "retro/plugin.h"
#include "retro/solver/finite_horizon.h"
#include "retro/status_macros.h"
#include "retro/system_memory.h"

namespace retro::oware {
namespace {

// The largest book the parameters allow (the indexers' table limit).
constexpr int kMaxBookSeeds = 48;

// Bytes of solver memory per board of the largest slice, and per board of
// the whole book (the finished stores), measured on books of 12..18 seeds
// (docs/games/oware.md) and rounded up.
constexpr double kBytesPerLargestSliceBoard = 160;
constexpr double kBytesPerBookBoard = 16;

struct SolveSettings {
  int seeds;
  Rules rules;
  std::string indexer;
};

absl::StatusOr<SolveSettings> ReadSettings(const ParameterValues& values) {
  SolveSettings settings;
  RETRO_ASSIGN_OR_RETURN(const int64_t seeds, GetIntParameter(values, "seeds", 1, kMaxBookSeeds));
  RETRO_ASSIGN_OR_RETURN(const int64_t limit, GetIntParameter(values, "turn-limit", 1, 1 << 23));
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
  return static_cast<uint64_t>(kBytesPerLargestSliceBoard * CompositionCount(seeds, kHouses) +
                               kBytesPerBookBoard * BookBoards(seeds));
}

template <GrandSlam kGrandSlam, typename Indexer>
absl::StatusOr<std::vector<std::vector<uint8_t>>> SolveWith(const SolveSettings& settings,
                                                            const WorkContext& context) {
  const Indexer indexer(settings.seeds);
  const OwareSolverGame<kGrandSlam, Indexer> game(indexer, settings.seeds,
                                                  settings.rules.at_limit);
  return FiniteHorizonSolver<OwareSolverGame<kGrandSlam, Indexer>>::SolveAll(
      game, static_cast<uint32_t>(settings.rules.turn_limit), *context.pool, *context.progress);
}

template <typename Indexer>
absl::StatusOr<std::vector<std::vector<uint8_t>>> SolveWithIndexer(const SolveSettings& settings,
                                                                   const WorkContext& context) {
  switch (settings.rules.grand_slam) {
    case GrandSlam::kCapture:
      return SolveWith<GrandSlam::kCapture, Indexer>(settings, context);
    case GrandSlam::kForcedOnly:
      return SolveWith<GrandSlam::kForcedOnly, Indexer>(settings, context);
    case GrandSlam::kForfeit:
    default:
      return SolveWith<GrandSlam::kForfeit, Indexer>(settings, context);
  }
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
         {"colex", "lexicographic"}},
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
    plan.estimated_memory_bytes = EstimateMemory(settings.seeds);
    const uint64_t available = AvailableMemoryBytes();
    if (available > 0 && plan.estimated_memory_bytes > available) {
      int largest = 0;
      while (largest < kMaxBookSeeds && EstimateMemory(largest + 1) <= available) ++largest;
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
    absl::StatusOr<std::vector<std::vector<uint8_t>>> stores =
        settings.indexer == "lexicographic"
            ? SolveWithIndexer<LexicographicIndexer>(settings, context)
            : SolveWithIndexer<ColexIndexer>(settings, context);
    if (!stores.ok()) return stores.status();
    if (settings.indexer == "lexicographic") {
      // Stores are kept in the book's (colex) order whatever ranked the
      // boards while solving.
      RETRO_RETURN_IF_ERROR(Reorder(settings.seeds, *stores, context));
    }
    out.SetCodec(kBookCodec);
    for (int n = 0; n <= settings.seeds; ++n) out.AddSlice(SliceName(n), std::move((*stores)[n]));
    return absl::OkStatus();
  }

  absl::StatusOr<std::unique_ptr<OpenDatabase>> Open(const DatabaseFile& file) override {
    RETRO_ASSIGN_OR_RETURN(std::unique_ptr<Book> book, Book::FromFile(file));
    return MakeOwareDatabase(std::move(book));
  }

  absl::StatusOr<uint64_t> Perft(std::string_view position, int depth,
                                 const WorkContext&) override {
    RETRO_ASSIGN_OR_RETURN(const Board board, ParseBoard(absl::string_view(position.data(), position.size())));
    return oware::Perft(board, depth);
  }

 private:
  // Rewrites lexicographically ordered stores in colex order.
  static absl::Status Reorder(int seeds, std::vector<std::vector<uint8_t>>& stores,
                              const WorkContext& context);

  GameDescription description_;
};

absl::Status OwareModule::Reorder(int seeds, std::vector<std::vector<uint8_t>>& stores,
                                  const WorkContext& context) {
  const LexicographicIndexer from(seeds);
  const ColexIndexer to(seeds);
  for (int n = 0; n <= seeds; ++n) {
    RETRO_ASSIGN_OR_RETURN(const FiniteHorizonStoreView view, FiniteHorizonStoreView::Open(stores[n]));
    std::vector<uint8_t> reordered = PermuteStore(
        view, [&](uint64_t colex_rank) { return from.Rank(to.Unrank(n, colex_rank)); },
        *context.pool);
    stores[n] = std::move(reordered);
  }
  return absl::OkStatus();
}

std::unique_ptr<GameModule> CreateOwareModule() { return std::make_unique<OwareModule>(); }

}  // namespace
}  // namespace retro::oware

RETRO_PLUGIN(retro::oware::CreateOwareModule)
