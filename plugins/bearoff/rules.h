// The bearoff race, the chance kit's two-player example: two sides bear off up to C checkers
// each from points 1..P of their home boards with two dice, as in backgammon (doubles play
// four times; a die higher than every checker bears off the highest one). The value is the
// chance that the side to move bears off first; a choice hands the turn to the opponent.
#ifndef BEAROFF_RULES_H_
#define BEAROFF_RULES_H_

#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "retro/combinatorics.h"
#include "retro/dice.h"
#include "retro/kit/chance_rules.h"
#include "retro/parameters.h"
#include "retro/status_macros.h"

namespace bearoff {

class Rules {
 public:
  using Side = std::array<int, 7>;  // checkers on points 1..P at [0..P-1], then those off
  struct Position { Side mover{}, other{}; };  // the side to move, its opponent
  using Move = std::string;  // the play as its notation: "3/1 2/off"
  static constexpr int kNumOutcomes = 21;  // the rolls of retro::DiceRolls(2)
  static constexpr retro::chance::Objective kObjective = retro::chance::Objective::kMaximize;
  // Two players: the opponent moves next, and a chance v of the opponent's is 1 - v of ours.
  static constexpr retro::chance::TurnOrder kTurnOrder = retro::chance::TwoPlayers(1.0);

  static std::vector<retro::ParameterSpec> Parameters() {
    return {{"points", "P", "home points in play, 1..6", "6", {}},
            {"checkers", "C", "checkers a side, 1..6", "3", {}}};
  }
  static absl::StatusOr<Rules> Create(const retro::ParameterValues& values) {
    RETRO_ASSIGN_OR_RETURN(const int64_t points, retro::GetIntParameter(values, "points", 1, 6));
    RETRO_ASSIGN_OR_RETURN(const int64_t checkers,
                           retro::GetIntParameter(values, "checkers", 1, 6));
    return Rules(static_cast<int>(points), static_cast<int>(checkers));
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
  retro::SliceIndex Rank(Position p) const {
    const uint64_t mover = retro::CompositionRank(Bins(p.mover)) - 1;
    return {0, mover * (sides() - 1) + retro::CompositionRank(Bins(p.other)) - 1};
  }
  // Over when the opponent has borne off (Play stops there): the side to move lost.
  std::optional<double> Terminal(const Position& p) const {
    return p.other[points_] == checkers_ ? std::optional(0.0) : std::nullopt;
  }

  double OutcomeWeight(int o) const { return rolls_[o].weight / 36.0; }
  std::string FormatOutcome(int o) const {
    return absl::StrCat(rolls_[o].faces[1], "-", rolls_[o].faces[0]);  // high die first
  }
  double TurnReward() const { return 0; }
  // Every way to play the roll (a pair in both orders), a die moving one checker, until the
  // dice are used or the side is off. A die can always be played while checkers are left, so
  // no play uses fewer dice than it could. Plays reaching one afterstate repeat it.
  template <typename Visit>
  void ForEachChoice(const Position& p, int o, Visit&& visit) const {
    const int low = rolls_[o].faces[0], high = rolls_[o].faces[1];
    Move move;
    if (high == low) return Play(p, {high, high, high, high}, move, visit);
    Play(p, {low, high}, move, visit);  // dice are played from the back
    Play(p, {high, low}, move, visit);
  }
  int num_layers(int) const { return 2 * points_ * checkers_ + 1; }  // every play lowers the pips
  int Layer(const Position& p) const {
    int pips = 0;
    for (int q = 1; q <= points_; ++q) pips += q * (p.mover[q - 1] + p.other[q - 1]);
    return pips;
  }

  // Notation: each side's checkers by point, the side to move first: "331/2". Plays: "3/1 2/off".
  std::string Format(const Position& p) const {
    std::string text;
    for (const Side* s : {&p.mover, &p.other}) {
      if (s == &p.other) text += '/';
      for (int q = points_; q >= 1; --q) text.append((*s)[q - 1], static_cast<char>('0' + q));
    }
    return text;
  }
  absl::StatusOr<Position> Parse(const std::string& text) const {
    Position p;
    const std::vector<std::string> sides = absl::StrSplit(text, '/');
    bool ok = sides.size() == 2;
    for (int i = 0; ok && i < 2; ++i) {
      Side& s = i == 0 ? p.mover : p.other;
      s[points_] = checkers_ - static_cast<int>(sides[i].size());
      for (const char c : sides[i]) ok = ok && c >= '1' && c <= '0' + points_ && ++s[c - '1'];
      ok = ok && !sides[i].empty() && s[points_] >= 0;
    }
    if (ok) return p;
    return absl::InvalidArgumentError(absl::StrCat(
        "'", text, "' is not two sides of 1..", checkers_, " checkers on 1..", points_, ": 331/2"));
  }
  std::string FormatMove(const Position&, const Move& m) const { return m; }
  static retro::kit::ChanceLabels labels() {
    return {.value_name = "P", .value_key = "win_probability",
            .value_meaning = "chance the side to move bears off first", .outcome = "roll",
            .choice = "play"};
  }

 private:
  Rules(int points, int checkers) : points_(points), checkers_(checkers) {}
  std::span<int> Bins(Side& s) const { return {s.data(), static_cast<size_t>(points_ + 1)}; }
  template <typename Visit>
  void Play(const Position& p, std::vector<int> dice, Move& move, Visit& visit) const {
    if (dice.empty() || p.mover[points_] == checkers_) {
      return visit(move, Position{p.other, p.mover});  // the opponent to move
    }
    const int die = dice.back();
    dice.pop_back();
    bool higher = false;  // a checker above `from`: then a higher die cannot bear it off
    for (int from = points_; from >= 1; higher = higher || p.mover[from - 1] > 0, --from) {
      if (p.mover[from - 1] == 0 || (from < die && higher)) continue;
      Position next = p;
      const int to = std::max(from - die, 0);
      --next.mover[from - 1];
      ++next.mover[to > 0 ? to - 1 : points_];
      const size_t length = move.size();
      absl::StrAppend(&move, length ? " " : "", from, "/", to ? std::to_string(to) : "off");
      Play(next, dice, move, visit);
      move.resize(length);
    }
  }

  int points_, checkers_;
  std::vector<retro::DiceRoll> rolls_ = retro::DiceRolls(2);  // faces low to high, weight of 36
};

}  // namespace bearoff

#endif  // BEAROFF_RULES_H_
