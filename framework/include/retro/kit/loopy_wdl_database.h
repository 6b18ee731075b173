// A database of a LoopyWdlRules game (retro/kit/loopy_wdl_rules.h), opened:
// the object answering `retro probe`, `retro stats` and `retro verify`, and
// OpenLoopyWdlDatabase, which checks a file's layout before trusting it.
//
// Layout (written by LoopyWdlModule::Solve): the game's parameters in the
// header, and one slice per rules slice, named slice_name(s), of
// slice_size(s) bytes; byte i is the value of Unrank(s, i) for the side to
// move in the loopy solver's codec (retro::EncodeWdl: 0 draw, 1 + d win in
// d plies, 128 + d loss in d plies), or 255 when the index is no position.
// With --layout small (header layout=small, retro/kit/layout.h) each
// slice holds those bytes block-compressed (retro/format/wdl/compressed_slice.h).
#ifndef RETRO_KIT_LOOPY_WDL_DATABASE_H_
#define RETRO_KIT_LOOPY_WDL_DATABASE_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "retro/database.h"
#include "retro/database_layout.h"
#include "retro/game_module.h"
#include "retro/internal/verify_support.h"
#include "retro/json_writer.h"
#include "retro/kit/checked_rank.h"
#include "retro/kit/game_info.h"
#include "retro/kit/kit_database.h"
#include "retro/kit/loopy_wdl_plays.h"
#include "retro/kit/loopy_wdl_position_count.h"
#include "retro/kit/loopy_wdl_reader.h"
#include "retro/kit/loopy_wdl_rules.h"
#include "retro/kit/rules_parameters.h"
#include "retro/kit/rules_value_probe.h"
#include "retro/status_macros.h"
#include "retro/system_memory.h"
#include "retro/value_probe.h"

namespace retro::kit {

// The opened database of game R.
template <LoopyWdlRules R>
class LoopyWdlDatabase : public KitDatabase<R> {
 public:
  using Position = typename R::Position;

  explicit LoopyWdlDatabase(LoopyWdlTables<R> data)
      : data_(std::move(data)),
        rules_(data_.rules()),
        records_(data_.records()) {}

  // The typed values: one record read a position, the value Probe reports
  // (a finished game's record stores its outcome: the solve writes it,
  // verify checks it, so no move is generated; a finished game the tables
  // do not hold is answered from the rules, as Probe does). The game has
  // no probe parameters.
  absl::StatusOr<std::unique_ptr<ValueProbe>> PrepareValues(const ParameterValues&) override {
    const auto answer = [](const WdlOutcome& value) { return ValueAnswer::Of(ValueOf(value)); };
    return MakeRulesValueProbe(rules_, [this, answer](const Position& p) {
      // The rank checked against the records themselves (the rules' slice
      // sizes may cost a computation).
      const SliceIndex at = rules_.Rank(p);
      if (at.slice < 0 || at.slice >= records_.num_slices() ||
          at.index >= records_.size(at.slice)) [[unlikely]] {
        // A finished game outside the tables (a side without pieces
        // facing more than they hold, say): its outcome, as Probe gives.
        if (const std::optional<WdlOutcome> over = LoopyWdlPlays<R>(rules_).Outcome(p)) {
          return answer(*over);
        }
        return ValueAnswer::Failed(RankFault(rules_, p, at));
      }
      // The byte's value read from a table, not branched on: a probe's
      // byte is a cache miss, and a branch on it mispredicted would hold
      // back everything after it until the miss is served.
      const uint8_t byte = records_.at(at.slice, at.index);
      if (absl::Status read = data_.LookupStatus(); !read.ok()) return ValueAnswer::Failed(read);
      return ValueAnswer::Of(kValueOfByte[byte]);
    });
  }

