// A symmetry-reduced index of the n-piece table: one rank per class of
// placements under the 8 board symmetries, about 8 times smaller than
// FuChouIndexer.
//
// Canonical form. Of the 8 images of a placement, take those whose occupied
// set is numerically smallest (equivalently, smallest colex rank); among them
// take the smallest colour pattern (PEXT of our pieces over the occupied set,
// as in FuChouIndexer). Symmetric placements have the same canonical form.
//
// Ranks. Canonical occupied sets are numbered in colex order; each owns a
// block of consecutive ranks, one per canonical colour pattern. When the
// occupied set has no symmetry (the common case) every pattern is canonical
// and the block is the 2^n patterns in numeric order; otherwise the block
// lists the patterns that are minimal under the set's stabiliser, in numeric
// order, through a small per-set table.
//
// Cost. Rank: 8 bitboard transforms (6 table lookups each) for the occupied
// set, one colex rank, one table lookup for the block, and one more transform
// per symmetry of the occupied set: about 10 times FuChouIndexer::Rank.
// Unrank: a binary search over the canonical sets plus a colex unrank,
// about 3 times FuChou's (docs/benchmarks.md has the timings of both).
// Memory: 8 bytes per n-subset of the 36 points (15.6 MB for n = 6, 0.95 GB
// measured for n = 9), so at most 9 pieces (6.0 G classes, the largest
// table a cluster plan of docs/distributed.md solves). Sizes:
// 118,659 classes for n = 4 (FuChou: 942,480), 15,593,810 for n = 6
// (124,658,688).
#ifndef GAMES_SURAKARTA_SYMMETRIC_INDEXER_H_
#define GAMES_SURAKARTA_SYMMETRIC_INDEXER_H_

#include <algorithm>
#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "games/surakarta/board.h"
#include "games/surakarta/position.h"
#include "games/surakarta/symmetry.h"

namespace retro::surakarta {

class SymmetricIndexer {
 public:
  // One index per class of placements, not per placement (see
  // scheme_table_slice.h).
  static constexpr bool kIndexesClasses = true;

  // The largest supported piece count (memory grows as C(36, n); ranks of
  // 9 pieces need more than 32 bits).
  static constexpr int kMaxPieces = 9;

  // Builds the tables for `pieces` pieces (0 <= pieces <= kMaxPieces).
  static absl::StatusOr<SymmetricIndexer> Create(int pieces);

  // Size() of the indexer for `pieces` pieces (0 <= pieces <= kSquares),
  // counted without building it (Burnside's lemma over the 8 symmetries), so
  // that a reader can check a table's size before paying for the indexer.
  static uint64_t ClassCount(int pieces);

  int pieces() const { return pieces_; }

  // Number of symmetry classes.
  uint64_t Size() const { return size_; }

  // The rank of the class of (us, them); requires PopCount(us | them) ==
  // pieces() and disjoint sets.
  uint64_t Rank(Bitboard us, Bitboard them) const { return Rank(us, OfSet(us | them)); }
  uint64_t Rank(const Position& p) const { return Rank(p.us, p.them); }

  // What Rank derives from the occupied set alone, for a caller ranking
  // many placements of few sets (a verifier ranking children): Rank(us,
  // them) is Rank(us, OfSet(us | them)).
  struct SetRank {
    Bitboard occupied = 0;
    Bitboard smallest = 0;   // its smallest image under the symmetries
    uint32_t achieving = 0;  // bit k: symmetry k maps it to `smallest`
    uint64_t block_start = 0;
    // The canonical patterns' local ranks when `smallest` has symmetries.
    const std::vector<uint16_t>* rank_of = nullptr;
  };
  SetRank OfSet(Bitboard occupied) const;
  uint64_t Rank(Bitboard us, const SetRank& set) const {
    if (set.achieving == 1) return set.block_start + ExtractBits(us, set.occupied);
    uint64_t best_w = UINT64_MAX;
    for (int k = 0; k < kSymmetries; ++k) {
      if ((set.achieving >> k) & 1) {
        best_w = std::min<uint64_t>(best_w, ExtractBits(TransformBitboard(k, us), set.smallest));
      }
    }
    if (set.rank_of != nullptr) return set.block_start + (*set.rank_of)[best_w];
    return set.block_start + best_w;
  }

  // The canonical representative of class `rank` < Size(), X to move.
  Position Unrank(uint64_t rank) const;

  // The block of ranks of the last canonical set unranked through it. A
  // caller walking ranks in increasing order (a solver's scan) keeps one and
  // passes it to Unrank, which then answers ranks of the same set with a
  // subtraction and a PDEP instead of a binary search.
  struct UnrankCache {
    uint64_t begin = 1, end = 0;  // empty
    size_t set = 0;               // its place among the canonical sets
    Bitboard occupied = 0;
    const std::vector<uint16_t>* pattern_of = nullptr;  // symmetric sets
  };
  Position Unrank(uint64_t rank, UnrankCache& cache) const;

  // The canonical representative of the class of (us, them) and a symmetry
  // mapping the placement to it.
  void Canonicalize(Bitboard us, Bitboard them, Bitboard* canonical_us,
                    Bitboard* canonical_them, int* symmetry) const;

 private:
  // Colour patterns of one occupied set with a non-trivial stabiliser.
  struct SymmetricSet {
    std::vector<uint16_t> rank_of;     // pattern -> local rank (canonical only)
    std::vector<uint16_t> pattern_of;  // local rank -> pattern
  };

  explicit SymmetricIndexer(int pieces) : pieces_(pieces) {}
  void Build();

  int pieces_;
  uint64_t size_ = 0;
  // Per colex rank of an occupied set: first rank of its block (canonical
  // sets only).
  std::vector<uint64_t> block_start_;
  // Canonical sets in colex order, for Unrank.
  std::vector<uint64_t> canonical_sets_;
  std::vector<uint64_t> canonical_starts_;
  // Sets with symmetries, by colex rank.
  absl::flat_hash_map<uint64_t, SymmetricSet> symmetric_sets_;
};

}  // namespace retro::surakarta

#endif  // GAMES_SURAKARTA_SYMMETRIC_INDEXER_H_
