// Surakarta distance-to-conversion tablebases as written by
// `retro solve --game surakarta`, for engines that probe them inside their
// own search:
//
//   auto tables = retro::surakarta::DtcTables::Open("surakarta-5.retro");
//   if (!tables.ok()) { ... }
//   absl::StatusOr<WdlOutcome> v = (*tables)->Probe(position);
//   absl::StatusOr<std::vector<MoveValue>> moves =
//   (*tables)->ProbeMoves(position);
//
// A thin wrapper of the loopy kit's reader (retro::kit::LoopyWdlTables of
// SurakartaRules, plugins/surakarta/rules.h), which also answers the
// plugin's probe, stats and verify: one slice per piece count n =
// 1..max_pieces(), named "pieces-n", one byte per index in the codec of
// retro/solver/loopy_wdl.h (0 draw, 1..127 win in byte - 1 plies, 128..254
// loss in byte - 128 plies, for the side to move; the distance counts plies
// to the next capture). The index is either FuChouIndexer(n) (codec
// kDtcCodec: C(36, n) * 2^n bytes, one per placement) or SymmetricIndexer(n)
// (codec kDtcSymmetricCodec: one byte per class of placements under the 8
// board symmetries, about 8 times smaller). The slices are memory-mapped,
// not copied: a lookup is one rank and one byte read. Files solved with
// --layout small hold the bytes block-compressed (retro/format/
// compressed_slice.h): a lookup then decompresses its block on first touch
// and reads a cached copy afterwards. Link with the
// `retro_surakarta_reader` CMake target. The header names game and format
// types only; the kit's reader is instantiated in dtc_tables.cc.
#ifndef PLUGINS_SURAKARTA_DTC_TABLES_H_
#define PLUGINS_SURAKARTA_DTC_TABLES_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "games/surakarta/move.h"
#include "games/surakarta/no_move_rule.h"
#include "games/surakarta/position.h"
#include "plugins/surakarta/table_indexing.h"
#include "retro/database.h"
#include "retro/format/wdl/wdl.h"

namespace retro::surakarta {

class SurakartaRules;  // rules.h

// A legal move and its value for the side playing it, as ProbeMoves (here
// and in tablebase.h) lists them.
struct MoveValue {
  Move move;
  WdlOutcome value;
};

// A read-only view of a solved set of tables 1..max_pieces(). Thread
// safety: the factories may be called from any thread, every other member
// from any number of threads at once. Cost: a member is fit for every node
// unless its comment says "root only".
class DtcTables {
 public:
  DtcTables(const DtcTables&) = delete;
  DtcTables& operator=(const DtcTables&) = delete;
  ~DtcTables();

  // Opens a tablebase file and checks it (container and structure).
  //   Parameters: path, a file written by `retro solve --game surakarta`.
  //   Returns: the tables, owning the memory-mapped file.
  //   Errors: the container reader's (missing or unreadable file, bad
  //     checksum, another game) and FromFile's.
  //   Cost: root only (maps the file, one pass over the bytes).
  static absl::StatusOr<std::unique_ptr<DtcTables>> Open(const std::string& path);
  // Interprets an already opened database.
  //   Parameters: file, which must outlive the result.
  //   Returns: the tables.
  //   Cost: root only (one pass over the bytes).
  //   Errors (the kit's LoopyWdlTables::FromFile): refuses files of another game, layout or codec;
  // headers whose parameters are missing, repeated, unknown, out of range or
  // at odds with the codec; slice tables other than exactly
  // pieces-1..pieces-N; slices of another size than their piece count
  // implies (all before any pass over the data, so the slice checksums need
  // not be verified yet); and tables holding byte 255, which encodes no
  // value (one pass).
  static absl::StatusOr<std::unique_ptr<DtcTables>> FromFile(const DatabaseFile& file);
  // Reads tables solved in memory (Tablebase).
  //   Parameters: rule, the no-move rule they were solved with; tables,
  //     tables[n - 1] the n-piece table in FuChouIndexer order, whose bytes
  //     must outlive the result.
  //   Returns: the tables.
  //   Errors: InvalidArgument or DataLoss for a wrong table count or size,
  //     or a byte 255.
  //   Cost: root only (one pass over the bytes).
  static absl::StatusOr<std::unique_ptr<DtcTables>> FromTables(
      NoMoveRule rule, std::vector<std::span<const uint8_t>> tables);

