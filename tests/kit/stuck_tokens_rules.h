// A test game for the loopy win/draw/loss kit's rule for a side without a
// legal move (retro/kit/no_legal_move.h): two tokens on a line of kLength
// cells, X heading right and O heading left, each moving one or two cells
// ahead, never onto the other token (jumping over it is fine). X wins on
// reaching the last cell, O on reaching the first. X just before the last
// cell with O on it has no legal move (and O just after the first with X on
// it), and the rules leave that to the declared rule
// (StuckTokensRules<kLoses>, <kDraws> or <kPasses>; Outcome only knows the
// goals). Positions read "X O side", e.g. "0 6 x"; a move is the cell the
// token moves to.
#ifndef RETRO_TESTS_KIT_STUCK_TOKENS_RULES_H_
#define RETRO_TESTS_KIT_STUCK_TOKENS_RULES_H_

#include <cstdint>
#include <optional>
#include <sstream>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/contract/checkable_game.h"
#include "retro/format/wdl.h"
#include "retro/kit/no_legal_move.h"

namespace stuck_tokens {

inline constexpr int kLength = 7;

// A position: the cells of the tokens and the side to move.
struct Position {
  int x = 0, o = kLength - 1;
  bool x_to_move = true;
  friend bool operator==(const Position&, const Position&) = default;
};

// The token's target cell.
using Move = int;

// The rules with `rule` for a side whose token cannot move.
template <retro::kit::NoLegalMove rule>
struct StuckTokensRules {
  using Position = stuck_tokens::Position;
  using Move = stuck_tokens::Move;
  static constexpr retro::kit::NoLegalMove kNoLegalMove = rule;

  int num_slices() const { return 1; }
  uint64_t slice_size(int) const { return 2 * kLength * kLength; }
  std::string slice_name(int) const { return "all"; }
  Position Unrank(int, uint64_t index) const {
    return {static_cast<int>(index / 2 / kLength), static_cast<int>(index / 2 % kLength),
            index % 2 == 0};
  }
  retro::SliceIndex Rank(const Position& p) const {
    return {0, (static_cast<uint64_t>(p.x) * kLength + p.o) * 2 + (p.x_to_move ? 0 : 1)};
  }
  // Two tokens on distinct cells, at most one at its goal, and not the
  // winner to move.
  bool IsPosition(const Position& p) const {
    const bool x_home = p.x == kLength - 1, o_home = p.o == 0;
    return p.x != p.o && !(x_home && o_home) && !(x_home && p.x_to_move) &&
           !(o_home && !p.x_to_move);
  }
  // Over when a token reached its goal: its opponent, to move, lost.
  std::optional<retro::WdlOutcome> Outcome(const Position& p) const {
    if (p.x == kLength - 1 || p.o == 0) return retro::WdlOutcome::Loss(0);
    return std::nullopt;
  }
  template <typename Visit>
  void ForEachMove(const Position& p, Visit&& visit) const {
    if (Outcome(p)) return;
    const int from = p.x_to_move ? p.x : p.o, other = p.x_to_move ? p.o : p.x;
    const int ahead = p.x_to_move ? 1 : -1;
    for (int step = 1; step <= 2; ++step) {
      const int to = from + step * ahead;
      if (to < 0 || to >= kLength) break;
      if (to == other) continue;  // no landing on it
      Position child = p;
      (p.x_to_move ? child.x : child.o) = to;
      child.x_to_move = !p.x_to_move;
      visit(to, child);
    }
  }
  // The parents by a move of the side that just moved (passes are the
  // kit's).
  template <typename Visit>
  void ForEachTakeBack(const Position& p, Visit&& visit) const {
    const bool x_moved = !p.x_to_move;
    const int to = x_moved ? p.x : p.o, other = x_moved ? p.o : p.x;
    const int ahead = x_moved ? 1 : -1;
    for (int step = 1; step <= 2; ++step) {
      const int from = to - step * ahead;
      if (from < 0 || from >= kLength) break;
      if (from == other) continue;
      Position parent = p;
      (x_moved ? parent.x : parent.o) = from;
      parent.x_to_move = x_moved;
      if (IsPosition(parent) && !Outcome(parent)) visit(parent);
    }
  }
  Position Pass(const Position& p) const {
    Position passed = p;
    passed.x_to_move = !p.x_to_move;
    return passed;
  }
  std::string Format(const Position& p) const {
    return absl::StrCat(p.x, " ", p.o, " ", p.x_to_move ? "x" : "o");
  }
  absl::StatusOr<Position> Parse(const std::string& text) const {
    std::istringstream in(text);
    Position p;
    std::string side, rest;
    if (!(in >> p.x >> p.o >> side) || (in >> rest) || (side != "x" && side != "o") ||
        p.x < 0 || p.x >= kLength || p.o < 0 || p.o >= kLength) {
      return absl::InvalidArgumentError(absl::StrCat(
          "'", text, "' is no position: expected \"X O side\", cells 0..", kLength - 1,
          " and side x or o"));
    }
    p.x_to_move = side == "x";
    if (!IsPosition(p)) return absl::InvalidArgumentError(absl::StrCat("'", text, "' cannot occur"));
    return p;
  }
  std::string FormatMove(const Position&, const Move& to) const { return std::to_string(to); }
  std::string SideToMove(const Position& p) const { return p.x_to_move ? "x" : "o"; }
};

}  // namespace stuck_tokens

#endif  // RETRO_TESTS_KIT_STUCK_TOKENS_RULES_H_
