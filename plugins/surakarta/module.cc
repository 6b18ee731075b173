// The Surakarta plugin's module: parameters, memory planning, building the
// distance-to-conversion tables 1..N with the loopy win/draw/loss solver,
// opening tablebases, perft. Exported with RETRO_PLUGIN at the bottom.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "games/surakarta/movegen.h"
#include "games/surakarta/no_move_rule.h"
#include "games/surakarta/notation.h"
#include "games/surakarta/perft.h"
#include "games/surakarta/position.h"
#include "plugins/surakarta/contract.h"
#include "plugins/surakarta/scheme_table_slice.h"
#include "games/surakarta/symmetric_indexer.h"
#include "plugins/surakarta/table_slice.h"
#include "plugins/surakarta/tablebase.h"
#include "plugins/surakarta/dtc_tables.h"
#include "plugins/surakarta/surakarta_database.h"
#include "retro/combinatorics.h"
#include "retro/contract/check_contract.h"
#include "retro/plugin.h"
#include "retro/status_macros.h"
#include "retro/system_memory.h"

namespace retro::surakarta {
namespace {

// Memory model of a build of tables 1..N (bytes), per record: a position,
// or a symmetry class with --indexer symmetric. Every finished table is
// kept (one byte per position) until the file is written; while table n is
// solved, the solver holds its value and open-move bytes, the frontier lists
// of a level (8 bytes per entry, at worst about a third of the table) and
// the result, and the table builder keeps a copy of table n - 1 in huge
// pages. The measured peaks (docs/games/surakarta.md) fit 5 bytes per
// position of the largest table: 0.80 GB for 1..6 pieces, 6.73 GB for 1..7;
// the estimate allows 6 (0.93 GB and 7.78 GB).
constexpr double kSolverBytesPerPosition = 6.0;
constexpr uint64_t kBaseBytes = uint64_t{32} << 20;
// A symmetric table has one record per class: slightly more than 1/8 of the
// positions (symmetric placements form smaller classes); 0.1252 to 0.1270
// of them from 3 to 7 pieces. Small tables are negligible anyway.
constexpr double kClassesPerPosition = 0.127;

uint64_t TotalPositions(int pieces) {
  uint64_t total = 0;
  for (int n = 1; n <= pieces; ++n) total += TableSize(n);
  return total;
}

// Records of the n-piece table (estimated for symmetric tables).
uint64_t Records(int pieces, TableIndexing indexing) {
  return indexing == TableIndexing::kFuChou
             ? TableSize(pieces)
             : static_cast<uint64_t>(kClassesPerPosition *
                                     static_cast<double>(TableSize(pieces))) +
                   1;
}

uint64_t EstimateMemory(int pieces, TableIndexing indexing) {
  uint64_t total_records = 0;
  for (int n = 1; n <= pieces; ++n) total_records += Records(n, indexing);
  uint64_t bytes =
      kBaseBytes + total_records +
      static_cast<uint64_t>(kSolverBytesPerPosition *
                            static_cast<double>(Records(pieces, indexing))) +
      (pieces > 1 ? Records(pieces - 1, indexing) : 0);
  if (indexing == TableIndexing::kSymmetric) {
    // The indexers of n and n - 1 pieces: 8 bytes per n-subset of the 36
    // points and 16 per canonical one (about 1/8 of them).
    bytes += 10 * (Binomial(kSquares, pieces) + Binomial(kSquares, pieces - 1));
  }
  return bytes;
}

// "1.2 GiB", "95 MiB".
std::string MemorySize(uint64_t bytes) {
  if (bytes >= (uint64_t{1} << 30)) {
    return absl::StrFormat("%.1f GiB", bytes / 1073741824.0);
  }
  return absl::StrFormat("%.0f MiB", bytes / 1048576.0);
}

struct SolveSettings {
  int pieces;
  NoMoveRule rule;
  TableIndexing indexing;
};

absl::StatusOr<SolveSettings> ReadSettings(const ParameterValues& values) {
  SolveSettings settings;
  RETRO_ASSIGN_OR_RETURN(settings.indexing,
                         ParseTableIndexing(values.at("indexer")));
  RETRO_ASSIGN_OR_RETURN(
      const int64_t pieces,
      GetIntParameter(values, "pieces", 1, kMaxClassTablePieces));
  settings.pieces = static_cast<int>(pieces);
  if (settings.pieces > MaxTablePiecesOf(settings.indexing)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--pieces ", settings.pieces, " needs --indexer symmetric: tables of "
        "one byte per placement go up to ", kMaxTablePieces, " pieces"));
  }
  RETRO_ASSIGN_OR_RETURN(settings.rule, ParseNoMoveRule(values.at("no-move")));
  return settings;
}

class SurakartaModule : public GameModule {
 public:
  SurakartaModule() {
    description_.name = "surakarta";
    description_.summary =
        "Surakarta distance-to-conversion tablebases: every placement of 1..N "
        "pieces, win/draw/loss and plies to the next capture";
    description_.data_version = kDtcDataVersion;
    description_.solve_parameters = {
        {"pieces",
         "N",
         absl::StrCat("largest number of pieces on the board (1..",
                      kMaxTablePieces, "; ", kMaxClassTablePieces,
                      " with --indexer symmetric)"),
         "5",
         {}},
        {"no-move",
         "RULE",
         "a side with pieces but no legal move: loses, or more pieces wins "
         "and equal is a draw",
         "loss",
         {"loss", "count"}},
        {"indexer",
         "SCHEME",
         "fuchou: one byte per placement (fastest build); symmetric: one "
         "byte per class under the 8 board symmetries, about 8 times smaller",
         "fuchou",
         {"fuchou", "symmetric"}},
    };
    description_.position_syntax =
        "six rows of six X/O/. from rank 1 up, separated by '/', then the "
        "side to move, e.g. \"....../.X.X../.O..../....../....../...... X\"";
    description_.supports_perft = true;
  }

