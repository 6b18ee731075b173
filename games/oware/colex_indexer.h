// A board index by the combinatorial number system: a board with n seeds is a
// stars-and-bars string of n stars and 11 bars; bar i sits at position
// p_i = (seeds in houses 0..i) + i, and the board's rank is the colex rank of
// that 11-subset, sum over i of C(p_i, i + 1).
//
//   ColexIndexer indexer(/*max_seeds=*/9);
//   uint64_t i = indexer.Rank(board);                // in [0, Size(seeds))
//   Board b = indexer.Unrank(TotalSeeds(board), i);  // == board
//
// Rank is 11 independent table lookups on SWAR prefix sums, no loop-carried
// dependency; the table is tiny (11 x (max_seeds + 1) words).
#ifndef GAMES_OWARE_COLEX_INDEXER_H_
#define GAMES_OWARE_COLEX_INDEXER_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "games/oware/board.h"
#include "retro/combinatorics.h"

namespace retro::oware {

// A bijection between the boards with n seeds and [0, C(n + 11, 11)), for
// every n in 0..max_seeds.
class ColexIndexer {
 public:
  // Largest max_seeds supported (limited by the binomial table).
  static constexpr int kMaxSeeds = 56;

  // Builds the table for boards of up to `max_seeds` seeds. Requires
  // 0 <= max_seeds <= kMaxSeeds (use Create to validate user input).
  explicit ColexIndexer(int max_seeds);

  // Validating factory: InvalidArgument if max_seeds is outside
  // [0, kMaxSeeds].
  static absl::StatusOr<ColexIndexer> Create(int max_seeds);

  // The largest seed count this indexer covers.
  int max_seeds() const { return max_seeds_; }

  // Number of boards with `seeds` seeds: C(seeds + 11, 11).
  uint64_t Size(int seeds) const { return CompositionCount(seeds, kHouses); }

  // Rank of `board` among the boards with as many seeds as it has. Requires
  // TotalSeeds(board) <= max_seeds().
  uint64_t Rank(const Board& board) const {
    const internal::PackedBoard p = internal::Pack(board);
    // Byte k of `low` = seeds in houses 0..k (no carries: total <= 255).
    const uint64_t low = p.lo * 0x0101010101010101ULL;
    const uint64_t high = static_cast<uint64_t>(p.hi) * 0x01010101ULL;
    const int eight = static_cast<int>(low >> 56);
    const uint64_t* t = table_.data();
    const size_t stride = stride_;
    auto prefix_low = [low](int i) { return static_cast<size_t>((low >> (8 * i)) & 0xFF); };
    auto prefix_high = [high, eight](int i) {
      return static_cast<size_t>(eight + ((high >> (8 * (i - 8))) & 0xFF));
    };
    return t[0 * stride + prefix_low(0)] + t[1 * stride + prefix_low(1)] +
           t[2 * stride + prefix_low(2)] + t[3 * stride + prefix_low(3)] +
           t[4 * stride + prefix_low(4)] + t[5 * stride + prefix_low(5)] +
           t[6 * stride + prefix_low(6)] + t[7 * stride + prefix_low(7)] +
           t[8 * stride + prefix_high(8)] + t[9 * stride + prefix_high(9)] +
           t[10 * stride + prefix_high(10)];
  }

  // The board with `seeds` seeds and rank `rank`. Requires 0 <= seeds <=
  // max_seeds() and rank < Size(seeds).
  Board Unrank(int seeds, uint64_t rank) const;

  // C(prefix + bar, bar + 1): bar `bar`'s term of the rank when houses
  // 0..bar hold `prefix` seeds (0 <= bar < 11, prefix <= max_seeds()).
  uint64_t Term(int bar, int prefix) const { return table_[bar * stride_ + prefix]; }

  // The board of the next rank, Unrank(n, Rank(board) + 1) for a board of n
  // seeds, in amortised constant time. Requires a board that is not the last
  // of its seed count (all seeds in house 0).
  static Board Successor(const Board& board) {
    // Rank order steps like a counter: the first non-empty house k >= 1
    // gives up one seed, and house k - 1 takes it with every seed of houses
    // 0..k-1 (all in house 0, as 1..k-1 are empty). On the packed words:
    // written byte by byte, the board would be read back whole before the
    // bytes reached the cache (a stalled store forwarding on every step).
    internal::PackedBoard p = internal::Pack(board);
    const uint64_t taken = (p.lo & 0xFF) + 1;  // what house k - 1 ends with
    p.lo &= ~uint64_t{0xFF};
    if (p.lo != 0) {
      const int k = std::countr_zero(p.lo) >> 3;  // 1..7
      p.lo = p.lo - (uint64_t{1} << (8 * k)) + (taken << (8 * (k - 1)));
    } else {
      const int k = std::countr_zero(p.hi) >> 3;  // house 8 + k
      p.hi -= uint32_t{1} << (8 * k);
      if (k == 0) {
        p.lo |= taken << 56;
      } else {
        p.hi += static_cast<uint32_t>(taken) << (8 * (k - 1));
      }
    }
    return internal::Unpack(p.lo, p.hi);
  }

 private:
  int max_seeds_;
  size_t stride_;
  // table_[i * stride_ + s] = C(s + i, i + 1): the contribution of bar i when
  // houses 0..i hold s seeds.
  std::vector<uint64_t> table_;
};

}  // namespace retro::oware

#endif  // GAMES_OWARE_COLEX_INDEXER_H_
