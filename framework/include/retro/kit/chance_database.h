// A database of a ChanceRules game (retro/kit/chance_rules.h), opened: the
// object answering `retro probe`, `retro stats` and `retro verify`, and
// OpenChanceDatabase, which checks a file's layout and every value before
// trusting it.
//
// Layout (written by ChanceModule::Solve): the game's parameters in the
// header; per rules slice s, in order, the value slice slice_name(s) of
// slice_size(s) little-endian doubles (record i is the value of
// Unrank(s, i)), followed by its companion slices companion_name(s, k),
// k = 0 .. num_companions() - 1, of companion_record_bytes(k) bytes per
// record.
#ifndef RETRO_KIT_CHANCE_DATABASE_H_
#define RETRO_KIT_CHANCE_DATABASE_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <tuple>
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
#include "retro/human_numbers.h"
#include "retro/internal/verify_support.h"
#include "retro/json_writer.h"
#include "retro/kit/chance_check_view.h"
#include "retro/kit/chance_distinct_choices.h"
#include "retro/kit/chance_file.h"
#include "retro/kit/chance_reader.h"
#include "retro/kit/chance_rules.h"
#include "retro/kit/chance_weights.h"
#include "retro/kit/checked_rank.h"
#include "retro/kit/game_info.h"
#include "retro/kit/kit_database.h"
#include "retro/kit/rules_parameters.h"
#include "retro/kit/rules_value_probe.h"
#include "retro/status_macros.h"
#include "retro/value_probe.h"

namespace retro::kit {

// A value for people: 12 significant digits.
inline std::string ChanceNumber(double value) { return absl::StrFormat("%.12g", value); }

// Whether `a` is a better choice than `b` for the objective.
template <chance::Objective kObjective>
bool BetterChoice(double a, double b) {
  return kObjective == chance::Objective::kMaximize ? a > b : a < b;
}

// One step of the recurrence in chance_rules.h for a position not over,
// given each outcome's best afterstate value to the player choosing
// (best[o], nullopt when the outcome has no move); nullopt when no outcome
// has a move, or in a two-player game when one of positive weight has none.
template <typename R>
std::optional<double> ValueFromBests(const R& rules, const chance::OutcomeWeights& weights,
                                     const std::optional<double>* best) {
  constexpr bool kTwoPlayers = chance::TurnOrderOf<R>().opponent_moves_next;
  chance::TurnValue value(rules.TurnReward(), weights);
  for (int o = 0; o < R::kNumOutcomes; ++o) {
    if (best[o]) {
      value.Add(o, *best[o]);
    } else if (kTwoPlayers && rules.OutcomeWeight(o) > 0) {
      return std::nullopt;
    }
  }
  if (!value.has_move()) return std::nullopt;
  return value.value();
}

// Each outcome's best afterstate value from `p` (not over), valued from
// `tables`, into best[0 .. kNumOutcomes - 1]: every choice enumerated.
template <typename R>
void EnumerateBests(const ChanceTables<R>& tables, const typename R::Position& p,
                    std::optional<double>* best) {
  for (int o = 0; o < R::kNumOutcomes; ++o) {
    best[o].reset();
    tables.rules().ForEachChoice(
        p, o, [&](const typename R::Move&, const typename R::Position& after) {
          const double value = tables.AfterstateValue(after);
          if (!best[o] || BetterChoice<R::kObjective>(value, *best[o])) best[o] = value;
        });
  }
}

// The opened database of game R.
template <ChanceRules R>
class ChanceDatabase : public KitDatabase<R> {
 public:
  using Position = typename R::Position;
  static constexpr bool kTwoPlayers = chance::TurnOrderOf<R>().opponent_moves_next;

  ChanceDatabase(std::unique_ptr<R> rules, std::vector<std::vector<double>> values,
                 std::vector<std::vector<std::span<const uint8_t>>> companions)
      : rules_(std::move(rules)),
        tables_(*rules_, std::move(values), std::move(companions)),
        labels_(LabelsOf<R>()) {}

