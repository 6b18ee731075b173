// A colex board index (the same ranks as ColexIndexer) that can also rank the
// child of a move from its parent's rank instead of from scratch.
//
// The colex rank is a sum of one table term per bar, T[i][P_i] with P_i the
// seeds in houses 0..i. A sowing of s seeds from house h (no lap, no capture)
// only moves the prefix sums of bars h..h+s-1; a capture moves the bars from
// the first captured house on. So the rank of the board as sown, still seen
// from the parent's side, is
//
//   parent_rank + sum over the moved bars i of (T[i][P'_i] - T[i][P_i]),
//
// walked over the bytes where the SWAR prefix sums differ. The child is that
// board flipped to the new mover's view, and a flip moves every bar, so the
// last step is one lookup in a per-slice permutation table:
//
//   child_rank = flip[slice of child][rank as sown].
//
// That table (4 bytes per board of the book) is the scheme's price: its
// lookup is a random access into megabytes where colex reads 11 words of an
// L1-resident table.
//
//   IncrementalIndexer indexer(/*max_seeds=*/9);
//   const uint64_t r = indexer.Rank(board);
//   Move moves[kMaxMoves];
//   const int n = GenerateMoves<GrandSlam::kForfeit>(board, moves);
//   indexer.RankChild(board, r, moves[0]);  // == indexer.Rank(moves[0].child)
#ifndef GAMES_OWARE_INCREMENTAL_INDEXER_H_
#define GAMES_OWARE_INCREMENTAL_INDEXER_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "games/oware/board.h"
#include "games/oware/colex_indexer.h"
#include "games/oware/movegen.h"

namespace retro::oware {

// A bijection between the boards with n seeds and [0, C(n + 11, 11)), for
// every n in 0..max_seeds, in colex order, with incremental child ranks.
class IncrementalIndexer {
 public:
  // Largest max_seeds supported: the flip tables take 4 bytes per board
  // (about 350 MB for 18 seeds) and hold 32-bit ranks.
  static constexpr int kMaxSeeds = 18;

  // Builds the tables for boards of up to `max_seeds` seeds. Requires
  // 0 <= max_seeds <= kMaxSeeds (use Create to validate user input).
  explicit IncrementalIndexer(int max_seeds);

  // Validating factory: InvalidArgument if max_seeds is outside
  // [0, kMaxSeeds].
  static absl::StatusOr<IncrementalIndexer> Create(int max_seeds);

  // The largest seed count this indexer covers.
  int max_seeds() const { return colex_.max_seeds(); }

  // Number of boards with `seeds` seeds: C(seeds + 11, 11).
  uint64_t Size(int seeds) const { return colex_.Size(seeds); }

  // Bytes of lookup tables (the flip permutation dominates).
  size_t TableBytes() const;

  // Rank of `board` among the boards with as many seeds as it has (the colex
  // rank). Requires TotalSeeds(board) <= max_seeds().
  uint64_t Rank(const Board& board) const { return colex_.Rank(board); }

  // The board with `seeds` seeds and rank `rank`.
  Board Unrank(int seeds, uint64_t rank) const { return colex_.Unrank(seeds, rank); }

  // Rank(move.child), from the parent board, its rank and a move generated
  // from it (any grand slam rule): see the top of the file.
  uint64_t RankChild(const Board& parent, uint64_t parent_rank, const Move& move) const {
    const Board sown = Flip(move.child);
    const uint64_t before = PrefixSums(parent);
    const uint64_t after = PrefixSums(sown);
    const uint32_t before_high = PrefixSumsHigh(parent, before);
    const uint32_t after_high = PrefixSumsHigh(sown, after);
    uint64_t rank = parent_rank;
    // Bit 8i of `moved` (i = 0..7), then of `moved_high` (bars 8..10): bar i
    // moved. Each byte of the XOR is non-zero iff the prefix sums differ.
    for (uint64_t moved = NonZeroBytes(before ^ after); moved != 0; moved &= moved - 1) {
      const int i = std::countr_zero(moved) >> 3;
      rank +=
          colex_.Term(i, (after >> (8 * i)) & 0xFF) - colex_.Term(i, (before >> (8 * i)) & 0xFF);
    }
    for (uint64_t moved = NonZeroBytes(before_high ^ after_high) & 0xFFFFFF; moved != 0;
         moved &= moved - 1) {
      const int i = std::countr_zero(moved) >> 3;
      rank += colex_.Term(8 + i, (after_high >> (8 * i)) & 0xFF) -
              colex_.Term(8 + i, (before_high >> (8 * i)) & 0xFF);
    }
    const int child_seeds = TotalSeeds(move.child);
    return flip_[offset_[child_seeds] + rank];
  }

 private:
  // Byte k = seeds in houses 0..k, for k = 0..7.
  static uint64_t PrefixSums(const Board& board) {
    return internal::Pack(board).lo * 0x0101010101010101ULL;
  }
  // Byte k = seeds in houses 0..8+k, for k = 0..3, given PrefixSums(board).
  static uint32_t PrefixSumsHigh(const Board& board, uint64_t low) {
    const uint32_t eight = static_cast<uint32_t>(low >> 56);
    return (internal::Pack(board).hi + eight) * 0x01010101U;
  }
  // Bit 8k set iff byte k of `x` is non-zero.
  static uint64_t NonZeroBytes(uint64_t x) {
    constexpr uint64_t kLow7 = 0x7F7F7F7F7F7F7F7FULL;
    return ((((x & kLow7) + kLow7) | x) >> 7) & 0x0101010101010101ULL;
  }

  ColexIndexer colex_;  // its terms step the rank
  // flip_[offset_[n] + r] = Rank(Flip(Unrank(n, r))).
  std::vector<uint64_t> offset_;
  std::vector<uint32_t> flip_;
};

}  // namespace retro::oware

#endif  // GAMES_OWARE_INCREMENTAL_INDEXER_H_
