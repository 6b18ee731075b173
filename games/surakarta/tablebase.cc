// Building and probing Surakarta tablebases (see tablebase.h).
#include "games/surakarta/tablebase.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "games/surakarta/fuchou_indexer.h"
#include "games/surakarta/movegen.h"
#include "games/surakarta/notation.h"
#include "games/surakarta/table_slice.h"

namespace retro::surakarta {
namespace {

absl::Status CheckPieces(int pieces) {
  if (pieces < 1 || pieces > kMaxTablePieces) {
    return absl::InvalidArgumentError(
        absl::StrCat("bad piece count ", pieces, ": tables of 1 to ",
                     kMaxTablePieces, " pieces can be built"));
  }
  return absl::OkStatus();
}

}  // namespace

uint64_t TableSize(int pieces) { return Binomial(kSquares, pieces) << pieces; }

absl::StatusOr<std::vector<uint8_t>> BuildTable(
    int pieces, NoMoveRule rule, const std::vector<uint8_t>* smaller,
    ThreadPool& pool, Progress* progress) {
  if (absl::Status s = CheckPieces(pieces); !s.ok()) return s;
  if (pieces > 1 &&
      (smaller == nullptr || smaller->size() != TableSize(pieces - 1))) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the ", pieces, "-piece table needs the solved ", pieces - 1,
        "-piece table of ", TableSize(pieces - 1), " bytes"));
  }
  const TableSlice slice(pieces, rule, smaller);
  return SolveLoopyWdl(slice, pool, progress);
}

TableSummary Summarize(const std::vector<uint8_t>& table) {
  TableSummary summary;
  for (uint8_t byte : table) {
    const WdlOutcome v = DecodeWdl(byte);
    if (v.result == Wdl::kWin) {
      ++summary.wins;
      summary.longest_win = std::max(summary.longest_win, v.distance);
    } else if (v.result == Wdl::kLoss) {
      ++summary.losses;
      summary.longest_loss = std::max(summary.longest_loss, v.distance);
    } else {
      ++summary.draws;
    }
  }
  return summary;
}

std::string FormatOutcome(WdlOutcome outcome) {
  switch (outcome.result) {
    case Wdl::kWin:
      return absl::StrCat("win in ", outcome.distance);
    case Wdl::kLoss:
      return absl::StrCat("loss in ", outcome.distance);
    default:
      return "draw";
  }
}

absl::StatusOr<Tablebase> Tablebase::Build(const TablebaseOptions& options,
                                           Progress* progress) {
  if (absl::Status s = CheckPieces(options.max_pieces); !s.ok()) return s;
  ThreadPool pool(options.threads);
  std::vector<std::vector<uint8_t>> tables;
  for (int n = 1; n <= options.max_pieces; ++n) {
    absl::StatusOr<std::vector<uint8_t>> table =
        BuildTable(n, options.no_move_rule, n > 1 ? &tables.back() : nullptr,
                   pool, progress);
    if (!table.ok()) return table.status();
    tables.push_back(*std::move(table));
  }
  return Tablebase(options.no_move_rule, std::move(tables));
}

absl::StatusOr<Tablebase> Tablebase::FromTables(
    NoMoveRule rule, std::vector<std::vector<uint8_t>> tables) {
  if (tables.empty() || tables.size() > kMaxTablePieces) {
    return absl::InvalidArgumentError(
        absl::StrCat("a tablebase holds 1 to ", kMaxTablePieces,
                     " tables, not ", tables.size()));
  }
  for (size_t i = 0; i < tables.size(); ++i) {
    const int pieces = static_cast<int>(i) + 1;
    if (tables[i].size() != TableSize(pieces)) {
      return absl::InvalidArgumentError(
          absl::StrCat("the ", pieces, "-piece table has ", tables[i].size(),
                       " bytes; expected ", TableSize(pieces)));
    }
  }
  return Tablebase(rule, std::move(tables));
}

absl::StatusOr<WdlOutcome> Tablebase::Probe(const Position& p) const {
  const int pieces = p.piece_count();
  if (pieces < 1 || pieces > max_pieces()) {
    return absl::OutOfRangeError(
        absl::StrCat("position ", FormatPosition(p), " has ", pieces,
                     " pieces; the tablebase covers 1 to ", max_pieces()));
  }
  const FuChouIndexer indexer = *FuChouIndexer::Create(pieces);
  return DecodeWdl(table(pieces)[indexer.Rank(p)]);
}

absl::StatusOr<std::vector<MoveValue>> Tablebase::ProbeMoves(
    const Position& p) const {
  // Checks the piece count.
  if (absl::StatusOr<WdlOutcome> v = Probe(p); !v.ok()) return v.status();
  std::vector<MoveValue> result;
  if (p.us == 0 || p.them == 0) return result;  // the game is over
  MoveList moves;
  GenerateMoves(p, moves);
  for (const Move& m : moves) {
    const Position child = PlayMove(p, m);
    absl::StatusOr<WdlOutcome> child_value = Probe(child);
    if (!child_value.ok()) return child_value.status();
    WdlOutcome value = WdlOutcome::AfterMove(*child_value);
    if (m.capture && value.result != Wdl::kDraw) value.distance = 1;
    result.push_back({m, value});
  }
  return result;
}

}  // namespace retro::surakarta
