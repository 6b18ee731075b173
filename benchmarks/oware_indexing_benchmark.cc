// Google Benchmark suite comparing the indexing schemes of oware
// (conclusions in docs/indexing.md); one binary per game, so that
// benchmarks/run_indexing.sh renders one table set per game.
//
// Oware (games/oware/*_indexer.h):
//
//  - Rank and Unrank per call over a realistic stream (what the solver asks:
//    every board of slices 0..9 unranked in index order, and the children of
//    each board ranked) and over random boards of the 9-seed book; the
//    incremental scheme's RankChild on the same children; random boards of
//    40 seeds for the schemes that reach that far.
//  - Whole-solve time of the 9-seed, 200-ply book with each scheme, on 1 and
//    2 threads, including the permutation into the book's colex order: wall
//    clock and the CPU time of the whole process (robust on a loaded
//    machine).
//  - Table construction time and table bytes.
//
//
// Per-call benchmarks report items_per_second (CPU time); ns per call is its
// inverse. benchmarks/run_indexing.sh runs the benchmarks of every game with
// repetitions and prints the medians (docs/benchmarks.md summarises them).
//
//   build/bin/oware_indexing_benchmark --benchmark_filter=Rank
#include <cstddef>
#include <cstdint>
#include <random>
#include <type_traits>
#include <vector>

#include "benchmark/benchmark.h"
#include "games/oware/board.h"
#include "games/oware/colex_indexer.h"
#include "games/oware/hash_indexer.h"
#include "games/oware/incremental_indexer.h"
#include "games/oware/lexicographic_indexer.h"
#include "games/oware/movegen.h"
#include "games/oware/pext_indexer.h"
#include "plugins/oware/solver_game.h"
#include "retro/combinatorics.h"
#include "retro/solver/finite_horizon.h"

