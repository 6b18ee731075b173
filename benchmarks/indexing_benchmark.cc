// Google Benchmark suites comparing the indexing schemes of each game
// (conclusions in docs/indexing.md). One source, one binary per game: the
// build defines RETRO_INDEXING_OWARE, RETRO_INDEXING_SURAKARTA or
// RETRO_INDEXING_PLAKOTO (indexing_benchmark, surakarta_indexing_benchmark,
// plakoto_indexing_benchmark), so that benchmarks/run_indexing.sh renders one
// table set per game.
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
// Surakarta and Plakoto: see their sections below.
//
// Per-call benchmarks report items_per_second (CPU time); ns per call is its
// inverse. benchmarks/run_indexing.sh runs everything with repetitions and
// writes the medians into docs/benchmarks.md.
//
//   build/bin/indexing_benchmark --benchmark_filter=Rank
#include <cstddef>
#include <cstdint>
#include <random>
#include <type_traits>
#include <vector>

#include "benchmark/benchmark.h"
#if defined(RETRO_INDEXING_OWARE)
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
#endif  // RETRO_INDEXING_OWARE

#if defined(RETRO_INDEXING_SURAKARTA)
#include <array>
#include <memory>

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
#endif  // RETRO_INDEXING_SURAKARTA

#if defined(RETRO_INDEXING_PLAKOTO)
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
#endif  // RETRO_INDEXING_PLAKOTO

BENCHMARK_MAIN();
