// The BMI2 stars-and-bars board indexer; see pext_indexer.h.
#include "games/oware/pext_indexer.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>
#include <limits>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "retro/combinatorics.h"

namespace retro::oware {

PextIndexer::PextIndexer(int max_seeds)
    : max_seeds_(max_seeds), chunks_((max_seeds + kBars + 7) / 8) {
  assert(max_seeds >= 0 && max_seeds <= kMaxSeeds);
  const size_t entries = static_cast<size_t>(chunks_) * kRows * 256;
  rank_table_.assign(entries, 0);
  unrank_table_.assign(entries, 0);
  for (int c = 0; c < chunks_; ++c) {
    // 1. Contributions: the j-th bar of the chunk, at bit b, is bar k + j of
    //    the whole string and adds C(8c + b, k + j + 1).
    for (int k = 0; k < kRows; ++k) {
      for (int v = 0; v < 256; ++v) {
        if (k > 8 * c || k + std::popcount(static_cast<unsigned>(v)) > kBars) {
          continue;
        }
        uint64_t sum = 0;
        int j = 0;
        for (int b = 0; b < 8; ++b) {
          if ((v >> b) & 1) sum += Binomial(8 * c + b, k + ++j);
        }
        rank_table_[(c * kRows + k) * 256 + v] = sum;
      }
    }
    // 2. Block starts for unranking, filled backwards so that an impossible
    //    pattern takes the start of the next possible one.
    for (int m = 0; m < kRows; ++m) {
      uint64_t next = std::numeric_limits<uint64_t>::max();
      for (int v = 255; v >= 0; --v) {
        const int bits = std::popcount(static_cast<unsigned>(v));
        if (bits <= m && m - bits <= 8 * c) {
          next = rank_table_[(c * kRows + m - bits) * 256 + v];
        }
        unrank_table_[(c * kRows + m) * 256 + v] = next;
      }
    }
  }
}

absl::StatusOr<PextIndexer> PextIndexer::Create(int max_seeds) {
  if (max_seeds < 0 || max_seeds > kMaxSeeds) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "cannot index boards of up to %d seeds; the limit must be in 0..%d", max_seeds, kMaxSeeds));
  }
  return PextIndexer(max_seeds);
}

Board PextIndexer::Unrank(int seeds, uint64_t rank) const {
  assert(seeds >= 0 && seeds <= max_seeds_ && rank < Size(seeds));
  // 1. The word, chunk by chunk from the top: the largest pattern whose block
  //    starts at or below what is left of the rank (blocks are ordered by
  //    pattern). Only the chunks the string spans can hold bars.
  uint64_t word = 0;
  int left = kBars;
  for (int c = (seeds + kBars + 7) / 8 - 1; c >= 0; --c) {
    const uint64_t* row = unrank_table_.data() + (c * kRows + left) * 256;
    // The string ends at bit seeds + 10, so the top chunk has fewer bits and
    // its search fewer steps. Branch-free: the comparisons are as
    // unpredictable as the ranks.
    const int width = std::min(8, seeds + kBars - 8 * c);
    int v = 0;
    for (int step = 1 << (width - 1); step > 0; step >>= 1) {
      v += row[v + step] <= rank ? step : 0;
    }
    rank -= row[v];
    word |= static_cast<uint64_t>(v) << (8 * c);
    left -= std::popcount(static_cast<unsigned>(v));
  }
  // 2. Bar positions, then houses: the gaps between consecutive bars.
  int bars[kBars];
#ifdef __BMI2__
  for (int i = 0; i < kBars; ++i) {
    bars[i] = std::countr_zero(_pdep_u64(uint64_t{1} << i, word));
  }
#else
  for (int i = 0; i < kBars; ++i) {
    bars[i] = std::countr_zero(word);
    word &= word - 1;
  }
#endif
  Board board;
  board.houses[0] = static_cast<uint8_t>(bars[0]);
  for (int i = 1; i < kBars; ++i) {
    board.houses[i] = static_cast<uint8_t>(bars[i] - bars[i - 1] - 1);
  }
  board.houses[kHouses - 1] = static_cast<uint8_t>(seeds + kBars - 1 - bars[kBars - 1]);
  return board;
}

}  // namespace retro::oware
