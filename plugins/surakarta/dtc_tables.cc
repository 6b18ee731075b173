// Implementation of the Surakarta tablebase reader (see dtc_tables.h).
#include "plugins/surakarta/dtc_tables.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "games/surakarta/movegen.h"
#include "games/surakarta/notation.h"
#include "games/surakarta/scheme_table_slice.h"
#include "games/surakarta/table_slice.h"
#include "retro/parameters.h"
#include "retro/status_macros.h"

namespace retro::surakarta {

std::string DtcSliceName(int pieces) { return absl::StrCat("pieces-", pieces); }

std::string ResultName(Wdl result) {
  switch (result) {
    case Wdl::kWin:
      return "win";
    case Wdl::kLoss:
      return "loss";
    default:
      return "draw";
  }
}

std::string TableIndexingName(TableIndexing indexing) {
  return indexing == TableIndexing::kFuChou ? "fuchou" : "symmetric";
}

absl::StatusOr<TableIndexing> ParseTableIndexing(std::string_view name) {
  if (name == "fuchou") return TableIndexing::kFuChou;
  if (name == "symmetric") return TableIndexing::kSymmetric;
  return absl::InvalidArgumentError(
      absl::StrCat("unknown Surakarta indexer '", std::string(name),
                   "'; valid: fuchou (one byte per placement), symmetric "
                   "(one byte per symmetry class, about 8 times smaller)"));
}

const char* DtcCodec(TableIndexing indexing) {
  return indexing == TableIndexing::kFuChou ? kDtcCodec : kDtcSymmetricCodec;
}

int MaxTablePiecesOf(TableIndexing indexing) {
  return indexing == TableIndexing::kFuChou ? kMaxTablePieces
                                            : kMaxClassTablePieces;
}

absl::StatusOr<std::unique_ptr<DtcTables>> DtcTables::Open(
    const std::string& path) {
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<DatabaseFile> file,
                         DatabaseFile::Open(path));
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<DtcTables> tables, FromFile(*file));
  tables->owned_file_ = std::move(file);
  return tables;
}

absl::StatusOr<std::unique_ptr<DtcTables>> DtcTables::FromFile(
    const DatabaseFile& file) {
  const DatabaseIdentity& id = file.identity();
  if (id.game != "surakarta") {
    return absl::FailedPreconditionError(absl::StrCat(
        "not a Surakarta tablebase: it was made by game '", id.game, "'"));
  }
  if (id.data_version != kDtcDataVersion ||
      (id.codec != kDtcCodec && id.codec != kDtcSymmetricCodec)) {
    return absl::FailedPreconditionError(absl::StrCat(
        "unsupported Surakarta tablebase layout (data version ",
        id.data_version, ", codec '", id.codec, "'); this build reads version ",
        kDtcDataVersion, " '", kDtcCodec, "' and '", kDtcSymmetricCodec, "'"));
  }
  const TableIndexing indexing = id.codec == kDtcCodec
                                     ? TableIndexing::kFuChou
                                     : TableIndexing::kSymmetric;
  ParameterValues values;
  for (const auto& [key, value] : file.parameters()) values[key] = value;
  for (const char* key : {"pieces", "no-move"}) {
    if (values.count(key) == 0) {
      return absl::DataLossError(absl::StrCat(
          "Surakarta tablebase header lacks parameter '", key, "'"));
    }
  }
  // Files written before the indexer parameter existed are FuChou-ordered;
  // when present it must agree with the codec.
  if (values.count("indexer") != 0) {
    absl::StatusOr<TableIndexing> named = ParseTableIndexing(values["indexer"]);
    if (!named.ok() || *named != indexing) {
      return absl::DataLossError(absl::StrCat(
          "Surakarta tablebase header: parameter indexer='", values["indexer"],
          "' contradicts codec '", id.codec, "'"));
    }
  }
  absl::StatusOr<int64_t> pieces =
      GetIntParameter(values, "pieces", 1, MaxTablePiecesOf(indexing));
  if (!pieces.ok()) {
    return absl::DataLossError(absl::StrCat("Surakarta tablebase header: ",
                                            pieces.status().message()));
  }
  absl::StatusOr<NoMoveRule> rule = ParseNoMoveRule(values["no-move"]);
  if (!rule.ok()) {
    return absl::DataLossError(
        absl::StrCat("Surakarta tablebase header: ", rule.status().message()));
  }
  if (file.slices().size() != static_cast<size_t>(*pieces)) {
    return absl::DataLossError(
        absl::StrCat("a Surakarta tablebase of 1..", *pieces, " pieces has ",
                     *pieces, " slices; this file has ", file.slices().size()));
  }
  std::unique_ptr<DtcTables> tables(new DtcTables());
  tables->rule_ = *rule;
  tables->indexing_ = indexing;
  for (int n = 1; n <= *pieces; ++n) {
    const std::string name = DtcSliceName(n);
    const std::optional<size_t> index = file.FindSlice(name);
    if (!index.has_value()) {
      return absl::DataLossError(
          absl::StrCat("Surakarta tablebase lacks slice '", name, "'"));
    }
    const std::span<const uint8_t> bytes = file.SliceBytes(*index);
    uint64_t expected = 0;
    std::string what;
    if (indexing == TableIndexing::kFuChou) {
      expected = TableSize(n);
      what = absl::StrCat("C(36, ", n, ") * 2^", n, " = ", expected,
                          " positions");
      tables->fuchou_.push_back(*FuChouIndexer::Create(n));
    } else {
      RETRO_ASSIGN_OR_RETURN(SymmetricIndexer symmetric,
                             SymmetricIndexer::Create(n));
      expected = symmetric.Size();
      what = absl::StrCat(expected, " symmetry classes");
      tables->symmetric_.push_back(std::move(symmetric));
    }
    if (bytes.size() != expected) {
      return absl::DataLossError(absl::StrCat("slice '", name, "' has ",
                                              bytes.size(), " bytes; the ", n,
                                              "-piece table has ", what));
    }
    tables->tables_.push_back(bytes);
  }
  return tables;
}

absl::StatusOr<WdlOutcome> DtcTables::Probe(const Position& p) const {
  if (p.us == 0) return WdlOutcome::Loss(0);
  const int pieces = p.piece_count();
  if (pieces > max_pieces()) {
    const int largest = MaxTablePiecesOf(indexing_);
    const std::string advice =
        pieces <= largest
            ? absl::StrCat(
                  "build more with retro solve --game surakarta "
                  "--pieces ",
                  pieces,
                  indexing_ == TableIndexing::kSymmetric
                      ? " --indexer symmetric"
                      : "")
            : absl::StrCat("tables go up to ", largest, " pieces");
    return absl::OutOfRangeError(
        absl::StrCat("position ", FormatPosition(p), " has ", pieces,
                     " pieces; this tablebase holds positions of 1 to ",
                     max_pieces(), " pieces (", advice, ")"));
  }
  return Value(p.us, p.them);
}

absl::StatusOr<std::vector<MoveValue>> DtcTables::ProbeMoves(
    const Position& p) const {
  RETRO_RETURN_IF_ERROR(Probe(p).status());
  std::vector<MoveValue> result;
  if (p.us == 0 || p.them == 0) return result;  // the game is over
  MoveList moves;
  GenerateMoves(p, moves);
  for (const Move& m : moves) {
    result.push_back({m, MoveValueOf(p.us, p.them, m)});
  }
  std::stable_sort(result.begin(), result.end(),
                   [](const MoveValue& a, const MoveValue& b) {
                     return BetterForMover(a.value, b.value);
                   });
  return result;
}

}  // namespace retro::surakarta
