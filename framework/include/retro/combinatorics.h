// Binomial coefficients and the ranking helpers that perfect-hash indexers are
// built from: combinations (k of n cells occupied) ranked in colex order, and
// compositions (stars and bars: identical items over bins, a multiset) ranked
// through their bars. Everything here is constexpr and table driven so that
// indexers can use it on their hot paths.
#ifndef RETRO_COMBINATORICS_H_
#define RETRO_COMBINATORICS_H_

#include <array>
#include <bit>
#include <cstdint>
#include <span>

namespace retro {

// The largest n for which Binomial(n, k) is tabulated.
inline constexpr int kMaxBinomialN = 67;

namespace internal {
struct BinomialTableData {
  std::array<std::array<uint64_t, kMaxBinomialN + 1>, kMaxBinomialN + 1> c{};
  constexpr BinomialTableData() {
    for (int n = 0; n <= kMaxBinomialN; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= n; ++k) {
        // Saturate rather than overflow for the few entries past 2^64.
        const uint64_t a = c[n - 1][k - 1];
        const uint64_t b = k <= n - 1 ? c[n - 1][k] : 0;
        c[n][k] = (a > UINT64_MAX - b) ? UINT64_MAX : a + b;
      }
    }
  }
};
inline constexpr BinomialTableData kBinomials{};
}  // namespace internal

// C(n, k); zero when k < 0, k > n or n < 0. Requires n <= kMaxBinomialN.
constexpr uint64_t Binomial(int n, int k) {
  if (n < 0 || k < 0 || k > n) return 0;
  return internal::kBinomials.c[n][k];
}

// Number of ways to distribute `items` identical items over `bins` bins
// (compositions with empty parts allowed): C(items + bins - 1, bins - 1).
constexpr uint64_t CompositionCount(int items, int bins) {
  if (bins <= 0) return items == 0 ? 1 : 0;
  return Binomial(items + bins - 1, bins - 1);
}

// The colex rank of the set of cells `cells` (bit i set: cell i is in the
// set) among all sets of the same size: sum_i C(c_i, i + 1) over its cells
// c_0 < c_1 < ... Colex order is the numeric order of the masks, so the
// sets of one size counted up from the smallest mask are ranks 0, 1, 2, ...
// Requires cells < 2^kMaxBinomialN.
constexpr uint64_t CombinationRank(uint64_t cells) {
  uint64_t rank = 0;
  for (int i = 1; cells != 0; ++i) {
    rank += Binomial(std::countr_zero(cells), i);
    cells &= cells - 1;
  }
  return rank;
}

// The set of `size` cells out of `n` with colex rank `rank`, as a mask;
// the inverse of CombinationRank. Requires rank < Binomial(n, size) and
// n <= 64.
constexpr uint64_t CombinationUnrank(uint64_t rank, int size, int n) {
  uint64_t cells = 0;
  int cell = n;
  for (int i = size; i >= 1; --i) {
    // The largest cell c with C(c, i) <= rank holds the i-th element.
    do --cell; while (Binomial(cell, i) > rank);
    rank -= Binomial(cell, i);
    cells |= uint64_t{1} << cell;
  }
  return cells;
}

// The rank of `counts` (counts[b] identical items in bin b; a multiset of
// bins) among the CompositionCount(items, bins) ways of spreading its total
// over as many bins. Stars and bars: the composition is the set of the
// bars' places among items + bins - 1 places, ranked by CombinationRank.
// Requires items + bins - 1 <= 64.
constexpr uint64_t CompositionRank(std::span<const int> counts) {
  uint64_t bars = 0;
  int place = 0;
  for (size_t bin = 0; bin + 1 < counts.size(); ++bin) {
    place += counts[bin];
    bars |= uint64_t{1} << place;
    ++place;
  }
  return CombinationRank(bars);
}

// The composition of `items` over counts.size() bins with rank `rank`,
// written to `counts`; the inverse of CompositionRank. Requires
// rank < CompositionCount(items, counts.size()) and a non-empty `counts`.
constexpr void CompositionUnrank(uint64_t rank, int items, std::span<int> counts) {
  const int bins = static_cast<int>(counts.size());
  uint64_t bars = CombinationUnrank(rank, bins - 1, items + bins - 1);
  int previous = -1;
  for (int bin = 0; bin + 1 < bins; ++bin) {
    const int place = std::countr_zero(bars);
    bars &= bars - 1;
    counts[bin] = place - previous - 1;
    previous = place;
  }
  counts[bins - 1] = items + bins - 2 - previous;
}

}  // namespace retro

#endif  // RETRO_COMBINATORICS_H_
