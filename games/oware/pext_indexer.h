// A board index computed on the packed stars-and-bars word (stars_and_bars.h)
// with BMI2 bit tricks and chunk tables. The rank is the colex rank of the 11
// bar positions, sum over bars i of C(p_i, i + 1), so it equals
// ColexIndexer's rank; only the way it is computed differs:
//
//  - Packing: with every house of houses 0..10 at most 7 (nearly every board
//    of a small book), pshufb maps each count v to the byte 1 << v and one
//    pext per half keeps the low v + 1 bits of each byte: the string itself,
//    in about a dozen instructions. Other boards use 11 shifts.
//  - Rank: the word is cut into 8-bit chunks; a chunk's contribution depends
//    only on its bits and on how many bars lie below it (a popcount), so
//    rank = sum over chunks c of table[c][popcount(bits below c)][chunk c].
//    A board with n seeds spans ceil((n + 11) / 8) chunks: 3 lookups for
//    n <= 13 instead of colex's 11. The chunk is extracted with pext.
//  - Unrank: chunks from the top down; with m bars still to place, the ranks
//    whose chunk c holds pattern v form one block, and blocks are ordered by
//    v as an integer, so an 8-step binary search in a 256-entry row finds v.
//    The bars are then turned back into houses with pdep "select" (bar i is
//    at tzcnt(pdep(1 << i, word))): 11 independent instructions instead of a
//    serial bit-clearing loop.
//
// Without BMI2 (__BMI2__ undefined) packing always shifts, chunk extraction
// is shift-and-mask and select a countr_zero / clear-lowest-bit loop; results
// are identical.
//
//   PextIndexer indexer(/*max_seeds=*/9);
//   uint64_t i = indexer.Rank(board);                // == ColexIndexer's
//   Board b = indexer.Unrank(TotalSeeds(board), i);  // == board
//
// Tables: 2 x chunks x 12 x 256 words (74 KB each for 9 seeds).
#ifndef GAMES_OWARE_PEXT_INDEXER_H_
#define GAMES_OWARE_PEXT_INDEXER_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "games/oware/board.h"
#include "games/oware/stars_and_bars.h"
#include "retro/combinatorics.h"

#ifdef __BMI2__
#include <immintrin.h>
#endif

namespace retro::oware {

// A bijection between the boards with n seeds and [0, C(n + 11, 11)), for
// every n in 0..max_seeds, in colex order (the same ranks as ColexIndexer).
class PextIndexer {
 public:
  // Largest max_seeds supported: the stars-and-bars string must fit a word.
  static constexpr int kMaxSeeds = kMaxStarsAndBarsSeeds;

  // Builds the tables for boards of up to `max_seeds` seeds. Requires
  // 0 <= max_seeds <= kMaxSeeds (use Create to validate user input).
  explicit PextIndexer(int max_seeds);

  // Validating factory: InvalidArgument if max_seeds is outside
  // [0, kMaxSeeds].
  static absl::StatusOr<PextIndexer> Create(int max_seeds);

  // The largest seed count this indexer covers.
  int max_seeds() const { return max_seeds_; }

  // Number of boards with `seeds` seeds: C(seeds + 11, 11).
  uint64_t Size(int seeds) const { return CompositionCount(seeds, kHouses); }

  // Bytes of lookup tables.
  size_t TableBytes() const {
    return (rank_table_.size() + unrank_table_.size()) * sizeof(uint64_t);
  }

  // Rank of `board` among the boards with as many seeds as it has. Requires
  // TotalSeeds(board) <= max_seeds().
  uint64_t Rank(const Board& board) const {
    const uint64_t word = Word(board);
    const uint64_t* table = rank_table_.data();
    uint64_t rank = 0;
    for (int c = 0; c < chunks_; ++c) {
      const int below = std::popcount(word & ((uint64_t{1} << (8 * c)) - 1));
      rank += table[(c * kRows + below) * 256 + Chunk(word, c)];
    }
    return rank;
  }

  // The board with `seeds` seeds and rank `rank`. Requires 0 <= seeds <=
  // max_seeds() and rank < Size(seeds).
  Board Unrank(int seeds, uint64_t rank) const;

 private:
  // Rows per chunk: bars below the chunk (or left to place), 0..11.
  static constexpr int kRows = kBars + 1;

  // StarsAndBarsWord(board). With BMI2 and SSE4.1, boards whose houses all
  // hold at most 7 seeds (nearly all boards of small books) take a shortcut:
  // one pshufb turns every house count v into the byte 1 << v (v stars, i.e.
  // 0 bits, then a bar), and pext packs the low v + 1 bits of each byte
  // together, which is the stars-and-bars string.
  static uint64_t Word(const Board& board) {
#if defined(__BMI2__) && defined(__SSE4_1__)
    const internal::PackedBoard p = internal::Pack(board);
    if (((p.lo & 0xF8F8F8F8F8F8F8F8ULL) | (p.hi & 0x00F8F8F8U)) == 0) {
      const __m128i houses = _mm_set_epi64x(static_cast<int64_t>(p.hi), static_cast<int64_t>(p.lo));
      const __m128i powers = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
      const __m128i bar = _mm_shuffle_epi8(powers, houses);
      // Bits 0..v of each byte, for houses 0..10 (house 11 ends the string).
      const __m128i keep = _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0);
      const __m128i field =
          _mm_and_si128(_mm_or_si128(bar, _mm_sub_epi8(bar, _mm_set1_epi8(1))), keep);
      const uint64_t low_field = static_cast<uint64_t>(_mm_cvtsi128_si64(field));
      const uint64_t low = _pext_u64(static_cast<uint64_t>(_mm_cvtsi128_si64(bar)), low_field);
      const uint64_t high = _pext_u64(static_cast<uint64_t>(_mm_extract_epi64(bar, 1)),
                                      static_cast<uint64_t>(_mm_extract_epi64(field, 1)));
      return low | high << std::popcount(low_field);
    }
#endif
    return StarsAndBarsWord(board);
  }

  // Bits 8c..8c+7 of `word`.
  static uint64_t Chunk(uint64_t word, int c) {
#ifdef __BMI2__
    return _pext_u64(word, uint64_t{0xFF} << (8 * c));
#else
    return (word >> (8 * c)) & 0xFF;
#endif
  }

  int max_seeds_;
  int chunks_;
  // rank_table_[(c * kRows + k) * 256 + v]: the colex contribution of the
  // bars in pattern v of chunk c when k bars lie below the chunk.
  std::vector<uint64_t> rank_table_;
  // unrank_table_[(c * kRows + m) * 256 + v]: where the block of pattern v of
  // chunk c starts when m bars are left to place, made non-decreasing in v
  // (impossible patterns take the next possible one's start).
  std::vector<uint64_t> unrank_table_;
};

}  // namespace retro::oware

#endif  // GAMES_OWARE_PEXT_INDEXER_H_
