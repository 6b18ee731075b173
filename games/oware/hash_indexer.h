// The baseline the seed document rejected: no arithmetic ranking at all, but a
// hash table from the packed board (its stars-and-bars key) to a dense id,
// and a vector per slice from id back to board. Ids are handed out slice by
// slice in lexicographic board order (LexicographicIndexer's ranks), as an
// enumerating solver would.
//
//   HashIndexer indexer(/*max_seeds=*/9);
//   uint64_t i = indexer.Rank(board);                // in [0, Size(seeds))
//   Board b = indexer.Unrank(TotalSeeds(board), i);  // == board
//
// Costs, which the benchmarks measure: a hash, a probe of an
// absl::flat_hash_map (bounds-checked in this build of Abseil) and a likely
// cache miss per Rank; about 29 bytes per board of the book (slot, control
// byte, load factor, unrank vector) instead of a table of a few hundred words.
#ifndef GAMES_OWARE_HASH_INDEXER_H_
#define GAMES_OWARE_HASH_INDEXER_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "games/oware/board.h"
#include "games/oware/stars_and_bars.h"
#include "retro/combinatorics.h"

namespace retro::oware {

// A bijection between the boards with n seeds and [0, C(n + 11, 11)), for
// every n in 0..max_seeds, by table lookup.
class HashIndexer {
 public:
  // Largest max_seeds supported: every board of the book is stored (about
  // 500 MB for 16 seeds).
  static constexpr int kMaxSeeds = 16;

  // Enumerates and stores every board of up to `max_seeds` seeds. Requires
  // 0 <= max_seeds <= kMaxSeeds (use Create to validate user input).
  explicit HashIndexer(int max_seeds);

  // Validating factory: InvalidArgument if max_seeds is outside
  // [0, kMaxSeeds].
  static absl::StatusOr<HashIndexer> Create(int max_seeds);

  // The largest seed count this indexer covers.
  int max_seeds() const { return max_seeds_; }

  // Number of boards with `seeds` seeds: C(seeds + 11, 11).
  uint64_t Size(int seeds) const { return CompositionCount(seeds, kHouses); }

  // Bytes held: the hash table's slots and control bytes, and the unrank
  // vectors.
  size_t TableBytes() const;

  // Rank of `board` among the boards with as many seeds as it has. Requires
  // TotalSeeds(board) <= max_seeds().
  uint64_t Rank(const Board& board) const { return ids_.find(StarsAndBarsKey(board))->second; }

  // The board with `seeds` seeds and rank `rank`. Requires 0 <= seeds <=
  // max_seeds() and rank < Size(seeds).
  Board Unrank(int seeds, uint64_t rank) const { return boards_[seeds][rank]; }

 private:
  int max_seeds_;
  // Stars-and-bars key -> rank within its slice (the key implies the
  // slice).
  absl::flat_hash_map<uint64_t, uint32_t> ids_;
  // boards_[n][rank]: the board with n seeds and that rank.
  std::vector<std::vector<Board>> boards_;
};

}  // namespace retro::oware

#endif  // GAMES_OWARE_HASH_INDEXER_H_
