// The bearoff race, the chance kit's two-player example: two sides bear off up to C checkers
// each from points 1..P of their home boards with two dice, as in backgammon (doubles play
// four times; a die higher than every checker bears off the highest one). The value is the
// chance that the side to move bears off first; a choice hands the turn to the opponent.
#ifndef BEAROFF_RULES_H_
#define BEAROFF_RULES_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/combinatorics.h"
#include "retro/kit/chance_rules.h"
#include "retro/parameters.h"

namespace bearoff {

class Rules {
 public:
  using Side = std::array<int, 7>;  // checkers on points 1..P at [0..P-1], then those off
  struct Position { Side mover{}, other{}; };  // the side to move, its opponent
  struct Move { std::vector<std::array<int, 2>> steps; };  // from, to (0: off)
  static constexpr int kNumOutcomes = 21;  // 1-1 .. 6-6, then 2-1, 3-1, 3-2, .. 6-5
  static constexpr retro::chance::Objective kObjective = retro::chance::Objective::kMaximize;
  // Two players: the opponent moves next, and a chance v of the opponent's is 1 - v of ours.
  static constexpr retro::chance::TurnOrder kTurnOrder = retro::chance::TwoPlayers(1.0);

  static std::vector<retro::ParameterSpec> Parameters() {
    return {{"points", "P", "home points in play, 1..6", "6", {}},
            {"checkers", "C", "checkers a side, 1..6", "3", {}}};
  }
  static absl::StatusOr<Rules> Create(const retro::ParameterValues& values) {
    absl::StatusOr<int64_t> points = retro::GetIntParameter(values, "points", 1, 6);
    absl::StatusOr<int64_t> checkers = retro::GetIntParameter(values, "checkers", 1, 6);
    if (!points.ok() || !checkers.ok()) return points.ok() ? checkers.status() : points.status();
    return Rules(static_cast<int>(*points), static_cast<int>(*checkers));
  }

  // One slice, each side one of the sides() - 1 ways to have checkers left: its composition
  // rank over the points and "off" (rank 0: all off, no record).
  int num_slices() const { return 1; }
  uint64_t sides() const { return retro::CompositionCount(checkers_, points_ + 1); }
  uint64_t slice_size(int) const { return (sides() - 1) * (sides() - 1); }
  std::string slice_name(int) const { return "race"; }
  Position Unrank(int, uint64_t index) const {
    Position p;
    retro::CompositionUnrank(index / (sides() - 1) + 1, checkers_, Bins(p.mover));
    retro::CompositionUnrank(index % (sides() - 1) + 1, checkers_, Bins(p.other));
    return p;
  }
  retro::SliceIndex Rank(const Position& p) const {
    return {0, (Rank(p.mover) - 1) * (sides() - 1) + Rank(p.other) - 1};
  }
  // Over when the opponent has borne off (Play stops there): the side to move lost.
  std::optional<double> Terminal(const Position& p) const {
    return p.other[points_] == checkers_ ? std::optional(0.0) : std::nullopt;
  }

  double OutcomeWeight(int outcome) const { return outcome < 6 ? 1.0 / 36 : 2.0 / 36; }
  std::string FormatOutcome(int o) const { return absl::StrCat(Dice(o)[0], "-", Dice(o)[1]); }
  double TurnReward() const { return 0; }
  // Every way to play the roll (a pair in both orders), a die moving one checker, until the
  // dice are used or the side is off. A die can always be played while checkers are left, so
  // no play uses fewer dice than it could. Plays reaching one afterstate repeat it.
  template <typename Visit>
  void ForEachChoice(const Position& p, int outcome, Visit&& visit) const {
    const auto [high, low] = Dice(outcome);
    Move move;
    if (high == low) return Play(p, {high, high, high, high}, move, visit);
    Play(p, {high, low}, move, visit);
    Play(p, {low, high}, move, visit);
  }
  int num_layers(int) const { return 2 * points_ * checkers_ + 1; }  // every play lowers the pips
  int Layer(const Position& p) const { return Pips(p.mover) + Pips(p.other); }

  // Notation: each side's checkers by point, the side to move first: "331/2". Plays: "3/1 2/off".
  std::string Format(const Position& p) const {
    return absl::StrCat(Format(p.mover), "/", Format(p.other));
  }
  absl::StatusOr<Position> Parse(const std::string& text) const {
    Position p;
    const size_t slash = text.find('/');
    if (slash != std::string::npos && Parse(text.substr(0, slash), &p.mover) &&
        Parse(text.substr(slash + 1), &p.other)) {
      return p;
    }
    return absl::InvalidArgumentError(absl::StrCat(
        "'", text, "' is not two sides of 1..", checkers_, " checkers on 1..", points_, ": 331/2"));
  }
  std::string FormatMove(const Position&, const Move& m) const {
    std::string text;
    for (const auto& [from, to] : m.steps) {
      absl::StrAppend(&text, text.empty() ? "" : " ", from, "/", to ? std::to_string(to) : "off");
    }
    return text;
  }
  static retro::kit::ChanceLabels labels() {
    return {.value_name = "P", .value_key = "win_probability",
            .value_meaning = "chance the side to move bears off first", .outcome = "roll",
            .choice = "play"};
  }

 private:
  Rules(int points, int checkers) : points_(points), checkers_(checkers) {}
  static std::array<int, 2> Dice(int outcome) {
    if (outcome < 6) return {outcome + 1, outcome + 1};
    int high = 2, rest = outcome - 6;
    while (rest >= high - 1) rest -= high - 1, ++high;
    return {high, rest + 1};
  }
  std::span<int> Bins(Side& s) const { return {s.data(), static_cast<size_t>(points_ + 1)}; }
  uint64_t Rank(Side s) const { return retro::CompositionRank(Bins(s)); }
  int Pips(const Side& s) const {
    int pips = 0;
    for (int q = 1; q <= points_; ++q) pips += q * s[q - 1];
    return pips;
  }
  template <typename Visit>
  void Play(const Position& p, std::vector<int> dice, Move& move, Visit& visit) const {
    if (move.steps.size() == dice.size() || p.mover[points_] == checkers_) {
      return visit(move, Position{p.other, p.mover});
    }
    const int die = dice[move.steps.size()];
    bool higher = false;  // a checker above `from`: then a higher die cannot bear it off
    for (int from = points_; from >= 1; higher = higher || p.mover[from - 1] > 0, --from) {
      if (p.mover[from - 1] == 0 || (from < die && higher)) continue;
      Position next = p;
      const int to = std::max(from - die, 0);
      --next.mover[from - 1];
      ++next.mover[to > 0 ? to - 1 : points_];
      move.steps.push_back({from, to});
      Play(next, dice, move, visit);
      move.steps.pop_back();
    }
  }
  std::string Format(const Side& s) const {
    std::string text;
    for (int q = points_; q >= 1; --q) text.append(s[q - 1], static_cast<char>('0' + q));
    return text;
  }
  bool Parse(const std::string& text, Side* s) const {
    s->at(points_) = checkers_ - static_cast<int>(text.size());
    for (const char c : text) {
      if (c < '1' || c > '0' + points_) return false;
      ++(*s)[c - '1'];
    }
    return !text.empty() && s->at(points_) >= 0;
  }

  int points_, checkers_;
};

}  // namespace bearoff

#endif  // BEAROFF_RULES_H_
