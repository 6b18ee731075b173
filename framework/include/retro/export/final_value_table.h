// What an exporter of a finite-horizon book carries: for every position,
// in slice order and rank order within a slice, its final value (V_t at
// and beyond its last change) and the threshold, the layer of that last
// change, from which the value holds. Filled by the finite-horizon kit
// (retro/kit/finite_horizon_export.h) and written by the exporters
// (retro/export/cpp_book.h); it knows nothing of any game.
#ifndef RETRO_EXPORT_FINAL_VALUE_TABLE_H_
#define RETRO_EXPORT_FINAL_VALUE_TABLE_H_

#include <cstdint>
#include <vector>

namespace retro {

// The final values of a whole book.
struct FinalValueTable {
  // The positions of each slice: slice s holds records
  // slice_starts[s] .. slice_starts[s + 1] - 1 (size: slices + 1).
  std::vector<uint64_t> slice_starts = {0};
  std::vector<int8_t> values;         // per record
  std::vector<uint32_t> thresholds;   // per record: the layer of its last change
  uint32_t horizon = 0;               // T: the book answers t = 0..T
  uint32_t last_change = 0;           // the largest threshold: the book's fixed point

  int slices() const { return static_cast<int>(slice_starts.size()) - 1; }
  uint64_t records() const { return values.size(); }
};

}  // namespace retro

#endif  // RETRO_EXPORT_FINAL_VALUE_TABLE_H_
