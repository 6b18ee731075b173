// A database of a LoopyWdlRules game (retro/kit/loopy_wdl_rules.h), opened:
// the object answering `retro probe`, `retro stats` and `retro verify`, and
// OpenLoopyWdlDatabase, which checks a file's layout before trusting it.
//
// Layout (written by LoopyWdlModule::Solve): the game's parameters in the
// header, and one slice per rules slice, named slice_name(s), of
// slice_size(s) bytes; byte i is the value of Unrank(s, i) for the side to
// move in the loopy solver's codec (retro::EncodeWdl: 0 draw, 1 + d win in
// d plies, 128 + d loss in d plies), or 255 when the index is no position.
#ifndef RETRO_KIT_LOOPY_WDL_DATABASE_H_
#define RETRO_KIT_LOOPY_WDL_DATABASE_H_

#include <algorithm>
#include <cstdint>
#include <memory>
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
#include "retro/json_writer.h"
#include "retro/kit/game_info.h"
#include "retro/kit/loopy_wdl_rules.h"
#include "retro/kit/rules_parameters.h"
#include "retro/status_macros.h"
#include "retro/verify_support.h"

namespace retro::kit {

// The byte of an index that is no position.
inline constexpr uint8_t kNotAPositionByte = kWdlUnknownByte;

// "win", "draw" or "loss".
inline const char* WdlName(Wdl result) {
  return result == Wdl::kWin ? "win" : result == Wdl::kLoss ? "loss" : "draw";
}

// "win in 3 plies", "loss in 1 ply", "draw".
inline std::string WdlVerdict(WdlOutcome value) {
  if (value.result == Wdl::kDraw) return "draw";
  return absl::StrCat(WdlName(value.result), " in ", value.distance,
                      value.distance == 1 ? " ply" : " plies");
}

// The opened database of game R.
template <LoopyWdlRules R>
class LoopyWdlDatabase : public OpenDatabase {
 public:
  using Position = typename R::Position;

  LoopyWdlDatabase(R rules, std::vector<std::span<const uint8_t>> tables)
      : rules_(std::move(rules)), tables_(std::move(tables)) {}

  absl::StatusOr<Report> Probe(const std::string& text, const ParameterValues&) override {
    RETRO_ASSIGN_OR_RETURN(const Position p, rules_.Parse(text));
    const WdlOutcome value = Value(p);
    const std::optional<WdlOutcome> outcome = rules_.Outcome(p);

    // Each move's value for the mover: the child's, flipped, one ply
    // longer. Best moves first, then in the rules' order.
    struct MoveLine {
      std::string name, position;
      WdlOutcome value;
    };
    std::vector<MoveLine> moves;
    if (!outcome) {
      rules_.ForEachMove(p, [&](const typename R::Move& move, const Position& child) {
        moves.push_back({rules_.FormatMove(p, move), rules_.Format(child),
                         WdlOutcome::AfterMove(Value(child))});
      });
    }
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
    std::string side, over;
    if constexpr (HasSideToMove<R>) side = rules_.SideToMove(p);
    if (outcome) {
      over = "game over";
      if constexpr (HasGameOverReason<R>) over = absl::StrCat("game over: ", rules_.GameOverReason(p));
    }

    Report report;
    report.text = formatted;
    if (!side.empty()) absl::StrAppend(&report.text, "  (", side, " to move)");
    absl::StrAppend(&report.text, "\nresult: ", WdlVerdict(value));
    if (outcome) {
      absl::StrAppend(&report.text, "  (", over, ")");
    } else {
      absl::StrAppend(&report.text, absl::StrFormat("\n%*s  %-*s  result  plies",
                                                    move_width, "move", position_width,
                                                    "position"));
      for (const MoveLine& move : moves) {
        absl::StrAppend(&report.text,
                        absl::StrFormat("\n%*s  %-*s  %-6s  %5s%s", move_width, move.name,
                                        position_width, move.position,
                                        WdlName(move.value.result), Distance(move.value),
                                        move.value == value ? "  best" : ""));
      }
    }

    report.line = absl::StrCat(formatted, " ", WdlName(value.result), " ", value.distance,
                               outcome ? " game-over" : " best ", absl::StrJoin(best, ","));

    JsonWriter json;
    json.BeginObject().Key("position").String(formatted);
    if (!side.empty()) json.Key("to_move").String(side);
    json.Key("result").String(WdlName(value.result));
    json.Key("distance").Int(value.distance);
    json.Key("game_over").Bool(outcome.has_value());
    if (outcome) json.Key("reason").String(over);
    json.Key("moves").BeginArray();
    for (const MoveLine& move : moves) {
      json.BeginObject().Key("move").String(move.name);
      json.Key("position").String(move.position);
      json.Key("result").String(WdlName(move.value.result));
      json.Key("distance").Int(move.value.distance);
      json.Key("best").Bool(move.value == value).EndObject();
    }
    json.EndArray().Key("best").BeginArray();
    for (const std::string& name : best) json.String(name);
    json.EndArray().EndObject();
    report.json = json.Take();
    return report;
  }

