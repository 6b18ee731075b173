// Probe, stats and verify of a Plakoto pin-distance database file.
#include "plugins/plakoto/plakoto_database.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "games/plakoto/move_generator.h"
#include "games/plakoto/notation.h"
#include "retro/json_writer.h"
#include "retro/status_macros.h"
#include "retro/verify_support.h"

namespace retro::plakoto {
namespace {

// How many turns of a stored distribution the text probe shows.
constexpr int kShownTurns = 10;

// A number for people: 12 significant digits.
std::string Number(double value) { return absl::StrFormat("%.12g", value); }

// A count with thousands separators: 2,496,144.
std::string Grouped(uint64_t count) {
  const std::string digits = std::to_string(count);
  std::string grouped;
  for (size_t k = 0; k < digits.size(); ++k) {
    if (k > 0 && (digits.size() - k) % 3 == 0) grouped.push_back(',');
    grouped.push_back(digits[k]);
  }
  return grouped;
}

// Count, sum, extremes of one database's values.
struct Summary {
  uint64_t count = 0;
  double sum = 0;
  double min = std::numeric_limits<double>::infinity();
  double max = -std::numeric_limits<double>::infinity();
  uint64_t min_index = 0;
  uint64_t max_index = 0;

  void Add(const Summary& other) {
    count += other.count;
    sum += other.sum;
    if (other.min < min) {
      min = other.min;
      min_index = other.min_index;
    }
    if (other.max > max) {
      max = other.max;
      max_index = other.max_index;
    }
  }
};

class PlakotoDatabase : public OpenDatabase {
 public:
  explicit PlakotoDatabase(std::unique_ptr<PinFile> file) : file_(std::move(file)) {}

  absl::StatusOr<Report> Probe(const std::string& text, const ParameterValues&) override {
    RETRO_ASSIGN_OR_RETURN(const Position position,
                           ParsePosition(text));
    RETRO_ASSIGN_OR_RETURN(const PinDatabase* db, file_->DatabaseOf(position));
    const uint64_t index = db->IndexOf(position);
    const double d = db->values()[index];
    const double q = NoMoveProbability(position);
    RETRO_ASSIGN_OR_RETURN(const auto rolls, db->AnalyzeRolls(position));
    const std::string formatted = FormatPosition(position);

    // A roll without a move leaves the position as it is, so its value is D
    // itself; then D = 1 + sum over all 21 rolls of probability x value.
    struct Line {
      std::string roll, play;
      int plays;
      double value;
      const char* note;
    };
    std::vector<Line> lines;
    for (const RollAnalysis& r : rolls) {
      Line line{FormatRoll(r.roll), "(no move)", r.num_plays, d, "no move: the position stays"};
      if (r.has_move) {
        line.play = FormatPlay(r.best_play);
        line.value = r.best_value;
        line.note = r.best_value == 0 ? "releases the pin" : "";
      }
      lines.push_back(line);
    }
    std::vector<float> distribution;
    if (file_->distribution_turns() > 0) distribution = file_->Distribution(position.pin, index);

    Report report;
    JsonWriter json;
    json.BeginObject().Key("position").String(formatted).Key("expected_turns").Double(d);
    json.Key("no_move_probability").Double(q).Key("rolls").BeginArray();
    for (const Line& line : lines) {
      json.BeginObject().Key("roll").String(line.roll).Key("play").String(line.play);
      json.Key("value").Double(line.value).EndObject();
    }
    json.EndArray();
    if (!distribution.empty()) {
      json.Key("turn_distribution").BeginArray();
      for (const float p : distribution) json.Double(p);
      json.EndArray();
    }
    report.json = json.EndObject().Take();

    report.text = absl::StrFormat(
        "%s  (P = %d, pin on point %d)\n"
        "D = %s  expected turns the pin holds, this turn counted (K = D - 1 = %s)\n"
        "no-move probability q = %s\n"
        "roll  plays  best play                 value",
        formatted, position.points, position.pin, Number(d), Number(d - 1), Number(q));
    for (const Line& line : lines) {
      absl::StrAppend(&report.text,
                      absl::StrFormat("\n%-4s  %5d  %-24s  %-14s  %s", line.roll, line.plays,
                                      line.play, Number(line.value), line.note));
      while (!report.text.empty() && report.text.back() == ' ') report.text.pop_back();
    }
    if (!distribution.empty()) {
      double mass = 0;
      std::vector<std::string> shown;
      for (int t = 0; t < static_cast<int>(distribution.size()); ++t) {
        mass += distribution[t];
        if (t < kShownTurns) shown.push_back(absl::StrFormat("%.6g", distribution[t]));
      }
      absl::StrAppend(&report.text, "\nP(T = t), t = 1..", shown.size(), ": ",
                      absl::StrJoin(shown, " "), "\nP(T > ", distribution.size(), ") = ",
                      absl::StrFormat("%.6g", std::max(0.0, 1.0 - mass)));
    }

    report.line = absl::StrCat(formatted, "  D=", Number(d), " q=", Number(q), " ");
    std::vector<std::string> plays;
    for (const Line& line : lines) plays.push_back(absl::StrCat(line.roll, ": ", line.play));
    absl::StrAppend(&report.line, absl::StrJoin(plays, " | "));
    return report;
  }