  absl::StatusOr<Report> Probe(const std::string& text, const ParameterValues&) override {
    RETRO_ASSIGN_OR_RETURN(const Position p, rules_.Parse(text));
    if constexpr (HasCovers<R>) RETRO_RETURN_IF_ERROR(rules_.Covers(p));
    // Each move's value for the mover: the child's, flipped, one ply
    // longer (a conversion: ConversionValue). Best moves first, then in the
    // rules' order (the plays of loopy_wdl_plays.h).
    struct MoveLine {
      std::string name, position;
      WdlOutcome value;
      int plies;  // shown: the distance, or a draw's length (MaxPlies)
      bool keeps_turn;
    };
    std::vector<MoveLine> moves;
    const LoopyWdlPlays<R> plays(rules_);
    int slice = -1;  // ranked at the first move: a finished game needs no rank
    const std::optional<WdlOutcome> outcome =
        plays.Play(p, [&](const typename R::Move* move, const Position& child, bool keeps_turn) {
          if (slice < 0) slice = rules_.Rank(p).slice;
          const WdlOutcome move_value = data_.MoveValue(slice, child, keeps_turn);
          moves.push_back({rules_.FormatMove(p, *move), rules_.Format(child), move_value,
                           ShownPlies(move_value, child, 1), keeps_turn});
        });
    // A finished game needs no table.
    const WdlOutcome value = outcome ? *outcome : data_.Value(p);
    const int plies = ShownPlies(value, p, 0);
    std::stable_sort(moves.begin(), moves.end(), [](const MoveLine& a, const MoveLine& b) {
      return BetterForMover(a.value, b.value);
    });
    std::vector<std::string> best;
    size_t move_width = 4, position_width = 8;
    for (const MoveLine& move : moves) {
      if (move.value == value) best.push_back(move.name);
      move_width = std::max(move_width, move.name.size());
      position_width = std::max(position_width, move.position.size());
    }

    const std::string formatted = rules_.Format(p);
    std::string side, note, over;
    if constexpr (HasSideToMove<R>) side = rules_.SideToMove(p);
    if (!side.empty()) note = absl::StrCat(side, " to move");
    if constexpr (HasPositionNote<R>) note = rules_.PositionNote(p);
    if (outcome) {
      over = "game over";
      if constexpr (HasGameOverNote<R>) over = absl::StrCat("game over: ", rules_.GameOverNote(p));
    }

    Report report;
    report.text = formatted;
    if (!note.empty()) absl::StrAppend(&report.text, "  (", note, ")");
    absl::StrAppend(&report.text, "\nresult: ",
                    HasMaxPlies<R> ? WdlVerdict(value.result, plies) : WdlVerdict(value));
    if (outcome) {
      absl::StrAppend(&report.text, "  (", over, ")");
    } else {
      absl::StrAppend(&report.text, absl::StrFormat("\n%*s  %-*s  result  plies",
                                                    move_width, "move", position_width,
                                                    "position"));
      for (const MoveLine& move : moves) {
        absl::StrAppend(&report.text,
                        absl::StrFormat("\n%*s  %-*s  %-6s  %5s%s%s", move_width, move.name,
                                        position_width, move.position,
                                        WdlName(move.value.result),
                                        HasMaxPlies<R> ? std::to_string(move.plies)
                                                        : Distance(move.value),
                                        move.value == value ? "  best" : "",
                                        move.keeps_turn ? "  (moves again)" : ""));
      }
    }

    report.line = absl::StrCat(formatted, " ", WdlName(value.result), " ", plies,
                               outcome ? " game-over" : " best ", absl::StrJoin(best, ","));

    JsonWriter json;
    json.BeginObject().Key("position").String(formatted);
    if (!side.empty()) json.Key("to_move").String(side);
    if constexpr (HasPositionNote<R>) json.Key("note").String(note);
    json.Key("result").String(WdlName(value.result));
    JsonDistance(value, plies, json);
    json.Key("game_over").Bool(outcome.has_value());
    if (outcome) json.Key("reason").String(over);
    json.Key("moves").BeginArray();
    for (const MoveLine& move : moves) {
      json.BeginObject().Key("move").String(move.name);
      json.Key("position").String(move.position);
      json.Key("result").String(WdlName(move.value.result));
      JsonDistance(move.value, move.plies, json);
      json.Key("best").Bool(move.value == value);
      if constexpr (MovesMayKeepTurn<R>()) json.Key("keeps_turn").Bool(move.keeps_turn);
      json.EndObject();
    }
    json.EndArray().Key("best").BeginArray();
    for (const std::string& name : best) json.String(name);
    json.EndArray().EndObject();
    report.json = json.Take();
    RETRO_RETURN_IF_ERROR(data_.LookupStatus());
    return report;
  }

