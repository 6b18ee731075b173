// The hash-table board indexer; see hash_indexer.h.
#include "games/oware/hash_indexer.h"

#include <cassert>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "retro/combinatorics.h"

namespace retro::oware {
namespace {

// Calls f(board) for every board with `seeds` seeds, in lexicographic order
// (house 0 slowest).
template <typename F>
void EnumerateLexicographic(int seeds, F&& f) {
  Board board;
  board.houses[kHouses - 1] = static_cast<uint8_t>(seeds);
  while (true) {
    f(static_cast<const Board&>(board));
    // Next composition: move one seed from the last house into the rightmost
    // house before it that can grow, resetting what follows.
    int house = kHouses - 2;
    int rest = board.houses[kHouses - 1];
    while (house >= 0 && rest == 0) {
      rest += board.houses[house];
      board.houses[house] = 0;
      --house;
    }
    if (house < 0) return;
    ++board.houses[house];
    board.houses[kHouses - 1] = static_cast<uint8_t>(rest - 1);
  }
}

}  // namespace

HashIndexer::HashIndexer(int max_seeds) : max_seeds_(max_seeds) {
  assert(max_seeds >= 0 && max_seeds <= kMaxSeeds);
  uint64_t total = 0;
  for (int n = 0; n <= max_seeds; ++n) total += Size(n);
  ids_.reserve(total);
  boards_.resize(max_seeds + 1);
  for (int n = 0; n <= max_seeds; ++n) {
    std::vector<Board>& slice = boards_[n];
    slice.reserve(Size(n));
    EnumerateLexicographic(n, [&](const Board& board) {
      ids_.emplace(StarsAndBarsKey(board), static_cast<uint32_t>(slice.size()));
      slice.push_back(board);
    });
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
