// A table-driven colex rank of the occupied set, numbering the n-piece table
// exactly like FuChouIndexer (rank = CombinationRank(occupied) * 2^n +
// colours) so that it can replace it in the solver.
//
// The 36-bit occupancy mask is cut into five chunks of 8 points (the last one
// holds 4). The colex rank sum_i C(s_i, i + 1) splits into one partial sum
// per chunk, which depends only on the chunk's bits and on k, the number of
// occupied points below the chunk: rank_[c][k][bits]. The four k are
// independent popcounts of the mask below each chunk, so Rank is five
// independent table loads and a PEXT for the colours, whatever the piece
// count: no loop over the pieces, no branch. (Per-byte SWAR popcounts with
// a prefix-sum multiply, as oware's colex uses, were 25 % slower here: a
// longer dependency chain than four POPCNTs.)
//
// Unrank walks the chunks from the top: in colex (= numeric) order the sets
// whose top chunk is `bits` form one contiguous block of ranks, starting at
// start_[c][m][bits] when m points are left for chunks 0..c. A branch-free
// binary search over the 256 block starts (16 in the top chunk) finds the
// chunk, then the search goes on in the chunk below with the rest: 36
// dependent loads whatever the piece count.
//
// Tables hold entries for k, m <= n only, as 32-bit numbers (at most 12
// pieces: C(36, 12) < 2^32): 5 * (n + 1) * 256 * 4 bytes each, 30 KB for 5
// pieces (61 KB with the unrank table; colex's kChoose is 10.6 KB). Chunks
// of 6 points (the board's rows; 9 KB per table) made Rank about 10 %
// slower. BMI2 is not needed: the colours use ExtractBits / DepositBits of
// board.h, which have portable fallbacks. Measurements: docs/indexing.md.
#ifndef GAMES_SURAKARTA_TABLE_RANK_INDEXER_H_
#define GAMES_SURAKARTA_TABLE_RANK_INDEXER_H_

#include <bit>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "games/surakarta/board.h"
#include "games/surakarta/position.h"

namespace retro::surakarta {

// The chunked colex ranking of the n-piece table; the same ranks as
// FuChouIndexer for every placement.
class TableRankIndexer {
 public:
  // The largest supported piece count (32-bit table entries).
  static constexpr int kMaxPieces = 12;
  static constexpr int kChunkBits = 8;
  static constexpr int kChunks = (kSquares + kChunkBits - 1) / kChunkBits;
  static constexpr int kChunkEntries = 1 << kChunkBits;
  static constexpr uint64_t kChunkMask = kChunkEntries - 1;

  // Builds the tables for `pieces` pieces, 0 <= pieces <= kMaxPieces.
  static absl::StatusOr<TableRankIndexer> Create(int pieces);

  int pieces() const { return pieces_; }

  // Number of positions in the table: C(36, n) * 2^n.
  uint64_t Size() const { return size_; }

  // Bytes of the rank and unrank tables.
  uint64_t TableBytes() const { return (rank_.size() + start_.size()) * sizeof(uint32_t); }

  // The colex rank of `occupied` (PopCount(occupied) == pieces()).
  uint64_t SetRank(Bitboard occupied) const {
    // k of chunk c: the occupied points below it (independent popcounts).
    const uint32_t* table = rank_.data();
    uint64_t rank = table[occupied & kChunkMask];
    for (int c = 1; c < kChunks; ++c) {
      const uint64_t k = std::popcount(occupied & ((Bitboard{1} << (kChunkBits * c)) - 1));
      const uint64_t bits = (occupied >> (kChunkBits * c)) & kChunkMask;
      rank += table[((c * stride_) + k) * kChunkEntries + bits];
    }
    return rank;
  }

  // The set of pieces() points with colex rank `rank` < C(36, pieces()).
  Bitboard SetUnrank(uint64_t rank) const;

  // The rank of the placement (us, them); requires PopCount(us | them) ==
  // pieces() and disjoint sets.
  uint64_t Rank(Bitboard us, Bitboard them) const {
    const Bitboard occupied = us | them;
    return (SetRank(occupied) << pieces_) | ExtractBits(us, occupied);
  }
  uint64_t Rank(const Position& p) const { return Rank(p.us, p.them); }

  // The placement with rank `rank` < Size().
  void Unrank(uint64_t rank, Bitboard* us, Bitboard* them) const {
    const Bitboard occupied = SetUnrank(rank >> pieces_);
    *us = DepositBits(rank & ((uint64_t{1} << pieces_) - 1), occupied);
    *them = occupied & ~*us;
  }

  // The position with rank `rank` < Size(), X to move.
  Position Unrank(uint64_t rank) const {
    return PlacementOf(SetUnrank(rank >> pieces_), rank & ((uint64_t{1} << pieces_) - 1));
  }

 private:
  explicit TableRankIndexer(int pieces);

  int pieces_;
  int stride_;  // pieces_ + 1: entries per chunk for k (or m)
  uint64_t size_;
  // rank_[(c * stride_ + k) * kChunkEntries + bits]: the partial colex sum of
  // chunk c.
  std::vector<uint32_t> rank_;
  // start_[(c * stride_ + m) * kChunkEntries + bits]: the first rank of the
  // sets of m points in chunks 0..c whose chunk c is `bits`; made
  // non-decreasing in `bits` (an impossible `bits` gets the next possible one's
  // start) so that it can be binary-searched.
  std::vector<uint32_t> start_;
};

}  // namespace retro::surakarta

#endif  // GAMES_SURAKARTA_TABLE_RANK_INDEXER_H_