  // The stats table and JSON: the records counted per group (1), the rows
  // in order (2), then the table (3) and the JSON (4).
  absl::StatusOr<Report> Stats(const WorkContext& context) override {
    RETRO_ASSIGN_OR_RETURN(const std::vector<ByteHistogram> histograms, CountGroups(context));
    const StatsRows all = RowsOf(histograms);
    std::string label = "slice";
    if constexpr (HasStatsGroups<R>) label = rules_.stats_group_label();
    Report report;
    report.text = StatsTable(all, label);
    report.json = StatsJson(all, label);
    return report;
  }

  // Recomputes each chosen record from its children's stored values with the
  // rules (one step of minimax, independent of the solver) and compares.
  absl::StatusOr<VerifyResult> Verify(const VerifyOptions& options,
                                      const WorkContext& context) override {
    std::vector<uint64_t> sizes;
    uint64_t records = 0, blocks = 0;
    for (int slice = 0; slice < records_.num_slices(); ++slice) {
      // A slice not asked for counts as empty: none of its records is chosen.
      sizes.push_back(options.Checks(rules_.slice_name(slice)) ? records_.size(slice) : 0);
      records += records_.size(slice);
      blocks += records_.NumChunks(slice);
    }
    const retro::internal::RecordSelection selection(sizes, options.sample, options.seed);
    // Checking a record looks its children up all over the slices: a
    // compressed file checked at more records than it has blocks is
    // decompressed into memory first (when it fits), so that each block is
    // decompressed once instead of at nearly every lookup.
    std::optional<LoopyWdlTables<R>> in_memory;
    const uint64_t available = AvailableMemoryBytes();
    if (records_.compressed() && selection.count() >= blocks &&
        (available == 0 || records <= available)) {
      context.progress->StartPhase("decompressing", records);
      RETRO_ASSIGN_OR_RETURN(ByteRecords raw,
                             records_.Decompressed(*context.pool, context.progress));
      in_memory.emplace(data_.WithRecords(std::move(raw)));
    }
    const LoopyWdlTables<R>& data = in_memory.has_value() ? *in_memory : data_;
    retro::internal::MismatchTally tally;
    bool checked = false;
    if constexpr (HasIndexShortcuts<R>) {
      if (rules_.has_child_indices()) {
        CheckSelectedRecords(selection, 4096, context, [](int) {}, [&](int slice) {
          return [&data, slice, scratch = typename R::ChildScratch{}](uint64_t index) mutable {
            return data.CheckRecordByChildIndices(slice, index, scratch);
          };
        }, tally);
        checked = true;
      }
    }
    if (!checked) {
      CheckSelectedRecords(selection, 4096, context, [](int) {}, [&](int slice) {
        return [&data, slice, unrank = Unranker<R>(rules_), rank = Ranker<R>(rules_)](
                   uint64_t index) mutable {
          return data.CheckRecord(slice, index, unrank(slice, index), rank);
        };
      }, tally);
    }
    RETRO_RETURN_IF_ERROR(data_.LookupStatus());
    return tally.Result(selection.count(), context.communicator);
  }

  // The stored bytes of a slice (kWdlByte: the byte codec of
  // retro/format/wdl/wdl.h, 255 where the index is no position): in place in a
  // raw file, decompressed block by block from a compressed one.
  absl::StatusOr<SliceValues> Values(const std::string& slice, const ParameterValues&) override {
    RETRO_ASSIGN_OR_RETURN(const int s, FindValueSlice(rules_, slice));
    SliceValues values{.encoding = SliceValues::Encoding::kWdlByte};
    if (!records_.compressed()) {
      values.view = records_.raw(s);
      return values;
    }
    values.computed.reserve(records_.size(s));
    ChunkScratch scratch;
    for (uint64_t chunk = 0; chunk < records_.NumChunks(s); ++chunk) {
      RETRO_ASSIGN_OR_RETURN(const std::span<const uint8_t> bytes,
                             records_.Chunk(s, chunk, scratch));
      values.computed.insert(values.computed.end(), bytes.begin(), bytes.end());
    }
    return values;
  }

