// The reader of a loopy win/draw/loss database (the files LoopyWdlModule
// writes, layout in retro/kit/loopy_wdl_database.h and docs/file-format.md):
// LoopyWdlTables of a LoopyWdlRules game (retro/kit/loopy_wdl_rules.h), the
// one object that opens such files and looks values up, with the names of
// results (WdlName, WdlVerdict). The records are raw or block-compressed
// (the header's layout, retro/kit/layout.h), read through
// retro/format/wdl/byte_records.h either way. Includes no solver, writer or
// distributed header, so that an engine can probe tables without them.
#ifndef RETRO_KIT_LOOPY_WDL_READER_H_
#define RETRO_KIT_LOOPY_WDL_READER_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "retro/database.h"
#include "retro/database_layout.h"
#include "retro/format/wdl/byte_records.h"
#include "retro/format/wdl/compressed_slice.h"
#include "retro/format/wdl/wdl.h"
#include "retro/kit/game_info.h"
#include "retro/kit/layout.h"
#include "retro/kit/loopy_wdl_plays.h"
#include "retro/kit/loopy_wdl_rules.h"
#include "retro/kit/rules_parameters.h"
#include "retro/status_macros.h"
#include "retro/thread_pool.h"

namespace retro::kit {

// The byte of an index that is no position.
inline constexpr uint8_t kNotAPositionByte = kWdlUnknownByte;

// "win", "draw" or "loss".
//   Returns: a static string; no errors. Thread safety: any thread.
//   Cost: fit for every node (no allocation).
inline const char* WdlName(Wdl result) {
  return result == Wdl::kWin ? "win" : result == Wdl::kLoss ? "loss" : "draw";
}

// "win in 3 plies", "draw in 5 plies": a result and a number of plies.
//   Returns: the text; no errors. Thread safety: any thread.
//   Cost: root only (builds a string, for messages and display).
inline std::string WdlVerdict(Wdl result, int plies) {
  return absl::StrCat(WdlName(result), " in ", plies, plies == 1 ? " ply" : " plies");
}

// "win in 3 plies", "loss in 1 ply", "draw": a stored value (a draw
// without its distance). Errors, thread safety and cost as above.
inline std::string WdlVerdict(WdlOutcome value) {
  return value.result == Wdl::kDraw ? "draw" : WdlVerdict(value.result, value.distance);
}

// The codec of a database of `rules` (their IndexTraits' codec, else
// info.codec).
//   Returns: the codec's name; no errors. Thread safety: any thread.
//   Cost: root only (copies a string).
template <LoopyWdlRules R>
std::string CodecOf(const R& rules, const GameInfo& info) {
  if (const char* codec = IndexTraitsOf(rules).codec) return codec;
  return info.codec;
}

// The tables of a database of game R with the rules its header describes:
// the one reader of such files. OpenLoopyWdlDatabase answers probe, stats
// and verify from it; an engine (or a plugin's own library) keeps one to
// look values up in its own search (Value, MoveValue), and CheckRecord is
// the verifier's one step.
template <LoopyWdlRules R>
class LoopyWdlTables {
 public:
  using Position = typename R::Position;

  // Tables trusted as they are, unchecked.
  //   Parameters: rules; tables, one per slice of `rules`, of its size (a
  //     slice that no lookup reaches may be left empty), outliving the
  //     result.
  //   Returns: the tables. Errors: none.
  //   Thread safety: any thread. Cost: root only.
  LoopyWdlTables(R rules, std::vector<std::span<const uint8_t>> tables)
      : LoopyWdlTables(std::move(rules), ByteRecords(std::move(tables))) {}
  // The same with records of either layout (one slice per slice of `rules`,
  // of its size).
  LoopyWdlTables(R rules, ByteRecords records)
      : rules_(std::move(rules)), records_(std::move(records)) {}

