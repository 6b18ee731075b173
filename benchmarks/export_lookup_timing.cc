// Times a lookup of the C++ book header `retro export --format cpp` writes
// (docs/games/oware.md), as a bot compiles it: this file is compiled with
// `-include <header>` by benchmarks/run_export_lookup.sh, which solves and
// exports the book first. Prints the nanoseconds a lookup of random boards
// of at most SEEDS seeds (uniform over the boards of each seed count, each
// count as likely) at random plies left 0..200, warm.
//
//   export_lookup_timing SEEDS
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

int main(int argc, char** argv) {
  const int seeds = argc > 1 ? std::atoi(argv[1]) : 9;
  // 1. Random boards: each seed dealt to a random house (uniform over
  //    sowings, not over boards: enough for a timing mix).
  std::mt19937_64 random(7);
  constexpr int kBoards = 1 << 12;
  std::vector<int> houses(kBoards * 12, 0);
  std::vector<int> plies(kBoards);
  for (int b = 0; b < kBoards; ++b) {
    const int n = 1 + static_cast<int>(random() % seeds);
    for (int s = 0; s < n; ++s) ++houses[b * 12 + random() % 12];
    plies[b] = static_cast<int>(random() % 201);
  }
  // 2. Warm: the first call decodes the book.
  int exact = 0;
  long long sum = retro_oware_book_value(houses.data(), 200, &exact);
  // 3. Timed lookups.
  constexpr int kLookups = 1 << 24;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < kLookups; ++i) {
    const int b = i & (kBoards - 1);
    sum += retro_oware_book_value(&houses[b * 12], plies[b], &exact);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%.1f ns a lookup (%d lookups, checksum %lld)\n", seconds * 1e9 / kLookups,
              kLookups, sum);
  return 0;
}