  const GameDescription& Describe() const override { return description_; }

  absl::StatusOr<SolvePlan> Plan(const ParameterValues& values) const override {
    RETRO_ASSIGN_OR_RETURN(const SolveSettings settings, ReadSettings(values));
    SolvePlan plan;
    plan.canonical_parameters = {
        {"pieces", std::to_string(settings.pieces)},
        {"no-move", NoMoveRuleName(settings.rule)},
        {"indexer", TableIndexingName(settings.indexing)},
    };
    plan.default_file_name = absl::StrCat(
        "surakarta-", settings.pieces,
        settings.rule == NoMoveRule::kCount ? "-count" : "",
        settings.indexing == TableIndexing::kSymmetric ? "-symmetric" : "",
        ".retro");
    plan.positions = TotalPositions(settings.pieces);
    const auto estimate = [&](int pieces) {
      return EstimateMemory(pieces, settings.indexing);
    };
    plan.estimated_memory_bytes = estimate(settings.pieces);
    for (int n = 1; n <= settings.pieces; ++n) {
      plan.estimated_file_bytes += Records(n, settings.indexing);  // one byte a record
    }
    const uint64_t available = AvailableMemoryBytes();
    if (available > 0 && plan.estimated_memory_bytes > available) {
      const int largest = LargestThatFits(MaxTablePiecesOf(settings.indexing),
                                          available, estimate);
      const std::string advice =
          largest == 0
              ? std::string("not even the 1-piece table fits")
              : absl::StrCat("the largest that fits is --pieces ", largest);
      return absl::ResourceExhaustedError(absl::StrFormat(
          "Surakarta tables of 1..%d pieces need about %s, but only %s is "
          "available; %s",
          settings.pieces, MemorySize(plan.estimated_memory_bytes),
          MemorySize(available), advice));
    }
    return plan;
  }

  absl::Status Solve(const ParameterValues& values, const WorkContext& context,
                     DatabaseBuilder& out) override {
    RETRO_ASSIGN_OR_RETURN(const SolveSettings settings, ReadSettings(values));
    out.SetCodec(DtcCodec(settings.indexing));
    // Table n needs table n - 1, which already sits in the builder.
    for (int n = 1; n <= settings.pieces; ++n) {
      const std::vector<uint8_t>* smaller =
          n > 1 ? &out.slices().back().bytes : nullptr;
      RETRO_ASSIGN_OR_RETURN(
          std::vector<uint8_t> table,
          settings.indexing == TableIndexing::kFuChou
              ? BuildTable(n, settings.rule, smaller, *context.pool,
                           context.progress)
              : BuildSchemeTable<SymmetricIndexer>(
                    n, settings.rule, smaller, *context.pool,
                    context.progress));
      out.AddSlice(DtcSliceName(n), std::move(table));
    }
    return absl::OkStatus();
  }

  // Checks tables 1..--pieces against the solver adapter of --indexer
  // (plugins/surakarta/contract.h).
  absl::StatusOr<CheckResult> Check(const ParameterValues& values, const CheckOptions& options,
                                    const WorkContext& context) override {
    RETRO_ASSIGN_OR_RETURN(const SolveSettings settings, ReadSettings(values));
    if (settings.indexing == TableIndexing::kFuChou) {
      return CheckContract(ContractGame<FuChouIndexer>(settings.pieces, settings.rule), options,
                           context.pool, context.progress);
    }
    return CheckContract(ContractGame<SymmetricIndexer>(settings.pieces, settings.rule),
                         options, context.pool, context.progress);
  }

  absl::StatusOr<std::unique_ptr<OpenDatabase>> Open(
      const DatabaseFile& file) override {
    RETRO_ASSIGN_OR_RETURN(std::unique_ptr<DtcTables> tables,
                           DtcTables::FromFile(file));
    return MakeSurakartaDatabase(std::move(tables));
  }

  // The root moves are spread over the pool; each subtree is counted by the
  // game's sequential Perft.
  absl::StatusOr<uint64_t> Perft(const std::string& position, int depth,
                                 const WorkContext& context) override {
    RETRO_ASSIGN_OR_RETURN(
        const Position root,
        ParsePosition(position));
    if (depth <= 1) return surakarta::Perft(root, depth);
    MoveList moves;
    GenerateMoves(root, moves);
    std::vector<uint64_t> leaves(moves.size(), 0);
    context.progress->StartPhase("perft", moves.size());
    context.pool->ParallelFor(
        0, moves.size(), 1, [&](int, uint64_t begin, uint64_t end) {
          for (uint64_t i = begin; i < end; ++i) {
            leaves[i] = surakarta::Perft(
                PlayMove(root, moves[static_cast<int>(i)]), depth - 1);
          }
          context.progress->Advance(end - begin);
        });
    uint64_t total = 0;
    for (const uint64_t count : leaves) total += count;
    return total;
  }

 private:
  GameDescription description_;
};

std::unique_ptr<GameModule> CreateSurakartaModule() {
  return std::make_unique<SurakartaModule>();
}

}  // namespace
}  // namespace retro::surakarta

RETRO_PLUGIN(retro::surakarta::CreateSurakartaModule)
