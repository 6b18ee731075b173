// Surakarta distance-to-conversion tablebases as written by
// `retro solve --game surakarta`, for engines that probe them inside their
// own search (and for the plugin's probe, stats and verify):
//
//   auto tables = retro::surakarta::DtcTables::Open("surakarta-5.retro");
//   if (!tables.ok()) { ... }
//   absl::StatusOr<WdlOutcome> v = (*tables)->Probe(position);
//   absl::StatusOr<std::vector<MoveValue>> moves =
//   (*tables)->ProbeMoves(position);
//
// The file holds one slice per piece count n = 1..max_pieces(), named
// "pieces-n", one byte per index in the codec of retro/solver/loopy_wdl.h (0
// draw, 1..127 win in byte - 1 plies, 128..254 loss in byte - 128 plies, for
// the side to move; the distance counts plies to the next capture). The
// index is either FuChouIndexer(n) (codec kDtcCodec: C(36, n) * 2^n bytes,
// one per placement) or SymmetricIndexer(n) (codec kDtcSymmetricCodec: one
// byte per class of placements under the 8 board symmetries, about 8 times
// smaller). The slices are memory-mapped, not copied: a lookup is one rank
// and one byte read. Link with the `retro_surakarta_tables` CMake target.
#ifndef PLUGINS_SURAKARTA_DTC_TABLES_H_
#define PLUGINS_SURAKARTA_DTC_TABLES_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "games/surakarta/fuchou_indexer.h"
#include "games/surakarta/move.h"
#include "games/surakarta/no_move_rule.h"
#include "games/surakarta/position.h"
#include "games/surakarta/symmetric_indexer.h"
#include "plugins/surakarta/tablebase.h"
#include "plugins/surakarta/value_rules.h"
#include "retro/database.h"
#include "retro/solver/loopy_wdl.h"

namespace retro::surakarta {

// The version of the tablebase's data layout (slices and codec); part of the
// database identity.
inline constexpr uint32_t kDtcDataVersion = 1;
inline constexpr char kDtcCodec[] = "surakarta-dtc-wdl-byte-v1";
inline constexpr char kDtcSymmetricCodec[] =
    "surakarta-dtc-wdl-byte-symmetric-v1";

// How a tablebase numbers its positions.
enum class TableIndexing {
  kFuChou,     // one byte per placement, FuChouIndexer order
  kSymmetric,  // one byte per symmetry class, SymmetricIndexer order
};

// "fuchou" / "symmetric", and back (the error lists the valid names).
std::string TableIndexingName(TableIndexing indexing);
absl::StatusOr<TableIndexing> ParseTableIndexing(std::string_view name);

// The codec naming a layout, and the largest table it can hold.
const char* DtcCodec(TableIndexing indexing);
int MaxTablePiecesOf(TableIndexing indexing);

// The name of the slice holding the tables of `pieces` pieces ("pieces-3").
std::string DtcSliceName(int pieces);

// "win", "draw" or "loss".
std::string ResultName(Wdl result);

// A read-only view of a solved set of tables 1..max_pieces().
class DtcTables {
 public:
  // Opens and validates a tablebase file (container checks and structure).
  static absl::StatusOr<std::unique_ptr<DtcTables>> Open(
      const std::string& path);
  // Interprets an already opened database; `file` must outlive the result.
  // Refuses files of another game, layout or codec; headers whose
  // parameters are missing, repeated, unknown, out of range or at odds with
  // the codec; slice tables other than exactly pieces-1..pieces-N; slices of
  // another size than their piece count implies (all checked before any
  // pass over the data, so the slice checksums need not be verified yet);
  // and tables holding byte 255, which encodes no value (one pass).
  static absl::StatusOr<std::unique_ptr<DtcTables>> FromFile(
      const DatabaseFile& file);
  // Reads tables solved in memory (Tablebase): tables[n - 1] is the n-piece
  // table in FuChouIndexer order; the bytes must outlive the result. Checks
  // the table count, the sizes and the bytes (no 255).
  static absl::StatusOr<std::unique_ptr<DtcTables>> FromTables(
      NoMoveRule rule, std::vector<std::span<const uint8_t>> tables);