 private:
  // The typed value of an outcome.
  static constexpr PositionValue ValueOf(const WdlOutcome& value) {
    switch (value.result) {
      case Wdl::kWin:
        return PositionValue::Win(value.distance);
      case Wdl::kLoss:
        return PositionValue::Loss(value.distance);
      default:
        return PositionValue::Draw();
    }
  }
  // The typed value of each table byte (DecodeWdl's outcome).
  static constexpr std::array<PositionValue, 256> kValueOfByte = [] {
    std::array<PositionValue, 256> values{};
    for (int byte = 0; byte < 256; ++byte) {
      values[byte] = ValueOf(DecodeWdl(static_cast<uint8_t>(byte)));
    }
    return values;
  }();

  // The longest distance of a row's wins (or losses), -1 while there is
  // none, and its example: the smallest (slice, index) at that distance,
  // whatever order the records were counted in.
  struct Longest {
    int distance = -1;
    SliceIndex at;

    void Offer(int d, SliceIndex where) {
      if (d > distance ||
          (d == distance && std::pair(where.slice, where.index) < std::pair(at.slice, at.index))) {
        distance = d;
        at = where;
      }
    }
    // The distance for the table: "-" when there is none.
    std::string Text() const { return distance < 0 ? "-" : std::to_string(distance); }
  };

  // Tallies of one stats row; `positions` and the counts are weighted by
  // the records' StatsKey weights.
  struct Row {
    uint64_t positions = 0, wins = 0, draws = 0, losses = 0;
    Longest longest_win, longest_loss;

    void Add(WdlOutcome value, SliceIndex at, uint64_t weight) {
      positions += weight;
      if (value.result == Wdl::kWin) {
        wins += weight;
        longest_win.Offer(value.distance, at);
      } else if (value.result == Wdl::kLoss) {
        losses += weight;
        longest_loss.Offer(value.distance, at);
      } else {
        draws += weight;
      }
    }
    void Merge(const Row& other) {
      positions += other.positions;
      wins += other.wins;
      draws += other.draws;
      losses += other.losses;
      longest_win.Offer(other.longest_win.distance, other.longest_win.at);
      longest_loss.Offer(other.longest_loss.distance, other.longest_loss.at);
    }
  };

  // How often each stored byte occurs in a group (weighted), and the
  // smallest (slice, index) holding it: the counting half of a Row, cheap
  // per record. One worker adds its records in increasing (slice, index)
  // order (ThreadPool::ParallelFor hands each worker increasing chunks), so
  // the first record of a byte is its smallest; Merge takes the smallest of
  // the workers'.
  struct ByteHistogram {
    std::array<uint64_t, 256> count = {};
    std::array<uint64_t, 256> first;  // Key(slice, index) of the first record

    ByteHistogram() { first.fill(~uint64_t{0}); }
    static uint64_t Key(int slice, uint64_t index) {
      return (static_cast<uint64_t>(slice) << 48) | index;
    }
    void Add(uint8_t stored, uint64_t key, uint64_t weight) {
      if (count[stored] == 0) first[stored] = key;
      count[stored] += weight;
    }
    void Merge(const ByteHistogram& other) {
      for (int b = 0; b < 256; ++b) {
        count[b] += other.count[b];
        first[b] = std::min(first[b], other.first[b]);
      }
    }
    // The slice of the first record counted (INT_MAX when none was).
    int FirstSlice() const {
      const uint64_t key = *std::min_element(first.begin(), first.end());
      return key == ~uint64_t{0} ? std::numeric_limits<int>::max() : static_cast<int>(key >> 48);
    }
    Row ToRow() const {
      Row row;
      for (int b = 0; b < 256; ++b) {
        if (count[b] == 0) continue;
        const SliceIndex at{static_cast<int>(first[b] >> 48),
                            first[b] & ((uint64_t{1} << 48) - 1)};
        row.Add(DecodeWdl(static_cast<uint8_t>(b)), at, count[b]);
      }
      return row;
    }
  };

