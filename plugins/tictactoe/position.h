// Tic-tac-toe as plain C++: the position, the rules and move generation.
// Nothing here knows about retro; the plugin glue (solver_game.h, module.cc,
// database.cc) builds on it.
//
// Cells are numbered 1..9 for people and 0..8 in code, row by row from the
// top left:
//
//   1 2 3
//   4 5 6
//   7 8 9
//
// x moves first, so the side to move follows from the piece counts: x when
// both have as many pieces, o when x has one more.
#ifndef TICTACTOE_POSITION_H_
#define TICTACTOE_POSITION_H_

#include <array>
#include <bit>
#include <cstdint>

namespace tictactoe {

inline constexpr int kCells = 9;
inline constexpr uint16_t kFullBoard = (1u << kCells) - 1;

enum class Player : uint8_t { kX, kO };

// The bit of `cell` (0..8) in a board mask.
constexpr uint16_t CellBit(int cell) {
  return static_cast<uint16_t>(1u << cell);
}

constexpr Player Opponent(Player p) {
  return p == Player::kX ? Player::kO : Player::kX;
}

// The eight lines of three cells, as bit masks over cells 0..8.
inline constexpr std::array<uint16_t, 8> kLines = {
    0b000000111, 0b000111000, 0b111000000,  // rows
    0b001001001, 0b010010010, 0b100100100,  // columns
    0b100010001, 0b001010100,               // diagonals
};

// True when the cells of `mask` contain a whole line.
constexpr bool HasLine(uint16_t mask) {
  for (const uint16_t line : kLines) {
    if ((mask & line) == line) return true;
  }
  return false;
}

// A board: one bit mask of cells per player. Any pair of disjoint masks is
// representable; IsLegal() says whether it can arise in a game.
struct Position {
  uint16_t x = 0;
  uint16_t o = 0;

  // Cells holding a piece of `player`.
  constexpr uint16_t Mask(Player player) const {
    return player == Player::kX ? x : o;
  }
  constexpr uint16_t Empty() const { return kFullBoard & ~(x | o); }
  constexpr int Pieces() const {
    return std::popcount(static_cast<uint16_t>(x | o));
  }

  // The side to move (meaningful for legal positions).
  constexpr Player ToMove() const {
    return std::popcount(x) == std::popcount(o) ? Player::kX : Player::kO;
  }

  // The position after the side to move puts a piece on empty `cell` (0..8).
  constexpr Position Play(int cell) const {
    Position next = *this;
    if (ToMove() == Player::kX) {
      next.x |= CellBit(cell);
    } else {
      next.o |= CellBit(cell);
    }
    return next;
  }

  friend constexpr bool operator==(const Position&, const Position&) = default;
};

// Why a position cannot arise in a game from the empty board, if it cannot.
enum class Illegality : uint8_t {
  kNone,             // legal
  kOverlap,          // a cell holds both pieces
  kBadCounts,        // x has neither as many pieces as o nor one more
  kBothLines,        // both players have three in a row
  kPlayedAfterXWon,  // x has a line, yet o has moved since
  kPlayedAfterOWon,  // o has a line, yet x has moved since
};

// A position is legal when the counts fit "x moves first, players
// alternate", at most one player has a line, and that player made the last
// move (play stops at the first line). Every legal position is reachable
// from the empty board (a player with a line has at most five pieces, so the
// line can always have been completed by the last move), which the tests
// check by enumeration: there are 5,478.
constexpr Illegality CheckLegal(Position p) {
  if ((p.x & p.o) != 0 || ((p.x | p.o) & ~kFullBoard) != 0) {
    return Illegality::kOverlap;
  }
  const int xs = std::popcount(p.x), os = std::popcount(p.o);
  if (xs != os && xs != os + 1) return Illegality::kBadCounts;
  const bool x_line = HasLine(p.x), o_line = HasLine(p.o);
  if (x_line && o_line) return Illegality::kBothLines;
  if (x_line && xs == os) return Illegality::kPlayedAfterXWon;
  if (o_line && xs == os + 1) return Illegality::kPlayedAfterOWon;
  return Illegality::kNone;
}

constexpr bool IsLegal(Position p) {
  return CheckLegal(p) == Illegality::kNone;
}

// How a legal position stands.
enum class GameState : uint8_t {
  kOngoing,  // the side to move has at least one move
  kLost,     // the opponent has three in a row: the side to move has lost
  kDrawn,    // the board is full and nobody has a line
};

// The state of legal position `p`. The player who just moved is the only
// one who can have a line.
constexpr GameState State(Position p) {
  if (HasLine(p.Mask(Opponent(p.ToMove())))) return GameState::kLost;
  if (p.Empty() == 0) return GameState::kDrawn;
  return GameState::kOngoing;
}

// Calls visit(cell, child) for every move of legal position `p` (none when
// the game is over), in increasing cell order.
template <typename Visit>
constexpr void ForEachMove(Position p, Visit&& visit) {
  if (State(p) != GameState::kOngoing) return;
  for (uint16_t empty = p.Empty(); empty != 0; empty &= empty - 1) {
    const int cell = std::countr_zero(empty);
    visit(cell, p.Play(cell));
  }
}

// Calls visit(parent) for every legal, unfinished position from which one
// move leads to legal position `p`: take back one piece of the player who
// moved last, provided nobody had a line before that move.
template <typename Visit>
constexpr void ForEachParent(Position p, Visit&& visit) {
  const Player last = Opponent(p.ToMove());
  for (uint16_t mine = p.Mask(last); mine != 0; mine &= mine - 1) {
    const uint16_t bit = CellBit(std::countr_zero(mine));
    Position parent = p;
    if (last == Player::kX) {
      parent.x &= static_cast<uint16_t>(~bit);
    } else {
      parent.o &= static_cast<uint16_t>(~bit);
    }
    if (!HasLine(parent.x) && !HasLine(parent.o)) visit(parent);
  }
}

// Leaf count of the move tree of legal position `p` to `depth` plies; games
// that end earlier contribute nothing to deeper counts.
constexpr uint64_t Perft(Position p, int depth) {
  if (depth == 0) return 1;
  uint64_t leaves = 0;
  ForEachMove(p,
              [&](int, Position child) { leaves += Perft(child, depth - 1); });
  return leaves;
}

}  // namespace tictactoe

#endif  // TICTACTOE_POSITION_H_
