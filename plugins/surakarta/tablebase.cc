// Building and probing Surakarta tablebases (see tablebase.h).
#include "plugins/surakarta/tablebase.h"

#include <algorithm>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "games/surakarta/fuchou_indexer.h"
#include "games/surakarta/movegen.h"
#include "games/surakarta/notation.h"
#include "plugins/surakarta/dtc_tables.h"
#include "plugins/surakarta/table_slice.h"

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
  return solver::SolveLoopyWdl(slice, {.pool = &pool, .progress = progress});
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
  return FromTables(options.no_move_rule, std::move(tables));
}

absl::StatusOr<Tablebase> Tablebase::FromTables(
    NoMoveRule rule, std::vector<std::vector<uint8_t>> tables) {
  Tablebase tablebase;
  tablebase.rule_ = rule;
  auto owned =
      std::make_shared<const std::vector<std::vector<uint8_t>>>(std::move(tables));
  std::vector<std::span<const uint8_t>> views(owned->begin(), owned->end());
  absl::StatusOr<std::unique_ptr<DtcTables>> reader =
      DtcTables::FromTables(rule, std::move(views));
  if (!reader.ok()) return reader.status();
  tablebase.tables_ = std::move(owned);
  tablebase.reader_ = *std::move(reader);
  return tablebase;
}

namespace {

// A board without any piece is no position of any table.
absl::Status CheckNotEmpty(const Position& p) {
  if (p.piece_count() > 0) return absl::OkStatus();
  return absl::OutOfRangeError(
      absl::StrCat("position ", FormatPosition(p), " has no pieces"));
}

}  // namespace

absl::StatusOr<WdlOutcome> Tablebase::Probe(const Position& p) const {
  if (absl::Status s = CheckNotEmpty(p); !s.ok()) return s;
  return reader_->Probe(p);
}

absl::StatusOr<std::vector<MoveValue>> Tablebase::ProbeMoves(
    const Position& p) const {
  if (absl::Status s = CheckNotEmpty(p); !s.ok()) return s;
  return reader_->ProbeMoves(p);
}

}  // namespace retro::surakarta