  // Every group's row, each slice's (the sum of its groups': a group lies
  // in one slice) and the total.
  struct StatsRows {
    std::vector<Row> groups, slices;
    std::vector<int> group_slice;  // the slice of each group's records
    Row total;
  };
  // A line of the stats table.
  struct StatsLine {
    std::string name;
    const Row* row;
  };

  // 1. Counts, in parallel: per worker a histogram of the stored bytes of
  //    every group, merged so that the result does not depend on threads.
  absl::StatusOr<std::vector<ByteHistogram>> CountGroups(const WorkContext& context) const {
    const int groups = NumGroups();
    const int slices = records_.num_slices();
    std::vector<std::vector<ByteHistogram>> tallies(context.pool->size(),
                                                    std::vector<ByteHistogram>(groups));
    uint64_t total_records = 0;
    for (int slice = 0; slice < slices; ++slice) total_records += records_.size(slice);
    context.progress->StartPhase("counting", total_records);
    // The records a chunk at a time (a compressed slice's blocks, each
    // decompressed once, in order).
    std::vector<ChunkScratch> scratch(context.pool->size());
    std::mutex failure_mutex;
    absl::Status failure;
    for (int slice = 0; slice < slices; ++slice) {
      const uint64_t chunk_records = records_.ChunkRecords(slice);
      context.pool->ParallelFor(
          0, records_.NumChunks(slice), 1, [&](int worker, uint64_t first, uint64_t last) {
            for (uint64_t chunk = first; chunk < last; ++chunk) {
              absl::StatusOr<std::span<const uint8_t>> bytes =
                  records_.Chunk(slice, chunk, scratch[worker]);
              if (!bytes.ok()) {
                std::lock_guard<std::mutex> lock(failure_mutex);
                if (failure.ok()) failure = bytes.status();
                return;
              }
              const uint64_t begin = chunk * chunk_records;
              CountChunk(slice, begin, *bytes, tallies[worker].data());
              context.progress->Advance(bytes->size());
            }
          });
    }
    RETRO_RETURN_IF_ERROR(failure);
    std::vector<ByteHistogram>& first = tallies[0];
    for (size_t w = 1; w < tallies.size(); ++w) {
      for (int g = 0; g < groups; ++g) first[g].Merge(tallies[w][g]);
    }
    return std::move(first);
  }

  // Adds the records `bytes` of `slice` from index `begin` on to the
  // histograms `t` of their groups.
  void CountChunk(int slice, uint64_t begin, std::span<const uint8_t> bytes,
                  ByteHistogram* const t) const {
    // Locals, so that the counting stores cannot make the compiler reload
    // them for every record.
    const uint64_t end = begin + bytes.size();
    const uint8_t* const data = bytes.data();
    const R& rules = rules_;
    Unranker<R> unrank(rules);
    for (uint64_t index = begin; index < end; ++index) {
      const uint8_t stored = data[index - begin];
      if (stored == kNotAPositionByte) continue;
      const StatsKey at = RecordStatsKey(rules, slice, index, unrank);
      t[at.group].Add(stored, ByteHistogram::Key(slice, index), at.weight);
    }
  }

  // The rows read off the merged histograms.
  StatsRows RowsOf(const std::vector<ByteHistogram>& histograms) const {
    const int slices = records_.num_slices();
    StatsRows all;
    all.slices.resize(slices);
    for (const ByteHistogram& histogram : histograms) {
      const Row row = histogram.ToRow();
      const int slice = std::min(histogram.FirstSlice(), slices);
      all.groups.push_back(row);
      all.group_slice.push_back(slice);
      if (slice < slices) all.slices[slice].Merge(row);
      all.total.Merge(row);
    }
    return all;
  }

