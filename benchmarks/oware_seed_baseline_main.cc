// Builds the seed-method oware book (oware_seed_baseline.h) and exits, so
// that it can be timed as a whole process next to `retro solve`:
//
//   oware_seed_baseline --seeds 9 [--turn-limit 200] [--recompute] [--quiet]
//
// --recompute sows and ranks every move again at every layer instead of
// once (SeedBook::Moves).
// Prints the boards per seed count (the spec's state counts), the layers the
// early stop kept and the build time; --quiet prints nothing.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "benchmarks/oware_seed_baseline.h"

namespace {

int Usage() {
  std::fprintf(stderr,
               "usage: oware_seed_baseline --seeds N [--turn-limit T] [--recompute] [--quiet]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  int seeds = -1;
  retro::oware::Rules rules;
  bool quiet = false;
  auto moves = retro::oware::baseline::SeedBook::Moves::kCached;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quiet") == 0) {
      quiet = true;
    } else if (std::strcmp(argv[i], "--recompute") == 0) {
      moves = retro::oware::baseline::SeedBook::Moves::kRecomputed;
    } else if (i + 1 < argc && std::strcmp(argv[i], "--seeds") == 0) {
      seeds = std::atoi(argv[++i]);
    } else if (i + 1 < argc && std::strcmp(argv[i], "--turn-limit") == 0) {
      rules.turn_limit = std::atoi(argv[++i]);
    } else {
      return Usage();
    }
  }
  if (seeds < 0 || seeds > 24 || rules.turn_limit < 1) return Usage();
  const auto start = std::chrono::steady_clock::now();
  const retro::oware::baseline::SeedBook book(seeds, rules, moves);
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
          .count();
  if (quiet) return 0;
  std::printf("seeds  states  cumulative (without the empty board)\n");
  unsigned long long cumulative = 0;
  for (int n = 1; n <= seeds; ++n) {
    cumulative += book.BoardsWithSeeds(n);
    std::printf("%5d  %llu  %llu\n", n,
                static_cast<unsigned long long>(book.BoardsWithSeeds(n)), cumulative);
  }
  std::printf("layers stored: t = 0..%d (%llu bytes)\nbuild: %.1f ms\n",
              book.stored_layers() - 1, static_cast<unsigned long long>(book.bytes()), ms);
  return 0;
}
