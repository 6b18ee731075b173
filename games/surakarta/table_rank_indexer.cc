// Table construction and Unrank of TableRankIndexer (see
// table_rank_indexer.h).
#include "games/surakarta/table_rank_indexer.h"

#include <algorithm>
#include <bit>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "retro/combinatorics.h"

namespace retro::surakarta {
namespace {

// Points of chunk c: [kChunkBits * c, kChunkBits * c + ChunkWidth(c)).
int ChunkWidth(int c) {
  return std::min(TableRankIndexer::kChunkBits,
                  kSquares - TableRankIndexer::kChunkBits * c);
}

// sum over the set bits of `bits` (the j-th lowest at point `first` + pos) of
// C(first + pos, below + j + 1).
uint64_t PartialRank(int first, uint64_t bits, int below) {
  uint64_t sum = 0;
  for (int j = 0; bits != 0; ++j) {
    const int pos = std::countr_zero(bits);
    bits &= bits - 1;
    sum += Binomial(first + pos, below + j + 1);
  }
  return sum;
}

}  // namespace

TableRankIndexer::TableRankIndexer(int pieces)
    : pieces_(pieces),
      stride_(pieces + 1),
      size_(Binomial(kSquares, pieces) << pieces),
      rank_(static_cast<size_t>(kChunks) * stride_ * kChunkEntries, 0),
      start_(static_cast<size_t>(kChunks) * stride_ * kChunkEntries, 0) {
  for (int c = 0; c < kChunks; ++c) {
    const int first = kChunkBits * c;
    const int width = ChunkWidth(c);
    for (int k = 0; k <= pieces; ++k) {
      uint32_t* rank_row = &rank_[(c * stride_ + k) * kChunkEntries];
      uint32_t* start_row = &start_[(c * stride_ + k) * kChunkEntries];
      // Sets of k points among chunks 0..c: the end of the last block.
      uint32_t next = static_cast<uint32_t>(Binomial(first + width, k));
      for (int bits = kChunkEntries - 1; bits >= 0; --bits) {
        const int count = std::popcount(static_cast<unsigned>(bits));
        const bool in_chunk = bits < (1 << width);
        // As rank_: k points below the chunk, used when k + count <= n.
        if (in_chunk && k + count <= pieces) {
          rank_row[bits] = static_cast<uint32_t>(PartialRank(first, bits, k));
        }
        // As start_: k points in chunks 0..c, `count` of them in chunk c.
        if (in_chunk && count <= k && k - count <= first) {
          next = static_cast<uint32_t>(PartialRank(first, bits, k - count));
        }
        start_row[bits] = next;
      }
    }
  }
}

absl::StatusOr<TableRankIndexer> TableRankIndexer::Create(int pieces) {
  if (pieces < 0 || pieces > kMaxPieces) {
    return absl::InvalidArgumentError(absl::StrCat(
        "bad piece count ", pieces,
        " for the table-rank indexer: supported are 0 to ", kMaxPieces));
  }
  return TableRankIndexer(pieces);
}

Bitboard TableRankIndexer::SetUnrank(uint64_t rank) const {
  Bitboard squares = 0;
  int m = pieces_;
  for (int c = kChunks - 1; c >= 0; --c) {
    const uint32_t* row = &start_[(c * stride_ + m) * kChunkEntries];
    // The largest `bits` whose block starts at or below `rank`: the row is
    // non-decreasing and row[0] == 0 (the first possible block holds the m
    // lowest points, colex rank 0, and impossible `bits` below it share its
    // start).
    uint32_t bits = 0;
    for (uint32_t step = uint32_t{1} << (ChunkWidth(c) - 1); step != 0;
         step >>= 1) {
      bits += row[bits + step] <= rank ? step : 0;
    }
    rank -= row[bits];
    m -= std::popcount(bits);
    squares |= Bitboard{bits} << (kChunkBits * c);
  }
  return squares;
}

}  // namespace retro::surakarta