  // Opens the tables of a database file.
  //   Parameters: info, the game's identity; file, made by this game (its
  //     slice checksums not yet verified), outliving the result.
  //   Returns: the tables, with the rules of the file's header.
  //   Errors: InvalidArgument or DataLoss unless the file has the layout
  //     of retro/kit/loopy_wdl_database.h, every byte included: the codec,
  //     the header's parameters (strictly, the layout included), exactly
  //     the rules' slices, each of its size (compressed: its header and
  //     block table), and every byte (compressed: every block decompresses;
  //     an error names the slice and the block).
  //   Thread safety: any thread. Cost: root only (one pass over the bytes,
  //     decompressing each block once).
  static absl::StatusOr<LoopyWdlTables> FromFile(const GameInfo& info,
                                                 const DatabaseFile& file) {
    // Without a codec of the rules' own, the game's; with one, the header's
    // parameters choose it: they must agree.
    const std::string& codec = file.identity().codec;
    if (!HasIndexTraits<R> && codec != info.codec) {
      return absl::FailedPreconditionError(
          absl::StrCat("this file holds ", info.name, " values in codec '", codec,
                       "'; this plugin reads '", info.codec, "'"));
    }
    const std::string what = info.DatabaseName();
    RETRO_ASSIGN_OR_RETURN(R rules, RulesFromHeader<R>(file, what, {kLayoutParameter}));
    RETRO_ASSIGN_OR_RETURN(const bool compressed,
                           kRecordLayout.RecordsOther(file.parameters(), what));
    if constexpr (HasIndexTraits<R>) {
      if (const std::string expected = CodecOf(rules, info); codec != expected) {
        std::vector<std::string> header;
        for (const auto& [key, value] : file.parameters()) {
          header.push_back(absl::StrCat(key, "='", value, "'"));
        }
        return absl::FailedPreconditionError(absl::StrCat(
            "this file holds ", info.name, " values in codec '", codec, "'; its header (",
            absl::StrJoin(header, ", "), ") contradicts codec '", codec,
            "': this plugin writes those rules in codec '", expected, "'"));
      }
    }
    std::vector<std::string> names;
    for (int s = 0; s < rules.num_slices(); ++s) names.push_back(rules.slice_name(s));
    RETRO_ASSIGN_OR_RETURN(std::vector<std::span<const uint8_t>> tables,
                           ExpectSlices(file, names, WithArticle(what)));
    ByteRecords records(tables);
    if (compressed) {
      std::vector<CompressedSlice> slices;
      for (int s = 0; s < rules.num_slices(); ++s) {
        RETRO_ASSIGN_OR_RETURN(CompressedSlice slice, CompressedSlice::Open(names[s], tables[s]));
        slices.push_back(std::move(slice));
      }
      records = ByteRecords(std::move(slices), kNotAPositionByte);
      // Records no larger than the read limit (DatabaseReadLimit: the size
      // up to which a fast file is read into memory) are decompressed at
      // once and probed as a fast file's are; larger ones are read a block
      // at a time through the cache.
      if (records.TotalBytes() <= DatabaseReadLimit()) {
        ThreadPool serial(1);
        RETRO_ASSIGN_OR_RETURN(records, records.Decompressed(serial, nullptr));
      }
    }
    RETRO_RETURN_IF_ERROR(CheckSizesAndBytes(rules, records));
    return LoopyWdlTables(std::move(rules), std::move(records));
  }

  // Checks one slice as FromFile would (its size and every byte): for a
  // slice restored from a checkpoint.
  //   Parameters: rules; s, a slice of rules; table, its bytes.
  //   Returns: OK. Errors: InvalidArgument or DataLoss naming the problem.
  //   Thread safety: any thread. Cost: root only (one pass over the slice).
  static absl::Status CheckSlice(const R& rules, int s, std::span<const uint8_t> table) {
    RETRO_RETURN_IF_ERROR(CheckSize(rules, s, table.size()));
    return CheckBytes(rules, s, 0, table);
  }

  // Tables solved in memory, checked like a file's (sizes and every byte).
  //   Parameters: rules; tables, one per slice, outliving the result.
  //   Returns: the tables. Errors: as CheckSlice.
  //   Thread safety: any thread. Cost: root only (one pass over the bytes).
  static absl::StatusOr<LoopyWdlTables> FromTables(R rules,
                                                   std::vector<std::span<const uint8_t>> tables) {
    if (static_cast<int>(tables.size()) != rules.num_slices()) {
      return absl::InvalidArgumentError(absl::StrCat("the rules have ", rules.num_slices(),
                                                     " slices, not ", tables.size()));
    }
    ByteRecords records(std::move(tables));
    absl::Status status = CheckSizesAndBytes(rules, records);
    if (!status.ok()) return absl::InvalidArgumentError(status.message());
    return LoopyWdlTables(std::move(rules), std::move(records));
  }

  // The rules and the records (one slice per rules slice, raw or
  // compressed).
  //   Returns: references valid while the tables live; no errors.
  //   Thread safety: any number of threads at once. Cost: fit for every node.
  const R& rules() const { return rules_; }
  const ByteRecords& records() const { return records_; }

