// The partition of a slice's index space across the ranks of a job: each
// rank owns one contiguous range of indices, the ranges in rank order, their
// boundaries multiples of 64 (so that a rank's part of a bitmap is whole
// 64-bit words). A rank may own an empty range when a slice has fewer words
// than there are ranks.
//
//   const retro::distributed::IndexRange mine =
//       retro::distributed::RangeOfRank(size, comm.rank(), comm.size());
//   for (uint64_t i = mine.begin; i < mine.end; ++i) ...
#ifndef RETRO_DISTRIBUTED_PARTITION_H_
#define RETRO_DISTRIBUTED_PARTITION_H_

#include <algorithm>
#include <cstdint>

namespace retro::distributed {

// Indices [begin, end) of one rank.
struct IndexRange {
  uint64_t begin = 0;
  uint64_t end = 0;
  uint64_t size() const { return end - begin; }
};

// The range rank `rank` of `ranks` owns in an index space of `size`
// indices: the 64-index words split as evenly as whole words allow.
inline IndexRange RangeOfRank(uint64_t size, int rank, int ranks) {
  const uint64_t words = (size + 63) / 64;
  // words * (rank + 1) fits in 64 bits while words * ranks < 2^64: a slice
  // of 2^40 indices (a TiB of one-byte values) leaves room for 2^30 ranks;
  // the largest the loopy solver indexes, 2^56, for 2^14.
  const uint64_t first = words * static_cast<uint64_t>(rank) / static_cast<uint64_t>(ranks);
  const uint64_t last = words * static_cast<uint64_t>(rank + 1) / static_cast<uint64_t>(ranks);
  return {std::min(size, first * 64), std::min(size, last * 64)};
}

// The rank that owns `index` < `size` when an index space of `size`
// indices is split over `ranks` ranks by RangeOfRank: the last rank whose
// range starts at or before the index's word (ranks with empty ranges
// start where the next one does, so the last such rank owns it).
inline int OwnerOf(uint64_t size, uint64_t index, int ranks) {
  const uint64_t words = (size + 63) / 64;
  const uint64_t word = index / 64;
  // Rank r starts at word floor(words r / ranks), which is at most `word`
  // exactly when r < (word + 1) ranks / words.
  const uint64_t owner = ((word + 1) * static_cast<uint64_t>(ranks) + words - 1) / words - 1;
  return static_cast<int>(std::min<uint64_t>(owner, static_cast<uint64_t>(ranks - 1)));
}

}  // namespace retro::distributed

#endif  // RETRO_DISTRIBUTED_PARTITION_H_
