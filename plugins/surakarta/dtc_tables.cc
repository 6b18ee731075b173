// Implementation of the Surakarta tablebase reader (see dtc_tables.h).
#include "plugins/surakarta/dtc_tables.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "games/surakarta/movegen.h"
#include "games/surakarta/notation.h"
#include "plugins/surakarta/scheme_table_slice.h"
#include "plugins/surakarta/table_slice.h"
#include "retro/database_layout.h"
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
  // 1. The header's parameters, strictly. Files written before the indexer
  //    parameter existed are FuChou-ordered; when present it must agree
  //    with the codec.
  RETRO_ASSIGN_OR_RETURN(
      const HeaderParameters params,
      HeaderParameters::Read(file, "Surakarta tablebase", {"pieces", "no-move"},
                             {"indexer"}));
  if (params.Has("indexer")) {
    RETRO_ASSIGN_OR_RETURN(const std::string named,
                           params.Choice("indexer", {"fuchou", "symmetric"}));
    if (named != TableIndexingName(indexing)) {
      return params.Error("indexer",
                          absl::StrCat("contradicts codec '", id.codec, "'"));
    }
  }
  RETRO_ASSIGN_OR_RETURN(const int64_t pieces,
                         params.Int("pieces", 1, MaxTablePiecesOf(indexing)));
  RETRO_ASSIGN_OR_RETURN(const std::string rule_name,
                         params.Choice("no-move", {"loss", "count"}));
  RETRO_ASSIGN_OR_RETURN(const NoMoveRule rule, ParseNoMoveRule(rule_name));

  // 2. Exactly the slices pieces-1..pieces-N, each of the size its piece
  //    count implies (counted without building any indexer).
  std::vector<std::string> names;
  for (int n = 1; n <= pieces; ++n) names.push_back(DtcSliceName(n));
  RETRO_ASSIGN_OR_RETURN(
      const std::vector<std::span<const uint8_t>> slices,
      ExpectSlices(file, names,
                   absl::StrCat("a Surakarta tablebase of 1..", pieces, " pieces")));
  for (int n = 1; n <= pieces; ++n) {
    if (indexing == TableIndexing::kFuChou) {
      RETRO_RETURN_IF_ERROR(CheckSliceSize(
          names[n - 1], slices[n - 1].size(), TableSize(n),
          absl::StrCat("the ", n, "-piece table has C(36, ", n, ") * 2^", n,
                       " = ", TableSize(n), " positions")));
    } else {
      const uint64_t classes = SymmetricIndexer::ClassCount(n);
      RETRO_RETURN_IF_ERROR(CheckSliceSize(
          names[n - 1], slices[n - 1].size(), classes,
          absl::StrCat("the ", n, "-piece table has ", classes,
                       " symmetry classes")));
    }
  }

  // 3. The indexers, and one pass over the tables.
  return Assemble(rule, indexing, slices, names);
}

absl::StatusOr<std::unique_ptr<DtcTables>> DtcTables::FromTables(
    NoMoveRule rule, std::vector<std::span<const uint8_t>> tables) {
  if (tables.empty() || tables.size() > kMaxTablePieces) {
    return absl::InvalidArgumentError(
        absl::StrCat("a tablebase holds 1 to ", kMaxTablePieces,
                     " tables, not ", tables.size()));
  }
  std::vector<std::string> names;
  for (size_t i = 0; i < tables.size(); ++i) {
    const int pieces = static_cast<int>(i) + 1;
    if (tables[i].size() != TableSize(pieces)) {
      return absl::InvalidArgumentError(
          absl::StrCat("the ", pieces, "-piece table has ", tables[i].size(),
                       " bytes; expected ", TableSize(pieces)));
    }
    names.push_back(DtcSliceName(pieces));
  }
  return Assemble(rule, TableIndexing::kFuChou, tables, names);
}

absl::StatusOr<std::unique_ptr<DtcTables>> DtcTables::Assemble(
    NoMoveRule rule, TableIndexing indexing,
    const std::vector<std::span<const uint8_t>>& slices,
    const std::vector<std::string>& names) {
  // Every byte must decode (255 is the solver's "unknown", never in a
  // finished table).
  const int pieces = static_cast<int>(slices.size());
  std::unique_ptr<DtcTables> tables(new DtcTables());
  tables->rule_ = rule;
  tables->indexing_ = indexing;
  for (int n = 1; n <= pieces; ++n) {
    if (indexing == TableIndexing::kFuChou) {
      tables->fuchou_.push_back(*FuChouIndexer::Create(n));
    } else {
      RETRO_ASSIGN_OR_RETURN(SymmetricIndexer symmetric,
                             SymmetricIndexer::Create(n));
      tables->symmetric_.push_back(std::move(symmetric));
    }
    const std::span<const uint8_t> bytes = slices[n - 1];
    const void* unknown = std::memchr(bytes.data(), kWdlUnknownByte, bytes.size());
    if (unknown != nullptr) {
      return absl::DataLossError(absl::StrCat(
          "slice '", names[n - 1], "' holds byte 255 at index ",
          static_cast<const uint8_t*>(unknown) - bytes.data(),
          ", which encodes no value (0 draw, 1..127 win, 128..254 loss)"));
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
