// Surakarta's rules for the loopy win/draw/loss kit (see rules.h).
#include "plugins/surakarta/rules.h"

#include <array>
#include <atomic>
#include <mutex>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "games/surakarta/combination.h"
#include "games/surakarta/symmetry.h"
#include "retro/combinatorics.h"
#include "retro/status_macros.h"

namespace retro::surakarta {

std::string DtcSliceName(int pieces) { return absl::StrCat("pieces-", pieces); }

uint64_t TableSize(int pieces) { return Binomial(kSquares, pieces) << pieces; }

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
  return indexing == TableIndexing::kFuChou ? kMaxTablePieces : kMaxClassTablePieces;
}

kit::GameInfo SurakartaInfo() {
  // A value, not a never-destroyed static: a heap object a plugin keeps only
  // in its own statics leaks each time the plugin is unloaded.
  return {
      .name = "surakarta",
      .summary =
          "Surakarta distance-to-conversion tablebases: every placement of 1..N "
          "pieces, win/draw/loss and plies to the next capture",
      .codec = kDtcCodec,
      .data_version = kDtcDataVersion,
      .position_syntax =
          "six rows of six X/O/. from rank 1 up, separated by '/', then the "
          "side to move, e.g. \"....../.X.X../.O..../....../....../...... X\"",
      .cells_syntax =
          "37 integers: the squares a1..f1, a2..f2, ... a6..f6 (the text's order), "
          "each 0 empty, 1 X or 2 O, then the side to move, 1 X or 2 O",
      .default_file_name = "",
      .database_name = "Surakarta tablebase",
  };
}

SurakartaRules::SurakartaRules(int pieces, NoMoveRule rule, TableIndexing indexing)
    : pieces_(pieces), rule_(rule), indexing_(indexing) {
  if (indexing_ == TableIndexing::kFuChou) {
    fuchou_ = *MakePieceCountSlices<FuChouIndexer>(std::min(pieces, kMaxTablePieces));
  }
}

std::vector<ParameterSpec> SurakartaRules::Parameters() {
  return {
      {"pieces",
       "N",
       absl::StrCat("largest number of pieces on the board (1..", kMaxTablePieces, "; ",
                    kMaxClassTablePieces, " with --indexer symmetric)"),
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
}

absl::StatusOr<SurakartaRules> SurakartaRules::Create(const ParameterValues& values) {
  RETRO_ASSIGN_OR_RETURN(const TableIndexing indexing, ParseTableIndexing(values.at("indexer")));
  RETRO_ASSIGN_OR_RETURN(const int64_t pieces,
                         GetIntParameter(values, "pieces", 1, kMaxClassTablePieces));
  if (pieces > MaxTablePiecesOf(indexing)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--pieces ", pieces,
                     " needs --indexer symmetric: tables of one byte per placement go up to ",
                     kMaxTablePieces, " pieces"));
  }
  RETRO_ASSIGN_OR_RETURN(const NoMoveRule rule, ParseNoMoveRule(values.at("no-move")));
  return SurakartaRules(static_cast<int>(pieces), rule, indexing);
}

std::vector<std::pair<std::string, std::string>> SurakartaRules::canonical_parameters() const {
  return {{"pieces", std::to_string(pieces_)},
          {"no-move", NoMoveRuleName(rule_)},
          {"indexer", TableIndexingName(indexing_)}};
}

std::string SurakartaRules::default_file_name() const {
  return absl::StrCat("surakarta-", pieces_, rule_ == NoMoveRule::kCount ? "-count" : "",
                      indexing_ == TableIndexing::kSymmetric ? "-symmetric" : "", ".retro");
}

const SymmetricIndexer& SurakartaRules::Symmetric(int pieces) const {
  const SymmetricIndexer* ready = shared_->symmetric_ready[pieces].load(std::memory_order_acquire);
  if (ready != nullptr) return *ready;
  std::call_once(shared_->symmetric_once[pieces], [&] {
    shared_->symmetric[pieces].emplace(*SymmetricIndexer::Create(pieces));
    shared_->symmetric_ready[pieces].store(&*shared_->symmetric[pieces], std::memory_order_release);
  });
  return *shared_->symmetric[pieces];
}

uint64_t SurakartaRules::slice_size(int slice) const {
  return indexing_ == TableIndexing::kFuChou ? TableSize(slice + 1)
                                             : SymmetricIndexer::ClassCount(slice + 1);
}

Position SurakartaRules::Unrank(int slice, uint64_t index) const {
  return indexing_ == TableIndexing::kFuChou ? fuchou_->Unrank(slice + 1, index)
                                             : Symmetric(slice + 1).Unrank(index);
}

