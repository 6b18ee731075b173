// Perft: the number of leaves of the move tree of a given depth, counting
// distinct (from, to) moves. The standard correctness check of a move
// generator against published counts.
#ifndef GAMES_SURAKARTA_PERFT_H_
#define GAMES_SURAKARTA_PERFT_H_

#include <cstdint>

#include "games/surakarta/position.h"

namespace retro::surakarta {

// Leaves of the move tree of depth `depth` below `p` (1 for depth 0). Games
// are not stopped by repetition or the 50-ply rule; a side without pieces or
// moves simply has no children.
uint64_t Perft(const Position& p, int depth);

}  // namespace retro::surakarta

#endif  // GAMES_SURAKARTA_PERFT_H_
