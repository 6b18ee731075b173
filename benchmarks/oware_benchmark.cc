// Google Benchmark suite for the oware book: whole-book solves with retro's
// change-following solver (1 and 2 threads) against the seed-method baseline
// and against the same method at its minimum (the change floor), the bit
// coding of a store, and single-value probes of a finished book.
//
//   build/bin/oware_benchmark --benchmark_filter=Solve
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "benchmarks/oware_change_floor.h"
#include "benchmarks/oware_seed_baseline.h"
#include "games/oware/colex_indexer.h"
#include "plugins/oware/book.h"
#include "plugins/oware/book_rules.h"
#include "plugins/oware/solver_game.h"
#include "retro/database.h"
#include "retro/format/finite_horizon/store.h"
#include "retro/format/finite_horizon/write/bit_coder.h"
#include "retro/solver/finite_horizon.h"
#include "retro/thread_pool.h"
#include "tests/framework/store_lists.h"

namespace retro::oware {
namespace {

using ForfeitGame = OwareSolverGame<GrandSlam::kForfeit, ColexIndexer>;

// The stores of a book as a solve writes them (bit-coded), or byte-coded
// as the solver holds them while solving.
std::vector<std::vector<uint8_t>> SolveStores(int seeds, int threads, bool bit_code = true) {
  const ColexIndexer indexer(seeds);
  const ForfeitGame game(indexer, seeds, AtLimit::kNobody);
  ThreadPool pool(threads);
  Progress progress;
  return *solver::SolveFiniteHorizon(game, {.horizon = 200, .bit_code = bit_code},
                                     {.pool = &pool, .progress = &progress});
}

void BM_SolveRetro(benchmark::State& state) {
  const int seeds = static_cast<int>(state.range(0));
  const int threads = static_cast<int>(state.range(1));
  uint64_t bytes = 0;
  for (auto _ : state) {
    auto stores = SolveStores(seeds, threads);
    bytes = 0;
    for (const auto& s : stores) bytes += s.size();
    benchmark::DoNotOptimize(stores.data());
  }
  state.counters["book_bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_SolveRetro)
    ->ArgsProduct({{6, 7, 8, 9}, {1, 2}})
    ->ArgNames({"seeds", "threads"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The cost of the solver's work units, one thread, byte-coded stores (the
// layers and the store, no final coding): CPU nanoseconds per stored change
// and per evaluation of a state (the solver's `evaluations`: every state at
// layer 1, then each marked state, read from its record), so that a
// regression of the change-driven method shows as a figure.
void BM_SolveChangeCost(benchmark::State& state) {
  const int seeds = static_cast<int>(state.range(0));
  const ColexIndexer indexer(seeds);
  const ForfeitGame game(indexer, seeds, AtLimit::kNobody);
  uint64_t changes = 0, evaluations = 0;
  for (auto _ : state) {
    ThreadPool pool(1);
    Progress progress;
    std::vector<FiniteHorizonSliceStats> stats;
    auto stores = solver::SolveFiniteHorizon(
        game, {.horizon = 200, .stats = &stats, .bit_code = false},
        {.pool = &pool, .progress = &progress});
    benchmark::DoNotOptimize(stores->data());
    changes = evaluations = 0;
    for (const FiniteHorizonSliceStats& s : stats) {
      changes += s.changes;
      evaluations += s.evaluations;
    }
  }
  // Seconds of CPU per change (per evaluation): printed as ns.
  const auto per = [](uint64_t count) {
    return benchmark::Counter(static_cast<double>(count),
                              benchmark::Counter::kIsIterationInvariantRate |
                                  benchmark::Counter::kInvert);
  };
  state.counters["per_change"] = per(changes);
  state.counters["per_evaluation"] = per(evaluations);
  state.counters["changes"] = static_cast<double>(changes);
  state.counters["evaluations"] = static_cast<double>(evaluations);
}
BENCHMARK(BM_SolveChangeCost)
    ->Arg(9)
    ->Arg(13)
    ->ArgName("seeds")
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime();

// The solve without the final bit coding: the stores as the solver holds
// them (byte-coded), one thread.
void BM_SolveRetroUncoded(benchmark::State& state) {
  const int seeds = static_cast<int>(state.range(0));
  for (auto _ : state) {
    auto stores = SolveStores(seeds, 1, false);
    benchmark::DoNotOptimize(stores.data());
  }
}
BENCHMARK(BM_SolveRetroUncoded)
    ->DenseRange(6, 9)
    ->ArgName("seeds")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The change-driven method at its minimum (oware_change_floor.h): one
// layer loop over every board, no store.
void BM_SolveChangeFloor(benchmark::State& state) {
  const int seeds = static_cast<int>(state.range(0));
  uint64_t changes = 0;
  for (auto _ : state) {
    const floor::ChangeFloor floor(seeds, Rules{});
    changes = floor.changes();
    benchmark::DoNotOptimize(&floor);
  }
  state.counters["changes"] = static_cast<double>(changes);
}
BENCHMARK(BM_SolveChangeFloor)
    ->DenseRange(6, 9)
    ->ArgName("seeds")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_SolveSeedBaseline(benchmark::State& state) {
  const int seeds = static_cast<int>(state.range(0));
  uint64_t bytes = 0;
  for (auto _ : state) {
    baseline::SeedBook book(seeds, Rules{});
    bytes = book.bytes();
    benchmark::DoNotOptimize(&book);
  }
  state.counters["book_bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_SolveSeedBaseline)
    ->DenseRange(6, 9)
    ->ArgName("seeds")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// Bit coding one store, as a finished solve codes each (the prefix codes
// chosen from its changes, then its lists written): the largest slice of a
// 12-seed book, from the byte-coded store the solver holds, on one thread.
void BM_BitCodeStore(benchmark::State& state) {
  static const std::vector<uint8_t> byte_coded = SolveStores(12, 2, false).back();
  const FiniteHorizonStoreView view = *FiniteHorizonStoreView::Open(byte_coded);
  ThreadPool pool(1);
  uint64_t bytes = 0;
  for (auto _ : state) {
    const std::vector<uint8_t> bits = BitCodeFiniteHorizonStore(view, pool);
    bytes = bits.size();
    benchmark::DoNotOptimize(bits.data());
  }
  state.counters["changes"] = static_cast<double>(view.entries());
  state.counters["store_bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_BitCodeStore)->Unit(benchmark::kMillisecond);

// The same changes in the fixed-width layout of files written before byte
// coding: 2-byte (layer, value) entries.
std::vector<uint8_t> FixedWidthCopy(const std::vector<uint8_t>& coded) {
  const FiniteHorizonStoreView view = *FiniteHorizonStoreView::Open(coded);
  return testing::FixedWidthStore(testing::ListsOf(view), view.horizon());
}

// A 9-seed book in one layout: bit-coded as a solve writes it (0), in
// 2-byte entries (1, files written before 2026-11-24), byte-coded (2, as
// `--layout fast` writes it), or layouts 0 and 2 opened with the index of
// final values (3 and 4, Book::IndexFinalValues); the file's bytes and the
// opened book.
struct ProbeBook {
  std::vector<uint8_t> bytes;
  std::unique_ptr<DatabaseFile> file;
  std::unique_ptr<Book> book;
};
constexpr int kProbeSeeds = 9;  // the seeds of the probed book

ProbeBook OpenProbeBook(int layout) {
  auto stores = SolveStores(kProbeSeeds, 2, layout != 2 && layout != 4);
  if (layout == 1) {
    for (auto& store : stores) store = FixedWidthCopy(store);
  }
  DatabaseBuilder builder;
  builder.SetCodec(kBookCodec);
  builder.SetParameter("seeds", std::to_string(kProbeSeeds));
  builder.SetParameter("turn-limit", "200");
  builder.SetParameter("grand-slam", "forfeit");
  builder.SetParameter("at-limit", "nobody");
  for (int n = 0; n <= kProbeSeeds; ++n) builder.AddSlice(SliceName(n), std::move(stores[n]));
  ProbeBook probe;
  probe.bytes = SerializeDatabase({"oware", 1, kBookDataVersion, kBookCodec}, builder);
  probe.file = std::move(*DatabaseFile::FromBytes(probe.bytes));
  probe.book = std::move(*Book::FromFile(*probe.file));
  if (layout >= 3) probe.book->IndexFinalValues();
  return probe;
}

// Times Book::Value over 2^16 queries: boards of `seeds` seeds (0: of 1 to
// 9 seeds, each count as likely) at `plies_left` (-1: 0 to 200, each as
// likely), boards uniform among those of their seed count.
void TimeProbes(benchmark::State& state, int layout, int seeds, int plies_left) {
  const ProbeBook probe = OpenProbeBook(layout);
  const ColexIndexer indexer(kProbeSeeds);
  std::mt19937_64 random(7);
  std::vector<std::pair<Board, int>> queries(1 << 16);
  for (auto& [board, t] : queries) {
    const int n = seeds > 0 ? seeds : 1 + static_cast<int>(random() % kProbeSeeds);
    board = indexer.Unrank(n, random() % indexer.Size(n));
    t = static_cast<int>(random() % 201);
    if (plies_left >= 0) t = plies_left;
  }
  size_t i = 0;
  for (auto _ : state) {
    const auto& [board, t] = queries[i++ & (queries.size() - 1)];
    benchmark::DoNotOptimize(probe.book->Value(board, t));
  }
  state.counters["book_bytes"] = static_cast<double>(probe.bytes.size());
  // The share of the queries at or past their board's last change: those
  // the index of final values answers (layouts 3 and 4).
  uint64_t past_last = 0;
  for (const auto& [board, t] : queries) {
    uint32_t last = 0;
    probe.book->store(TotalSeeds(board))
        .ForEachChange(indexer.Rank(board), [&](uint32_t layer, int) { return last = layer, true; });
    past_last += static_cast<uint32_t>(t) >= last;
  }
  state.counters["past_last_change"] = static_cast<double>(past_last) / queries.size();
}

// One warm V_t lookup (rank + scan of the state's changes) on random boards
// of a 9-seed book in each layout (OpenProbeBook); the counter book_bytes
// is the file's size.
void BM_ProbeValue(benchmark::State& state) {
  TimeProbes(state, static_cast<int>(state.range(0)), 0, -1);
}
BENCHMARK(BM_ProbeValue)->ArgName("layout")->Arg(0)->Arg(1)->Arg(2)->Arg(3)->Arg(4);

// Opening the 9-seed bit-coded book from its bytes (checks included),
// without (0) and with (1) the index of final values.
void BM_OpenBook(benchmark::State& state) {
  const ProbeBook probe = OpenProbeBook(0);
  for (auto _ : state) {
    auto book = Book::FromFile(*probe.file);
    if (state.range(0) == 1) benchmark::DoNotOptimize((*book)->IndexFinalValues());
    benchmark::DoNotOptimize(book);
  }
}
BENCHMARK(BM_OpenBook)->ArgName("index")->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// The same lookups split by what they cost: boards of one seed count (the
// larger, the longer their lists) at random plies left (-1), at 0 (the
// list's first change) or at 200 (its last).
void BM_ProbeSlice(benchmark::State& state) {
  TimeProbes(state, static_cast<int>(state.range(0)), static_cast<int>(state.range(1)),
             static_cast<int>(state.range(2)));
}
BENCHMARK(BM_ProbeSlice)
    ->ArgNames({"layout", "seeds", "plies"})
    ->ArgsProduct({{0, 2, 3, 4}, {5, 9}, {-1, 0, 200}});

}  // namespace
}  // namespace retro::oware

BENCHMARK_MAIN();
