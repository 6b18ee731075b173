// Google Benchmark suite comparing the indexing schemes of Plakoto
// (conclusions in docs/indexing.md); one binary per game, so that
// benchmarks/run_indexing.sh renders one table set per game.
//
// Plakoto (games/plakoto/: BearoffIndexer, LexIndexer; one indexer per
// (points, checkers)), on the P = 12 boards of 14 checkers that the
// database builder indexes (2,496,144 records of 13 free checkers, solved
// over the 4,457,400 boards of 14):
//
//  - Rank per call over the afterstates of 1,000 consecutive positions of
//    the p = 4 database (from its middle, in database order), every play of
//    every roll ("afterstates", about 720 per position), and over 2^16
//    uniformly random boards. Unrank over 2^18 consecutive ranks ("stream";
//    also with each scheme's Next() successor function, "BearoffNext" and
//    "LexNext") and over the ranks of the random boards.
//  - The five P = 12 databases (p = 2..6) built on one thread by the table
//    builder (PinTableGame<Scheme>) numbering the 14-checker boards with
//    each scheme: its blocks are contiguous ranges of the scheme's most
//    significant points, its neighbours O(1) rank deltas, its walk Next().
//    The databases are the same (bearoff order of the free checkers) either
//    way.
//
// Per-call benchmarks report items_per_second (CPU time); ns per call is its
// inverse. benchmarks/run_indexing.sh runs the benchmarks of every game with
// repetitions and prints the medians (docs/benchmarks.md summarises them).
//
//   build/bin/plakoto_indexing_benchmark --benchmark_filter=Rank
#include <cstddef>
#include <cstdint>
#include <random>
#include <type_traits>
#include <vector>

#include "benchmark/benchmark.h"
#include "games/plakoto/bearoff_indexer.h"
#include "games/plakoto/lex_indexer.h"
#include "games/plakoto/move_generator.h"
#include "games/plakoto/position.h"
#include "games/plakoto/roll.h"
#include "plugins/plakoto/pin_afterstate_game.h"
#include "plugins/plakoto/pin_build_options.h"
#include "plugins/plakoto/pin_database.h"
#include "retro/solver/chance.h"
#include "retro/solver/chance_workspace.h"
#include "retro/thread_pool.h"