Position SurakartaRules::Unrank(int slice, uint64_t index, UnrankCache& cache) const {
  const int n = slice + 1;
  if (indexing_ == TableIndexing::kSymmetric) {
    if (cache.pieces != n) cache = UnrankCache{.pieces = n, .symmetric = {}, .occupied_set = {}};
    return Symmetric(n).Unrank(index, cache.symmetric);
  }
  cache.occupied_set.MoveTo(n, index >> n);
  return PlacementOf(cache.occupied_set.squares, index & ((uint64_t{1} << n) - 1));
}

SliceIndex SurakartaRules::Rank(const Position& p, RankCache& cache) const {
  const int n = p.piece_count();
  if (n < 1 || n > pieces_) return {n - 1, 0};
  const Bitboard occupied = p.us | p.them;
  RankCache::Entry& entry = cache.entries[(occupied * 0x9E3779B97F4A7C15ull) >> 56];  // 256 entries
  const bool fuchou = indexing_ == TableIndexing::kFuChou;
  if (entry.occupied != occupied) {
    entry.occupied = occupied;
    if (fuchou) {
      entry.base = fuchou_->table(n).SetBase(occupied);
    } else {
      entry.set = Symmetric(n).OfSet(occupied);
    }
  }
  return {n - 1,
          fuchou ? entry.base | ExtractBits(p.us, occupied) : Symmetric(n).Rank(p.us, entry.set)};
}

bool SurakartaRules::HasMove(const Position& p) const {
  const Bitboard occupied = p.us | p.them;
  for (Bitboard pieces = p.us; pieces;) {
    const int from = PopLowest(pieces);
    if (StepTargets(from, occupied) != 0) return true;
    if (!(SquareBit(from) & kCorners) && (CaptureFirstHits(from, occupied) & p.them) != 0) {
      return true;
    }
  }
  return false;
}

absl::Status SurakartaRules::NotCovered(const Position& p) const {
  const int n = p.piece_count();
  if (n == 0) {
    // No side has lost a game that has no pieces at all: not a position.
    return absl::InvalidArgumentError(
        absl::StrCat("the board is empty; a Surakarta position has 1 to ", pieces_,
                     " pieces here (a side with none has lost)"));
  }
  const int largest = MaxTablePiecesOf(indexing_);
  const std::string advice =
      n <= largest
          ? absl::StrCat("build more with retro solve --game surakarta --pieces ", n,
                         indexing_ == TableIndexing::kSymmetric ? " --indexer symmetric" : "")
          : absl::StrCat("tables go up to ", largest, " pieces");
  return absl::OutOfRangeError(absl::StrCat("position ", FormatPosition(p), " has ", n,
                                            " pieces; this tablebase holds positions of 1 to ",
                                            pieces_, " pieces (", advice, ")"));
}

std::string SurakartaRules::PositionNote(const Position& p) const {
  return absl::StrFormat("%d pieces: %s to move has %d, %s has %d", p.piece_count(), SideToMove(p),
                         PopCount(p.us), SideToMove(SwapColors(p)), PopCount(p.them));
}

std::string SurakartaRules::GameOverNote(const Position& p) const {
  if (p.us == 0) return "the side to move has no pieces";
  if (p.them == 0) return "the opponent has no pieces";
  return absl::StrCat("no legal move; no-move rule: ", NoMoveRuleName(rule_));
}

std::string SurakartaRules::stats_group_name(int group) const {
  int n = 1;
  while (group > n) group -= n + 1, ++n;  // table n holds groups of n + 1 materials
  const int ours = n - group;
  return absl::StrCat(ours, "v", n - ours);
}

std::string SurakartaRules::StatsTitle() const {
  return absl::StrFormat(
      "Surakarta DTC tablebase: 1..%d pieces, no-move rule %s, %s; results for the side to "
      "move,\nmaterial = its pieces v the opponent's, distances in plies to the next capture; "
      "counts in positions",
      pieces_, NoMoveRuleName(rule_),
      indexing_ == TableIndexing::kSymmetric ? "one record per symmetry class"
                                             : "one record per position");
}

uint64_t SurakartaRules::RecordWeight(const Position& p) const {
  if (indexing_ == TableIndexing::kFuChou) return 1;
  // The size of the class: 8 over the number of symmetries fixing p.
  int fixing = 0;
  for (int k = 0; k < kSymmetries; ++k) {
    fixing += TransformBitboard(k, p.us) == p.us && TransformBitboard(k, p.them) == p.them;
  }
  return static_cast<uint64_t>(kSymmetries / fixing);
}

Position SurakartaRules::StartPosition() const {
  Bitboard x = 0, o = 0;
  for (int piece = 0; piece < pieces_; ++piece) {
    // The seventh piece of a side goes to its back rank.
    const int column = (piece / 2) % kColumns, back = piece / 2 / kColumns;
    if (piece % 2 == 0) {
      x |= SquareBit(MakeSquare(1 - back, column));
    } else {
      o |= SquareBit(MakeSquare(kRows - 2 + back, column));
    }
  }
  return MakePosition(x, o, Color::kX);
}

}  // namespace retro::surakarta