  // The stored value of a position for its side to move.
  //   Parameters: p, which must rank into a slice (unchecked).
  //   Returns: win, draw or loss with its distance. Errors: none.
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (one rank and one byte read).
  WdlOutcome Value(const Position& p) const {
    const SliceIndex at = rules_.Rank(p);
    return DecodeWdl(records_.at(at.slice, at.index));
  }

  // OK, or the block of a compressed file that a lookup could not
  // decompress (DataLoss naming the slice and the block; the lookup read
  // it as a draw). FromFile decompressed every block once, so this fails
  // only when the file changed on disk since.
  //   Thread safety: any number of threads at once. Cost: root only.
  absl::Status LookupStatus() const { return records_.LookupStatus(); }

  // The same tables reading `records` instead (e.g. a compressed file's
  // records decompressed into memory, ByteRecords::Decompressed).
  //   Returns: the tables; no errors. Cost: root only.
  LoopyWdlTables WithRecords(ByteRecords records) const {
    return LoopyWdlTables(rules_, std::move(records));
  }

  // The value of a move for the side playing it.
  //   Parameters: slice, the slice of the position moved from; child, the
  //     position the move leads to (a conversion when its slice differs);
  //     keeps_turn, whether the same player moves again there.
  //   Returns: the move's value. Errors: none.
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (one rank and one byte read).
  WdlOutcome MoveValue(int slice, const Position& child, bool keeps_turn = false) const {
    return MoveValueAt(slice, rules_.Rank(child), keeps_turn);
  }

  // What is wrong with a record: its value recomputed from its children's
  // stored values with the rules (one step of minimax, independent of the
  // solver) against the stored byte.
  //   Parameters: slice; index, below the slice's size; p, its position,
  //     Unrank(slice, index); rank, ranking the children (one per thread,
  //     kept across records checked in index order).
  //   Returns: "" when consistent, else the problem. Errors: none.
  //   Thread safety: any number of threads at once.
  //   Cost: root only (generates and looks up every move).
  std::string CheckRecord(int slice, uint64_t index, const Position& p,
                          Ranker<R>& rank) const {
    const uint8_t stored = records_.at(slice, index);
    if (!rules_.IsPosition(p)) {
      if (stored == kNotAPositionByte) return "";
      return absl::StrCat("index ", index, " of slice '", rules_.slice_name(slice),
                          "' is no position but stores byte ", stored);
    }
    if (stored == kNotAPositionByte) return Mismatch(slice, index, p, stored, std::nullopt);
    // The plays (loopy_wdl_plays.h).
    std::optional<WdlOutcome> expected;
    if (const std::optional<WdlOutcome> over = LoopyWdlPlays<R>(rules_).Play(
            p, [&](const typename R::Move*, const Position& child, bool keeps_turn) {
              const WdlOutcome value = MoveValueAt(slice, rank(child), keeps_turn);
              if (!expected || BetterForMover(value, *expected)) expected = value;
            })) {
      expected = over;
    }
    if (expected && EncodeWdl(*expected) == stored) return "";
    return Mismatch(slice, index, p, stored, expected);
  }
  // The same for rules that read a record's children off its index
  // (HasIndexShortcuts, when has_child_indices()): the same recomputation,
  // unranking only a record found wrong, to name it. `scratch` is kept
  // across records checked in index order.
  template <typename Scratch>
  std::string CheckRecordByChildIndices(int slice, uint64_t index, Scratch& scratch) const {
    const uint8_t stored = records_.at(slice, index);
    std::optional<WdlOutcome> best;
    const std::optional<WdlOutcome> over =
        rules_.ForEachChildIndex(slice, index, scratch, [&](SliceIndex child) {
          const WdlOutcome value = MoveValueAt(slice, child, false);
          if (!best || BetterForMover(value, *best)) best = value;
        });
    const std::optional<WdlOutcome> expected = over ? over : best;
    if (stored != kNotAPositionByte && expected && EncodeWdl(*expected) == stored) return "";
    return Mismatch(slice, index, rules_.Unrank(slice, index), stored, expected);
  }

