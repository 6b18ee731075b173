// Google Benchmark suite comparing the indexing schemes of Surakarta
// (conclusions in docs/indexing.md); one binary per game, so that
// benchmarks/run_indexing.sh renders one table set per game.
//
// Surakarta (games/surakarta/: FuChouIndexer, TableRankIndexer,
// SymmetricIndexer; one indexer per piece count):
//
//  - Rank per call over the positions the 5-piece solve meets: a window of
//    2^16 consecutive positions of the 5-piece table (from its middle, in
//    FuChou order) and, for each, its predecessors (un-steps, ranked in the
//    5-piece table: "pred5") and its capture children (ranked in the 4-piece
//    table: "capture4"); and over uniformly random placements of 5 and 7
//    pieces. Unrank over 2^18 consecutive ranks of the 5-piece table
//    ("stream5") and over the ranks of the random placements.
//  - The whole build of the 1..5-piece tables on one thread: with the
//    production builder (TableSlice, FuChou order only, "Solve5"), and with
//    the plain builder SchemeTableSlice under each scheme ("PlainSolve5"),
//    which ranks every child and predecessor through the scheme; the
//    symmetric scheme solves classes, an 8x smaller table. All give the
//    same values (tests/surakarta/indexing_schemes_test.cc).
//  - Building each indexer for 5 pieces, with its table bytes.
//
// Per-call benchmarks report items_per_second (CPU time); ns per call is its
// inverse. benchmarks/run_indexing.sh runs the benchmarks of every game with
// repetitions and prints the medians (docs/benchmarks.md summarises them).
//
//   build/bin/surakarta_indexing_benchmark --benchmark_filter=Rank
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <random>
#include <type_traits>
#include <vector>

#include "benchmark/benchmark.h"
#include "games/surakarta/board.h"
#include "games/surakarta/combination.h"
#include "games/surakarta/fuchou_indexer.h"
#include "games/surakarta/movegen.h"
#include "games/surakarta/position.h"
#include "games/surakarta/symmetric_indexer.h"
#include "games/surakarta/symmetry.h"
#include "games/surakarta/table_rank_indexer.h"
#include "plugins/surakarta/scheme_table_slice.h"
#include "plugins/surakarta/tablebase.h"
#include "retro/combinatorics.h"
#include "retro/progress.h"
#include "retro/thread_pool.h"