  // The rules (plugins/surakarta/rules.h, in this tree only: the installed
  // reader only declares them, so an engine outside reads the values
  // below), the largest piece count, the no-move rule and the indexing the
  // file was solved with.
  //   Returns: values of the header; no errors.
  const SurakartaRules& rules() const;
  int max_pieces() const { return max_pieces_; }
  NoMoveRule no_move_rule() const { return no_move_rule_; }
  TableIndexing indexing() const { return indexing_; }

  // Whether lookups read block-compressed tables through the block cache:
  // a --layout small file whose records exceed the read limit
  // (DatabaseReadLimit); a smaller one is decompressed whole at open and
  // read as a fast file's tables are.
  //   Returns: the records' form; no errors.
  bool compressed() const;

  // The bytes of the `pieces`-piece table, 1 <= pieces <= max_pieces()
  // (unchecked), of tables that are not compressed() (unchecked; read
  // compressed tables' values with Value).
  //   Returns: a view valid while the tables live; no errors.
  std::span<const uint8_t> table(int pieces) const;

  // The index of (us, them) in the table of PopCount(us | them) pieces,
  // 1..max_pieces() (unchecked).
  //   Returns: the index; no errors. Cost: one rank.
  uint64_t IndexOf(Bitboard us, Bitboard them) const;
  // The placement of `index` in the `pieces`-piece table (for a symmetric
  // table, the class's canonical member), X to move.
  //   Parameters: pieces, 1..max_pieces(); index, below the table's size
  //     (both unchecked).
  //   Returns: the position; no errors. Cost: one unrank.
  Position PositionAt(int pieces, uint64_t index) const;

  // The value of (us, them) for the side to move.
  //   Parameters: us, them: 1 <= PopCount(us | them) <= max_pieces(), or
  //     us == 0 (lost at distance 0); unchecked (Probe checks).
  //   Returns: win, draw or loss with the plies to the next capture (a
  //     compressed file's block that no longer decompresses reads as a
  //     draw: Probe and ProbeMoves report it).
  //   Errors: none.
  //   Cost: one rank and one byte read (compressed: a cache lookup, and on
  //     first touch of a block its decompression).
  WdlOutcome Value(Bitboard us, Bitboard them) const;

  // The value of `move` for the side playing it: a capture converts (one
  // ply, the opposite of the smaller table's result), a step is
  // WdlOutcome::AfterMove of the position it leads to.
  //   Parameters: us, them as Value; move, legal there (unchecked).
  //   Returns: the move's value; no errors.
  //   Cost: a move, a rank and a byte read.
  WdlOutcome MoveValueOf(Bitboard us, Bitboard them, Move move) const;

  // Value with the position checked.
  //   Parameters: p, any position.
  //   Returns: its value; a side to move without pieces has lost in 0.
  //   Errors: OutOfRange when p has more pieces than the tables hold.
  absl::StatusOr<WdlOutcome> Probe(const Position& p) const;

  // Every legal move of `p` with its value for the mover, best first (wins
  // by increasing distance, draws, losses by decreasing distance; ties in
  // the generator's order).
  //   Parameters: p, any position.
  //   Returns: the moves, empty when the game is over.
  //   Errors: OutOfRange as Probe.
  //   Cost: root only (generates, plays and looks up every move, and
  //     allocates).
  absl::StatusOr<std::vector<MoveValue>> ProbeMoves(const Position& p) const;

 private:
  struct Tables;  // the kit's tables (dtc_tables.cc)
  explicit DtcTables(std::unique_ptr<Tables> tables);

  std::unique_ptr<DatabaseFile> owned_file_;
  std::unique_ptr<Tables> tables_;
  int max_pieces_;
  NoMoveRule no_move_rule_;
  TableIndexing indexing_;
};

}  // namespace retro::surakarta

#endif  // PLUGINS_SURAKARTA_DTC_TABLES_H_
