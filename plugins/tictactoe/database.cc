// Probe, stats and verify of a tic-tac-toe database.
#include "database.h"

#include <algorithm>
#include <array>
#include <bit>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "indexer.h"
#include "notation.h"
#include "position.h"
#include "retro/database_layout.h"
#include "retro/json_writer.h"
#include "solver_game.h"

namespace tictactoe {
namespace {

using retro::Wdl;
using retro::WdlOutcome;

const char* ResultName(Wdl result) {
  switch (result) {
    case Wdl::kWin:
      return "win";
    case Wdl::kLoss:
      return "loss";
    default:
      return "draw";
  }
}

// Plies to the end of the game under best play. The table stores none for
// draws: a drawn game ends when the board is full, so it is the number of
// empty cells.
int PliesToEnd(Position p, WdlOutcome value) {
  return value.result == Wdl::kDraw ? std::popcount(p.Empty()) : value.distance;
}

// "win in 3 plies", "draw in 5 plies" (the board fills), "loss in 0 plies".
std::string Verdict(Position p, WdlOutcome value) {
  const int plies = PliesToEnd(p, value);
  return absl::StrCat(ResultName(value.result), " in ", plies, " ",
                      plies == 1 ? "ply" : "plies");
}

// One legal move of a probed position, valued for the side to move.
struct MoveLine {
  int cell;
  Position child;
  WdlOutcome value;  // for the mover, including the move's ply
};

class TicTacToeDatabase : public retro::OpenDatabase {
 public:
  explicit TicTacToeDatabase(std::span<const uint8_t> table) : table_(table) {}

  absl::StatusOr<retro::Report> Probe(const std::string& text,
                                      const retro::ParameterValues&) override {
    absl::StatusOr<Position> parsed = ParsePosition(text);
    if (!parsed.ok()) return parsed.status();
    const Position p = *parsed;
    const WdlOutcome value = Value(p);
    const GameState state = State(p);

    // Each move's value from the mover's side: the child's value, flipped,
    // one ply longer. Best moves first (then by cell).
    std::vector<MoveLine> moves;
    ForEachMove(p, [&](int cell, Position child) {
      moves.push_back({cell, child, WdlOutcome::AfterMove(Value(child))});
    });
    std::stable_sort(moves.begin(), moves.end(),
                     [](const MoveLine& a, const MoveLine& b) {
                       return retro::BetterForMover(a.value, b.value);
                     });
    std::vector<std::string> best;
    for (const MoveLine& move : moves) {
      if (move.value == value) best.push_back(CellName(move.cell));
    }

    const std::string formatted = FormatPosition(p);
    const std::string mover = PlayerName(p.ToMove());
    std::string over;
    if (state == GameState::kLost) {
      over = absl::StrCat("game over: ", PlayerName(Opponent(p.ToMove())),
                          " has three in a row");
    } else if (state == GameState::kDrawn) {
      over = "game over: the board is full";
    }

    retro::Report report;
    report.text = absl::StrCat(formatted, "  (", mover,
                               " to move)\nresult: ", Verdict(p, value));
    if (!over.empty()) {
      absl::StrAppend(&report.text, "  (", over, ")");
    } else {
      absl::StrAppend(&report.text, "\nmove  position     result  plies");
      for (const MoveLine& move : moves) {
        absl::StrAppend(
            &report.text,
            absl::StrFormat("\n%4s  %s  %-6s  %5d%s", CellName(move.cell),
                            FormatPosition(move.child),
                            ResultName(move.value.result),
                            PliesToEnd(p, move.value),
                            move.value == value ? "  best" : ""));
      }
    }

    report.line = absl::StrCat(formatted, " ", ResultName(value.result), " ",
                               PliesToEnd(p, value));
    if (over.empty()) {
      absl::StrAppend(&report.line, " best ", absl::StrJoin(best, ","));
    } else {
      absl::StrAppend(&report.line, " game-over");
    }

    retro::JsonWriter json;
    json.BeginObject().Key("position").String(formatted);
    json.Key("to_move").String(mover);
    json.Key("result").String(ResultName(value.result));
    json.Key("distance").Int(PliesToEnd(p, value));
    json.Key("game_over").Bool(!over.empty());
    json.Key("moves").BeginArray();
    for (const MoveLine& move : moves) {
      json.BeginObject().Key("move").String(CellName(move.cell));
      json.Key("position").String(FormatPosition(move.child));
      json.Key("result").String(ResultName(move.value.result));
      json.Key("distance").Int(PliesToEnd(p, move.value));
      json.Key("best").Bool(move.value == value).EndObject();
    }
    json.EndArray().Key("best").BeginArray();
    for (const std::string& cell : best) json.String(cell);
    json.EndArray().EndObject();
    report.json = json.Take();
    return report;
  }

