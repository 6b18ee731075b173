// The hash-table board indexer; see hash_indexer.h.
#include "games/oware/hash_indexer.h"

#include <cassert>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "games/oware/lexicographic_indexer.h"
#include "retro/combinatorics.h"

namespace retro::oware {

HashIndexer::HashIndexer(int max_seeds) : max_seeds_(max_seeds) {
  assert(max_seeds >= 0 && max_seeds <= kMaxSeeds);
  uint64_t total = 0;
  for (int n = 0; n <= max_seeds; ++n) total += Size(n);
  ids_.reserve(total);
  boards_.resize(max_seeds + 1);
  const LexicographicIndexer lexicographic(max_seeds);
  for (int n = 0; n <= max_seeds; ++n) {
    boards_[n].reserve(Size(n));
    for (uint64_t rank = 0; rank < Size(n); ++rank) {
      boards_[n].push_back(lexicographic.Unrank(n, rank));
      ids_.emplace(StarsAndBarsKey(boards_[n].back()), static_cast<uint32_t>(rank));
    }
  }
}

absl::StatusOr<HashIndexer> HashIndexer::Create(int max_seeds) {
  if (max_seeds < 0 || max_seeds > kMaxSeeds) {
    return absl::InvalidArgumentError(
        absl::StrFormat("the hash indexer stores every board, so it covers at most %d seeds, "
                        "not %d",
                        kMaxSeeds, max_seeds));
  }
  return HashIndexer(max_seeds);
}

size_t HashIndexer::TableBytes() const {
  // flat_hash_map: one slot and one control byte per bucket, plus a group's
  // worth of cloned control bytes.
  size_t bytes = ids_.bucket_count() * (sizeof(std::pair<const uint64_t, uint32_t>) + 1) + 16;
  for (const std::vector<Board>& slice : boards_) {
    bytes += slice.capacity() * sizeof(Board);
  }
  return bytes;
}

}  // namespace retro::oware
