// Kalah for the finite-horizon kit, its example of a move that keeps the turn: each side has H
// houses and a store. A move takes every seed of one of the mover's houses and sows them one a
// pit onwards: the mover's later houses, its store, the opponent's houses (never the opponent's
// store), round again. A last seed in the mover's store earns another move; a last seed in an
// empty house of the mover's captures it and the seeds of the house facing it, if any, into the
// store. When either side's houses are empty the game ends and each side stores its own seeds.
// The database holds V_t(board): the most the side to move can store more than the opponent
// with t plies left to play (every move a ply, extra ones too).
#ifndef PLUGINS_KALAH_RULES_H_
#define PLUGINS_KALAH_RULES_H_

#include <array>
#include <cstdint>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/combinatorics.h"
#include "retro/contract/checkable_game.h"
#include "retro/kit/finite_horizon_words.h"
#include "retro/parameters.h"
#include "retro/status_macros.h"

namespace kalah {

class Rules {
 public:
  // The houses in sowing order from the side to move's: its own H, then the opponent's H.
  using Position = std::array<int, 12>;
  using Move = int;  // the house emptied, 0 .. H - 1
  static constexpr int kMaxMoves = 6;
  static constexpr bool kMovesMayKeepTurn = true;  // visit takes keeps_turn

  static std::vector<retro::ParameterSpec> Parameters() {
    return {{"houses", "H", "houses a side, 1..6", "3", {}},
            {"seeds", "S", "the most seeds on the board, 1..9", "6", {}},
            {"plies", "T", "the plies to solve, 1..60", "16", {}}};
  }
  static absl::StatusOr<Rules> Create(const retro::ParameterValues& values) {
    RETRO_ASSIGN_OR_RETURN(const int64_t houses, retro::GetIntParameter(values, "houses", 1, 6));
    RETRO_ASSIGN_OR_RETURN(const int64_t seeds, retro::GetIntParameter(values, "seeds", 1, 9));
    RETRO_ASSIGN_OR_RETURN(const int64_t plies, retro::GetIntParameter(values, "plies", 1, 60));
    return Rules(static_cast<int>(houses), static_cast<int>(seeds), static_cast<int>(plies));
  }

  // Slice n holds the boards of n seeds (a seed stored leaves the board: an earlier slice),
  // indexed by the composition rank of the 2H houses' seeds.
  int num_slices() const { return seeds_ + 1; }
  uint64_t slice_size(int n) const { return retro::CompositionCount(n, 2 * houses_); }
  std::string slice_name(int n) const { return absl::StrCat("seeds-", n); }
  Position Unrank(int n, uint64_t index) const {
    Position p{};
    retro::CompositionUnrank(index, n, Houses(p));
    return p;
  }
  retro::SliceIndex Rank(Position p) const {
    return {std::accumulate(p.begin(), p.end(), 0), retro::CompositionRank(Houses(p))};
  }

  int horizon() const { return plies_; }
  int LimitValue(const Position&) const { return 0; }
  int TerminalValue(const Position& p) const { return Side(p, 0) - Side(p, houses_); }
  int MinValue(int n) const { return -n; }
  int MaxValue(int n) const { return n; }
  template <typename Visit>
  void ForEachMove(const Position& p, Visit&& visit) const {
    if (Side(p, 0) == 0 || Side(p, houses_) == 0) return;  // the game is over
    for (int house = 0; house < houses_; ++house) {
      if (p[house] == 0) continue;
      // Pits in sowing order: houses 0..H-1, the store (H), the opponent's houses H+1..2H.
      Position next = p;
      int seeds = next[house], pit = house, stored = 0;
      next[house] = 0;
      for (; seeds > 0; --seeds) {
        pit = (pit + 1) % (2 * houses_ + 1);
        if (pit == houses_) ++stored;
        if (pit != houses_) ++next[pit < houses_ ? pit : pit - 1];
      }
      const int facing = 2 * houses_ - 1 - pit;
      if (pit < houses_ && next[pit] == 1 && next[facing] > 0) {
        stored += 1 + next[facing];
        next[pit] = next[facing] = 0;
      }
      const bool again = pit == houses_;  // the last seed in the store: the mover plays again
      visit(house, again ? next : Turned(next), stored, again);
    }
  }

  // Notation: the side to move's houses, then the opponent's, each in sowing order: "302/011".
  // A move: the house's number in sowing order, 1..H.
  std::string Format(const Position& p) const {
    std::string text;
    for (int h = 0; h < 2 * houses_; ++h) {
      absl::StrAppend(&text, h == houses_ ? "/" : "", p[h]);
    }
    return text;
  }
  absl::StatusOr<Position> Parse(const std::string& text) const {
    Position p{};
    int total = 0;
    bool ok = static_cast<int>(text.size()) == 2 * houses_ + 1 && text[houses_] == '/';
    for (int h = 0; ok && h < 2 * houses_; ++h) {
      const char c = text[h < houses_ ? h : h + 1];
      ok = c >= '0' && c <= '9';
      total += p[h] = c - '0';
    }
    if (ok && total <= seeds_) return p;
    return absl::InvalidArgumentError(absl::StrCat(
        "'", text, "' is not ", houses_, " digits, '/', ", houses_, " digits (the houses of the ",
        "side to move, then the opponent's) of at most ", seeds_, " seeds in all, e.g. 302/011"));
  }
  std::string FormatMove(const Position&, Move house) const { return std::to_string(house + 1); }
  retro::kit::FiniteHorizonWords words() const { return {.reward = "stored"}; }

 private:
  Rules(int houses, int seeds, int plies) : houses_(houses), seeds_(seeds), plies_(plies) {}
  std::span<int> Houses(Position& p) const { return {p.data(), static_cast<size_t>(2 * houses_)}; }
  int Side(const Position& p, int first) const {
    return std::accumulate(p.begin() + first, p.begin() + first + houses_, 0);
  }
  // The board from the opponent's side.
  Position Turned(const Position& p) const {
    Position turned{};
    for (int h = 0; h < 2 * houses_; ++h) turned[h] = p[(h + houses_) % (2 * houses_)];
    return turned;
  }

  int houses_ = 3, seeds_ = 6, plies_ = 16;
};

}  // namespace kalah

#endif  // PLUGINS_KALAH_RULES_H_