  // The typed values: one value read a position, the expectation Probe
  // reports; the outcome option, checked, does not change a value.
  absl::StatusOr<std::unique_ptr<ValueProbe>> PrepareValues(
      const ParameterValues& options) override {
    RETRO_RETURN_IF_ERROR(ListedOutcome(options).status());
    return MakeRulesValueProbe(*rules_, [this](const Position& p) {
      const absl::StatusOr<SliceIndex> at = CheckedRank(*rules_, p);
      if (!at.ok()) return ValueAnswer::Failed(at.status());
      return ValueAnswer::Of(PositionValue::Expectation(tables_.value(*at)));
    });
  }

  // The probe parameter named after the outcome label (`--roll 6-5`):
  // "best" shows each outcome's best choice; an outcome's name also lists
  // every choice of that outcome with its value.
  absl::StatusOr<Report> Probe(const std::string& text, const ParameterValues& options) override {
    const R& rules = *rules_;
    RETRO_ASSIGN_OR_RETURN(const Position p, rules.Parse(text));
    // 1. The outcome whose choices are all listed (-1: none).
    RETRO_ASSIGN_OR_RETURN(const int listed, ListedOutcome(options));
    // 2. The value and each outcome's best choice.
    RETRO_ASSIGN_OR_RETURN(const SliceIndex at, CheckedRank(rules, p));
    const double value = tables_.value(at);
    const std::string formatted = rules.Format(p);
    const bool over = rules.Terminal(p).has_value();
    ProbeLines best;
    if (!over) best = BestLines(p, value, formatted);
    // 3. The report and JSON, then the companions' and the listed outcome's.
    Report report;
    JsonWriter json;
    json.BeginObject().Key("position").String(formatted).Key(labels_.value_key).Double(value);
    json.Key("game_over").Bool(over);
    if (!over) {
      json.Key("no_move_probability").Double(best.q).Key(labels_.outcome + "s").BeginArray();
      for (const ProbeLine& line : best.lines) {
        json.BeginObject().Key(labels_.outcome).String(line.outcome);
        json.Key(labels_.choice).String(line.choice).Key("position").String(line.after);
        json.Key("value").Double(line.value).EndObject();
      }
      json.EndArray();
    }
    report.text = ProbeText(p, formatted, value, over, best);
    if constexpr (HasCompanions<R>) {
      for (int k = 0; k < rules.num_companions(); ++k) {
        rules.ProbeCompanion(tables_, at.slice, k, at.index, &report.text, json);
      }
    }
    std::string listed_line;
    if (listed >= 0 && !over) ListChoices(p, listed, &report.text, &listed_line, json);
    report.json = json.EndObject().Take();
    // 4. The one-line answer.
    report.line = absl::StrCat(formatted, "  ", labels_.value_name, "=", ChanceNumber(value));
    if (over) {
      absl::StrAppend(&report.line, " game-over");
    } else {
      std::vector<std::string> choices;
      for (const ProbeLine& line : best.lines) {
        choices.push_back(absl::StrCat(line.outcome, ": ", line.choice));
      }
      if (!kTwoPlayers) absl::StrAppend(&report.line, " q=", ChanceNumber(best.q));
      absl::StrAppend(&report.line, " ", absl::StrJoin(choices, " | "), listed_line);
    }
    return report;
  }

