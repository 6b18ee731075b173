// Tic-tac-toe as plain C++: the board, its legality and state (moves are in
// rules.h). Cells are 0..8 row by row from the top left (1..9 for people); x
// moves first, so the side to move follows from the piece counts.
#ifndef TICTACTOE_POSITION_H_
#define TICTACTOE_POSITION_H_

#include <bit>
#include <cstdint>

namespace tictactoe {

inline constexpr int kCells = 9;
inline constexpr uint16_t kFullBoard = (1u << kCells) - 1;

enum class Player : uint8_t { kX, kO };
constexpr Player Opponent(Player p) { return p == Player::kX ? Player::kO : Player::kX; }

// True when the cells of `mask` hold one of the eight lines of three.
constexpr bool HasLine(uint16_t mask) {
  for (const uint16_t line : {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124}) {
    if ((mask & line) == line) return true;
  }
  return false;
}

// A board: one bit mask of cells per player (IsLegal: can it arise in a game?).
struct Position {
  uint16_t x = 0, o = 0;

  constexpr uint16_t Mask(Player p) const { return p == Player::kX ? x : o; }
  constexpr uint16_t Empty() const { return kFullBoard & ~(x | o); }
  constexpr Player ToMove() const {
    return std::popcount(x) == std::popcount(o) ? Player::kX : Player::kO;
  }
  // The position after the side to move puts a piece on empty `cell`.
  constexpr Position Play(int cell) const {
    Position next = *this;
    (ToMove() == Player::kX ? next.x : next.o) |= static_cast<uint16_t>(1u << cell);
    return next;
  }
  friend constexpr bool operator==(const Position&, const Position&) = default;
};

// Why `p` cannot arise in a game, or nullptr when it can: the counts must
// fit "x first, then alternate", and play stops at the first line, so at
// most the player who moved last has one. (Every such board is reachable;
// the tests enumerate the 5,478.)
constexpr const char* Illegality(Position p) {
  if ((p.x & p.o) != 0 || ((p.x | p.o) & ~kFullBoard) != 0) return "a cell holds two pieces";
  const int xs = std::popcount(p.x), os = std::popcount(p.o);
  if (xs != os && xs != os + 1) {
    return "x moves first, so x has as many pieces as o or one more";
  }
  if (HasLine(p.x) && HasLine(p.o)) return "both x and o have three in a row";
  if (HasLine(p.x) && xs == os) return "x has three in a row, but o moved after it";
  if (HasLine(p.o) && xs == os + 1) return "o has three in a row, but x moved after it";
  return nullptr;
}
constexpr bool IsLegal(Position p) { return Illegality(p) == nullptr; }

// How a legal position stands (only the player who just moved can have a line).
enum class GameState : uint8_t { kOngoing, kLost, kDrawn };
constexpr GameState State(Position p) {
  if (HasLine(p.Mask(Opponent(p.ToMove())))) return GameState::kLost;
  return p.Empty() == 0 ? GameState::kDrawn : GameState::kOngoing;
}

}  // namespace tictactoe

#endif  // TICTACTOE_POSITION_H_
