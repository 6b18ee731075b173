// Implementation of Perft (see perft.h): plain recursion with bulk counting
// at the last ply.
#include "games/surakarta/perft.h"

#include "games/surakarta/movegen.h"

namespace retro::surakarta {

uint64_t Perft(const Position& p, int depth) {
  if (depth <= 0) return 1;
  MoveList moves;
  GenerateMoves(p, moves);
  if (depth == 1) return static_cast<uint64_t>(moves.size());
  uint64_t leaves = 0;
  for (const Move& m : moves) leaves += Perft(PlayMove(p, m), depth - 1);
  return leaves;
}

}  // namespace retro::surakarta
