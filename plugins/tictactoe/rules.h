// Tic-tac-toe for the loopy win/draw/loss kit (retro/kit/loopy_wdl_rules.h):
// the indexer (one slice of 3^9 boards, cell c a base-3 digit of weight 3^c:
// 0 empty, 1 x, 2 o), moves, take-backs, notation and optional hooks (the
// picture and first position of retro explore among them).
#ifndef TICTACTOE_RULES_H_
#define TICTACTOE_RULES_H_

#include <bit>
#include <cstdint>
#include <optional>
#include <string>

#include "board_svg.h"
#include "notation.h"
#include "position.h"
#include "retro/kit/loopy_wdl_rules.h"

namespace tictactoe {

inline constexpr uint64_t kIndexCount = 19683;  // 3^9

constexpr uint64_t Rank(Position p) {
  uint64_t index = 0;
  for (int cell = kCells - 1; cell >= 0; --cell) {
    index = 3 * index + ((p.x >> cell) & 1) + 2 * ((p.o >> cell) & 1);
  }
  return index;
}
constexpr Position Unrank(uint64_t index) {
  Position p;
  for (int cell = 0; cell < kCells; ++cell, index /= 3) {
    if (index % 3 != 0) (index % 3 == 1 ? p.x : p.o) |= static_cast<uint16_t>(1u << cell);
  }
  return p;
}

class Rules {
 public:
  using Position = tictactoe::Position;
  using Move = int;  // the cell, 0..8

  int num_slices() const { return 1; }
  uint64_t slice_size(int) const { return kIndexCount; }
  std::string slice_name(int) const { return "positions"; }
  Position Unrank(int, uint64_t index) const { return tictactoe::Unrank(index); }
  retro::SliceIndex Rank(const Position& p) const { return {0, tictactoe::Rank(p)}; }
  bool IsPosition(const Position& p) const { return IsLegal(p); }

  std::optional<retro::WdlOutcome> Outcome(const Position& p) const {
    if (State(p) == GameState::kOngoing) return std::nullopt;
    return State(p) == GameState::kLost ? retro::WdlOutcome::Loss(0) : retro::WdlOutcome::Draw();
  }
  // Calls visit(cell, child) per move: a piece of the side to move on an
  // empty cell, unless the game is over.
  template <typename Visit>
  void ForEachMove(const Position& p, Visit&& visit) const {
    if (State(p) != GameState::kOngoing) return;
    for (uint16_t empty = p.Empty(); empty != 0; empty &= empty - 1) {
      visit(std::countr_zero(empty), p.Play(std::countr_zero(empty)));
    }
  }
  // Calls visit(parent) per unfinished position with a move here: take back
  // a piece of the player who moved last, if nobody had a line.
  template <typename Visit>
  void ForEachTakeBack(const Position& p, Visit&& visit) const {
    const Player last = Opponent(p.ToMove());
    for (uint16_t mine = p.Mask(last); mine != 0; mine &= mine - 1) {
      Position parent = p;
      (last == Player::kX ? parent.x : parent.o) &= static_cast<uint16_t>(~(mine & -mine));
      if (!HasLine(parent.x) && !HasLine(parent.o)) visit(parent);
    }
  }

  std::string Format(const Position& p) const { return FormatPosition(p); }
  absl::StatusOr<Position> Parse(const std::string& text) const { return ParsePosition(text); }
  std::string FormatMove(const Position&, Move cell) const { return CellName(cell); }

  // Optional hooks: the count of legal boards, the side to move, why a game
  // is over, a bound on distances (refused beyond it when opening a file),
  // a draw's length, and stats by the number of pieces on the board.
  uint64_t CountPositions() const { return 5478; }  // the tests enumerate them
  std::string SideToMove(const Position& p) const { return PlayerName(p.ToMove()); }
  std::string GameOverReason(const Position& p) const {
    return State(p) == GameState::kDrawn ? "the board is full"
                                         : PlayerName(Opponent(p.ToMove())) + " has three in a row";
  }
  int MaxPlies(const Position& p) const { return std::popcount(p.Empty()); }
  int DrawPlies(const Position& p) const { return std::popcount(p.Empty()); }
  std::string stats_group_label() const { return "pieces"; }
  int num_stats_groups() const { return kCells + 1; }
  int StatsGroup(const Position& p) const { return std::popcount(p.x) + std::popcount(p.o); }
  std::string stats_group_name(int pieces) const { return std::to_string(pieces); }
  // retro explore: the board drawn (board_svg.h), and the empty board to
  // start from.
  std::string RenderSvg(const Position& p) const { return BoardSvg(p); }
  Position StartPosition() const { return {}; }
};

}  // namespace tictactoe

#endif  // TICTACTOE_RULES_H_
