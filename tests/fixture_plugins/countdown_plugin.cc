// A test-only game plugin: "countdown", the subtraction game. A pile holds n
// tokens; a move takes 1..K of them; with the normal rule the player who
// cannot move loses (misère: wins). Every pile size is solved with win/loss
// and the distance to the end in plies. Small enough to check by hand, it
// exercises every part of the plugin boundary the real games use: solve
// parameters with choices, several slices, probe options, batch probing,
// stats, verify (including a corrupting test hook) and perft.
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "retro/json_writer.h"
#include "retro/parameters.h"
#include "retro/plugin.h"
#include "retro/status_macros.h"

namespace retro::countdown {
namespace {

constexpr int kSliceSize = 50;  // pile sizes per slice

// One record: bit 7 = the side to move wins, bits 0..6 = plies to the end.
struct Value {
  bool win;
  int distance;
  uint8_t Encode() const { return static_cast<uint8_t>((win ? 0x80 : 0) | distance); }
  static Value Decode(uint8_t byte) { return Value{(byte & 0x80) != 0, byte & 0x7f}; }
};

struct Rules {
  int tokens;
  int max_take;
  bool misere;
};

// The value of a pile from its children's values (index: tokens taken).
Value Combine(const Rules& rules, int pile, const std::vector<Value>& values) {
  if (pile == 0) return Value{rules.misere, 0};
  int best_win = 1000, worst_loss = -1;
  for (int take = 1; take <= std::min(pile, rules.max_take); ++take) {
    const Value child = values[pile - take];
    if (!child.win) best_win = std::min(best_win, child.distance + 1);
    if (child.win) worst_loss = std::max(worst_loss, child.distance + 1);
  }
  if (best_win < 1000) return Value{true, best_win};
  return Value{false, worst_loss};
}

absl::StatusOr<Rules> ReadRules(const ParameterValues& values) {
  Rules rules;
  RETRO_ASSIGN_OR_RETURN(const int64_t tokens, GetIntParameter(values, "tokens", 0, 120));
  RETRO_ASSIGN_OR_RETURN(const int64_t take, GetIntParameter(values, "max-take", 1, 9));
  rules.tokens = static_cast<int>(tokens);
  rules.max_take = static_cast<int>(take);
  rules.misere = values.at("rule") == "misere";
  return rules;
}

absl::StatusOr<int> ParsePile(std::string_view text, int max_tokens) {
  RETRO_ASSIGN_OR_RETURN(const int64_t pile, ParseInteger(text, "position"));
  if (pile < 0 || pile > max_tokens) {
    return absl::InvalidArgumentError(absl::StrCat(
        "position ", pile, " is outside this database; valid: 0..", max_tokens));
  }
  return static_cast<int>(pile);
}

class CountdownDatabase : public OpenDatabase {
 public:
  CountdownDatabase(Rules rules, std::vector<Value> values)
      : rules_(rules), values_(std::move(values)) {}

  absl::StatusOr<Report> Probe(const std::string& position,
                               const ParameterValues& options) override {
    RETRO_ASSIGN_OR_RETURN(const int pile, ParsePile(position, rules_.tokens));
    const bool distances = options.at("distances") == "show";
    const Value value = values_[pile];
    Report report;
    JsonWriter json;
    json.BeginObject().Key("position").String(std::to_string(pile));
    json.Key("result").String(value.win ? "win" : "loss");
    if (distances) json.Key("distance").Int(value.distance);
    json.Key("moves").BeginArray();
    std::vector<std::string> best;
    report.text = absl::StrCat("pile ", pile, ": ", value.win ? "win" : "loss",
                               distances ? absl::StrCat(" in ", value.distance) : "");
    for (int take = 1; take <= std::min(pile, rules_.max_take); ++take) {
      const Value child = values_[pile - take];
      // The move's value from the mover's side: the child's, negated.
      const bool wins = !child.win;
      json.BeginObject().Key("move").String(absl::StrCat("-", take));
      json.Key("result").String(wins ? "win" : "loss");
      json.Key("distance").Int(child.distance + 1).EndObject();
      absl::StrAppend(&report.text, "\n  -", take, ": ", wins ? "win" : "loss", " in ",
                      child.distance + 1);
      if (wins == value.win && child.distance + 1 == value.distance) {
        best.push_back(absl::StrCat("-", take));
      }
    }
    json.EndArray().Key("best").BeginArray();
    for (const std::string& move : best) json.String(move);
    json.EndArray().EndObject();
    report.json = json.Take();
    report.line = absl::StrCat(pile, " ", value.win ? "win" : "loss", " ", value.distance);
    return report;
  }

