// A Surakarta position as two bitboards, normalised so that the side to move
// is always "us". The colour of the side to move (X moves first from ranks
// 1-2, O from ranks 5-6) only matters for notation.
#ifndef GAMES_SURAKARTA_POSITION_H_
#define GAMES_SURAKARTA_POSITION_H_

#include <cstdint>

#include "games/surakarta/board.h"
#include "games/surakarta/move.h"
#include "games/surakarta/movegen.h"

namespace retro::surakarta {

// The two players, named by their notation letters.
enum class Color : uint8_t { kX = 0, kO = 1 };

// The other player.
constexpr Color Opponent(Color c) { return c == Color::kX ? Color::kO : Color::kX; }

// A position: the pieces of the side to move (`us`), of the opponent
// (`them`), and the colour of the side to move. Two positions with the same
// bitboards have the same game value whatever `to_move` is.
struct Position {
  Bitboard us = 0;
  Bitboard them = 0;
  Color to_move = Color::kX;

  int piece_count() const { return PopCount(us | them); }

  // The pieces of player `c`.
  Bitboard pieces(Color c) const { return c == to_move ? us : them; }

  friend bool operator==(const Position&, const Position&) = default;
};

// Builds a position from the pieces of each colour.
inline Position MakePosition(Bitboard x, Bitboard o, Color to_move) {
  return to_move == Color::kX ? Position{x, o, to_move} : Position{o, x, to_move};
}

// The start position: X on ranks 1-2 to move, O on ranks 5-6.
inline Position StartPosition() {
  const Bitboard x = (Bitboard{1} << 12) - 1;  // ranks 1 and 2
  return MakePosition(x, x << 24, Color::kX);  // O: ranks 5 and 6
}

// The position, X to move, whose pieces stand on `occupied`, ours where
// `colours` has a bit (bit i for the i-th lowest point: ExtractBits(us,
// occupied) gives it back).
inline Position PlacementOf(Bitboard occupied, uint64_t colours) {
  const Bitboard us = DepositBits(colours, occupied);
  return Position{us, occupied & ~us};
}

// The legal moves of `p` (captures first, then steps).
inline void GenerateMoves(const Position& p, MoveList& list) { GenerateMoves(p.us, p.them, list); }

// The position after `move`, which must be legal in `p`; the opponent is to
// move in the result.
inline Position PlayMove(const Position& p, Move move) {
  return {.us = move.capture ? p.them & ~SquareBit(move.to) : p.them,
          .them = p.us ^ (SquareBit(move.from) | SquareBit(move.to)),
          .to_move = Opponent(p.to_move)};
}

}  // namespace retro::surakarta

#endif  // GAMES_SURAKARTA_POSITION_H_
