// Construction helpers for Position.
#include "games/surakarta/position.h"

namespace retro::surakarta {

Position StartPosition() {
  const Bitboard x = (Bitboard{1} << 12) - 1;  // ranks 1 and 2
  const Bitboard o = x << 24;                  // ranks 5 and 6
  return MakePosition(x, o, Color::kX);
}

}  // namespace retro::surakarta