  absl::StatusOr<Report> Stats(const WorkContext&) override {
    Report report;
    JsonWriter json;
    json.BeginObject().Key("slices").BeginArray();
    for (int start = 0; start <= rules_.tokens; start += kSliceSize) {
      const int end = std::min(rules_.tokens + 1, start + kSliceSize);
      int wins = 0, longest = 0;
      for (int pile = start; pile < end; ++pile) {
        wins += values_[pile].win;
        longest = std::max(longest, values_[pile].distance);
      }
      json.BeginObject().Key("piles").String(absl::StrCat(start, "-", end - 1));
      json.Key("wins").Int(wins).Key("losses").Int(end - start - wins);
      json.Key("longest").Int(longest).EndObject();
      absl::StrAppend(&report.text, report.text.empty() ? "" : "\n", "piles ", start, "-",
                      end - 1, ": ", wins, " wins, ", end - start - wins,
                      " losses, longest ", longest);
    }
    json.EndArray().EndObject();
    report.json = json.Take();
    return report;
  }

  absl::StatusOr<VerifyResult> Verify(const VerifyOptions& options,
                                      const WorkContext& context) override {
    std::vector<int> piles;
    if (options.sample == 0) {
      for (int pile = 0; pile <= rules_.tokens; ++pile) piles.push_back(pile);
    } else {
      std::mt19937_64 random(options.seed);
      for (uint64_t i = 0; i < options.sample; ++i) {
        piles.push_back(static_cast<int>(random() % (rules_.tokens + 1)));
      }
    }
    context.progress->StartPhase("verifying", piles.size());
    VerifyResult result;
    for (const int pile : piles) {
      const Value expected = Combine(rules_, pile, values_);
      ++result.records_checked;
      if (expected.Encode() != values_[pile].Encode()) {
        if (result.mismatches++ == 0) {
          result.first_mismatch = absl::StrCat("pile ", pile, ": stored ",
                                               values_[pile].Encode(), ", recomputed ",
                                               expected.Encode());
        }
      }
    }
    context.progress->Advance(piles.size());
    return result;
  }

 private:
  Rules rules_;
  std::vector<Value> values_;
};

class CountdownModule : public GameModule {
 public:
  CountdownModule() {
    description_.name = "countdown";
    description_.summary = "test game: take 1..K tokens from a pile (win/loss + distance)";
    description_.data_version = 1;
    description_.solve_parameters = {
        {"tokens", "N", "largest pile", "30", {}},
        {"max-take", "K", "most tokens one move takes", "3", {}},
        {"rule", "R", "who wins when the pile is empty", "normal", {"normal", "misere"}},
        // Test hook: corrupts one record so verify has something to find.
        {"corrupt", "PILE", "store a wrong value for PILE (testing only)", "-1", {}},
    };
    description_.probe_parameters = {
        {"distances", "MODE", "show distances in the verdict", "show", {"show", "hide"}},
    };
    description_.position_syntax = "a pile size, e.g. 17";
    description_.supports_perft = true;
  }

  const GameDescription& Describe() const override { return description_; }

