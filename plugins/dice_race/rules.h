// The dice race, the chance kit's example (retro/kit/chance_rules.h lists every member): one
// or two checkers on points 1..12 race home. Each turn one die is rolled and one checker moves
// down by it; a checker bears off only by an exact roll, so a die larger than every checker's
// point has no move and the position stays. The value E is the expected number of turns to bear
// everything off, this turn counted, playing to make it small.
#ifndef DICE_RACE_RULES_H_
#define DICE_RACE_RULES_H_

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/combinatorics.h"
#include "retro/kit/chance_rules.h"

namespace dice_race {

class Rules {
 public:
  // The checkers' points, high >= low; low = 0: one checker; high = 0: none, the race is over.
  struct Position {
    int high = 0, low = 0;
  };
  struct Move {
    int from = 0, to = 0;  // to = 0 bears the checker off
  };
  static constexpr int kPoints = 12;
  static constexpr int kNumOutcomes = 6;  // the die's faces: outcome o rolls o + 1
  static constexpr retro::chance::Objective kObjective = retro::chance::Objective::kMinimize;

  // Slices, solved in order: "one" checker (record high - 1), "two" (the colex
  // rank of the set {low - 1, high} of 0..12); bearing one of two checkers off
  // leads to the earlier slice. The finished race is no record: Terminal values it.
  int num_slices() const { return 2; }
  uint64_t slice_size(int slice) const { return slice == 0 ? kPoints : retro::Binomial(13, 2); }
  std::string slice_name(int slice) const { return slice == 0 ? "one" : "two"; }
  Position Unrank(int slice, uint64_t index) const {
    if (slice == 0) return {static_cast<int>(index) + 1, 0};
    const uint64_t set = retro::CombinationUnrank(index, 2, kPoints + 1);
    return {63 - std::countl_zero(set), std::countr_zero(set) + 1};
  }
  retro::SliceIndex Rank(const Position& p) const {
    if (p.low == 0) return {0, static_cast<uint64_t>(p.high - 1)};
    return {1, retro::CombinationRank((uint64_t{1} << (p.low - 1)) | (uint64_t{1} << p.high))};
  }
  std::optional<double> Terminal(const Position& p) const {
    return p.high == 0 ? std::optional<double>(0.0) : std::nullopt;  // no turns left
  }

  // A fair die; each turn counts 1. Both checkers are tried, even when they
  // share a point: the kit shows a repeated afterstate once.
  double OutcomeWeight(int) const { return 1.0 / 6; }
  std::string FormatOutcome(int outcome) const { return std::to_string(outcome + 1); }
  double TurnReward() const { return 1.0; }
  template <typename Visit>
  void ForEachChoice(const Position& p, int outcome, Visit&& visit) const {
    for (const bool higher : {true, false}) {  // which checker moves
      const int from = higher ? p.high : p.low, other = higher ? p.low : p.high;
      const int to = from - (outcome + 1);
      if (from == 0 || to < 0) continue;
      visit(Move{from, to}, Position{std::max(to, other), std::min(to, other)});
    }
  }
  // The kit's solver needs an order: every move lowers the pip count.
  int num_layers(int) const { return 2 * kPoints + 1; }
  int Layer(const Position& p) const { return p.high + p.low; }

  // Notation: "7 3", "5"; moves "7/3", "3/0".
  std::string Format(const Position& p) const {
    return p.low == 0 ? std::to_string(p.high) : absl::StrCat(p.high, " ", p.low);
  }
  absl::StatusOr<Position> Parse(const std::string& text) const {  // 90 records: search them
    for (int slice = 0; slice < num_slices(); ++slice) {
      for (uint64_t index = 0; index < slice_size(slice); ++index) {
        if (Format(Unrank(slice, index)) == text) return Unrank(slice, index);
      }
    }
    return absl::InvalidArgumentError(absl::StrCat(
        "'", text, "' is not one or two points of 1..12, the higher first: \"7 3\", \"5\""));
  }
  std::string FormatMove(const Position&, Move m) const { return absl::StrCat(m.from, "/", m.to); }

  // Optional: the words probe and stats use, and a check of stored values.
  static retro::kit::ChanceLabels labels() {
    return {.value_name = "E", .value_key = "expected_turns",
            .value_meaning = "expected turns to bear off", .outcome = "die", .choice = "move",
            .least_value = 1};
  }
  std::string GameOverNote(const Position&) const { return "bears off"; }
};

}  // namespace dice_race

#endif  // DICE_RACE_RULES_H_