  // 2. The rows in order: each group, and with slice totals each slice's
  //    after its groups (groups without records last), then the total.
  std::vector<StatsLine> StatsLines(const StatsRows& all) const {
    const int groups = static_cast<int>(all.groups.size());
    const int slices = records_.num_slices();
    const bool slice_totals = Layout().slice_totals;
    std::vector<StatsLine> lines;
    if (slice_totals) {
      for (int s = 0; s <= slices; ++s) {
        for (int g = 0; g < groups; ++g) {
          if (all.group_slice[g] == s) lines.push_back({GroupName(g), &all.groups[g]});
        }
        if (s < slices) lines.push_back({rules_.slice_name(s), &all.slices[s]});
      }
    } else {
      for (int g = 0; g < groups; ++g) lines.push_back({GroupName(g), &all.groups[g]});
    }
    lines.push_back({"total", &all.total});
    return lines;
  }

  // 3. The table: columns as wide as their title or the largest number,
  //    labels right-aligned, with examples when the rules ask for them, then
  //    the longest win and loss.
  std::string StatsTable(const StatsRows& all, const std::string& label) const {
    const std::vector<StatsLine> lines = StatsLines(all);
    const bool examples = Layout().row_examples;
    size_t width = std::max<size_t>(label.size(), 5);
    for (const StatsLine& line : lines) width = std::max(width, line.name.size());
    const int count_width =
        std::max<int>(9, static_cast<int>(std::to_string(all.total.positions).size()));
    size_t example_width = 0;
    if (examples) {
      example_width = 16;  // "longest win e.g."
      for (const StatsLine& line : lines) {
        if (line.row->longest_win.distance >= 0) {
          example_width = std::max(example_width, Example(line.row->longest_win.at).size());
        }
      }
    }
    std::string text;
    if constexpr (HasStatsTitle<R>) text = absl::StrCat(rules_.StatsTitle(), "\n\n");
    absl::StrAppend(&text,
                    absl::StrFormat("%*s  %*s  %*s  %*s  %*s  longest win  longest loss", width,
                                    label, count_width, "positions", count_width, "wins",
                                    count_width, "draws", count_width, "losses"));
    if (examples) {
      absl::StrAppend(&text, absl::StrFormat("  %-*s  %s", example_width, "longest win e.g.",
                                             "longest loss e.g."));
    }
    for (const StatsLine& line : lines) {
      const Row& row = *line.row;
      absl::StrAppend(&text, absl::StrFormat("\n%*s  %*d  %*d  %*d  %*d  %11s  %12s", width,
                                             line.name, count_width, row.positions, count_width,
                                             row.wins, count_width, row.draws, count_width,
                                             row.losses, row.longest_win.Text(),
                                             row.longest_loss.Text()));
      if (examples) {
        absl::StrAppend(&text, absl::StrFormat("  %-*s  %s", example_width,
                                               ExampleText(row.longest_win),
                                               ExampleText(row.longest_loss)));
      }
    }
    for (const auto& [name, longest] :
         {std::pair{"win", all.total.longest_win}, std::pair{"loss", all.total.longest_loss}}) {
      if (longest.distance < 0) continue;
      absl::StrAppend(&text, "\nlongest ", name, ": ", longest.distance, " plies, e.g. ",
                      Example(longest.at));
    }
    return text;
  }

  // 4. The JSON schema every family shares (docs/json.md): slices and the
  //    total with the same keys, this family's figures under "wdl", and the
  //    game's finer groups, if any, under "groups".
  std::string StatsJson(const StatsRows& all, const std::string& label) const {
    const int slices = records_.num_slices();
    JsonWriter json;
    json.BeginObject().Key("family").String("wdl").Key("slices").BeginArray();
    for (int s = 0; s < slices; ++s) RowJson(rules_.slice_name(s), all.slices[s], json);
    json.EndArray().Key("total");
    RowJson("total", all.total, json);
    json.Key("groups");
    if constexpr (HasStatsGroups<R>) {
      json.BeginObject().Key("label").String(label).Key("rows").BeginArray();
      for (size_t g = 0; g < all.groups.size(); ++g) {
        const bool in_slice = all.group_slice[g] < slices;
        RowJson(GroupName(static_cast<int>(g)), all.groups[g], json,
                in_slice ? rules_.slice_name(all.group_slice[g]) : std::string());
      }
      json.EndArray().EndObject();
    } else {
      json.Null();
    }
    json.EndObject();
    return json.Take();
  }