  absl::StatusOr<SolvePlan> Plan(const ParameterValues& values, const PlanContext&) const override {
    RETRO_ASSIGN_OR_RETURN(const Rules rules, ReadRules(values));
    SolvePlan plan;
    plan.canonical_parameters = {{"tokens", std::to_string(rules.tokens)},
                                 {"max-take", std::to_string(rules.max_take)},
                                 {"rule", rules.misere ? "misere" : "normal"}};
    plan.default_file_name = absl::StrCat("countdown-", rules.tokens, "-", rules.max_take,
                                          rules.misere ? "-misere" : "", ".retro");
    plan.positions = rules.tokens + 1;
    plan.estimated_memory_bytes = rules.tokens + 1;
    return plan;
  }

  absl::Status Solve(const ParameterValues& values, const WorkContext& context,
                     DatabaseBuilder& out) override {
    RETRO_ASSIGN_OR_RETURN(const Rules rules, ReadRules(values));
    RETRO_ASSIGN_OR_RETURN(const int64_t corrupt,
                           GetIntParameter(values, "corrupt", -1, rules.tokens));
    context.progress->StartPhase("solving", rules.tokens + 1);
    std::vector<Value> solved;
    for (int pile = 0; pile <= rules.tokens; ++pile) {
      solved.push_back(Combine(rules, pile, solved));
      context.progress->Advance(1);
    }
    if (corrupt >= 0) solved[corrupt].win = !solved[corrupt].win;
    out.SetCodec("countdown-win-distance-byte");
    for (int start = 0; start <= rules.tokens; start += kSliceSize) {
      std::vector<uint8_t> bytes;
      for (int pile = start; pile <= std::min(rules.tokens, start + kSliceSize - 1); ++pile) {
        bytes.push_back(solved[pile].Encode());
      }
      out.AddSlice(absl::StrCat("piles-", start), std::move(bytes));
    }
    return absl::OkStatus();
  }

  absl::StatusOr<std::unique_ptr<OpenDatabase>> Open(const DatabaseFile& file) override {
    ParameterValues values;
    for (const auto& [key, value] : file.parameters()) values[key] = value;
    values["corrupt"] = "-1";
    RETRO_ASSIGN_OR_RETURN(const Rules rules, ReadRules(values));
    std::vector<Value> decoded;
    for (int start = 0; start <= rules.tokens; start += kSliceSize) {
      const auto index = file.FindSlice(absl::StrCat("piles-", start));
      const int expected = std::min(rules.tokens + 1 - start, kSliceSize);
      if (!index.has_value() || file.SliceBytes(*index).size() != static_cast<size_t>(expected)) {
        return absl::DataLossError(absl::StrCat("slice piles-", start, " is missing or has the wrong size"));
      }
      for (const uint8_t byte : file.SliceBytes(*index)) decoded.push_back(Value::Decode(byte));
    }
    return std::make_unique<CountdownDatabase>(rules, std::move(decoded));
  }

  absl::StatusOr<uint64_t> Perft(const ParameterValues& values, const std::string& position,
                                 int depth, const WorkContext&) override {
    RETRO_ASSIGN_OR_RETURN(const Rules rules, ReadRules(values));
    RETRO_ASSIGN_OR_RETURN(const int pile, ParsePile(position, 1000));
    // Leaves of the tree under the parameters' max-take.
    std::vector<std::vector<uint64_t>> leaves(depth + 1, std::vector<uint64_t>(pile + 1, 0));
    for (int d = 0; d <= depth; ++d) {
      for (int p = 0; p <= pile; ++p) {
        if (d == 0) {
          leaves[d][p] = 1;
          continue;
        }
        for (int take = 1; take <= std::min(p, rules.max_take); ++take) {
          leaves[d][p] += leaves[d - 1][p - take];
        }
      }
    }
    return leaves[depth][pile];
  }

 private:
  GameDescription description_;
};

std::unique_ptr<GameModule> CreateCountdownModule() {
  return std::make_unique<CountdownModule>();
}

}  // namespace
}  // namespace retro::countdown

RETRO_PLUGIN(retro::countdown::CreateCountdownModule)