namespace retro::plakoto {
namespace {

constexpr int kPoints = 12;
constexpr int kBoardCheckers = 14;

template <typename Scheme>
const Scheme& Get() {
  static const Scheme* scheme = new Scheme(kPoints, kBoardCheckers);
  return *scheme;
}

int Checkers(const Board& board) {
  int n = 0;
  for (int k = 1; k <= kPoints; ++k) n += board[k];
  return n;
}

// The 14-checker afterstates of a window of the p = 4 database's positions.
const std::vector<Board>& Afterstates() {
  static const std::vector<Board>* boards = [] {
    auto* out = new std::vector<Board>;
    const BearoffIndexer free_indexer(kPoints, kBoardCheckers - 1);
    const uint64_t begin = free_indexer.Size() / 2;
    std::vector<Play> plays;
    for (uint64_t i = begin; i < begin + 1000; ++i) {
      const Position p = PositionFromFree(kPoints, 4, free_indexer.Unrank(i));
      for (const Roll& roll : kRolls) {
        GeneratePlays(p, roll, &plays);
        for (const Play& play : plays) {
          if (Checkers(play.after.board) == kBoardCheckers) {
            out->push_back(play.after.board);
          }
        }
      }
    }
    return out;
  }();
  return *boards;
}

const std::vector<Board>& RandomBoards() {
  static const std::vector<Board>* boards = [] {
    auto* out = new std::vector<Board>;
    const BearoffIndexer& bearoff = Get<BearoffIndexer>();
    std::mt19937_64 rng(20261121);
    for (int i = 0; i < (1 << 16); ++i) {
      out->push_back(bearoff.Unrank(rng() % bearoff.Size()));
    }
    return out;
  }();
  return *boards;
}

template <typename Scheme>
void RankAll(benchmark::State& state, const std::vector<Board>& boards) {
  const Scheme& scheme = Get<Scheme>();
  for (auto _ : state) {
    uint64_t sum = 0;
    for (const Board& board : boards) sum += scheme.Rank(board);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * boards.size());
}

template <typename Scheme>
void BM_PkRankAfterstates(benchmark::State& state) {
  RankAll<Scheme>(state, Afterstates());
}

template <typename Scheme>
void BM_PkRankRandom(benchmark::State& state) {
  RankAll<Scheme>(state, RandomBoards());
}

constexpr uint64_t kStreamCount = 1 << 18;

template <typename Scheme>
void BM_PkUnrankStream(benchmark::State& state) {
  const Scheme& scheme = Get<Scheme>();
  const uint64_t begin = scheme.Size() / 2;
  for (auto _ : state) {
    uint64_t sum = 0;
    for (uint64_t r = begin; r < begin + kStreamCount; ++r) {
      sum += scheme.Unrank(r)[1 + r % kPoints];
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * kStreamCount);
}

// The same ranks walked with Scheme::Next (one Unrank to start).
template <typename Scheme>
void BM_PkNextStream(benchmark::State& state) {
  const Scheme& scheme = Get<Scheme>();
  const uint64_t begin = scheme.Size() / 2;
  for (auto _ : state) {
    uint64_t sum = 0;
    Board board = scheme.Unrank(begin);
    for (uint64_t r = begin; r < begin + kStreamCount; ++r) {
      sum += board[1 + r % kPoints];
      scheme.Next(&board);
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * kStreamCount);
}

template <typename Scheme>
void BM_PkUnrankRandom(benchmark::State& state) {
  const Scheme& scheme = Get<Scheme>();
  std::vector<uint64_t> ranks;
  for (const Board& board : RandomBoards()) ranks.push_back(scheme.Rank(board));
  for (auto _ : state) {
    uint64_t sum = 0;
    for (const uint64_t r : ranks) sum += scheme.Unrank(r)[1 + r % kPoints];
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * ranks.size());
}

// The five P = 12 databases on state.range(0) threads, one workspace, the
// table builder numbering the boards with Scheme.
template <typename Scheme>
void BM_PkSolve(benchmark::State& state) {
  ThreadPool pool(static_cast<int>(state.range(0)));
  chance::Workspace workspace;
  PinBuildOptions options;
  options.pool = &pool;
  options.workspace = &workspace;
  options.indexing = std::is_same_v<Scheme, LexIndexer>
                         ? BoardIndexing::kLex
                         : BoardIndexing::kBearoff;
  uint64_t bytes = 0;
  for (auto _ : state) {
    bytes = 0;
    for (int pin = 2; pin <= 6; ++pin) {
      const PinDatabase db = *PinDatabase::Build(kPoints, pin, options);
      bytes += db.values().size() * sizeof(double);
      benchmark::DoNotOptimize(db.values().data());
    }
  }
  state.counters["book_bytes"] = static_cast<double>(bytes);
}

// Neither scheme has tables of its own: both read the framework's shared
// binomial table (68 x 68 x 8 bytes).
template <typename Scheme>
void BM_PkBuild(benchmark::State& state) {
  for (auto _ : state) {
    const Scheme scheme(kPoints, kBoardCheckers);
    benchmark::DoNotOptimize(&scheme);
  }
  state.counters["table_bytes"] = 68.0 * 68.0 * 8.0;
}

#define RETRO_PLAKOTO_INDEXING_BENCHMARKS(Scheme)                             \
  BENCHMARK(BM_PkRankAfterstates<Scheme>)->Name("Rank/afterstates/" #Scheme); \
  BENCHMARK(BM_PkRankRandom<Scheme>)->Name("Rank/random/" #Scheme);           \
  BENCHMARK(BM_PkUnrankStream<Scheme>)->Name("Unrank/stream/" #Scheme);       \
  BENCHMARK(BM_PkUnrankRandom<Scheme>)->Name("Unrank/random/" #Scheme);       \
  BENCHMARK(BM_PkBuild<Scheme>)                                               \
      ->Name("Build12/" #Scheme)                                              \
      ->Unit(benchmark::kMillisecond)

RETRO_PLAKOTO_INDEXING_BENCHMARKS(BearoffIndexer);
RETRO_PLAKOTO_INDEXING_BENCHMARKS(LexIndexer);

BENCHMARK(BM_PkNextStream<BearoffIndexer>)->Name("Unrank/stream/BearoffNext");
BENCHMARK(BM_PkNextStream<LexIndexer>)->Name("Unrank/stream/LexNext");

// The five P = 6 databases solved with the plain afterstate method
// (PinAfterstateGame), which takes any scheme whose rank every move lowers:
// the same values in either order (tests/plakoto/indexing_schemes_test.cc).
template <typename Scheme>
void BM_PkPlainSolve6(benchmark::State& state) {
  ThreadPool pool(1);
  for (auto _ : state) {
    for (int pin = 2; pin <= 6; ++pin) {
      auto values = solver::SolveChance(PinAfterstateGame<Scheme>(6, pin),
                                        {.pool = &pool});
      benchmark::DoNotOptimize(values->data());
    }
  }
}
BENCHMARK(BM_PkPlainSolve6<BearoffIndexer>)
    ->Name("PlainSolve6/BearoffIndexer")
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PkPlainSolve6<LexIndexer>)
    ->Name("PlainSolve6/LexIndexer")
    ->Unit(benchmark::kMillisecond);

BENCHMARK(BM_PkSolve<BearoffIndexer>)
    ->Name("Solve12/BearoffIndexer")
    ->Arg(1)
    ->ArgName("threads")
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->UseRealTime();
BENCHMARK(BM_PkSolve<LexIndexer>)
    ->Name("Solve12/LexIndexer")
    ->Arg(1)
    ->ArgName("threads")
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->UseRealTime();

}  // namespace
}  // namespace retro::plakoto

BENCHMARK_MAIN();