  absl::StatusOr<Report> Stats(const WorkContext& context) override {
    const int groups = NumGroups();
    std::vector<Row> rows(groups + 1);  // rows[groups]: the total
    uint64_t total_records = 0;
    for (const auto& table : tables_) total_records += table.size();
    context.progress->StartPhase("counting", total_records);
    for (int slice = 0; slice < static_cast<int>(tables_.size()); ++slice) {
      const std::span<const uint8_t> table = tables_[slice];
      for (uint64_t index = 0; index < table.size(); ++index) {
        if (table[index] == kNotAPositionByte) continue;
        const WdlOutcome value = DecodeWdl(table[index]);
        const SliceIndex at{slice, index};
        rows[Group(at)].Add(value, at);
        rows[groups].Add(value, at);
      }
      context.progress->Advance(table.size());
    }

    std::string label = "slice";
    if constexpr (HasStatsGroups<R>) label = rules_.stats_group_label();
    // Columns as wide as their title or the largest number, labels right-aligned.
    size_t width = std::max<size_t>(label.size(), 5);
    for (int g = 0; g < groups; ++g) width = std::max(width, GroupName(g).size());
    const int count_width =
        std::max<int>(9, static_cast<int>(std::to_string(rows[groups].positions).size()));
    Report report;
    report.text = absl::StrFormat("%*s  %*s  %*s  %*s  %*s  longest win  longest loss", width,
                                  label, count_width, "positions", count_width, "wins",
                                  count_width, "draws", count_width, "losses");
    for (int g = 0; g <= groups; ++g) {
      const Row& row = rows[g];
      absl::StrAppend(&report.text,
                      absl::StrFormat("\n%*s  %*d  %*d  %*d  %*d  %11s  %12s", width,
                                      g < groups ? GroupName(g) : "total", count_width,
                                      row.positions, count_width, row.wins, count_width,
                                      row.draws, count_width, row.losses,
                                      Longest(row.longest_win), Longest(row.longest_loss)));
    }
    JsonWriter json;
    json.BeginObject().Key("group").String(label).Key("rows").BeginArray();
    for (int g = 0; g < groups; ++g) {
      json.BeginObject().Key("name").String(GroupName(g));
      RowJson(rows[g], json);
      json.EndObject();
    }
    json.EndArray();
    const Row& total = rows[groups];
    RowJson(total, json);
    json.EndObject();
    for (const auto& [name, distance, example] :
         {std::tuple{"win", total.longest_win, total.longest_win_at},
          std::tuple{"loss", total.longest_loss, total.longest_loss_at}}) {
      if (distance < 0) continue;
      absl::StrAppend(&report.text, "\nlongest ", name, ": ", distance, " plies, e.g. ",
                      rules_.Format(rules_.Unrank(example.slice, example.index)));
    }
    report.json = json.Take();
    return report;
  }

  // Recomputes each chosen record from its children's stored values with the
  // rules (one step of minimax, independent of the solver) and compares.
  absl::StatusOr<VerifyResult> Verify(const VerifyOptions& options,
                                      const WorkContext& context) override {
    std::vector<uint64_t> sizes;
    for (const auto& table : tables_) sizes.push_back(table.size());
    const RecordSelection selection(sizes, options.sample, options.seed);
    context.progress->StartPhase("verifying", selection.count());
    MismatchTally tally;
    for (int slice = 0; slice < static_cast<int>(tables_.size()); ++slice) {
      context.pool->ParallelFor(
          0, selection.count(slice), 4096, [&](int, uint64_t begin, uint64_t end) {
            for (uint64_t k = begin; k < end; ++k) {
              const uint64_t index = selection.record(slice, k);
              std::string problem = Check(slice, index);
              if (!problem.empty()) {
                tally.Record((static_cast<uint64_t>(slice) << 48) | index,
                             [&] { return std::move(problem); });
              }
            }
            context.progress->Advance(end - begin);
          });
    }
    return tally.Result(selection.count());
  }

 private:
  // Tallies of one stats row.
  struct Row {
    uint64_t positions = 0, wins = 0, draws = 0, losses = 0;
    int longest_win = -1, longest_loss = -1;
    SliceIndex longest_win_at, longest_loss_at;

    void Add(WdlOutcome value, SliceIndex at) {
      ++positions;
      if (value.result == Wdl::kWin) {
        ++wins;
        if (value.distance > longest_win) longest_win = value.distance, longest_win_at = at;
      } else if (value.result == Wdl::kLoss) {
        ++losses;
        if (value.distance > longest_loss) longest_loss = value.distance, longest_loss_at = at;
      } else {
        ++draws;
      }
    }
  };

  static std::string Longest(int distance) {
    return distance < 0 ? std::string("-") : std::to_string(distance);
  }

  // "-" for a draw (no distance), else the distance in plies.
  static std::string Distance(WdlOutcome value) {
    return value.result == Wdl::kDraw ? std::string("-") : std::to_string(value.distance);
  }

