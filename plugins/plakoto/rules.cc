// The Plakoto pin databases' rules for the chance-expectation kit.
#include "plugins/plakoto/rules.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "games/plakoto/notation.h"
#include "plugins/plakoto/pin_database.h"
#include "plugins/plakoto/pin_file.h"
#include "plugins/plakoto/turn_distribution.h"
#include "retro/parameters.h"
#include "retro/status_macros.h"

namespace retro::plakoto {
namespace {

// How far a record's stored probabilities (floats, rounded one by one) may
// sum beyond 1.
constexpr double kProbabilitySumTolerance = 1e-4;
// The absolute tolerance of verify for the stored turn distributions.
constexpr double kDistributionTolerance = 1e-6;
// How many turns of a stored distribution the text probe shows.
constexpr int kShownTurns = 10;

std::string Number(double value) { return absl::StrFormat("%.12g", value); }

// Parameter `name`: `word` (returned as 0: --pin all, --distribution none)
// or a number min..max; else an error saying that it `must_be` that.
absl::StatusOr<int> ParseWordOrNumber(const ParameterValues& values, const std::string& name,
                                      const char* word, int min, int max,
                                      const std::string& must_be) {
  const std::string& text = values.at(name);
  if (text == word) return 0;
  absl::StatusOr<int64_t> number = GetIntParameter(values, name, min, max);
  if (!number.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("invalid --", name, " '", text, "': must be ", must_be));
  }
  return static_cast<int>(*number);
}

}  // namespace

kit::GameInfo PinGameInfo() {
  return {
      .name = "plakoto",
      .summary =
          "Plakoto pin endgame: expected turns a pin on point p = 2..6 holds, 14 "
          "checkers on points 1..P (P = 6 or 12)",
      .codec = kPinFileCodec,
      .data_version = kPinFileDataVersion,
      .position_syntax =
          "p=<pin point> then the mover's checker counts on points 1..P (P = 6 "
          "or 12, 14 checkers, the pinning one included), e.g. \"p=2 13 1 0 0 0 "
          "0\"",
      .default_file_name = "",  // default_file_name() of the rules
  };
}

thread_local std::deque<std::vector<Play>> PinRules::PlayBuffer::stack_;
thread_local int PinRules::PlayBuffer::depth_ = 0;

PinRules::PlayBuffer::PlayBuffer() {
  if (static_cast<int>(stack_.size()) == depth_) stack_.emplace_back();
  plays_ = &stack_[depth_++];
}

PinRules::PinRules(int points, std::vector<int> pins, std::string pin_text, int turns)
    : points_(points),
      pins_(std::move(pins)),
      pin_text_(std::move(pin_text)),
      turns_(turns),
      indexer_(points, kFreeCheckers) {
  std::fill(std::begin(slice_of_pin_), std::end(slice_of_pin_), -1);
  for (size_t s = 0; s < pins_.size(); ++s) slice_of_pin_[pins_[s]] = static_cast<int>(s);
}

std::vector<ParameterSpec> PinRules::Parameters() {
  return {
      {"points", "P", "the mover's checkers lie on points 1..P", "12", {"6", "12"}},
      {"pin", "p", "the pin point, or all five", "all", {"2", "3", "4", "5", "6", "all"}},
      {"distribution",
       "T",
       "also store P(T = t), t = 1..T, per position (\"none\" or 1..4096 turns; P = 6 only)",
       "none",
       {}},
  };
}

absl::StatusOr<PinRules> PinRules::Create(const ParameterValues& values) {
  RETRO_ASSIGN_OR_RETURN(const int64_t points, GetIntParameter(values, "points", 6, 12));
  if (absl::Status s = ValidatePoints(static_cast<int>(points)); !s.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("invalid --points ", points, ": must be 6 or 12"));
  }
  RETRO_ASSIGN_OR_RETURN(const int pin, ParseWordOrNumber(values, "pin", "all", kMinPin, kMaxPin,
                                                          "a pin point 2..6 or 'all'"));
  std::vector<int> pins = pin == 0 ? std::vector<int>{2, 3, 4, 5, 6} : std::vector<int>{pin};
  RETRO_ASSIGN_OR_RETURN(
      const int turns,
      ParseWordOrNumber(values, "distribution", "none", 1, kMaxDistributionTurns,
                        absl::StrCat("'none' or a number of turns 1..", kMaxDistributionTurns)));
  if (turns > 0 && points > kMaxDistributionPoints) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--distribution is available for --points ", kMaxDistributionPoints,
        " only: for P = 12 it needs about ", turns * 10,
        " MB and minutes of single-threaded work per pin point (docs/games/plakoto.md)"));
  }
  return PinRules(static_cast<int>(points), std::move(pins), values.at("pin"), turns);
}

std::vector<std::pair<std::string, std::string>> PinRules::canonical_parameters() const {
  return {
      {"points", std::to_string(points_)},
      {"pin", pin_text_},
      {"distribution", turns_ == 0 ? "none" : std::to_string(turns_)},
  };
}

std::string PinRules::default_file_name() const {
  std::string name = absl::StrCat("plakoto-", points_);
  if (pins_.size() == 1) absl::StrAppend(&name, "-pin", pins_.front());
  if (turns_ > 0) absl::StrAppend(&name, "-turns", turns_);
  return name + ".retro";
}

Position PinRules::StartPosition() const {
  Board free{};
  free[points_] = kFreeCheckers;
  return PositionFromFree(points_, pins_.front(), free);
}

absl::StatusOr<Position> PinRules::Parse(const std::string& text) const {
  RETRO_ASSIGN_OR_RETURN(const Position p, ParsePosition(text));
  if (p.points != points_ || slice_of_pin_[p.pin] < 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "this database holds P = ", points_, ", pin ", pins_.size() == 1 ? "point " : "points ",
        absl::StrJoin(pins_, ","), "; the position has P = ", p.points, ", pin point ", p.pin));
  }
  return p;
}

