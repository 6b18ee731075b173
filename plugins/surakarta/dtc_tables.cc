// Implementation of the Surakarta tablebase reader (see dtc_tables.h).
#include "plugins/surakarta/dtc_tables.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "plugins/surakarta/rules.h"
#include "retro/kit/loopy_wdl_reader.h"
#include "retro/status_macros.h"

namespace retro::surakarta {

// A constructor, not aggregate initialization from parentheses, which
// clang 14 does not take.
struct DtcTables::Tables : kit::LoopyWdlTables<SurakartaRules> {
  explicit Tables(kit::LoopyWdlTables<SurakartaRules> tables)
      : kit::LoopyWdlTables<SurakartaRules>(std::move(tables)) {}
};

DtcTables::DtcTables(std::unique_ptr<Tables> tables)
    : tables_(std::move(tables)),
      max_pieces_(tables_->rules().pieces()),
      no_move_rule_(tables_->rules().no_move_rule()),
      indexing_(tables_->rules().indexing()) {}

DtcTables::~DtcTables() = default;

const SurakartaRules& DtcTables::rules() const { return tables_->rules(); }

bool DtcTables::compressed() const { return tables_->records().compressed(); }

std::span<const uint8_t> DtcTables::table(int pieces) const {
  return tables_->records().raw(pieces - 1);
}

uint64_t DtcTables::IndexOf(Bitboard us, Bitboard them) const {
  return rules().Rank(Position{.us = us, .them = them}).index;
}

Position DtcTables::PositionAt(int pieces, uint64_t index) const {
  return rules().Unrank(pieces - 1, index);
}

WdlOutcome DtcTables::Value(Bitboard us, Bitboard them) const {
  if (us == 0) return WdlOutcome::Loss(0);
  return tables_->Value(Position{.us = us, .them = them});
}

WdlOutcome DtcTables::MoveValueOf(Bitboard us, Bitboard them, Move move) const {
  const Position p{.us = us, .them = them};
  return tables_->MoveValue(p.piece_count() - 1, PlayMove(p, move));
}

absl::StatusOr<std::unique_ptr<DtcTables>> DtcTables::Open(const std::string& path) {
  // The layout (FromFile) before the slice checksums: a file claiming a
  // huge slice is refused before it is read.
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<DatabaseFile> file,
                         DatabaseFile::Open(path, /*verify_slices=*/false));
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<DtcTables> tables, FromFile(*file));
  if (const absl::Status checksums = file->VerifySlices(); !checksums.ok()) {
    return absl::Status(checksums.code(), absl::StrCat(path, ": ", checksums.message()));
  }
  tables->owned_file_ = std::move(file);
  return tables;
}

absl::StatusOr<std::unique_ptr<DtcTables>> DtcTables::FromFile(const DatabaseFile& file) {
  if (file.identity().game != SurakartaInfo().name) {
    return absl::FailedPreconditionError(absl::StrCat(
        "not a Surakarta tablebase: it was made by game '", file.identity().game, "'"));
  }
  RETRO_ASSIGN_OR_RETURN(kit::LoopyWdlTables<SurakartaRules> tables,
                         kit::LoopyWdlTables<SurakartaRules>::FromFile(SurakartaInfo(), file));
  return std::unique_ptr<DtcTables>(new DtcTables(std::make_unique<Tables>(std::move(tables))));
}

absl::StatusOr<std::unique_ptr<DtcTables>> DtcTables::FromTables(
    NoMoveRule rule, std::vector<std::span<const uint8_t>> tables) {
  if (tables.empty() || tables.size() > kMaxTablePieces) {
    return absl::InvalidArgumentError(
        absl::StrCat("a tablebase holds 1 to ", kMaxTablePieces, " tables, not ", tables.size()));
  }
  SurakartaRules rules(static_cast<int>(tables.size()), rule, TableIndexing::kFuChou);
  RETRO_ASSIGN_OR_RETURN(
      kit::LoopyWdlTables<SurakartaRules> checked,
      kit::LoopyWdlTables<SurakartaRules>::FromTables(std::move(rules), std::move(tables)));
  return std::unique_ptr<DtcTables>(new DtcTables(std::make_unique<Tables>(std::move(checked))));
}

absl::StatusOr<WdlOutcome> DtcTables::Probe(const Position& p) const {
  if (p.piece_count() == 0) {
    return absl::OutOfRangeError(absl::StrCat("position ", FormatPosition(p), " has no pieces"));
  }
  RETRO_RETURN_IF_ERROR(rules().Covers(p));
  // A finished game needs no table (and a side without pieces may face
  // more pieces than the tables hold).
  if (const std::optional<WdlOutcome> over = rules().Outcome(p)) return *over;
  const WdlOutcome value = tables_->Value(p);
  RETRO_RETURN_IF_ERROR(tables_->LookupStatus());
  return value;
}

absl::StatusOr<std::vector<MoveValue>> DtcTables::ProbeMoves(const Position& p) const {
  RETRO_RETURN_IF_ERROR(Probe(p).status());
  std::vector<MoveValue> result;
  const int slice = p.piece_count() - 1;
  rules().ForEachMove(p, [&](const Move& m, const Position& child) {
    result.push_back({m, tables_->MoveValue(slice, child)});
  });
  RETRO_RETURN_IF_ERROR(tables_->LookupStatus());
  std::stable_sort(result.begin(), result.end(), [](const MoveValue& a, const MoveValue& b) {
    return BetterForMover(a.value, b.value);
  });
  return result;
}

}  // namespace retro::surakarta