  absl::StatusOr<Report> Stats(const WorkContext& context) override {
    const R& rules = *rules_;
    const int slices = tables_.num_slices();
    context.progress->StartPhase("summarising", 2 * static_cast<uint64_t>(slices), {"slices", 2});
    std::vector<Summary> rows(slices + 1);  // rows[slices]: the total
    for (int s = 0; s < slices; ++s) {
      rows[s] = Summarise(s, context);
      rows[slices].Add(rows[s]);
      context.progress->Advance(1);
    }
    // One histogram of kBins equal bins over [min, max] of all values, the
    // same bins for every slice.
    const Summary& total = rows[slices];
    const double low = total.count > 0 ? total.min : 0;
    const double width = total.count > 0 && total.max > total.min
                             ? (total.max - total.min) / kBins
                             : 1.0;
    for (int s = 0; s < slices; ++s) {
      for (const double v : tables_.values(s)) {
        const int bin = std::clamp(static_cast<int>((v - low) / width), 0, kBins - 1);
        ++rows[s].histogram[bin];
        ++rows[slices].histogram[bin];
      }
      context.progress->Advance(1);
    }

    const std::string& name = labels_.value_name;
    std::string heading = absl::StrCat(name, " = ", labels_.value_meaning);
    if (labels_.value_meaning.empty()) heading = absl::StrCat(name, " per record");
    if constexpr (HasStatsTitle<R>) heading = rules.StatsTitle();

    size_t name_width = 9;
    for (int s = 0; s < slices; ++s) {
      name_width = std::max(name_width, rules.slice_name(s).size());
    }
    Report report;
    report.text = absl::StrFormat("%s\n\n%-*s  %10s  %14s  %14s  %14s  %s", heading, name_width,
                                  "slice", "records", "min " + name, "mean " + name,
                                  "max " + name, "position of max");
    for (int s = 0; s <= slices; ++s) {
      const Summary& row = rows[s];
      const std::string row_name = s < slices ? rules.slice_name(s) : "total";
      absl::StrAppend(&report.text,
                      absl::StrFormat("\n%-*s  %10s", name_width, row_name, Grouped(row.count)));
      if (row.count == 0) continue;
      absl::StrAppend(&report.text, absl::StrFormat("  %14.10f  %14.10f  %14.10f  %s", row.min,
                                                    row.Mean(), row.max, Example(row.max_at)));
    }
    if (total.count > 0) {
      absl::StrAppend(&report.text, "\nmin ", name, " ", ChanceNumber(total.min), ": ",
                      Example(total.min_at), "\nmax ", name, " ", ChanceNumber(total.max), ": ",
                      Example(total.max_at), "\n\n", name, " over all records, ", kBins,
                      " bins:");
      for (int b = 0; b < kBins; ++b) {
        absl::StrAppend(&report.text,
                        absl::StrFormat("\n  [%14.10f, %14.10f%s  %10s", low + b * width,
                                        b + 1 == kBins ? total.max : low + (b + 1) * width,
                                        b + 1 == kBins ? "]" : ")",
                                        Grouped(total.histogram[b])));
      }
    }

    // The JSON schema every family shares (docs/json.md): slices and the
    // total with the same keys, this family's figures under "chance".
    JsonWriter json;
    json.BeginObject().Key("family").String("chance").Key("chance").BeginObject();
    json.Key("value").String(name).Key("bins").BeginObject().Key("low").Double(low);
    json.Key("width").Double(width).Key("count").Int(kBins).EndObject().EndObject();
    json.Key("slices").BeginArray();
    for (int s = 0; s < slices; ++s) RowJson(rules.slice_name(s), rows[s], json);
    json.EndArray().Key("total");
    RowJson("total", total, json);
    json.Key("groups").Null().EndObject();
    report.json = json.Take();
    return report;
  }