  absl::StatusOr<retro::Report> Stats(const retro::WorkContext&) override {
    // Per number of pieces on the board: positions by result for the side
    // to move, and the longest win and loss.
    struct Row {
      uint64_t positions = 0, wins = 0, draws = 0, losses = 0;
      int longest_win = -1, longest_loss = -1;
    };
    std::array<Row, kCells + 2> rows{};  // rows[kCells + 1]: the total
    for (uint64_t index = 0; index < kIndexCount; ++index) {
      if (table_[index] == kNotAPositionByte) continue;
      const WdlOutcome value = retro::DecodeWdl(table_[index]);
      for (Row* row : {&rows[Unrank(index).Pieces()], &rows[kCells + 1]}) {
        ++row->positions;
        if (value.result == Wdl::kWin) {
          ++row->wins;
          row->longest_win = std::max(row->longest_win, value.distance);
        } else if (value.result == Wdl::kLoss) {
          ++row->losses;
          row->longest_loss = std::max(row->longest_loss, value.distance);
        } else {
          ++row->draws;
        }
      }
    }
    const auto longest = [](int d) {
      return d < 0 ? std::string("-") : std::to_string(d);
    };
    retro::Report report;
    report.text =
        "pieces  positions  wins  draws  losses  longest win  longest loss";
    retro::JsonWriter json;
    json.BeginObject().Key("codec").String(kCodec).Key("rows").BeginArray();
    for (int n = 0; n <= kCells + 1; ++n) {
      const Row& row = rows[n];
      const std::string label = n <= kCells ? std::to_string(n) : "total";
      absl::StrAppend(
          &report.text,
          absl::StrFormat("\n%6s  %9d  %4d  %5d  %6d  %11s  %12s", label,
                          row.positions, row.wins, row.draws, row.losses,
                          longest(row.longest_win), longest(row.longest_loss)));
      if (n > kCells) break;
      json.BeginObject()
          .Key("pieces")
          .Int(n)
          .Key("positions")
          .Uint(row.positions);
      json.Key("wins").Uint(row.wins).Key("draws").Uint(row.draws);
      json.Key("losses").Uint(row.losses);
      json.Key("longest_win").Int(row.longest_win);
      json.Key("longest_loss").Int(row.longest_loss).EndObject();
    }
    const Row& total = rows[kCells + 1];
    json.EndArray().Key("positions").Uint(total.positions);
    json.Key("wins").Uint(total.wins).Key("draws").Uint(total.draws);
    json.Key("losses").Uint(total.losses).EndObject();
    report.json = json.Take();
    return report;
  }

  // Recomputes each record from its children's stored values with the rules
  // (one step of minimax, independent of the solver) and compares.
  absl::StatusOr<retro::VerifyResult> Verify(
      const retro::VerifyOptions& options,
      const retro::WorkContext& context) override {
    std::vector<uint64_t> indices;
    if (options.sample == 0) {
      for (uint64_t i = 0; i < kIndexCount; ++i) indices.push_back(i);
    } else {
      std::mt19937_64 random(options.seed);
      for (uint64_t i = 0; i < options.sample; ++i) {
        indices.push_back(random() % kIndexCount);
      }
    }
    context.progress->StartPhase("verifying", indices.size());
    retro::VerifyResult result;
    for (const uint64_t index : indices) {
      ++result.records_checked;
      const std::string problem = Check(index);
      if (!problem.empty() && result.mismatches++ == 0) {
        result.first_mismatch = problem;
      }
    }
    context.progress->Advance(indices.size());
    return result;
  }

