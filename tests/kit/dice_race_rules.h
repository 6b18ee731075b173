// A toy dice game on the chance-expectation kit (retro/kit/chance_rules.h),
// to show that the kit is not Plakoto's: a race of one or two checkers on
// points 1..N. Each turn one die is rolled and one checker moves down by it;
// a checker bears off only by an exact roll (a die larger than every
// checker's point has no move, and the position stays). The mover wants to
// bear everything off in as few turns as possible (kMinimize); the value is
// the expected number of turns, this one counted. One checker on n <= 6
// needs 6 turns on average whatever n is: by induction
// E(n) = (1 + (E(n - 1) + ... + E(0)) / 6) / (n / 6) = (1 + (n - 1)) * 6 / n.
//
// Slice 0: one checker, record n - 1. Slice 1: two checkers high >= low,
// record high (high - 1) / 2 + low - 1. Bearing a checker off leaves slice 1
// for slice 0 (an afterstate in an earlier slice); bearing the last one off
// ends the game (value 0).
#ifndef TESTS_KIT_DICE_RACE_RULES_H_
#define TESTS_KIT_DICE_RACE_RULES_H_

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "retro/kit/chance_rules.h"
#include "retro/parameters.h"
#include "retro/status_macros.h"

namespace retro::dice_race {

// The checkers' points, high >= low; low = 0: one checker; high = 0: none.
struct Position {
  int high = 0;
  int low = 0;
};

// A checker moved from `from` by `die`.
struct Move {
  int from = 0;
  int die = 0;
};

class Rules {
 public:
  using Position = dice_race::Position;
  using Move = dice_race::Move;
  static constexpr int kNumOutcomes = 6;
  static constexpr chance::Objective kObjective = chance::Objective::kMinimize;

  static std::vector<ParameterSpec> Parameters() {
    return {{"length", "N", "the checkers start on points 1..N", "12", {}}};
  }
  static absl::StatusOr<Rules> Create(const ParameterValues& values) {
    RETRO_ASSIGN_OR_RETURN(const int64_t length, GetIntParameter(values, "length", 1, 60));
    return Rules(static_cast<int>(length));
  }
  std::string default_file_name() const { return absl::StrCat("race-", length_, ".retro"); }

  int num_slices() const { return 2; }
  uint64_t slice_size(int slice) const {
    return slice == 0 ? length_ : uint64_t{1} * length_ * (length_ + 1) / 2;
  }
  std::string slice_name(int slice) const { return slice == 0 ? "one" : "two"; }
  Position Unrank(int slice, uint64_t index) const {
    if (slice == 0) return {static_cast<int>(index) + 1, 0};
    int high = 1;
    while (uint64_t{1} * (high + 1) * high / 2 <= index) ++high;
    return {high, static_cast<int>(index - uint64_t{1} * high * (high - 1) / 2) + 1};
  }
  SliceIndex Rank(const Position& p) const {
    if (p.low == 0) return {0, static_cast<uint64_t>(p.high - 1)};
    return {1, uint64_t{1} * p.high * (p.high - 1) / 2 + p.low - 1};
  }
  std::optional<double> Terminal(const Position& p) const {
    return p.high == 0 ? std::optional<double>(0.0) : std::nullopt;
  }

  double OutcomeWeight(int) const { return 1.0 / 6; }
  std::string FormatOutcome(int outcome) const { return std::to_string(outcome + 1); }
  double TurnReward() const { return 1.0; }
  template <typename Visit>
  void ForEachChoice(const Position& p, int outcome, Visit&& visit) const {
    const int die = outcome + 1;
    for (int k = 0; k < 2; ++k) {
      const int from = k == 0 ? p.high : p.low;
      const int other = k == 0 ? p.low : p.high;
      if (from == 0 || die > from || (k == 1 && p.low == p.high)) continue;
      const int to = from - die;
      visit(Move{from, die}, Position{std::max(to, other), std::min(to, other)});
    }
  }

  // Pip count: every move lowers it.
  int num_layers(int) const { return 2 * length_ + 1; }
  int Layer(const Position& p) const { return p.high + p.low; }

  // "7 3", "5".
  std::string Format(const Position& p) const {
    return p.low == 0 ? std::to_string(p.high) : absl::StrCat(p.high, " ", p.low);
  }
  absl::StatusOr<Position> Parse(const std::string& text) const {
    std::vector<int> points;
    for (const absl::string_view part : absl::StrSplit(text, ' ', absl::SkipWhitespace())) {
      int point;
      if (!absl::SimpleAtoi(part, &point) || point < 1 || point > length_) {
        return absl::InvalidArgumentError(
            absl::StrCat("'", std::string(part), "' is no point 1..", length_));
      }
      points.push_back(point);
    }
    if (points.empty() || points.size() > 2) {
      return absl::InvalidArgumentError("a position is one or two points");
    }
    if (points.size() == 1) return Position{points[0], 0};
    return Position{std::max(points[0], points[1]), std::min(points[0], points[1])};
  }
  std::string FormatMove(const Position&, const Move& m) const {
    return absl::StrCat(m.from, "/", m.from - m.die);
  }

  static kit::ChanceLabels labels() {
    return {.value_name = "E",
            .value_key = "expected_turns",
            .value_meaning = "expected turns to bear off",
            .outcome = "die",
            .choice = "move"};
  }
  std::string TerminalNote(const Position&) const { return "bears off"; }
  std::string ValueProblem(double e) const { return e >= 1 ? "" : "E is at least one turn"; }

 private:
  explicit Rules(int length) : length_(length) {}
  int length_;
};

static_assert(kit::ChanceRules<Rules>);

}  // namespace retro::dice_race

#endif  // TESTS_KIT_DICE_RACE_RULES_H_