  // Recomputes each chosen record from its afterstates' stored values with
  // the rules (one step of the recurrence, independent of the solver) and
  // compares; then the companions' own checks. A full verify of rules with
  // MakeBestChoices takes each outcome's best from it (partial choices
  // shared across the records of a slice); a sample enumerates every choice.
  absl::StatusOr<VerifyResult> Verify(const VerifyOptions& options,
                                      const WorkContext& context) override {
    const R& rules = *rules_;
    std::vector<uint64_t> sizes;
    // A slice not asked for counts as empty: none of its records is chosen.
    for (int s = 0; s < tables_.num_slices(); ++s) {
      sizes.push_back(options.Checks(rules.slice_name(s)) ? tables_.values(s).size() : 0);
    }
    const retro::internal::RecordSelection selection(sizes, options.sample, options.seed);
    // The rules' shared best choices, for a full verify.
    BestChoicesOf<R> shared;
    if constexpr (HasBestChoices<R>) {
      if (selection.all()) shared.emplace(rules.MakeBestChoices(tables_, context));
    }
    const auto start_slice = [&]([[maybe_unused]] int s) {
      if constexpr (HasBestChoices<R>) {
        if (shared) shared->Prepare(s, context);
      }
    };
    // Each outcome's best for record `index`, position p, into best[].
    const auto bests = [&](uint64_t index, const Position& p, std::optional<double>* best) {
      if constexpr (HasBestChoices<R> && !RecomputesValues<typename BestChoicesType<R>::type>) {
        if (shared) return shared->Bests(index, p, best);
      }
      EnumerateBests(tables_, p, best);
    };
    // Record `index` of slice `s` against its recomputed value.
    const auto check_value = [&](int s, uint64_t index) {
      if constexpr (RecomputesValues<typename BestChoicesType<R>::type>) {
        if (shared) {
          const double value = shared->RecomputedValues()[index];  // NaN: no move
          return Compare(s, index, std::isnan(value) ? std::nullopt : std::optional(value),
                         nullptr);
        }
      }
      return Check(s, index, bests);
    };
    // Record `index` of slice `s` checked, then its companions.
    const auto check_record = [&](int s, uint64_t index) {
      std::string problem = check_value(s, index);
      if constexpr (HasCompanions<R>) {
        for (int c = 0; problem.empty() && c < rules.num_companions(); ++c) {
          problem = rules.VerifyCompanion(tables_, s, c, index);
        }
      }
      return problem;
    };
    retro::internal::MismatchTally tally;
    CheckSelectedRecords(selection, 256, context, start_slice, [&](int s) {
      return [&check_record, s](uint64_t index) { return check_record(s, index); };
    }, tally);
    return tally.Result(selection.count(), context.communicator);
  }

  // The values of a slice, in place: the doubles the database holds
  // (kFloat64: the value probe reports, named by the labels' value_name).
  absl::StatusOr<SliceValues> Values(const std::string& slice, const ParameterValues&) override {
    RETRO_ASSIGN_OR_RETURN(const int s, FindValueSlice(*rules_, slice));
    const std::span<const double> values = tables_.values(s);
    return SliceValues{.encoding = SliceValues::Encoding::kFloat64,
                       .view = {reinterpret_cast<const uint8_t*>(values.data()),
                                values.size_bytes()}};
  }

 private:
  static constexpr int kBins = 10;

  // A line of probe's table: an outcome's best choice, or "(no move)".
  struct ProbeLine {
    std::string outcome, choice;
    int choices;
    double value;
    std::string note;
    std::string after;  // the position the choice leads to
  };
  // Every outcome's line and q, the probability of an outcome without a move.
  struct ProbeLines {
    std::vector<ProbeLine> lines;
    double q = 0;
  };

