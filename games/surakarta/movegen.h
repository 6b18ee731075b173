// Move generation for Surakarta on bitboards: steps (one point in any of the
// eight directions onto an empty point) and captures along the circuits, as
// in the specification. Hot paths are inline and table driven.
#ifndef GAMES_SURAKARTA_MOVEGEN_H_
#define GAMES_SURAKARTA_MOVEGEN_H_

#include <array>

#include "games/surakarta/board.h"
#include "games/surakarta/circuits.h"
#include "games/surakarta/move.h"

namespace retro::surakarta {

namespace internal {
constexpr std::array<Bitboard, kSquares> MakeNeighbours() {
  std::array<Bitboard, kSquares> result{};
  for (int s = 0; s < kSquares; ++s) {
    for (int dr = -1; dr <= 1; ++dr) {
      for (int dc = -1; dc <= 1; ++dc) {
        const int r = RowOf(s) + dr, c = ColumnOf(s) + dc;
        if ((dr != 0 || dc != 0) && r >= 0 && r < kRows && c >= 0 && c < kColumns) {
          result[s] |= SquareBit(MakeSquare(r, c));
        }
      }
    }
  }
  return result;
}
inline constexpr std::array<Bitboard, kSquares> kNeighbours = MakeNeighbours();
}  // namespace internal

// The (up to eight) points adjacent to `square`.
inline Bitboard Neighbours(int square) { return internal::kNeighbours[square]; }

// Points a piece on `from` can step to, given the set of occupied points.
inline Bitboard StepTargets(int from, Bitboard occupied) {
  return internal::kNeighbours[from] & ~occupied;
}

// The first pieces met by a capture walk from `from` along each of its rays
// (after at least one arc; a ray blocked before its first arc meets
// nothing), given all occupied points. Depends on the occupied set only:
// the captures of the piece are the enemy pieces among these.
inline Bitboard CaptureFirstHits(int from, Bitboard occupied) {
  const SquareRays& rays = RaysOf(from);
  // The mover's own start square counts as empty.
  occupied &= ~SquareBit(from);
  Bitboard hits = 0;
  for (int r = 0; r < rays.count; ++r) {
    const CaptureRay& ray = rays.rays[r];
    // Any piece met before the first arc blocks (own piece or no jumping).
    if (ray.before_arc & occupied) continue;
    // The first piece met after the arc: the occupied square reached first.
    Bitboard met = ray.after_arc & occupied;
    if (met == 0) continue;
    int first = PopLowest(met);
    while (met) {
      const int s = PopLowest(met);
      if (ray.first_step[s] < ray.first_step[first]) first = s;
    }
    hits |= SquareBit(first);
  }
  return hits;
}

// Appends all legal moves of the side owning `us` (captures first, then
// steps) to `list`, which is cleared first.
inline void GenerateMoves(Bitboard us, Bitboard them, MoveList& list) {
  list.clear();
  const Bitboard occupied = us | them;
  if (them != 0) {
    for (Bitboard pieces = us & ~kCorners; pieces;) {
      const int from = PopLowest(pieces);
      for (Bitboard t = CaptureFirstHits(from, occupied) & them; t;) {
        list.push_back(Move{static_cast<uint8_t>(from), static_cast<uint8_t>(PopLowest(t)), true});
      }
    }
  }
  for (Bitboard pieces = us; pieces;) {
    const int from = PopLowest(pieces);
    for (Bitboard t = StepTargets(from, occupied); t;) {
      list.push_back(Move{static_cast<uint8_t>(from), static_cast<uint8_t>(PopLowest(t)), false});
    }
  }
}

}  // namespace retro::surakarta

#endif  // GAMES_SURAKARTA_MOVEGEN_H_
