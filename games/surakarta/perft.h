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
// moves simply has no children. Plain recursion with bulk counting at the
// last ply.
inline uint64_t Perft(const Position& p, int depth) {
  if (depth <= 0) return 1;
  MoveList moves;
  GenerateMoves(p, moves);
  if (depth == 1) return static_cast<uint64_t>(moves.size());
  uint64_t leaves = 0;
  for (const Move& m : moves) leaves += Perft(PlayMove(p, m), depth - 1);
  return leaves;
}

}  // namespace retro::surakarta

#endif  // GAMES_SURAKARTA_PERFT_H_
