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
#include "plugins/surakarta/dtc_tables.h"
#include "plugins/surakarta/scheme_table_slice.h"
#include "plugins/surakarta/table_slice.h"
#include "retro/status_macros.h"

namespace retro::surakarta {

absl::StatusOr<std::vector<uint8_t>> BuildTable(int pieces, NoMoveRule rule,
                                                const std::vector<uint8_t>* smaller,
                                                ThreadPool& pool, Progress* progress) {
  RETRO_RETURN_IF_ERROR(CheckSchemeTablePieces<FuChouIndexer>(pieces));
  RETRO_RETURN_IF_ERROR(CheckSmallerTable(pieces, smaller, TableSize(pieces - 1)));
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

absl::StatusOr<Tablebase> Tablebase::Build(const TablebaseOptions& options, Progress* progress) {
  RETRO_RETURN_IF_ERROR(CheckSchemeTablePieces<FuChouIndexer>(options.max_pieces));
  ThreadPool pool(options.threads);
  RETRO_ASSIGN_OR_RETURN(
      std::vector<std::vector<uint8_t>> tables,
      BuildEachTable(options.max_pieces, [&](int n, const std::vector<uint8_t>* smaller) {
        return BuildTable(n, options.no_move_rule, smaller, pool, progress);
      }));
  return FromTables(options.no_move_rule, std::move(tables));
}

absl::StatusOr<Tablebase> Tablebase::FromTables(NoMoveRule rule,
                                                std::vector<std::vector<uint8_t>> tables) {
  Tablebase tablebase;
  tablebase.rule_ = rule;
  auto owned = std::make_shared<const std::vector<std::vector<uint8_t>>>(std::move(tables));
  std::vector<std::span<const uint8_t>> views(owned->begin(), owned->end());
  RETRO_ASSIGN_OR_RETURN(tablebase.reader_, DtcTables::FromTables(rule, std::move(views)));
  tablebase.tables_ = std::move(owned);
  return tablebase;
}

absl::StatusOr<WdlOutcome> Tablebase::Probe(const Position& p) const { return reader_->Probe(p); }

absl::StatusOr<std::vector<MoveValue>> Tablebase::ProbeMoves(const Position& p) const {
  return reader_->ProbeMoves(p);
}

}  // namespace retro::surakarta