namespace retro::surakarta {
namespace {

constexpr int kStreamPieces = 5;
constexpr int kMaxBenchPieces = 7;

// The indexer of `pieces` pieces, built once.
template <typename Scheme>
const Scheme& Get(int pieces) {
  static std::array<std::unique_ptr<Scheme>, kMaxBenchPieces + 1> schemes;
  if (!schemes[pieces]) {
    schemes[pieces] = std::make_unique<Scheme>(*Scheme::Create(pieces));
  }
  return *schemes[pieces];
}

// What the 5-piece solve ranks, from a window of its positions.
struct SolverStream {
  std::vector<Position> predecessors;  // 5 pieces
  std::vector<Position> captures;      // 4 pieces
};

const SolverStream& Stream() {
  static const SolverStream* stream = [] {
    auto* s = new SolverStream;
    const FuChouIndexer& fuchou = Get<FuChouIndexer>(kStreamPieces);
    const uint64_t begin = fuchou.Size() / 2;
    for (uint64_t i = begin; i < begin + (1 << 16); ++i) {
      Bitboard us, them;
      fuchou.Unrank(i, &us, &them);
      const Bitboard occupied = us | them;
      if (us != 0) {
        // Un-steps of the side that just moved (them).
        for (Bitboard movers = them; movers;) {
          const int to = PopLowest(movers);
          for (Bitboard from = Neighbours(to) & ~occupied; from;) {
            const int f = PopLowest(from);
            Position p;
            p.us = them ^ SquareBit(to) ^ SquareBit(f);
            p.them = us;
            s->predecessors.push_back(p);
          }
        }
      }
      for (Bitboard movers = us; movers;) {
        const int from = PopLowest(movers);
        if (SquareBit(from) & kCorners) continue;
        for (Bitboard hits = CaptureFirstHits(from, occupied) & them; hits;) {
          const int to = PopLowest(hits);
          Position p;
          p.us = them & ~SquareBit(to);
          p.them = us ^ SquareBit(from) ^ SquareBit(to);
          s->captures.push_back(p);
        }
      }
    }
    return s;
  }();
  return *stream;
}

// 2^16 uniformly random placements of `pieces` pieces.
const std::vector<Position>& RandomPlacements(int pieces) {
  static std::array<std::vector<Position>, kMaxBenchPieces + 1> all;
  std::vector<Position>& out = all[pieces];
  if (out.empty()) {
    std::mt19937_64 rng(20261121);
    const FuChouIndexer& fuchou = Get<FuChouIndexer>(pieces);
    for (int i = 0; i < (1 << 16); ++i) {
      out.push_back(fuchou.Unrank(rng() % fuchou.Size()));
    }
  }
  return out;
}

template <typename Scheme>
void RankAll(benchmark::State& state, const std::vector<Position>& positions,
             int pieces) {
  const Scheme& scheme = Get<Scheme>(pieces);
  for (auto _ : state) {
    uint64_t sum = 0;
    for (const Position& p : positions) sum += scheme.Rank(p.us, p.them);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * positions.size());
}

template <typename Scheme>
void BM_SkRankPred(benchmark::State& state) {
  RankAll<Scheme>(state, Stream().predecessors, kStreamPieces);
}

template <typename Scheme>
void BM_SkRankCapture(benchmark::State& state) {
  RankAll<Scheme>(state, Stream().captures, kStreamPieces - 1);
}

template <typename Scheme>
void BM_SkRankRandom(benchmark::State& state) {
  const int pieces = static_cast<int>(state.range(0));
  RankAll<Scheme>(state, RandomPlacements(pieces), pieces);
}

// Unrank of 2^18 consecutive ranks from the middle of the 5-piece index.
template <typename Scheme>
void BM_SkUnrankStream(benchmark::State& state) {
  const Scheme& scheme = Get<Scheme>(kStreamPieces);
  const uint64_t begin = scheme.Size() / 2;
  constexpr uint64_t kCount = 1 << 18;
  for (auto _ : state) {
    uint64_t sum = 0;
    for (uint64_t r = begin; r < begin + kCount; ++r) {
      const Position p = scheme.Unrank(r);
      sum += p.us ^ p.them;
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * kCount);
}

// Unrank of the ranks of the random placements of state.range(0) pieces.
template <typename Scheme>
void BM_SkUnrankRandom(benchmark::State& state) {
  const int pieces = static_cast<int>(state.range(0));
  const Scheme& scheme = Get<Scheme>(pieces);
  std::vector<uint64_t> ranks;
  for (const Position& p : RandomPlacements(pieces)) {
    ranks.push_back(scheme.Rank(p));
  }
  for (auto _ : state) {
    uint64_t sum = 0;
    for (const uint64_t r : ranks) {
      const Position p = scheme.Unrank(r);
      sum += p.us ^ p.them;
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * ranks.size());
}

// The 1..5-piece tables, built on state.range(0) threads (FuChou order: the
// only one TableSlice takes).
void BM_SkSolve(benchmark::State& state) {
  ThreadPool pool(static_cast<int>(state.range(0)));
  uint64_t bytes = 0;
  for (auto _ : state) {
    Progress progress;
    std::vector<std::vector<uint8_t>> tables;
    for (int n = 1; n <= kStreamPieces; ++n) {
      tables.push_back(*BuildTable(n, NoMoveRule::kLoss,
                                   n > 1 ? &tables.back() : nullptr, pool,
                                   &progress));
    }
    bytes = 0;
    for (const auto& t : tables) bytes += t.size();
    benchmark::DoNotOptimize(tables.data());
  }
  state.counters["book_bytes"] = static_cast<double>(bytes);
}

// The 1..5-piece tables built by SchemeTableSlice<Scheme> on one thread.
template <typename Scheme>
void BM_SkPlainSolve(benchmark::State& state) {
  ThreadPool pool(static_cast<int>(state.range(0)));
  uint64_t bytes = 0;
  for (auto _ : state) {
    Progress progress;
    const std::vector<std::vector<uint8_t>> tables = *BuildSchemeTables<Scheme>(
        kStreamPieces, NoMoveRule::kLoss, pool, &progress);
    bytes = 0;
    for (const auto& t : tables) bytes += t.size();
    benchmark::DoNotOptimize(tables.data());
  }
  state.counters["book_bytes"] = static_cast<double>(bytes);
}

// Table bytes of each scheme for `pieces` pieces. FuChou reads the shared
// colex table kChoose (37 x 36 x 8 bytes). The symmetric index holds 8
// bytes per occupied set (block starts) and 16 per canonical set (counted
// here), plus small per-set tables for the few symmetric sets (not counted).
template <typename Scheme>
double SkTableBytes(const Scheme& scheme, int pieces) {
  if constexpr (std::is_same_v<Scheme, FuChouIndexer>) {
    return sizeof(internal::kChoose);
  } else if constexpr (std::is_same_v<Scheme, TableRankIndexer>) {
    return static_cast<double>(scheme.TableBytes());
  } else {
    uint64_t canonical = 0;
    Bitboard occupied = (Bitboard{1} << pieces) - 1;
    for (uint64_t c = 0; c < Binomial(kSquares, pieces); ++c) {
      if (c > 0) occupied = NextCombination(occupied);
      canonical += SmallestImage(occupied) == occupied;
    }
    return 8.0 * static_cast<double>(Binomial(kSquares, pieces)) +
           16.0 * static_cast<double>(canonical);
  }
}

template <typename Scheme>
void BM_SkBuild(benchmark::State& state) {
  for (auto _ : state) {
    const Scheme scheme = *Scheme::Create(kStreamPieces);
    benchmark::DoNotOptimize(&scheme);
  }
  state.counters["table_bytes"] =
      SkTableBytes(Get<Scheme>(kStreamPieces), kStreamPieces);
}

#define RETRO_SURAKARTA_INDEXING_BENCHMARKS(Scheme)                          \
  BENCHMARK(BM_SkRankPred<Scheme>)->Name("Rank/pred5/" #Scheme);             \
  BENCHMARK(BM_SkRankCapture<Scheme>)->Name("Rank/capture4/" #Scheme);       \
  BENCHMARK(BM_SkRankRandom<Scheme>)->Name("Rank/random5/" #Scheme)->Arg(5); \
  BENCHMARK(BM_SkRankRandom<Scheme>)->Name("Rank/random7/" #Scheme)->Arg(7); \
  BENCHMARK(BM_SkUnrankStream<Scheme>)->Name("Unrank/stream5/" #Scheme);     \
  BENCHMARK(BM_SkUnrankRandom<Scheme>)                                       \
      ->Name("Unrank/random5/" #Scheme)                                      \
      ->Arg(5);                                                              \
  BENCHMARK(BM_SkUnrankRandom<Scheme>)                                       \
      ->Name("Unrank/random7/" #Scheme)                                      \
      ->Arg(7);                                                              \
  BENCHMARK(BM_SkBuild<Scheme>)                                              \
      ->Name("Build5/" #Scheme)                                              \
      ->Unit(benchmark::kMillisecond)

RETRO_SURAKARTA_INDEXING_BENCHMARKS(FuChouIndexer);
RETRO_SURAKARTA_INDEXING_BENCHMARKS(TableRankIndexer);
RETRO_SURAKARTA_INDEXING_BENCHMARKS(SymmetricIndexer);

BENCHMARK(BM_SkSolve)
    ->Name("Solve5/FuChouIndexer")
    ->Arg(1)
    ->ArgName("threads")
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->UseRealTime();

#define RETRO_SURAKARTA_PLAIN_SOLVE(Scheme)  \
  BENCHMARK(BM_SkPlainSolve<Scheme>)         \
      ->Name("PlainSolve5/" #Scheme)         \
      ->Arg(1)                               \
      ->ArgName("threads")                   \
      ->Iterations(1)                        \
      ->Unit(benchmark::kMillisecond)        \
      ->MeasureProcessCPUTime()              \
      ->UseRealTime()

RETRO_SURAKARTA_PLAIN_SOLVE(FuChouIndexer);
RETRO_SURAKARTA_PLAIN_SOLVE(TableRankIndexer);
RETRO_SURAKARTA_PLAIN_SOLVE(SymmetricIndexer);

}  // namespace
}  // namespace retro::surakarta

BENCHMARK_MAIN();