 private:
  // The stored value of legal position `p`.
  WdlOutcome Value(Position p) const {
    return retro::DecodeWdl(table_[Rank(p)]);
  }

  // What is wrong with record `index` ("" when it is consistent).
  std::string Check(uint64_t index) const {
    const Position p = Unrank(index);
    const uint8_t stored = table_[index];
    if (!IsLegal(p)) {
      if (stored == kNotAPositionByte) return "";
      return absl::StrCat("index ", index,
                          " is not a legal position but stores byte ", stored);
    }
    const std::string name =
        absl::StrCat(FormatPosition(p), " (index ", index, ")");
    if (stored == kNotAPositionByte) {
      return absl::StrCat(name, " is legal but marked as not a position");
    }
    WdlOutcome expected;
    const GameState state = State(p);
    if (state != GameState::kOngoing) {
      expected = TerminalValue(state);
    } else {
      bool first = true;
      ForEachMove(p, [&](int, Position child) {
        const WdlOutcome value = WdlOutcome::AfterMove(Value(child));
        if (first || retro::BetterForMover(value, expected)) expected = value;
        first = false;
      });
    }
    if (retro::EncodeWdl(expected) == stored) return "";
    const WdlOutcome found = retro::DecodeWdl(stored);
    return absl::StrCat(name, ": stored ", ResultName(found.result), " in ",
                        found.distance, ", recomputed from its children ",
                        ResultName(expected.result), " in ", expected.distance);
  }

  std::span<const uint8_t> table_;
};

}  // namespace

absl::StatusOr<std::unique_ptr<retro::OpenDatabase>> OpenTicTacToeDatabase(
    const retro::DatabaseFile& file) {
  const std::string& codec = file.identity().codec;
  if (codec != kCodec) {
    return absl::FailedPreconditionError(
        absl::StrCat("this file holds tic-tac-toe values in codec '", codec,
                     "'; this plugin reads '", kCodec, "'"));
  }
  // Never trust the file: no parameters (there is one tic-tac-toe), exactly
  // the one slice of the right size, then every byte a value the board can
  // have. Each check names what is wrong.
  absl::StatusOr<retro::HeaderParameters> parameters =
      retro::HeaderParameters::Read(file, "tic-tac-toe database", {});
  if (!parameters.ok()) return parameters.status();
  absl::StatusOr<std::vector<std::span<const uint8_t>>> slices =
      retro::ExpectSlices(file, {kSliceName}, "a tic-tac-toe database");
  if (!slices.ok()) return slices.status();
  const std::span<const uint8_t> table = slices->front();
  absl::Status size =
      retro::CheckSliceSize(kSliceName, table.size(), kIndexCount,
                            absl::StrCat("3^9 boards need ", kIndexCount));
  if (!size.ok()) return size;
  for (uint64_t index = 0; index < kIndexCount; ++index) {
    const Position p = Unrank(index);
    const uint8_t byte = table[index];
    const bool legal = IsLegal(p);
    const WdlOutcome value = retro::DecodeWdl(byte);
    // A win or loss is at most as far as the plies left to play.
    if (legal != (byte != kNotAPositionByte) ||
        (legal && value.distance > std::popcount(p.Empty()))) {
      return absl::DataLossError(absl::StrCat(
          "slice '", kSliceName, "' holds byte ", byte, " for ", FormatPosition(p),
          " (index ", index, "), ",
          legal ? "which is no value of a position with " : "which is not a position, ",
          legal ? absl::StrCat(std::popcount(p.Empty()), " empty cells")
                : "so the byte must be 255"));
    }
  }
  return std::make_unique<TicTacToeDatabase>(table);
}

}  // namespace tictactoe
