// Adapts a per-table Surakarta indexer (FuChouIndexer, TableRankIndexer,
// SymmetricIndexer: one object per piece count, Size() / Rank(p) /
// Unrank(rank)) to the framework's retro::SlicedIndexer contract, whose slice
// is the piece count: Size(n), Rank(p) within the table of p's piece count,
// Unrank(n, rank). The per-table shape is what the builder uses (a table is
// solved with one fixed piece count), so this adapter exists for generic
// code and the tests.
#ifndef GAMES_SURAKARTA_PIECE_COUNT_SLICES_H_
#define GAMES_SURAKARTA_PIECE_COUNT_SLICES_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "games/surakarta/board.h"
#include "games/surakarta/position.h"

namespace retro::surakarta {

// The tables 0..max_pieces of one scheme, sliced by piece count.
template <typename Scheme>
class PieceCountSlices {
 public:
  // Builds Scheme::Create(n) for n = 0..max_pieces; fails where it does.
  static absl::StatusOr<PieceCountSlices> Create(int max_pieces) {
    PieceCountSlices slices;
    for (int n = 0; n <= max_pieces; ++n) {
      absl::StatusOr<Scheme> scheme = Scheme::Create(n);
      if (!scheme.ok()) return scheme.status();
      slices.tables_.push_back(*std::move(scheme));
    }
    return slices;
  }

  int max_pieces() const { return static_cast<int>(tables_.size()) - 1; }
  const Scheme& table(int pieces) const { return tables_[pieces]; }

  uint64_t Size(int pieces) const { return tables_[pieces].Size(); }
  uint64_t Rank(const Position& p) const {
    return tables_[PopCount(p.us | p.them)].Rank(p.us, p.them);
  }
  Position Unrank(int pieces, uint64_t rank) const {
    return tables_[pieces].Unrank(rank);
  }

 private:
  PieceCountSlices() = default;

  std::vector<Scheme> tables_;
};

}  // namespace retro::surakarta

#endif  // GAMES_SURAKARTA_PIECE_COUNT_SLICES_H_
