// A faithful implementation of the seed's oware book generator, the baseline
// the benchmarks compare retro against: every board of 0..N seeds in one
// dense array indexed by the seed's lexicographic index function
// (stateCounts walk), one int8 per board per ply layer, and a full sweep of
// every board at every layer t = 1..T that sows each move and ranks each
// child again (the seed caches nothing but the index tables). Single
// threaded, like the seed.
#ifndef BENCHMARKS_OWARE_SEED_BASELINE_H_
#define BENCHMARKS_OWARE_SEED_BASELINE_H_

#include <cstdint>
#include <vector>

#include "games/oware/board.h"
#include "games/oware/lexicographic_indexer.h"
#include "games/oware/rules.h"

namespace retro::oware::baseline {

class SeedBook {
 public:
  // Builds the dense book of every board with 0..seeds seeds, t = 0..T.
  SeedBook(int seeds, const Rules& rules);

  // V_t(board).
  int Value(const Board& board, int t) const;
  uint64_t boards() const { return boards_; }
  uint64_t bytes() const { return values_.size(); }

 private:
  uint64_t GlobalIndex(const Board& board) const;

  int seeds_;
  Rules rules_;
  LexicographicIndexer indexer_;
  std::vector<uint64_t> slice_offset_;  // first global index of each seed count
  uint64_t boards_ = 0;
  std::vector<int8_t> values_;  // [t * boards_ + index]
};

}  // namespace retro::oware::baseline

#endif  // BENCHMARKS_OWARE_SEED_BASELINE_H_
