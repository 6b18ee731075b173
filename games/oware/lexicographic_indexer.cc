// The lexicographic (seed document) board indexer; see
// lexicographic_indexer.h.
#include "games/oware/lexicographic_indexer.h"

#include <cassert>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "retro/combinatorics.h"

namespace retro::oware {

LexicographicIndexer::LexicographicIndexer(int max_seeds) : max_seeds_(max_seeds) {
  assert(max_seeds >= 0 && max_seeds <= kMaxSeeds);
  const size_t side = static_cast<size_t>(max_seeds_) + 1;
  state_counts_.assign(side * side * (kHouses - 1), 0);
  for (int left = 0; left <= max_seeds_; ++left) {
    for (int house = 0; house < kHouses - 1; ++house) {
      // Houses after `house` that still take seeds.
      const int rest = kHouses - 1 - house;
      uint64_t before = 0;
      for (int seeds = 0; seeds <= max_seeds_; ++seeds) {
        state_counts_[(left * side + seeds) * (kHouses - 1) + house] = before;
        if (seeds <= left) before += CompositionCount(left - seeds, rest);
      }
    }
  }
}

absl::StatusOr<LexicographicIndexer> LexicographicIndexer::Create(int max_seeds) {
  if (max_seeds < 0 || max_seeds > kMaxSeeds) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "cannot index boards of up to %d seeds; the limit must be in 0..%d", max_seeds, kMaxSeeds));
  }
  return LexicographicIndexer(max_seeds);
}

Board LexicographicIndexer::Unrank(int seeds, uint64_t rank) const {
  assert(seeds >= 0 && seeds <= max_seeds_ && rank < Size(seeds));
  Board board;
  int left = seeds;
  for (int house = 0; house < kHouses - 1; ++house) {
    // The largest count whose block of ranks starts at or before `rank`.
    int count = 0;
    while (count < left && StateCount(left, count + 1, house) <= rank) {
      ++count;
    }
    rank -= StateCount(left, count, house);
    board.houses[house] = static_cast<uint8_t>(count);
    left -= count;
  }
  board.houses[kHouses - 1] = static_cast<uint8_t>(left);
  return board;
}

}  // namespace retro::oware