  absl::StatusOr<Report> Stats(const WorkContext& context) override {
    Report report;
    JsonWriter json;
    json.BeginObject().Key("points").Int(file_->points());
    json.Key("distribution_turns").Int(file_->distribution_turns());
    json.Key("databases").BeginArray();
    report.text = absl::StrFormat(
        "plakoto pin-distance databases, P = %d; D = expected turns the pin holds, "
        "this turn counted%s\n\n"
        "slice         records     mean D           max D  position of max",
        file_->points(),
        file_->distribution_turns() > 0
            ? absl::StrCat("; turn distributions of ", file_->distribution_turns(), " turns")
            : "");
    uint64_t total = 0;
    context.progress->StartPhase("summarising", file_->pins().size());
    for (const int pin : file_->pins()) {
      const PinDatabase& db = *file_->Find(file_->points(), pin);
      const Summary s = Summarise(db, context);
      total += s.count;
      const std::string max_position = FormatPosition(db.PositionAt(s.max_index));
      const std::string min_position = FormatPosition(db.PositionAt(s.min_index));
      const std::string name = ValueSliceName(file_->points(), pin);
      json.BeginObject().Key("slice").String(name).Key("points").Int(file_->points());
      json.Key("pin").Int(pin).Key("records").Uint(s.count);
      json.Key("mean").Double(s.sum / s.count);
      json.Key("max").Double(s.max).Key("max_position").String(max_position);
      json.Key("min").Double(s.min).Key("min_position").String(min_position);
      json.EndObject();
      absl::StrAppend(&report.text,
                      absl::StrFormat("\n%-9s  %10s  %9.6f  %14.10f  %s", name, Grouped(s.count),
                                      s.sum / s.count, s.max, max_position));
      context.progress->Advance(1);
    }
    json.EndArray().Key("records").Uint(total).EndObject();
    report.json = json.Take();
    return report;
  }

  absl::StatusOr<VerifyResult> Verify(const VerifyOptions& options,
                                      const WorkContext& context) override {
    // The records to check, database (pin) by database.
    const std::vector<int>& pins = file_->pins();
    std::vector<uint64_t> sizes;
    for (const int pin : pins) sizes.push_back(file_->Find(file_->points(), pin)->size());
    const RecordSelection selection(sizes, options.sample, options.seed);
    context.progress->StartPhase("verifying", selection.count());
    MismatchTally tally;
    for (size_t k = 0; k < pins.size(); ++k) {
      const PinDatabase& db = *file_->Find(file_->points(), pins[k]);
      context.pool->ParallelFor(0, selection.count(k), 256, [&](int, uint64_t b, uint64_t e) {
        std::vector<Play> plays;
        for (uint64_t i = b; i < e; ++i) {
          const uint64_t index = selection.record(k, i);
          std::string problem = CheckRecord(db, index);
          if (problem.empty() && file_->distribution_turns() > 0) {
            problem = CheckDistribution(db, index, &plays);
          }
          if (!problem.empty()) {
            // The first bad record by (pin, index), whatever the threads did.
            tally.Record((uint64_t{k} << 48) | index, [&] { return std::move(problem); });
          }
        }
        context.progress->Advance(e - b);
      });
    }
    return tally.Result(selection.count());
  }