  void RowJson(const Row& row, JsonWriter& json) const {
    json.Key("positions").Uint(row.positions).Key("wins").Uint(row.wins);
    json.Key("draws").Uint(row.draws).Key("losses").Uint(row.losses);
    json.Key("longest_win").Int(row.longest_win);
    if (row.longest_win >= 0) json.Key("longest_win_example").String(Example(row.longest_win_at));
    json.Key("longest_loss").Int(row.longest_loss);
    if (row.longest_loss >= 0) {
      json.Key("longest_loss_example").String(Example(row.longest_loss_at));
    }
  }

  std::string Example(SliceIndex at) const {
    return rules_.Format(rules_.Unrank(at.slice, at.index));
  }

  int NumGroups() const {
    if constexpr (HasStatsGroups<R>) {
      return rules_.num_stats_groups();
    } else {
      return static_cast<int>(tables_.size());
    }
  }
  int Group(SliceIndex at) const {
    if constexpr (HasStatsGroups<R>) {
      return rules_.StatsGroup(rules_.Unrank(at.slice, at.index));
    } else {
      return at.slice;
    }
  }
  std::string GroupName(int group) const {
    if constexpr (HasStatsGroups<R>) {
      return rules_.stats_group_name(group);
    } else {
      return rules_.slice_name(group);
    }
  }

  // The stored value of position `p`.
  WdlOutcome Value(const Position& p) const {
    const SliceIndex at = rules_.Rank(p);
    return DecodeWdl(tables_[at.slice][at.index]);
  }

  // What is wrong with record `index` of `slice` ("" when consistent).
  std::string Check(int slice, uint64_t index) const {
    const Position p = rules_.Unrank(slice, index);
    const uint8_t stored = tables_[slice][index];
    const std::string where = absl::StrCat(" (slice '", rules_.slice_name(slice), "', index ",
                                           index, ")");
    if (!rules_.IsPosition(p)) {
      if (stored == kNotAPositionByte) return "";
      return absl::StrCat("index ", index, " of slice '", rules_.slice_name(slice),
                          "' is no position but stores byte ", stored);
    }
    const std::string name = absl::StrCat(rules_.Format(p), where);
    if (stored == kNotAPositionByte) return absl::StrCat(name, " is marked as not a position");
    std::optional<WdlOutcome> expected = rules_.Outcome(p);
    if (!expected) {
      rules_.ForEachMove(p, [&](const typename R::Move&, const Position& child) {
        const WdlOutcome value = WdlOutcome::AfterMove(Value(child));
        if (!expected || BetterForMover(value, *expected)) expected = value;
      });
    }
    if (!expected) return absl::StrCat(name, " has no move and is not over");
    if (EncodeWdl(*expected) == stored) return "";
    return absl::StrCat(name, ": stored ", WdlVerdict(DecodeWdl(stored)),
                        ", recomputed from its children ", WdlVerdict(*expected));
  }

  R rules_;
  std::vector<std::span<const uint8_t>> tables_;
};

// Checks that `file` (made by this game; its slice checksums not yet
// verified) has the layout above, every byte included, and returns the
// object answering probes on it. `file` must outlive the result.
template <LoopyWdlRules R>
absl::StatusOr<std::unique_ptr<OpenDatabase>> OpenLoopyWdlDatabase(const GameInfo& info,
                                                                   const DatabaseFile& file) {
  const std::string& codec = file.identity().codec;
  if (codec != info.codec) {
    return absl::FailedPreconditionError(
        absl::StrCat("this file holds ", info.name, " values in codec '", codec,
                     "'; this plugin reads '", info.codec, "'"));
  }
  const std::string what = info.DatabaseName();
  RETRO_ASSIGN_OR_RETURN(R rules, RulesFromHeader<R>(file, what));
  std::vector<std::string> names;
  for (int s = 0; s < rules.num_slices(); ++s) names.push_back(rules.slice_name(s));
  RETRO_ASSIGN_OR_RETURN(std::vector<std::span<const uint8_t>> tables,
                         ExpectSlices(file, names, absl::StrCat("a ", what)));
  for (int s = 0; s < rules.num_slices(); ++s) {
    RETRO_RETURN_IF_ERROR(CheckSliceSize(
        names[s], tables[s].size(), rules.slice_size(s),
        absl::StrCat("the game's indexer numbers ", rules.slice_size(s), " positions in it")));
  }
  // Every byte: "not a position" exactly where the indexer has no position,
  // and, when the rules bound a game's length, no longer distance.
  for (int s = 0; s < rules.num_slices(); ++s) {
    for (uint64_t index = 0; index < tables[s].size(); ++index) {
      const typename R::Position p = rules.Unrank(s, index);
      const uint8_t byte = tables[s][index];
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
        return absl::DataLossError(absl::StrCat("slice '", names[s], "' holds byte ", byte,
                                                " at index ", index, ", ", problem));
      }
    }
  }
  return std::make_unique<LoopyWdlDatabase<R>>(std::move(rules), std::move(tables));
}

}  // namespace retro::kit

#endif  // RETRO_KIT_LOOPY_WDL_DATABASE_H_