  int max_pieces() const { return static_cast<int>(tables_.size()); }
  NoMoveRule no_move_rule() const { return rule_; }
  TableIndexing indexing() const { return indexing_; }

  // The bytes of the `pieces`-piece table, 1 <= pieces <= max_pieces().
  std::span<const uint8_t> table(int pieces) const {
    return tables_[pieces - 1];
  }

  // The index of (us, them) in the table of PopCount(us | them) pieces.
  uint64_t IndexOf(Bitboard us, Bitboard them) const {
    const int n = PopCount(us | them);
    return indexing_ == TableIndexing::kFuChou
               ? fuchou_[n - 1].Rank(us, them)
               : symmetric_[n - 1].Rank(us, them);
  }
  // The placement of `index` in the `pieces`-piece table (for a symmetric
  // table, the class's canonical member), X to move.
  Position PositionAt(int pieces, uint64_t index) const {
    return indexing_ == TableIndexing::kFuChou
               ? fuchou_[pieces - 1].Unrank(index)
               : symmetric_[pieces - 1].Unrank(index);
  }
  // The same, faster when consecutive calls (of one piece count) ask for
  // nearby indices, e.g. a scan in index order: `cache` remembers the last
  // symmetry class block (unused for FuChou tables).
  Position PositionAt(int pieces, uint64_t index,
                      SymmetricIndexer::UnrankCache& cache) const {
    return indexing_ == TableIndexing::kFuChou
               ? fuchou_[pieces - 1].Unrank(index)
               : symmetric_[pieces - 1].Unrank(index, cache);
  }

  // The value of (us, them) for the side to move. Requires 1 <=
  // PopCount(us | them) <= max_pieces(), or us == 0 (lost at distance 0).
  WdlOutcome Value(Bitboard us, Bitboard them) const {
    if (us == 0) return WdlOutcome::Loss(0);
    const int n = PopCount(us | them);
    return DecodeWdl(tables_[n - 1][IndexOf(us, them)]);
  }

  // The value of `move` (legal in (us, them)) for the side playing it: a
  // capture converts (one ply, the opposite of the smaller table's result),
  // a step is WdlOutcome::AfterMove of the position it leads to.
  WdlOutcome MoveValueOf(Bitboard us, Bitboard them, Move move) const {
    const Bitboard child_us = move.capture ? them & ~SquareBit(move.to) : them;
    const Bitboard child_them = us ^ SquareBit(move.from) ^ SquareBit(move.to);
    return MoveOutcome(move.capture, Value(child_us, child_them));
  }

  // Checked: fails (OutOfRange) when `p` has more pieces than the tables
  // hold. A position whose side to move has no pieces is a loss in 0.
  absl::StatusOr<WdlOutcome> Probe(const Position& p) const;

  // Every legal move of `p` with its value for the mover, best first (wins
  // by increasing distance, draws, losses by decreasing distance; ties in
  // the generator's order). Empty when the game is over.
  absl::StatusOr<std::vector<MoveValue>> ProbeMoves(const Position& p) const;

 private:
  DtcTables() = default;

  // Builds the indexers and checks that every byte decodes; `names` label
  // the tables in errors. The sizes have been checked.
  static absl::StatusOr<std::unique_ptr<DtcTables>> Assemble(
      NoMoveRule rule, TableIndexing indexing,
      const std::vector<std::span<const uint8_t>>& slices,
      const std::vector<std::string>& names);

  std::unique_ptr<DatabaseFile> owned_file_;
  NoMoveRule rule_ = NoMoveRule::kLoss;
  TableIndexing indexing_ = TableIndexing::kFuChou;
  std::vector<std::span<const uint8_t>> tables_;
  std::vector<FuChouIndexer> fuchou_;        // with TableIndexing::kFuChou
  std::vector<SymmetricIndexer> symmetric_;  // with TableIndexing::kSymmetric
};

}  // namespace retro::surakarta

#endif  // PLUGINS_SURAKARTA_DTC_TABLES_H_