namespace retro::oware {
namespace {

constexpr int kBookSeeds = 9;
constexpr int kLargeSeeds = 40;

// The children of every board of the 9-seed book, in the order the solver
// expands them (slice by slice, boards in colex order, moves by house).
struct ChildStream {
  std::vector<Board> parents;
  std::vector<uint64_t> parent_ranks;  // colex ranks
  std::vector<uint32_t> parent_of;     // per child
  std::vector<Move> moves;             // per child; moves[i].child
  std::vector<Board> children;
};

const ChildStream& Stream() {
  static const ChildStream* stream = [] {
    auto* s = new ChildStream;
    const ColexIndexer colex(kBookSeeds);
    for (int n = 0; n <= kBookSeeds; ++n) {
      for (uint64_t r = 0; r < colex.Size(n); ++r) {
        const Board board = colex.Unrank(n, r);
        Move moves[kMaxMoves];
        const int count = GenerateMoves<GrandSlam::kForfeit>(board, moves);
        for (int m = 0; m < count; ++m) {
          s->parent_of.push_back(static_cast<uint32_t>(s->parents.size()));
          s->moves.push_back(moves[m]);
          s->children.push_back(moves[m].child);
        }
        s->parents.push_back(board);
        s->parent_ranks.push_back(r);
      }
    }
    return s;
  }();
  return *stream;
}

// Uniformly random boards of the book of `seeds` seeds (every board of
// 0..seeds seeds equally likely).
const std::vector<Board>& RandomBoards(int seeds) {
  static std::vector<Board> boards[kLargeSeeds + 1];
  std::vector<Board>& out = boards[seeds];
  if (out.empty()) {
    const ColexIndexer colex(seeds);
    std::mt19937_64 rng(20261121);
    const uint64_t total = CompositionCount(seeds, kHouses + 1);
    constexpr int kCount = 1 << 16;
    out.reserve(kCount);
    for (int i = 0; i < kCount; ++i) {
      uint64_t index = rng() % total;
      int n = 0;
      while (index >= colex.Size(n)) index -= colex.Size(n++);
      out.push_back(colex.Unrank(n, index));
    }
  }
  return out;
}

template <typename Indexer>
const Indexer& Get(int max_seeds) {
  static const Indexer* book = new Indexer(kBookSeeds);
  if (max_seeds == kBookSeeds) return *book;
  static const Indexer* large = new Indexer(kLargeSeeds);
  return *large;
}

// Rank of every child of the stream.
template <typename Indexer>
void BM_RankStream(benchmark::State& state) {
  const Indexer& indexer = Get<Indexer>(kBookSeeds);
  const std::vector<Board>& children = Stream().children;
  for (auto _ : state) {
    uint64_t sum = 0;
    for (const Board& child : children) sum += indexer.Rank(child);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * children.size());
}

// RankChild of every child of the stream, from its parent's rank.
void BM_RankChildStream(benchmark::State& state) {
  const IncrementalIndexer& indexer = Get<IncrementalIndexer>(kBookSeeds);
  const ChildStream& s = Stream();
  for (auto _ : state) {
    uint64_t sum = 0;
    for (size_t i = 0; i < s.moves.size(); ++i) {
      const uint32_t p = s.parent_of[i];
      sum += indexer.RankChild(s.parents[p], s.parent_ranks[p], s.moves[i]);
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * s.moves.size());
}

// Unrank of every index of slices 0..9 in order, as the solver expands them.
template <typename Indexer>
void BM_UnrankStream(benchmark::State& state) {
  const Indexer& indexer = Get<Indexer>(kBookSeeds);
  uint64_t calls = 0;
  for (auto _ : state) {
    uint64_t sum = 0;
    for (int n = 0; n <= kBookSeeds; ++n) {
      const uint64_t size = indexer.Size(n);
      for (uint64_t r = 0; r < size; ++r) {
        sum += indexer.Unrank(n, r).houses[r % kHouses];
      }
      calls += size;
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(calls);
}

// Rank of random boards of the book of state.range(0) seeds.
template <typename Indexer>
void BM_RankRandom(benchmark::State& state) {
  const int seeds = static_cast<int>(state.range(0));
  const Indexer& indexer = Get<Indexer>(seeds);
  const std::vector<Board>& boards = RandomBoards(seeds);
  for (auto _ : state) {
    uint64_t sum = 0;
    for (const Board& board : boards) sum += indexer.Rank(board);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * boards.size());
}

// Unrank of random (seeds, rank) pairs of the book of state.range(0) seeds.
template <typename Indexer>
void BM_UnrankRandom(benchmark::State& state) {
  const int seeds = static_cast<int>(state.range(0));
  const Indexer& indexer = Get<Indexer>(seeds);
  struct Query {
    int seeds;
    uint64_t rank;
  };
  std::vector<Query> queries;
  for (const Board& board : RandomBoards(seeds)) {
    queries.push_back({TotalSeeds(board), indexer.Rank(board)});
  }
  for (auto _ : state) {
    uint64_t sum = 0;
    for (const Query& q : queries) {
      sum += indexer.Unrank(q.seeds, q.rank).houses[q.rank % kHouses];
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * queries.size());
}

// The whole 9-seed, 200-ply book (forfeit, nobody) on state.range(0)
// threads, brought into colex order when the scheme ranks otherwise.
template <typename Indexer>
void BM_Solve(benchmark::State& state) {
  const int threads = static_cast<int>(state.range(0));
  const Indexer& indexer = Get<Indexer>(kBookSeeds);
  using Game = OwareSolverGame<GrandSlam::kForfeit, Indexer>;
  const Game game(indexer, kBookSeeds, AtLimit::kNobody);
  ThreadPool pool(threads);
  const ColexIndexer colex(kBookSeeds);
  uint64_t bytes = 0;
  for (auto _ : state) {
    Progress progress;
    auto stores =
        *solver::SolveFiniteHorizon(game, {.horizon = 200},
                                    {.pool = &pool, .progress = &progress});
    if constexpr (!std::is_same_v<Indexer, ColexIndexer> &&
                  !std::is_same_v<Indexer, PextIndexer> &&
                  !std::is_same_v<Indexer, IncrementalIndexer>) {
      for (int n = 0; n <= kBookSeeds; ++n) {
        const auto view = *FiniteHorizonStoreView::Open(stores[n]);
        stores[n] = PermuteStore(
            view, [&](uint64_t i) { return indexer.Rank(colex.Unrank(n, i)); },
            pool);
      }
    }
    bytes = 0;
    for (const auto& s : stores) bytes += s.size();
    benchmark::DoNotOptimize(stores.data());
  }
  state.counters["book_bytes"] = static_cast<double>(bytes);
}

// Bytes of tables of `indexer`; the two seed schemes' sizes follow from their
// documented layouts.
template <typename Indexer>
double TableBytes(const Indexer& indexer, int seeds) {
  const double side = seeds + 1;
  if constexpr (std::is_same_v<Indexer, ColexIndexer>) {
    return side * (kHouses - 1) * 8;
  } else if constexpr (std::is_same_v<Indexer, LexicographicIndexer>) {
    return side * side * (kHouses - 1) * 8;
  } else {
    return static_cast<double>(indexer.TableBytes());
  }
}

// Building the indexer for the 9-seed book; counts its table bytes.
template <typename Indexer>
void BM_Build(benchmark::State& state) {
  double bytes = 0;
  for (auto _ : state) {
    const Indexer indexer(kBookSeeds);
    bytes = TableBytes(indexer, kBookSeeds);
    benchmark::DoNotOptimize(&indexer);
  }
  state.counters["table_bytes"] = bytes;
}

#define RETRO_INDEXING_BENCHMARKS(Scheme)                                  \
  BENCHMARK(BM_RankStream<Scheme>)->Name("Rank/stream/" #Scheme);          \
  BENCHMARK(BM_UnrankStream<Scheme>)->Name("Unrank/stream/" #Scheme);      \
  BENCHMARK(BM_RankRandom<Scheme>)                                         \
      ->Name("Rank/random9/" #Scheme)                                      \
      ->Arg(kBookSeeds);                                                   \
  BENCHMARK(BM_UnrankRandom<Scheme>)                                       \
      ->Name("Unrank/random9/" #Scheme)                                    \
      ->Arg(kBookSeeds);                                                   \
  BENCHMARK(BM_Solve<Scheme>)                                              \
      ->Name("Solve9/" #Scheme)                                            \
      ->Arg(1)                                                             \
      ->Arg(2)                                                             \
      ->ArgName("threads")                                                 \
      ->Iterations(1)                                                      \
      ->Unit(benchmark::kMillisecond)                                      \
      ->MeasureProcessCPUTime()                                            \
      ->UseRealTime();                                                     \
  BENCHMARK(BM_Build<Scheme>)                                              \
      ->Name("Build9/" #Scheme)                                            \
      ->Unit(benchmark::kMillisecond)

RETRO_INDEXING_BENCHMARKS(LexicographicIndexer);
RETRO_INDEXING_BENCHMARKS(ColexIndexer);
RETRO_INDEXING_BENCHMARKS(PextIndexer);
RETRO_INDEXING_BENCHMARKS(IncrementalIndexer);
RETRO_INDEXING_BENCHMARKS(HashIndexer);

BENCHMARK(BM_RankChildStream)->Name("RankChild/stream/IncrementalIndexer");

// Large boards: only the arithmetic schemes reach 40 seeds.
BENCHMARK(BM_RankRandom<LexicographicIndexer>)
    ->Name("Rank/random40/LexicographicIndexer")
    ->Arg(kLargeSeeds);
BENCHMARK(BM_RankRandom<ColexIndexer>)
    ->Name("Rank/random40/ColexIndexer")
    ->Arg(kLargeSeeds);
BENCHMARK(BM_RankRandom<PextIndexer>)
    ->Name("Rank/random40/PextIndexer")
    ->Arg(kLargeSeeds);
BENCHMARK(BM_UnrankRandom<LexicographicIndexer>)
    ->Name("Unrank/random40/LexicographicIndexer")
    ->Arg(kLargeSeeds);
BENCHMARK(BM_UnrankRandom<ColexIndexer>)
    ->Name("Unrank/random40/ColexIndexer")
    ->Arg(kLargeSeeds);
BENCHMARK(BM_UnrankRandom<PextIndexer>)
    ->Name("Unrank/random40/PextIndexer")
    ->Arg(kLargeSeeds);

}  // namespace
}  // namespace retro::oware

BENCHMARK_MAIN();
