// Probe, stats and verify of a Surakarta tablebase.
#include "plugins/surakarta/surakarta_database.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "games/surakarta/movegen.h"
#include "games/surakarta/notation.h"
#include "games/surakarta/symmetry.h"
#include "plugins/surakarta/value_rules.h"
#include "retro/json_writer.h"
#include "retro/status_macros.h"
#include "retro/verify_support.h"

namespace retro::surakarta {
namespace {

// 1234567 -> "1,234,567".
std::string Grouped(uint64_t value) {
  std::string digits = std::to_string(value);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

// Example positions are keys: the piece count in the top byte, the rank in
// that table below.
constexpr int kTableShift = 56;
constexpr uint64_t kIndexBits = (uint64_t{1} << kTableShift) - 1;

// The counts of one material (pieces of the side to move v the opponent's)
// or of several, and its longest win and loss (-1: none) with the key of
// an example of each.
struct MaterialStats {
  uint64_t wins = 0, draws = 0, losses = 0;
  int longest_win = -1, longest_loss = -1;
  uint64_t win_example = 0, loss_example = 0;

  uint64_t positions() const { return wins + draws + losses; }

  // Adds `other`; among equally long wins (losses) the smallest key is
  // kept as the example, so the result does not depend on the threads.
  void Merge(const MaterialStats& other) {
    wins += other.wins;
    draws += other.draws;
    losses += other.losses;
    Longest(other.longest_win, other.win_example, longest_win, win_example);
    Longest(other.longest_loss, other.loss_example, longest_loss, loss_example);
  }
  // Records a result at `distance` of the position with `key`.
  static void Longest(int distance, uint64_t key, int& best,
                      uint64_t& example) {
    if (distance > best ||
        (distance == best && distance >= 0 && key < example)) {
      best = distance;
      example = key;
    }
  }
};

// The number of distinct images of `p` under the 8 board symmetries (the
// size of its class): 8 divided by the number of symmetries fixing it.
uint64_t ImageCount(const Position& p) {
  int fixing = 0;
  for (int k = 0; k < kSymmetries; ++k) {
    fixing += TransformBitboard(k, p.us) == p.us &&
              TransformBitboard(k, p.them) == p.them;
  }
  return static_cast<uint64_t>(kSymmetries / fixing);
}

// "3 plies", "1 ply".
std::string Plies(int n) { return absl::StrCat(n, n == 1 ? " ply" : " plies"); }

// An opened tablebase answering the `retro` commands. Probe and stats only
// read the mapped tables; verify recomputes records from their children.
class SurakartaDatabase : public OpenDatabase {
 public:
  explicit SurakartaDatabase(std::unique_ptr<DtcTables> tables)
      : tables_(std::move(tables)) {}

  absl::StatusOr<Report> Probe(const std::string& text,
                               const ParameterValues&) override {
    RETRO_ASSIGN_OR_RETURN(const Position p, ParsePosition(text));
    if (p.us == 0 && p.them == 0) {
      // No side has lost a game that has no pieces at all: not a position.
      return absl::InvalidArgumentError(absl::StrCat(
          "the board is empty; a Surakarta position has 1 to ", tables_->max_pieces(),
          " pieces here (a side with none has lost)"));
    }
    RETRO_ASSIGN_OR_RETURN(const WdlOutcome value, tables_->Probe(p));
    RETRO_ASSIGN_OR_RETURN(const std::vector<MoveValue> moves,
                           tables_->ProbeMoves(p));
    std::vector<std::string> best;
    for (const MoveValue& m : moves) {
      if (m.value == moves.front().value) best.push_back(FormatMove(m.move));
    }
    const std::string formatted = FormatPosition(p);
    const char mover = p.to_move == Color::kX ? 'X' : 'O';
    const char other = p.to_move == Color::kX ? 'O' : 'X';

    Report report;
    JsonWriter json;
    json.BeginObject().Key("position").String(formatted);
    json.Key("result").String(ResultName(value.result)).Key("dtc");
    if (value.result == Wdl::kDraw) {
      json.Null();
    } else {
      json.Int(value.distance);
    }
    json.Key("moves").BeginArray();
    for (const MoveValue& m : moves) {
      json.BeginObject().Key("move").String(FormatMove(m.move));
      json.Key("result").String(ResultName(m.value.result)).Key("dtc");
      if (m.value.result == Wdl::kDraw) {
        json.Null();
      } else {
        json.Int(m.value.distance);
      }
      json.EndObject();
    }
    json.EndArray().Key("best").BeginArray();
    for (const std::string& move : best) json.String(move);
    json.EndArray().EndObject();
    report.json = json.Take();

    const std::string result_text =
        value.result == Wdl::kDraw
            ? std::string("draw")
            : absl::StrCat(ResultName(value.result), ", DTC ",
                           Plies(value.distance));
    report.text = absl::StrFormat(
        "%s  (%d pieces: %c to move has %d, %c has %d)\nresult: %s for %c",
        formatted, p.piece_count(), mover, PopCount(p.us), other,
        PopCount(p.them), result_text, mover);
    if (p.us == 0) {
      absl::StrAppend(&report.text, "  (the side to move has no pieces)");
    } else if (p.them == 0) {
      absl::StrAppend(&report.text, "  (the opponent has no pieces)");
    } else if (moves.empty()) {
      absl::StrAppend(&report.text, "  (no legal move; no-move rule: ",
                      NoMoveRuleName(tables_->no_move_rule()), ")");
    } else {
      absl::StrAppend(&report.text, "\nmove    result  dtc");
      for (const MoveValue& m : moves) {
        absl::StrAppend(
            &report.text,
            absl::StrFormat("\n%-6s  %-6s  %3s%s", FormatMove(m.move),
                            ResultName(m.value.result),
                            m.value.result == Wdl::kDraw
                                ? std::string("-")
                                : std::to_string(m.value.distance),
                            m.value == moves.front().value ? "  best" : ""));
      }
    }
    report.line = absl::StrCat(formatted, "  ", ResultName(value.result));
    if (value.result != Wdl::kDraw) {
      absl::StrAppend(&report.line, " dtc=", value.distance);
    }
    if (!best.empty()) {
      absl::StrAppend(&report.line, " best=", absl::StrJoin(best, ","));
    }
    return report;
  }

  absl::StatusOr<Report> Stats(const WorkContext& context) override {
    const int max_pieces = tables_->max_pieces();
    // stats[n][a]: the n-piece table, a pieces for the side to move.
    std::vector<std::vector<MaterialStats>> stats(max_pieces + 1);
    uint64_t total_positions = 0;
    for (int n = 1; n <= max_pieces; ++n) {
      total_positions += tables_->table(n).size();
    }
    // (records, for symmetric tables)
    context.progress->StartPhase("counting results", total_positions);
    const bool symmetric = tables_->indexing() == TableIndexing::kSymmetric;
    for (int n = 1; n <= max_pieces; ++n) {
      const std::span<const uint8_t> table = tables_->table(n);
      const uint64_t colour_mask = (uint64_t{1} << n) - 1;
      const uint64_t key = uint64_t(n) << kTableShift;
      std::vector<std::vector<MaterialStats>> per_worker(
          context.pool->size(), std::vector<MaterialStats>(n + 1));
      context.pool->ParallelFor(
          0, table.size(), uint64_t{1} << 16,
          [&](int worker, uint64_t begin, uint64_t end) {
            std::vector<MaterialStats>& mine = per_worker[worker];
            SymmetricIndexer::UnrankCache cache;
            for (uint64_t i = begin; i < end; ++i) {
              // FuChou: one position per record, our pieces are the colour
              // bits. Symmetric: a record stands for its whole class, which
              // counts as many positions as the representative has images.
              int ours;
              uint64_t count = 1;
              if (symmetric) {
                const Position p = tables_->PositionAt(n, i, cache);
                ours = PopCount(p.us);
                count = ImageCount(p);
              } else {
                ours = std::popcount(i & colour_mask);
              }
              MaterialStats& s = mine[ours];
              const WdlOutcome v = DecodeWdl(table[i]);
              if (v.result == Wdl::kWin) {
                s.wins += count;
                MaterialStats::Longest(v.distance, key | i, s.longest_win,
                                       s.win_example);
              } else if (v.result == Wdl::kLoss) {
                s.losses += count;
                MaterialStats::Longest(v.distance, key | i, s.longest_loss,
                                       s.loss_example);
              } else {
                s.draws += count;
              }
            }
            context.progress->Advance(end - begin);
          });
      stats[n].resize(n + 1);
      for (const std::vector<MaterialStats>& worker : per_worker) {
        for (int a = 0; a <= n; ++a) stats[n][a].Merge(worker[a]);
      }
    }

    Report report;
    JsonWriter json;
    json.BeginObject().Key("pieces").Int(max_pieces);
    json.Key("no_move").String(NoMoveRuleName(tables_->no_move_rule()));
    json.Key("indexer").String(TableIndexingName(tables_->indexing()));
    json.Key("tables").BeginArray();
    report.text = absl::StrFormat(
        "Surakarta DTC tablebase: 1..%d pieces, no-move rule %s, %s; results "
        "for the side to move,\nmaterial = its pieces v the opponent's, "
        "distances in plies to the next capture\n\n"
        "%-8s %13s %13s %12s %13s  %-4s %-43s  %-4s %s",
        max_pieces, NoMoveRuleName(tables_->no_move_rule()),
        symmetric ? "one record per symmetry class" : "one record per position",
        "material",
        "positions", "wins", "draws", "losses", "win", "longest win example",
        "loss", "longest loss example");
    MaterialStats grand;
    for (int n = 1; n <= max_pieces; ++n) {
      MaterialStats table_total;
      json.BeginObject().Key("pieces").Int(n);
      json.Key("materials").BeginArray();
      for (int a = n; a >= 0; --a) {
        const MaterialStats& s = stats[n][a];
        json.BeginObject();
        json.Key("material").String(absl::StrCat(a, "v", n - a));
        json.Key("us").Int(a).Key("them").Int(n - a);
        AppendCounts(json, s);
        json.EndObject();
        absl::StrAppend(&report.text, "\n",
                        Row(absl::StrCat(a, "v", n - a), s));
        table_total.Merge(s);
      }
      json.EndArray();
      AppendCounts(json, table_total);
      json.EndObject();
      absl::StrAppend(&report.text, "\n",
                      Row(absl::StrCat("all ", n), table_total), "\n");
      grand.Merge(table_total);
    }
    json.EndArray().Key("totals").BeginObject();
    AppendCounts(json, grand);
    json.EndObject().EndObject();
    absl::StrAppend(&report.text, "\n",
                    Row(absl::StrCat("1..", max_pieces), grand));
    report.json = json.Take();
    return report;
  }

  absl::StatusOr<VerifyResult> Verify(const VerifyOptions& options,
                                      const WorkContext& context) override {
    const int max_pieces = tables_->max_pieces();
    std::vector<uint64_t> sizes{0};  // slice n = the n-piece table
    for (int n = 1; n <= max_pieces; ++n) sizes.push_back(tables_->table(n).size());
    const RecordSelection selection(sizes, options.sample, options.seed);
    context.progress->StartPhase("verifying", selection.count());
    MismatchTally tally;
    for (int n = 1; n <= max_pieces; ++n) {
      const std::span<const uint8_t> table = tables_->table(n);
      context.pool->ParallelFor(
          0, selection.count(n), uint64_t{1} << 12, [&](int, uint64_t begin, uint64_t end) {
            SymmetricIndexer::UnrankCache cache;
            for (uint64_t k = begin; k < end; ++k) {
              const uint64_t i = selection.record(n, k);
              const Position p = tables_->PositionAt(n, i, cache);
              const Bitboard us = p.us, them = p.them;
              const WdlOutcome expected = Expected(us, them);
              const uint8_t stored = table[i];
              if (stored != kWdlUnknownByte && DecodeWdl(stored) == expected) {
                continue;
              }
              // The first bad record by (pieces, index), whatever the threads did.
              tally.Record((uint64_t{static_cast<uint32_t>(n)} << 48) | i, [&] {
                return absl::StrCat(
                    FormatPosition(p), " (", n, "-piece table, index ", i,
                    "): stored byte ", static_cast<int>(stored), " (",
                    stored == kWdlUnknownByte
                        ? std::string("never valid")
                        : FormatOutcome(DecodeWdl(stored)),
                    "), its moves give ", FormatOutcome(expected));
              });
            }
            context.progress->Advance(end - begin);
          });
    }
    return tally.Result(selection.count());
  }

 private:
  // The value of (us, them) recomputed with the rules from its children's
  // stored values (the same table for steps, the smaller one for captures).
  WdlOutcome Expected(Bitboard us, Bitboard them) const {
    return ExpectedOutcome(
        us, them, tables_->no_move_rule(),
        [&](const Move&, Bitboard child_us, Bitboard child_them) {
          return tables_->Value(child_us, child_them);
        });
  }

  // The notation of an example key (see MaterialStats), X to move.
  std::string ExampleOf(uint64_t key) const {
    return FormatPosition(tables_->PositionAt(
        static_cast<int>(key >> kTableShift), key & kIndexBits));
  }

  std::string Row(const std::string& label, const MaterialStats& s) const {
    auto longest = [&](int distance, uint64_t example) {
      if (distance < 0) return absl::StrFormat("%-4s %-43s", "-", "-");
      return absl::StrFormat("%-4d %-43s", distance, ExampleOf(example));
    };
    std::string row = absl::StrFormat("%-8s %13s %13s %12s %13s  %s  %s", label,
                                      Grouped(s.positions()), Grouped(s.wins),
                                      Grouped(s.draws), Grouped(s.losses),
                                      longest(s.longest_win, s.win_example),
                                      longest(s.longest_loss, s.loss_example));
    while (!row.empty() && row.back() == ' ') row.pop_back();
    return row;
  }

  void AppendCounts(JsonWriter& json, const MaterialStats& s) const {
    json.Key("positions").Uint(s.positions()).Key("wins").Uint(s.wins);
    json.Key("draws").Uint(s.draws).Key("losses").Uint(s.losses);
    json.Key("longest_win");
    if (s.longest_win < 0) {
      json.Null().Key("longest_win_example").Null();
    } else {
      json.Int(s.longest_win)
          .Key("longest_win_example")
          .String(ExampleOf(s.win_example));
    }
    json.Key("longest_loss");
    if (s.longest_loss < 0) {
      json.Null().Key("longest_loss_example").Null();
    } else {
      json.Int(s.longest_loss)
          .Key("longest_loss_example")
          .String(ExampleOf(s.loss_example));
    }
  }

  std::unique_ptr<DtcTables> tables_;
};

}  // namespace

std::unique_ptr<OpenDatabase> MakeSurakartaDatabase(
    std::unique_ptr<DtcTables> tables) {
  return std::make_unique<SurakartaDatabase>(std::move(tables));
}

}  // namespace retro::surakarta
