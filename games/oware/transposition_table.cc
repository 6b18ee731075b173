// Allocation and clearing of the engine's transposition table.
#include "games/oware/transposition_table.h"

#include <algorithm>
#include <bit>
#include <cstddef>

namespace retro::oware {

TranspositionTable::TranspositionTable(size_t megabytes) {
  const size_t wanted =
      std::max<size_t>(1, (megabytes << 20) / sizeof(TableEntry));
  const size_t count = std::bit_floor(wanted);
  entries_.assign(count, TableEntry{});
  mask_ = count - 1;
}

void TranspositionTable::Clear() {
  std::fill(entries_.begin(), entries_.end(), TableEntry{});
}

}  // namespace retro::oware
