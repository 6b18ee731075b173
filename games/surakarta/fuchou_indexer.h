// FuChou's bijective index of the n-piece table: every placement of n pieces
// on the 36 points, all splits between the side to move ("us") and the
// opponent. rank = CombinationRank(occupied) * 2^n + colours, where bit i of
// `colours` is set when the i-th lowest occupied point holds one of our
// pieces. Size C(36, n) * 2^n; ranking costs n table lookups and one PEXT.
// All colourings of one occupied set are consecutive.
#ifndef GAMES_SURAKARTA_FUCHOU_INDEXER_H_
#define GAMES_SURAKARTA_FUCHOU_INDEXER_H_

#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "games/surakarta/board.h"
#include "games/surakarta/combination.h"
#include "games/surakarta/position.h"

namespace retro::surakarta {

class FuChouIndexer {
 public:
  // The indexer of the table with `pieces` pieces, 0 <= pieces <= 36.
  static absl::StatusOr<FuChouIndexer> Create(int pieces) {
    if (pieces < 0 || pieces > kSquares) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad piece count ", pieces, ": a table holds 0 to ", kSquares, " pieces"));
    }
    return FuChouIndexer(pieces);
  }

  int pieces() const { return pieces_; }

  // Number of positions in the table.
  uint64_t Size() const { return size_; }

  // The rank of the placement (us, them); requires PopCount(us | them) ==
  // pieces() and disjoint sets.
  uint64_t Rank(Bitboard us, Bitboard them) const {
    const Bitboard occupied = us | them;
    return SetBase(occupied) | ExtractBits(us, occupied);
  }
  // The part of the rank fixed by the occupied set (the rank of its first
  // colouring), for a caller ranking many placements of few sets; the rank
  // of (us, them) is SetBase(us | them) | ExtractBits(us, us | them).
  uint64_t SetBase(Bitboard occupied) const { return CombinationRank(occupied) << pieces_; }
  uint64_t Rank(const Position& p) const { return Rank(p.us, p.them); }

  // The placement with rank `rank` < Size().
  void Unrank(uint64_t rank, Bitboard* us, Bitboard* them) const {
    const Bitboard occupied = CombinationUnrank(rank >> pieces_, pieces_);
    *us = DepositBits(rank & colour_mask_, occupied);
    *them = occupied & ~*us;
  }

  // The position with rank `rank` < Size(), X to move.
  Position Unrank(uint64_t rank) const {
    return PlacementOf(CombinationUnrank(rank >> pieces_, pieces_), rank & colour_mask_);
  }

 private:
  explicit FuChouIndexer(int pieces)
      : pieces_(pieces),
        colour_mask_((uint64_t{1} << pieces) - 1),
        size_(Binomial(kSquares, pieces) << pieces) {}

  int pieces_;
  uint64_t colour_mask_;
  uint64_t size_;
};

}  // namespace retro::surakarta

#endif  // GAMES_SURAKARTA_FUCHOU_INDEXER_H_
