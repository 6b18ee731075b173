// The tic-tac-toe indexer: a bijection between boards and 0 .. 3^9 - 1.
//
// Each cell is a base-3 digit (0 empty, 1 x, 2 o), cell 0 the least
// significant: index = sum of digit(cell) * 3^cell. Every index is a board,
// but only 5,478 of the 19,683 boards are legal (position.h); the database
// keeps one byte for every index and marks the others as "not a position".
// A denser indexer (say, ranking only legal boards) would save 14 KB at the
// cost of a rank table; at this size simplicity wins. Games whose boards
// don't fit in memory need a dense, usually combinatorial, indexer and
// slices (see docs/writing-a-plugin.md).
//
// Rank is two table lookups: the base-3 value of x's cells plus twice that
// of o's (a cell bit b contributes 3^b to the value of its mask).
#ifndef TICTACTOE_INDEXER_H_
#define TICTACTOE_INDEXER_H_

#include <array>
#include <cstdint>

#include "position.h"

namespace tictactoe {

// Number of indices: 3^9.
inline constexpr uint64_t kIndexCount = 19683;

namespace indexer_internal {

// kBase3[mask] = sum of 3^cell over the cells in `mask`.
inline constexpr std::array<uint16_t, 512> kBase3 = [] {
  std::array<uint16_t, 512> table{};
  for (int mask = 0; mask < 512; ++mask) {
    int value = 0, power = 1;
    for (int cell = 0; cell < kCells; ++cell, power *= 3) {
      if (mask & (1 << cell)) value += power;
    }
    table[mask] = static_cast<uint16_t>(value);
  }
  return table;
}();

}  // namespace indexer_internal

// The index of `p` (any board with disjoint masks).
constexpr uint64_t Rank(Position p) {
  return indexer_internal::kBase3[p.x] + 2 * indexer_internal::kBase3[p.o];
}

// The board of `index` (< kIndexCount); Rank(Unrank(i)) == i.
constexpr Position Unrank(uint64_t index) {
  Position p;
  for (int cell = 0; cell < kCells; ++cell, index /= 3) {
    const uint64_t digit = index % 3;
    if (digit == 1) p.x |= CellBit(cell);
    if (digit == 2) p.o |= CellBit(cell);
  }
  return p;
}

}  // namespace tictactoe

#endif  // TICTACTOE_INDEXER_H_
