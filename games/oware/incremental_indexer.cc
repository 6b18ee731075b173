// The incremental colex board indexer; see incremental_indexer.h.
#include "games/oware/incremental_indexer.h"

#include <cassert>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"

namespace retro::oware {

IncrementalIndexer::IncrementalIndexer(int max_seeds) : colex_(max_seeds) {
  assert(max_seeds >= 0 && max_seeds <= kMaxSeeds);
  offset_.assign(max_seeds + 2, 0);
  for (int n = 0; n <= max_seeds; ++n) offset_[n + 1] = offset_[n] + Size(n);
  flip_.resize(offset_.back());
  for (int n = 0; n <= max_seeds; ++n) {
    for (uint64_t r = 0; r < Size(n); ++r) {
      flip_[offset_[n] + r] = static_cast<uint32_t>(colex_.Rank(Flip(colex_.Unrank(n, r))));
    }
  }
}

absl::StatusOr<IncrementalIndexer> IncrementalIndexer::Create(int max_seeds) {
  if (max_seeds < 0 || max_seeds > kMaxSeeds) {
    return absl::InvalidArgumentError(
        absl::StrFormat("the incremental indexer covers boards of up to %d seeds (its flip "
                        "tables take 4 bytes per board), not %d",
                        kMaxSeeds, max_seeds));
  }
  return IncrementalIndexer(max_seeds);
}

size_t IncrementalIndexer::TableBytes() const {
  return offset_.size() * sizeof(uint64_t) + flip_.size() * sizeof(uint32_t) +
         // colex_'s own table.
         (max_seeds() + 1) * (kHouses - 1) * sizeof(uint64_t);
}

}  // namespace retro::oware
