// Construction helpers for Position.
#include "games/surakarta/position.h"

namespace retro::surakarta {

Position StartPosition() {
  const Bitboard x = (Bitboard{1} << 12) - 1;  // ranks 1 and 2
  const Bitboard o = x << 24;                  // ranks 5 and 6
  return MakePosition(x, o, Color::kX);
}

Position MakePosition(Bitboard x, Bitboard o, Color to_move) {
  Position p;
  p.to_move = to_move;
  p.us = to_move == Color::kX ? x : o;
  p.them = to_move == Color::kX ? o : x;
  return p;
}

}  // namespace retro::surakarta
