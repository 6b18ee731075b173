// Binomial coefficients and the ranking helpers that perfect-hash indexers are
// built from (stars and bars, combinations). Everything here is constexpr and
// table driven so that indexers can use it on their hot paths.
#ifndef RETRO_COMBINATORICS_H_
#define RETRO_COMBINATORICS_H_

#include <array>
#include <cstdint>

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

}  // namespace retro

#endif  // RETRO_COMBINATORICS_H_
