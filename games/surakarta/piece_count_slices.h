// Surakarta's tables as one sliced indexer: a per-table scheme
// (FuChouIndexer, TableRankIndexer, SymmetricIndexer: one object per piece
// count) for n = 0..max_pieces, side by side as a retro::SlicedIndexer whose
// slice is the piece count (retro::TableSlices). Generic code, the tests and
// the rules (plugins/surakarta/rules.h) number positions through it.
#ifndef GAMES_SURAKARTA_PIECE_COUNT_SLICES_H_
#define GAMES_SURAKARTA_PIECE_COUNT_SLICES_H_

#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "games/surakarta/board.h"
#include "games/surakarta/position.h"
#include "retro/status_macros.h"
#include "retro/table_slices.h"

namespace retro::surakarta {

// The slice of a position: its number of pieces.
struct PieceCount {
  int operator()(const Position& p) const { return PopCount(p.us | p.them); }
};

template <typename Scheme>
using PieceCountSlices = TableSlices<Scheme, PieceCount>;

// Scheme::Create(n) for n = 0..max_pieces; fails where one does.
template <typename Scheme>
absl::StatusOr<PieceCountSlices<Scheme>> MakePieceCountSlices(int max_pieces) {
  std::vector<Scheme> tables;
  for (int n = 0; n <= max_pieces; ++n) {
    RETRO_ASSIGN_OR_RETURN(Scheme scheme, Scheme::Create(n));
    tables.push_back(std::move(scheme));
  }
  return PieceCountSlices<Scheme>(std::move(tables));
}

}  // namespace retro::surakarta

#endif  // GAMES_SURAKARTA_PIECE_COUNT_SLICES_H_