 private:
  // The problem of a record (p, at `index` of `slice`) storing `stored`
  // where its children give `expected` (nullopt: it has no move and is not
  // over), the two known to disagree.
  std::string Mismatch(int slice, uint64_t index, const Position& p, uint8_t stored,
                       std::optional<WdlOutcome> expected) const {
    const std::string name = absl::StrCat(rules_.Format(p), " (slice '", rules_.slice_name(slice),
                                          "', index ", index, ")");
    if (stored == kNotAPositionByte) return absl::StrCat(name, " is marked as not a position");
    if (!expected) return absl::StrCat(name, " has no move and is not over");
    return absl::StrCat(name, ": stored ", WdlVerdict(DecodeWdl(stored)),
                        ", recomputed from its children ", WdlVerdict(*expected));
  }

  // The value for the mover of a move from `slice` into record `at`,
  // keeping the turn or not.
  WdlOutcome MoveValueAt(int slice, SliceIndex at, bool keeps_turn) const {
    const WdlOutcome value = DecodeWdl(records_.at(at.slice, at.index));
    return MoveValueOf(rules_, value, at.slice != slice, keeps_turn);
  }

  // The sizes of `records` against the rules' slices (all of them first),
  // then every byte, a chunk at a time (a compressed slice's blocks in
  // order).
  static absl::Status CheckSizesAndBytes(const R& rules, const ByteRecords& records) {
    for (int s = 0; s < rules.num_slices(); ++s) {
      RETRO_RETURN_IF_ERROR(CheckSize(rules, s, records.size(s)));
    }
    ChunkScratch scratch;
    for (int s = 0; s < rules.num_slices(); ++s) {
      for (uint64_t chunk = 0; chunk < records.NumChunks(s); ++chunk) {
        RETRO_ASSIGN_OR_RETURN(const std::span<const uint8_t> bytes,
                               records.Chunk(s, chunk, scratch));
        RETRO_RETURN_IF_ERROR(CheckBytes(rules, s, chunk * records.ChunkRecords(s), bytes));
      }
    }
    return absl::OkStatus();
  }

  // The size of a slice's records (`size`) against slice `s` of the rules.
  static absl::Status CheckSize(const R& rules, int s, uint64_t size) {
    return CheckSliceSize(rules.slice_name(s), size, rules.slice_size(s),
                          absl::StrCat("the game's indexer numbers ", rules.slice_size(s),
                                       IndexTraitsOf(rules).indexes_classes
                                           ? " classes of positions in it"
                                           : " positions in it"));
  }

  // Every byte of `table`, the records of slice `s` of the rules from index
  // `first` on: "not a position" exactly where the indexer has no position,
  // and, when the rules bound a game's length, no longer distance. When
  // every index is a position (and there is no bound), only byte 255 is
  // wrong: one memchr.
  static absl::Status CheckBytes(const R& rules, int s, uint64_t first,
                                 std::span<const uint8_t> table) {
    const std::string name = rules.slice_name(s);
    if (!HasMaxPlies<R> && IndexTraitsOf(rules).every_index_is_a_position) {
      const void* found = std::memchr(table.data(), kNotAPositionByte, table.size());
      if (found == nullptr) return absl::OkStatus();
      return absl::DataLossError(absl::StrCat(
          "slice '", name, "' holds byte ", kNotAPositionByte, " at index ",
          first + (static_cast<const uint8_t*>(found) - table.data()),
          ", which encodes no value: every index is a position"));
    }
    Unranker<R> unrank(rules);
    for (uint64_t k = 0; k < table.size(); ++k) {
      const uint64_t index = first + k;
      const typename R::Position p = unrank(s, index);
      const uint8_t byte = table[k];
      const bool position = rules.IsPosition(p);
      std::string problem;
      if (!position && byte != kNotAPositionByte) {
        problem = "which is no position, so the byte must be 255";
      } else if (position && byte == kNotAPositionByte) {
        problem = absl::StrCat("marking ", rules.Format(p), " as not a position");
      } else if constexpr (HasMaxPlies<R>) {
        if (position && DecodeWdl(byte).distance > rules.MaxPlies(p)) {
          problem = absl::StrCat("a distance of ", DecodeWdl(byte).distance, " plies for ",
                                 rules.Format(p), ", where no game lasts more than ",
                                 rules.MaxPlies(p));
        }
      }
      if (!problem.empty()) {
        return absl::DataLossError(absl::StrCat("slice '", name, "' holds byte ", byte,
                                                " at index ", index, ", ", problem));
      }
    }
    return absl::OkStatus();
  }

  R rules_;
  ByteRecords records_;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_LOOPY_WDL_READER_H_