  // The outcome the probe parameter names (-1 for "best" or none), or
  // InvalidArgument listing the valid names.
  absl::StatusOr<int> ListedOutcome(const ParameterValues& options) const {
    const auto it = options.find(labels_.outcome);
    if (it == options.end() || it->second == "best") return -1;
    std::vector<std::string> names;
    int listed = -1;
    for (int o = 0; o < R::kNumOutcomes; ++o) {
      names.push_back(rules_->FormatOutcome(o));
      if (names.back() == it->second) listed = o;
    }
    if (listed < 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "invalid --", labels_.outcome, " '", it->second, "': must be 'best' or one of ",
          absl::StrJoin(names, ", ")));
    }
    return listed;
  }

  // Each outcome's best choice from `p` (not over, worth `value`). A roll
  // without a move leaves the position as it is, so its value is the
  // position's own; then value = R + sum over all outcomes of w x value.
  ProbeLines BestLines(const Position& p, double value, const std::string& formatted) const {
    const R& rules = *rules_;
    ProbeLines best;
    // q summed with Neumaier's compensation: 25 rolls of 1/36 and 2/36 give
    // 25/36 correctly rounded, not a few units off in the last place.
    double q = 0, q_error = 0;
    for (int o = 0; o < R::kNumOutcomes; ++o) {
      // The outcome's first best choice in the rules' order.
      int choices = 0;
      double best_value = 0;
      std::optional<typename R::Move> best_move;
      std::optional<Position> best_after;
      ForEachDistinctChoice(rules, p, o, [&](const typename R::Move& move, const Position& after) {
        const double v = tables_.AfterstateValue(after);
        if (choices++ == 0 || BetterChoice<R::kObjective>(v, best_value)) {
          best_value = v;
          best_move = move;
          best_after = after;
        }
      });
      ProbeLine line{rules.FormatOutcome(o), "(no move)", choices, value,
                     "no move: the position stays", formatted};
      if (choices == 0) {
        const double w = rules.OutcomeWeight(o), sum = q + w;
        q_error += std::abs(q) >= std::abs(w) ? (q - sum) + w : (w - sum) + q;
        q = sum;
      } else {
        line.choice = rules.FormatMove(p, *best_move);
        line.value = best_value;
        line.after = rules.Format(*best_after);
        line.note = "";
        if (rules.Terminal(*best_after)) {
          line.note = "game over";
          if constexpr (HasGameOverNote<R>) line.note = rules.GameOverNote(*best_after);
        }
      }
      best.lines.push_back(std::move(line));
    }
    best.q = q + q_error;
    return best;
  }

  // Probe's text before the companions: the position, its value, and
  // unless the game is over q (one-player games) and each outcome's best
  // choice, valued as the player choosing it values it.
  std::string ProbeText(const Position& p, const std::string& formatted, double value,
                        bool over, const ProbeLines& best) const {
    const R& rules = *rules_;
    std::string text = formatted;
    if constexpr (HasPositionNote<R>) absl::StrAppend(&text, "  (", rules.PositionNote(p), ")");
    absl::StrAppend(&text, "\n", labels_.value_name, " = ", ChanceNumber(value));
    if (!labels_.value_meaning.empty()) absl::StrAppend(&text, "  ", labels_.value_meaning);
    if (!labels_.shifted_name.empty()) {
      absl::StrAppend(&text, " (", labels_.shifted_name, " = ", ChanceNumber(value + labels_.shift),
                      ")");
    }
    if (over) {
      absl::StrAppend(&text, "  (game over)");
      return text;
    }
    if (!kTwoPlayers) absl::StrAppend(&text, "\nno-move probability q = ", ChanceNumber(best.q));
    size_t outcome_width = std::max<size_t>(4, labels_.outcome.size());
    size_t choice_width = 24;
    for (const ProbeLine& line : best.lines) {
      outcome_width = std::max(outcome_width, line.outcome.size());
      choice_width = std::max(choice_width, line.choice.size());
    }
    const std::string choices = labels_.choice + "s";
    const int count_width = std::max<int>(5, static_cast<int>(choices.size()));
    absl::StrAppend(&text, absl::StrFormat("\n%-*s  %*s  %-*s  value", outcome_width,
                                           labels_.outcome, count_width, choices, choice_width,
                                           "best " + labels_.choice));
    for (const ProbeLine& line : best.lines) {
      absl::StrAppend(&text, absl::StrFormat("\n%-*s  %*d  %-*s  %-14s  %s", outcome_width,
                                             line.outcome, count_width, line.choices,
                                             choice_width, line.choice, ChanceNumber(line.value),
                                             line.note));
      while (!text.empty() && text.back() == ' ') text.pop_back();
    }
    return text;
  }

  // Count, sum, extremes and histogram of some values.
  struct Summary {
    uint64_t count = 0;
    double sum = 0;
    double min = std::numeric_limits<double>::infinity();
    double max = -std::numeric_limits<double>::infinity();
    SliceIndex min_at, max_at;
    std::vector<uint64_t> histogram = std::vector<uint64_t>(kBins);

    double Mean() const { return count > 0 ? sum / count : 0; }
    // Adds `other` (of later records: ties keep the earlier extreme).
    void Add(const Summary& other) {
      if (other.count == 0) return;
      count += other.count;
      sum += other.sum;
      if (other.min < min) min = other.min, min_at = other.min_at;
      if (other.max > max) max = other.max, max_at = other.max_at;
    }
  };

  // Appends every choice of `outcome` from `p` with its value, best first
  // (ties in the rules' order), to the text, the batch line and the JSON.
  void ListChoices(const Position& p, int outcome, std::string* text, std::string* line,
                   JsonWriter& json) const {
    const R& rules = *rules_;
    struct Choice {
      std::string name;
      double value;
      std::string after;  // the position the choice leads to
    };
    std::vector<Choice> choices;
    ForEachDistinctChoice(rules, p, outcome, [&](const typename R::Move& move,
                                                 const Position& after) {
      choices.push_back(
          {rules.FormatMove(p, move), tables_.AfterstateValue(after), rules.Format(after)});
    });
    std::stable_sort(choices.begin(), choices.end(), [](const Choice& a, const Choice& b) {
      return BetterChoice<R::kObjective>(a.value, b.value);
    });
    const std::string name = rules.FormatOutcome(outcome);
    size_t width = std::max<size_t>(labels_.choice.size(), 24);
    for (const Choice& c : choices) width = std::max(width, c.name.size());
    absl::StrAppend(text, "\n", labels_.outcome, " ", name, ": ", choices.size(), " ",
                    labels_.choice, choices.size() == 1 ? "" : "s");
    if (!choices.empty()) {
      absl::StrAppend(text, absl::StrFormat("\n%-*s  value", width, labels_.choice));
    }
    std::vector<std::string> parts;
    json.Key(labels_.choice + "s_of_" + labels_.outcome).BeginObject();
    json.Key(labels_.outcome).String(name).Key(labels_.choice + "s").BeginArray();
    for (const Choice& c : choices) {
      const bool best = c.value == choices.front().value;
      absl::StrAppend(text, absl::StrFormat("\n%-*s  %-14s%s", width, c.name,
                                            ChanceNumber(c.value), best ? "  best" : ""));
      while (!text->empty() && text->back() == ' ') text->pop_back();
      parts.push_back(absl::StrCat(c.name, " ", ChanceNumber(c.value)));
      json.BeginObject().Key(labels_.choice).String(c.name).Key("position").String(c.after);
      json.Key("value").Double(c.value);
      json.Key("best").Bool(best).EndObject();
    }
    json.EndArray().EndObject();
    *line = absl::StrCat(" || ", name, ": ", absl::StrJoin(parts, ", "));
  }

  // The summary of slice `s`, in chunks added in index order (the same
  // result for any number of threads).
  Summary Summarise(int s, const WorkContext& context) const {
    const std::span<const double> values = tables_.values(s);
    constexpr uint64_t kChunk = 1 << 14;
    std::vector<Summary> parts((values.size() + kChunk - 1) / kChunk);
    context.pool->ParallelFor(0, parts.size(), 1, [&](int, uint64_t b, uint64_t e) {
      for (uint64_t c = b; c < e; ++c) {
        Summary& part = parts[c];
        const uint64_t end = std::min<uint64_t>(values.size(), (c + 1) * kChunk);
        for (uint64_t i = c * kChunk; i < end; ++i) {
          part.sum += values[i];
          if (values[i] < part.min) part.min = values[i], part.min_at = {s, i};
          if (values[i] > part.max) part.max = values[i], part.max_at = {s, i};
        }
        part.count = end - c * kChunk;
      }
    });
    Summary all;
    for (const Summary& part : parts) all.Add(part);
    return all;
  }

  // One row of the stats JSON: {"name", "positions", "chance"} (the
  // extremes and the mean null for a row without records).
  void RowJson(const std::string& name, const Summary& row, JsonWriter& json) const {
    json.BeginObject().Key("name").String(name).Key("positions").Uint(row.count);
    json.Key("chance").BeginObject();
    // Each figure, then where an extreme lies.
    using Figure = std::tuple<const char*, double, const SliceIndex*>;
    for (const auto& [key, value, at] :
         {Figure{"min", row.min, &row.min_at}, Figure{"mean", row.Mean(), nullptr},
          Figure{"max", row.max, &row.max_at}}) {
      json.Key(key);
      row.count > 0 ? json.Double(value) : json.Null();
      if (at == nullptr) continue;
      json.Key(absl::StrCat(key, "_position"));
      row.count > 0 ? json.String(Example(*at)) : json.Null();
    }
    json.Key("histogram").BeginArray();
    for (const uint64_t n : row.histogram) json.Uint(n);
    json.EndArray().EndObject().EndObject();
  }

  // What is wrong with record `index` of `slice` ("" when consistent),
  // each outcome's best afterstate value given by bests(index, position,
  // best).
  template <typename Bests>
  std::string Check(int slice, uint64_t index, const Bests& bests) const {
    const R& rules = *rules_;
    const Position p = rules.Unrank(slice, index);
    std::optional<double> expected = rules.Terminal(p);
    if (!expected) {
      std::optional<double> best[R::kNumOutcomes];
      bests(index, p, best);
      expected = ValueFromBests(rules, weights_, best);
    }
    return Compare(slice, index, expected, &p);
  }

  // What is wrong with record `index` of `slice` given its value
  // recomputed from its afterstates (nullopt when no outcome has a move),
  // "" when consistent; `p` is its position, or null to unrank it for a
  // message.
  std::string Compare(int slice, uint64_t index, std::optional<double> expected,
                      const Position* p) const {
    const R& rules = *rules_;
    const double stored = tables_.values(slice)[index];
    const auto where = [&] {
      const Position position = p != nullptr ? *p : rules.Unrank(slice, index);
      return absl::StrCat(rules.Format(position), " (slice ", rules.slice_name(slice),
                          ", record ", index, "): ");
    };
    if (!expected) return absl::StrCat(where(), "no outcome has a move and the game is not over");
    // A record passes when the recomputed value is within this much of
    // max(1, |stored|).
    constexpr double kTolerance = 1e-9;
    const bool possible = labels_.ValueProblem(stored).empty();
    if (possible && std::abs(*expected - stored) <= kTolerance * std::max(1.0, std::abs(stored))) {
      return "";
    }
    return absl::StrCat(where(), "stored ", labels_.value_name, " = ", ChanceNumber(stored),
                        ", recomputed from its afterstates ", ChanceNumber(*expected));
  }

  const R& rules() const override { return *rules_; }
  using KitDatabase<R>::Example;

  std::unique_ptr<R> rules_;  // on the heap: tables_ refers to it
  ChanceTables<R> tables_;
  ChanceLabels labels_;
  chance::OutcomeWeights weights_{*rules_};  // how verify recomputes a record
};

// The database of `file`, checked by ReadChanceFile, answering probe, stats
// and verify. `file` must outlive the result.
template <ChanceRules R>
absl::StatusOr<std::unique_ptr<OpenDatabase>> OpenChanceDatabase(const GameInfo& info,
                                                                 const DatabaseFile& file) {
  RETRO_ASSIGN_OR_RETURN(ChanceFileContents<R> contents, ReadChanceFile<R>(info, file));
  RETRO_RETURN_IF_ERROR(CheckOutcomeWeights(*contents.rules));
  // Where a plugin changed since its databases were solved shows first.
  RETRO_RETURN_IF_ERROR(SpotCheckSliceEnds(*contents.rules, ChanceCheckView<R>(*contents.rules)));
  return std::make_unique<ChanceDatabase<R>>(std::move(contents.rules), std::move(contents.values),
                                             std::move(contents.companions));
}

}  // namespace retro::kit

#endif  // RETRO_KIT_CHANCE_DATABASE_H_
