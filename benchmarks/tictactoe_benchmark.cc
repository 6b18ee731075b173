// Google Benchmark suite of the tic-tac-toe example as the loopy kit solves
// it: the hot paths the solver calls once per position or per move
// (unranking, describing a position, listing its parents from the
// predecessor lists the kit builds by a forward pass, through the kit's
// solver view), building those lists, and a whole solve (lists included)
// with 1 and 2 threads.
//
//   build/bin/tictactoe_benchmark --benchmark_min_time=0.05
#include "benchmark/benchmark.h"

#include <cstdint>
#include <vector>

#include "plugins/tictactoe/rules.h"
#include "retro/kit/forward_predecessors.h"
#include "retro/kit/loopy_wdl_solve_view.h"
#include "retro/progress.h"
#include "retro/solver/loopy_wdl.h"
#include "retro/thread_pool.h"

namespace tictactoe {
namespace {

// The kit's view of the one slice, with the slice's predecessor lists
// (tic-tac-toe has no take-backs).
using SolverGame = retro::kit::LoopyWdlSolveView<Rules>;
const Rules kRules;
const uint64_t kIndexCount = kRules.slice_size(0);
retro::solver::PredecessorLists BuildLists(retro::ThreadPool& pool) {
  return *retro::kit::BuildForwardPredecessors(kRules, 0, pool, {});
}
const retro::solver::PredecessorLists& Lists() {
  static retro::ThreadPool pool(1);
  static const retro::solver::PredecessorLists lists = BuildLists(pool);
  return lists;
}
SolverGame View() { return SolverGame(kRules, 0, {}, &Lists()); }

// Stands in for the solver's sink: counts what a position reports.

struct CountingSink {
  int terminals = 0;
  int moves = 0;
  void Terminal(retro::WdlOutcome) { ++terminals; }
  void InSliceMoves(int count) { moves += count; }
  void Conversion(retro::WdlOutcome) {}
};

void BM_RankUnrank(benchmark::State& state) {
  uint64_t sum = 0;
  for (auto _ : state) {
    for (uint64_t i = 0; i < kIndexCount; ++i) sum += kRules.Rank(kRules.Unrank(0, i)).index;
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * kIndexCount);
}
BENCHMARK(BM_RankUnrank);

void BM_Describe(benchmark::State& state) {
  const SolverGame game = View();
  SolverGame::Scratch scratch;
  CountingSink sink;
  for (auto _ : state) {
    for (uint64_t i = 0; i < kIndexCount; ++i) game.Describe(scratch, i, sink);
    benchmark::DoNotOptimize(sink.moves);
  }
  state.SetItemsProcessed(state.iterations() * kIndexCount);
}
BENCHMARK(BM_Describe);

void BM_ForEachPredecessor(benchmark::State& state) {
  const SolverGame game = View();
  SolverGame::Scratch scratch;
  uint64_t parents = 0;
  for (auto _ : state) {
    for (uint64_t i = 0; i < kIndexCount; ++i) {
      game.ForEachPredecessor(scratch, i, 0, 1, [&](uint64_t) { ++parents; });
    }
    benchmark::DoNotOptimize(parents);
  }
  state.SetItemsProcessed(state.iterations() * kIndexCount);
}
BENCHMARK(BM_ForEachPredecessor);

void BM_BuildPredecessorLists(benchmark::State& state) {
  retro::ThreadPool pool(1);
  for (auto _ : state) {
    const retro::solver::PredecessorLists lists = BuildLists(pool);
    benchmark::DoNotOptimize(lists.edges());
  }
  state.SetItemsProcessed(state.iterations() * kIndexCount);
}
BENCHMARK(BM_BuildPredecessorLists);

void BM_Solve(benchmark::State& state) {
  retro::ThreadPool pool(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    const retro::solver::PredecessorLists lists = BuildLists(pool);
    auto table = retro::solver::SolveLoopyWdl(SolverGame(kRules, 0, {}, &lists), {.pool = &pool});
    benchmark::DoNotOptimize(table->data());
  }
  state.SetItemsProcessed(state.iterations() * kIndexCount);
}
BENCHMARK(BM_Solve)->Arg(1)->Arg(2)->ArgName("threads")->UseRealTime();

}  // namespace
}  // namespace tictactoe

BENCHMARK_MAIN();