  // The example of a longest distance for the table: "-" when there is none.
  std::string ExampleText(const Longest& longest) const {
    return longest.distance < 0 ? "-" : Example(longest.at);
  }

  // The plies shown for `value` of `p`, `extra` plies after the probed
  // position: the distance of a win or loss, the length of a draw when the
  // rules know it (MaxPlies), else 0.
  int ShownPlies(WdlOutcome value, const Position& p, int extra) const {
    if (value.result != Wdl::kDraw) return value.distance;
    if constexpr (HasMaxPlies<R>) {
      return rules_.MaxPlies(p) + extra;
    } else {
      return 0;
    }
  }

  // The key "distance": `plies`, or null for a draw of a game that gives
  // draws no length (MaxPlies).
  static void JsonDistance(WdlOutcome value, int plies, JsonWriter& json) {
    json.Key("distance");
    value.result == Wdl::kDraw && !HasMaxPlies<R> ? json.Null() : json.Int(plies);
  }

  // "-" for a draw (no distance), else the distance in plies.
  static std::string Distance(WdlOutcome value) {
    return value.result == Wdl::kDraw ? std::string("-") : std::to_string(value.distance);
  }

  // One row of the stats JSON: {"name", ["slice",] "positions", "wdl"}
  // (distances and their examples null when there is none).
  void RowJson(const std::string& name, const Row& row, JsonWriter& json,
               const std::string& slice = {}) const {
    json.BeginObject().Key("name").String(name);
    if (!slice.empty()) json.Key("slice").String(slice);
    json.Key("positions").Uint(row.positions).Key("wdl").BeginObject();
    json.Key("wins").Uint(row.wins).Key("draws").Uint(row.draws).Key("losses").Uint(row.losses);
    for (const auto& [key, longest] :
         {std::pair{"longest_win", row.longest_win}, std::pair{"longest_loss", row.longest_loss}}) {
      json.Key(key);
      longest.distance >= 0 ? json.Int(longest.distance) : json.Null();
      json.Key(absl::StrCat(key, "_example"));
      longest.distance >= 0 ? json.String(Example(longest.at)) : json.Null();
    }
    json.EndObject().EndObject();
  }

  // The rules' stats layout (none without the hook).
  StatsLayout Layout() const {
    if constexpr (HasStatsGroups<R>) {
      return rules_.stats_layout();
    } else {
      return StatsLayout{};
    }
  }

  int NumGroups() const {
    if constexpr (HasStatsGroups<R>) {
      return rules_.num_stats_groups();
    } else {
      return records_.num_slices();
    }
  }
  std::string GroupName(int group) const {
    if constexpr (HasStatsGroups<R>) {
      return rules_.stats_group_name(group);
    } else {
      return rules_.slice_name(group);
    }
  }

  const R& rules() const override { return rules_; }
  using KitDatabase<R>::Example;

  LoopyWdlTables<R> data_;
  const R& rules_;
  const ByteRecords& records_;
};

// Checks that `file` (made by this game; its slice checksums not yet
// verified) has the layout above, every byte included, and returns the
// object answering probes on it. `file` must outlive the result.
template <LoopyWdlRules R>
absl::StatusOr<std::unique_ptr<OpenDatabase>> OpenLoopyWdlDatabase(const GameInfo& info,
                                                                   const DatabaseFile& file) {
  RETRO_ASSIGN_OR_RETURN(LoopyWdlTables<R> tables, LoopyWdlTables<R>::FromFile(info, file));
  return std::make_unique<LoopyWdlDatabase<R>>(std::move(tables));
}

}  // namespace retro::kit

#endif  // RETRO_KIT_LOOPY_WDL_DATABASE_H_
