// Implementation of SymmetricIndexer (see symmetric_indexer.h).
#include "games/surakarta/symmetric_indexer.h"

#include <algorithm>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "games/surakarta/combination.h"
#include "games/surakarta/symmetry.h"

namespace retro::surakarta {

absl::StatusOr<SymmetricIndexer> SymmetricIndexer::Create(int pieces) {
  if (pieces < 0 || pieces > kMaxPieces) {
    return absl::InvalidArgumentError(absl::StrCat(
        "bad piece count ", pieces, " for the symmetric indexer: supported are 0 to ", kMaxPieces));
  }
  SymmetricIndexer indexer(pieces);
  indexer.Build();
  return indexer;
}

uint64_t SymmetricIndexer::ClassCount(int pieces) {
  // The number of classes is the average over the symmetries of the
  // placements each one fixes. A fixed placement is constant on every cycle
  // of the symmetry's permutation of the squares: it picks cycles of total
  // length `pieces` and gives each one side's colour.
  uint64_t fixed = 0;
  for (int k = 0; k < kSymmetries; ++k) {
    std::vector<uint64_t> ways(pieces + 1, 0);  // by occupied squares
    ways[0] = 1;
    bool seen[kSquares] = {};
    for (int square = 0; square < kSquares; ++square) {
      int length = 0;
      for (int s = square; !seen[s]; s = TransformSquare(k, s)) {
        seen[s] = true;
        ++length;
      }
      for (int m = pieces; m >= length && length > 0; --m) ways[m] += 2 * ways[m - length];
    }
    fixed += ways[pieces];
  }
  return fixed / kSymmetries;
}

void SymmetricIndexer::Build() {
  const uint64_t sets = Binomial(kSquares, pieces_);
  const uint64_t patterns = uint64_t{1} << pieces_;
  block_start_.assign(sets, 0);
  Bitboard occupied = (Bitboard{1} << pieces_) - 1;
  for (uint64_t c = 0; c < sets; ++c) {
    if (c > 0) occupied = NextCombination(occupied);
    uint32_t achieving;
    if (SmallestImage(occupied, &achieving) != occupied) {
      block_start_[c] = UINT64_MAX;
      continue;
    }
    block_start_[c] = size_;
    canonical_sets_.push_back(c);
    canonical_starts_.push_back(size_);
    if (achieving == 1) {
      size_ += patterns;
      continue;
    }
    // The occupied set is symmetric: keep the patterns that are smallest
    // among their images under the stabiliser.
    SymmetricSet& set = symmetric_sets_[c];
    set.rank_of.assign(patterns, UINT16_MAX);
    for (uint64_t w = 0; w < patterns; ++w) {
      const Bitboard us = DepositBits(w, occupied);
      bool smallest = true;
      for (int k = 1; k < kSymmetries && smallest; ++k) {
        if ((achieving >> k) & 1) {
          smallest = ExtractBits(TransformBitboard(k, us), occupied) >= w;
        }
      }
      if (smallest) {
        set.rank_of[w] = static_cast<uint16_t>(set.pattern_of.size());
        set.pattern_of.push_back(static_cast<uint16_t>(w));
      }
    }
    size_ += set.pattern_of.size();
  }
}

void SymmetricIndexer::Canonicalize(Bitboard us, Bitboard them, Bitboard* canonical_us,
                                    Bitboard* canonical_them, int* symmetry) const {
  const Bitboard occupied = us | them;
  uint32_t achieving;
  const Bitboard smallest = SmallestImage(occupied, &achieving);
  int best_k = -1;
  uint64_t best_w = 0;
  Bitboard best_us = 0;
  for (int k = 0; k < kSymmetries; ++k) {
    if (((achieving >> k) & 1) == 0) continue;
    const Bitboard image = TransformBitboard(k, us);
    const uint64_t w = ExtractBits(image, smallest);
    if (best_k < 0 || w < best_w) {
      best_k = k;
      best_w = w;
      best_us = image;
    }
  }
  *canonical_us = best_us;
  *canonical_them = smallest & ~best_us;
  *symmetry = best_k;
}

SymmetricIndexer::SetRank SymmetricIndexer::OfSet(Bitboard occupied) const {
  SetRank set;
  set.occupied = occupied;
  set.smallest = SmallestImage(occupied, &set.achieving);
  const uint64_t c = CombinationRank(set.smallest);
  set.block_start = block_start_[c];
  // Several symmetries reach the smallest image exactly when the canonical
  // set has a non-trivial stabiliser, which has a table of its own.
  if (set.achieving & (set.achieving - 1)) set.rank_of = &symmetric_sets_.at(c).rank_of;
  return set;
}

Position SymmetricIndexer::Unrank(uint64_t rank) const {
  UnrankCache cache;
  return Unrank(rank, cache);
}

Position SymmetricIndexer::Unrank(uint64_t rank, UnrankCache& cache) const {
  if (rank < cache.begin || rank >= cache.end) {
    // Ranks met in increasing order are searched for from the cached set
    // on, by doubling steps, then by halving the last step.
    auto from = canonical_starts_.begin();
    auto to = canonical_starts_.end();
    if (cache.begin <= cache.end && rank >= cache.end) {
      from += cache.set + 1;
      for (size_t step = 1; to - from > static_cast<ptrdiff_t>(step); step *= 2) {
        if (from[step] > rank) {
          to = from + step;
          break;
        }
        from += step;
      }
    }
    const size_t i = std::upper_bound(from, to, rank) - canonical_starts_.begin() - 1;
    cache.set = i;
    const uint64_t c = canonical_sets_[i];
    cache.begin = canonical_starts_[i];
    cache.end = i + 1 < canonical_starts_.size() ? canonical_starts_[i + 1] : size_;
    cache.occupied = CombinationUnrank(c, pieces_);
    const auto it = symmetric_sets_.find(c);
    cache.pattern_of = it != symmetric_sets_.end() ? &it->second.pattern_of : nullptr;
  }
  const uint64_t w = rank - cache.begin;
  return PlacementOf(cache.occupied, cache.pattern_of != nullptr ? (*cache.pattern_of)[w] : w);
}

}  // namespace retro::surakarta