 private:
  Summary Summarise(const PinDatabase& db, const WorkContext& context) const {
    std::vector<Summary> parts(context.pool->size());
    const std::vector<double>& values = db.values();
    context.pool->ParallelFor(0, values.size(), 1 << 14, [&](int w, uint64_t b, uint64_t e) {
      Summary s;
      for (uint64_t i = b; i < e; ++i) {
        s.sum += values[i];
        if (values[i] < s.min) {
          s.min = values[i];
          s.min_index = i;
        }
        if (values[i] > s.max) {
          s.max = values[i];
          s.max_index = i;
        }
      }
      s.count = e - b;
      parts[w].Add(s);
    });
    // Ties keep the lowest index whatever the chunking.
    Summary all;
    for (const Summary& s : parts) {
      if (s.count == 0) continue;
      all.count += s.count;
      all.sum += s.sum;
      if (s.min < all.min || (s.min == all.min && s.min_index < all.min_index)) {
        all.min = s.min;
        all.min_index = s.min_index;
      }
      if (s.max > all.max || (s.max == all.max && s.max_index < all.max_index)) {
        all.max = s.max;
        all.max_index = s.max_index;
      }
    }
    return all;
  }

  // The recurrence of record `index` recomputed from the stored values of
  // its afterstates against the stored D; "" when they agree.
  std::string CheckRecord(const PinDatabase& db, uint64_t index) const {
    const double stored = db.values()[index];
    const double residual = db.Residual(index);
    if (std::isfinite(stored) && stored >= 1 &&
        std::abs(residual) <= kVerifyTolerance * stored) {
      return "";
    }
    return absl::StrCat(FormatPosition(db.PositionAt(index)), " (slice ",
                        ValueSliceName(db.points(), db.pin()), ", record ", index,
                        "): stored D = ", Number(stored), ", recomputed from its afterstates ",
                        Number(stored + residual));
  }

  // The turn distribution of record `index` recomputed from those of its
  // afterstates, the database's policy being the first best play of each
  // roll in generation order; "" when it agrees with the stored one.
  std::string CheckDistribution(const PinDatabase& db, uint64_t index,
                                std::vector<Play>* plays) const {
    const int turns = file_->distribution_turns();
    const Position position = db.PositionAt(index);
    std::vector<double> row(turns + 1, 0.0);
    double q = 0;
    for (const Roll& roll : kRolls) {
      if (GeneratePlays(position, roll, plays) == 0) {
        q += roll.Probability();
        continue;
      }
      const Play* best = &plays->front();
      double best_value = db.AfterstateValue(best->after);
      for (const Play& play : *plays) {
        const double value = db.AfterstateValue(play.after);
        if (value > best_value) {
          best_value = value;
          best = &play;
        }
      }
      if (!best->after.PinHolds()) {
        row[1] += roll.Probability();
        continue;
      }
      const std::vector<float> next = file_->Distribution(db.pin(), db.IndexOf(best->after));
      for (int t = 2; t <= turns; ++t) row[t] += roll.Probability() * next[t - 2];
    }
    const std::vector<float> stored = file_->Distribution(db.pin(), index);
    for (int t = 1; t <= turns; ++t) {
      row[t] += q * row[t - 1];
      if (!(std::abs(row[t] - stored[t - 1]) <= kDistributionTolerance)) {
        return absl::StrCat(FormatPosition(position), " (slice ",
                            DistributionSliceName(db.points(), db.pin()), ", record ", index,
                            "): stored P(T = ", t, ") = ", Number(stored[t - 1]),
                            ", recomputed ", Number(row[t]));
      }
    }
    return "";
  }

  std::unique_ptr<PinFile> file_;
};

}  // namespace

std::unique_ptr<OpenDatabase> MakePlakotoDatabase(std::unique_ptr<PinFile> file) {
  return std::make_unique<PlakotoDatabase>(std::move(file));
}

}  // namespace retro::plakoto
