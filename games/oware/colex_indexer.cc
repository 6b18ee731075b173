// The colex (combinatorial number system) board indexer; see colex_indexer.h.
#include "games/oware/colex_indexer.h"

#include <cassert>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "retro/combinatorics.h"

namespace retro::oware {

ColexIndexer::ColexIndexer(int max_seeds)
    : max_seeds_(max_seeds), stride_(static_cast<size_t>(max_seeds) + 1) {
  assert(max_seeds >= 0 && max_seeds <= kMaxSeeds);
  table_.assign(stride_ * (kHouses - 1), 0);
  for (int i = 0; i < kHouses - 1; ++i) {
    for (int s = 0; s <= max_seeds_; ++s) {
      table_[i * stride_ + s] = Binomial(s + i, i + 1);
    }
  }
}

absl::StatusOr<ColexIndexer> ColexIndexer::Create(int max_seeds) {
  if (max_seeds < 0 || max_seeds > kMaxSeeds) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "cannot index boards of up to %d seeds; the limit must be in 0..%d", max_seeds, kMaxSeeds));
  }
  return ColexIndexer(max_seeds);
}

Board ColexIndexer::Unrank(int seeds, uint64_t rank) const {
  assert(seeds >= 0 && seeds <= max_seeds_ && rank < Size(seeds));
  Board board;
  // Place the bars from the last one down: bar i goes to the highest position
  // whose binomial still fits in what is left of the rank. `above` is the
  // prefix sum (seeds in houses 0..i+1) fixed by the bar above.
  int above = seeds;
  for (int i = kHouses - 2; i >= 0; --i) {
    int s = above;
    while (table_[i * stride_ + s] > rank) --s;
    rank -= table_[i * stride_ + s];
    board.houses[i + 1] = static_cast<uint8_t>(above - s);
    above = s;
  }
  board.houses[0] = static_cast<uint8_t>(above);
  return board;
}

}  // namespace retro::oware