kit::ChanceLabels PinRules::labels() {
  return {.value_name = "D",
          .value_key = "expected_turns",
          .value_meaning = "expected turns the pin holds, this turn counted",
          .outcome = "roll",
          .choice = "play",
          .least_value = 1,
          .shifted_name = "K = D - 1",
          .shift = -1};
}

std::string PinRules::StatsTitle() const {
  return absl::StrCat("plakoto pin-distance databases, P = ", points_,
                      "; D = expected turns the pin holds, this turn counted",
                      turns_ > 0 ? absl::StrCat("; turn distributions of ", turns_, " turns") : "");
}

std::string PinRules::Inconsistency(const Position& p) const {
  const int pips = p.PipCount();
  double no_move = 0;
  std::vector<Play> plays;
  for (const Roll roll : kRolls) {
    GeneratePlays(p, roll, &plays);
    if (plays.empty()) no_move += roll.Probability();
    for (const Play& play : plays) {
      int dice = 0;
      for (int m = 0; m < play.num_moves; ++m) dice += play.moves[m].from - play.moves[m].to;
      if (play.num_moves == 0 || play.after.PipCount() != pips - dice) {
        return absl::StrCat("roll ", FormatRoll(roll), ": play ", FormatPlay(play), " leads to \"",
                            FormatPosition(play.after), "\" with ", play.after.PipCount(),
                            " pips, not ", pips - dice);
      }
    }
  }
  const double q = NoMoveProbability(p);
  if (std::abs(q - no_move) > 1e-12) {
    return absl::StrCat("NoMoveProbability is ", q, " but the rolls without a play add up to ",
                        no_move);
  }
  return "";
}

absl::StatusOr<std::vector<uint8_t>> PinRules::BuildCompanion(int slice, int,
                                                              std::span<const double> values,
                                                              const WorkContext& context) const {
  RETRO_ASSIGN_OR_RETURN(
      const PinDatabase db,
      PinDatabase::FromValues(points_, pins_[slice],
                              std::vector<double>(values.begin(), values.end())));
  RETRO_ASSIGN_OR_RETURN(
      const TurnDistribution distribution,
      TurnDistribution::Build(db, {.max_turns = turns_, .progress = context.progress}));
  const auto* bytes = reinterpret_cast<const uint8_t*>(distribution.Of(0).data());
  return std::vector<uint8_t>(bytes, bytes + distribution.size() * companion_record_bytes(0));
}

std::string PinRules::CompanionRecordProblem(int, std::span<const uint8_t> record) const {
  double sum = 0;
  for (int t = 0; t < turns_; ++t) {
    float probability;
    std::memcpy(&probability, record.data() + t * sizeof(float), sizeof(float));
    if (!(probability >= 0 && probability <= 1)) {
      return absl::StrCat("holds P(T = ", t + 1, ") = ", probability,
                          "; probabilities lie in [0, 1]");
    }
    sum += probability;
  }
  if (sum > 1 + kProbabilitySumTolerance) {
    return absl::StrCat("holds probabilities summing to ", sum, "; at most 1");
  }
  return "";
}

std::vector<float> PinRules::Distribution(const kit::ChanceTables<PinRules>& tables, int slice,
                                          uint64_t index) const {
  std::vector<float> row(turns_);
  const std::span<const uint8_t> bytes =
      tables.companion_record(slice, 0, index, companion_record_bytes(0));
  std::memcpy(row.data(), bytes.data(), bytes.size());
  return row;
}

// The turn distribution of record `index` recomputed from those of its
// afterstates, the database's policy being the first best play of each roll
// in generation order; "" when it agrees with the stored one.
std::string PinRules::VerifyCompanion(const kit::ChanceTables<PinRules>& tables, int slice, int,
                                      uint64_t index) const {
  const Position position = Unrank(slice, index);
  std::vector<double> row(turns_ + 1, 0.0);
  PlayBuffer buffer;
  TurnDistributionRow(
      position, turns_, [&](const Position& after) { return tables.AfterstateValue(after); },
      [&](const Position& after) { return Distribution(tables, slice, Rank(after).index); },
      buffer.plays(), row);
  const std::vector<float> stored = Distribution(tables, slice, index);
  for (int t = 1; t <= turns_; ++t) {
    if (!(std::abs(row[t] - stored[t - 1]) <= kDistributionTolerance)) {
      return absl::StrCat(FormatPosition(position), " (slice ", companion_name(slice, 0),
                          ", record ", index, "): stored P(T = ", t, ") = ", Number(stored[t - 1]),
                          ", recomputed ", Number(row[t]));
    }
  }
  return "";
}

void PinRules::ProbeCompanion(const kit::ChanceTables<PinRules>& tables, int slice, int,
                              uint64_t index, std::string* text, JsonWriter& json) const {
  const std::vector<float> distribution = Distribution(tables, slice, index);
  json.Key("turn_distribution").BeginArray();
  for (const float p : distribution) json.Double(p);
  json.EndArray();
  double mass = 0;
  std::vector<std::string> shown;
  for (int t = 0; t < static_cast<int>(distribution.size()); ++t) {
    mass += distribution[t];
    if (t < kShownTurns) shown.push_back(absl::StrFormat("%.6g", distribution[t]));
  }
  absl::StrAppend(text, "\nP(T = t), t = 1..", shown.size(), ": ", absl::StrJoin(shown, " "),
                  "\nP(T > ", distribution.size(),
                  ") = ", absl::StrFormat("%.6g", std::max(0.0, 1.0 - mass)));
}

}  // namespace retro::plakoto
