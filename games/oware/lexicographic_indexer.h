// The seed document's board index: a lexicographic rank of the composition
// (seeds per house, houses 0..11) among all boards with the same number of
// seeds, computed from a cached table stateCounts[left][seeds][house].
//
//   LexicographicIndexer indexer(/*max_seeds=*/9);
//   uint64_t i = indexer.Rank(board);            // in [0, Size(seeds))
//   Board b = indexer.Unrank(TotalSeeds(board), i);  // == board
//
// Boards with n seeds are ordered by house 0's count first (fewest first),
// then house 1's, ..., house 11 being implied by the others.
#ifndef GAMES_OWARE_LEXICOGRAPHIC_INDEXER_H_
#define GAMES_OWARE_LEXICOGRAPHIC_INDEXER_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "games/oware/board.h"
#include "retro/combinatorics.h"

namespace retro::oware {

// A bijection between the boards with n seeds and [0, C(n + 11, 11)), for
// every n in 0..max_seeds.
class LexicographicIndexer {
 public:
  // Largest max_seeds supported (limited by the binomial table).
  static constexpr int kMaxSeeds = 56;

  // Builds the table for boards of up to `max_seeds` seeds. Requires
  // 0 <= max_seeds <= kMaxSeeds (use Create to validate user input).
  explicit LexicographicIndexer(int max_seeds);

  // Validating factory: InvalidArgument if max_seeds is outside
  // [0, kMaxSeeds].
  static absl::StatusOr<LexicographicIndexer> Create(int max_seeds);

  // The largest seed count this indexer covers.
  int max_seeds() const { return max_seeds_; }

  // Number of boards with `seeds` seeds: C(seeds + 11, 11).
  uint64_t Size(int seeds) const { return CompositionCount(seeds, kHouses); }

  // Rank of `board` among the boards with as many seeds as it has. Requires
  // TotalSeeds(board) <= max_seeds().
  uint64_t Rank(const Board& board) const {
    int left = TotalSeeds(board);
    uint64_t rank = 0;
    for (int house = 0; house < kHouses - 1; ++house) {
      const int seeds = board.houses[house];
      rank += StateCount(left, seeds, house);
      left -= seeds;
    }
    return rank;
  }

  // The board with `seeds` seeds and rank `rank`. Requires 0 <= seeds <=
  // max_seeds() and rank < Size(seeds).
  Board Unrank(int seeds, uint64_t rank) const;

 private:
  // stateCounts[left][seeds][house]: the number of distributions of `left`
  // seeds over houses house..11 that put fewer than `seeds` in `house`.
  uint64_t StateCount(int left, int seeds, int house) const {
    return state_counts_[(static_cast<size_t>(left) * (max_seeds_ + 1) + seeds) * (kHouses - 1) +
                         house];
  }

  int max_seeds_;
  std::vector<uint64_t> state_counts_;
};

}  // namespace retro::oware

#endif  // GAMES_OWARE_LEXICOGRAPHIC_INDEXER_H_
