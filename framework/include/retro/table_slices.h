// Sliced indexing from one indexer per slice: games whose slices are
// separate tables (Surakarta's piece counts, Plakoto's checker counts) number
// each table with its own TableIndexer (retro/indexer.h); TableSlices puts
// them side by side as one SlicedIndexer, the slice of a position given by
// the game's `SliceOf` function object.
//
//   struct PieceCount {
//     int operator()(const Position& p) const { return p.piece_count(); }
//   };
//   TableSlices<FuChouIndexer, PieceCount> slices(std::move(tables));
//   slices.Rank(p);           // == tables[p.piece_count()].Rank(p)
#ifndef RETRO_TABLE_SLICES_H_
#define RETRO_TABLE_SLICES_H_

#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "retro/indexer.h"

namespace retro {

// Tables 0..num_slices() - 1, slice k numbered by tables[k]; a SlicedIndexer.
template <typename Table, typename SliceOf>
  requires TableIndexer<Table, TablePosition<Table>> &&
           std::is_invocable_r_v<int, SliceOf, const TablePosition<Table>&>
class TableSlices {
 public:
  using Position = TablePosition<Table>;

  explicit TableSlices(std::vector<Table> tables, SliceOf slice_of = {})
      : tables_(std::move(tables)), slice_of_(std::move(slice_of)) {}

  int num_slices() const { return static_cast<int>(tables_.size()); }
  const Table& table(int slice) const { return tables_[slice]; }

  uint64_t Size(int slice) const { return tables_[slice].Size(); }
  // Requires SliceOf(p) < num_slices().
  uint64_t Rank(const Position& p) const { return tables_[slice_of_(p)].Rank(p); }
  Position Unrank(int slice, uint64_t rank) const { return tables_[slice].Unrank(rank); }

 private:
  std::vector<Table> tables_;
  SliceOf slice_of_;
};

}  // namespace retro

#endif  // RETRO_TABLE_SLICES_H_
