// Times the loopy kit's two ways to find predecessors side by side, in one
// run: a game's rules solved through the kit's view (LoopyWdlSolveView) with
// their take-backs, then with them hidden (retro/testing/
// without_take_backs.h), which lists each slice's predecessors by a forward
// pass over the moves first (retro/kit/forward_predecessors.h). Prints wall
// and CPU (user + sys) seconds of each, the lists' share, their edges and
// bytes, the process's peak resident memory after each, and whether the
// tables are identical (docs/benchmarks.md, "Predecessors without
// take-backs").
//
//   forward_predecessors_benchmark tictactoe [threads]
//   forward_predecessors_benchmark krk N [threads]
//   forward_predecessors_benchmark surakarta PIECES fuchou|symmetric [threads]
#include <sys/resource.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "tests/tictactoe/rules_with_take_backs.h"
#include "retro/kit/forward_predecessors.h"
#include "retro/kit/loopy_wdl_solve_view.h"
#include "retro/solver/loopy_wdl.h"
#include "retro/testing/without_take_backs.h"
#include "retro/thread_pool.h"
#include "tests/kit/krk_rules.h"
#ifdef RETRO_BENCHMARK_SURAKARTA
#include "plugins/surakarta/rules.h"
#endif

namespace retro {
namespace {

// Wall and CPU seconds since construction.
class Stopwatch {
 public:
  Stopwatch() : wall_(std::chrono::steady_clock::now()), cpu_(CpuSeconds()) {}
  double wall() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_).count();
  }
  double cpu() const { return CpuSeconds() - cpu_; }

  static double CpuSeconds() {
    rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    const auto seconds = [](const timeval& t) { return t.tv_sec + t.tv_usec / 1e6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
  }

 private:
  std::chrono::steady_clock::time_point wall_;
  double cpu_;
};

double PeakResidentMiB() {
  rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;
}

// One way's figures over all slices.
struct Run {
  double wall = 0, cpu = 0;            // the whole solve
  double list_wall = 0, list_cpu = 0;  // of which listing predecessors
  uint64_t edges = 0;                  // listed, over all slices
  uint64_t largest_list_bytes = 0;     // the largest slice's lists
  double peak_mib = 0;                 // the process's peak after the run
  std::vector<std::vector<uint8_t>> tables;
};

// Solves every slice of `rules` in order through the kit's view, listing
// predecessors first when the rules have no take-backs.
template <typename R>
Run SolveAll(const R& rules, ThreadPool& pool) {
  Run run;
  const Stopwatch total;
  for (int s = 0; s < rules.num_slices(); ++s) {
    std::optional<solver::PredecessorLists> lists;
    if constexpr (!kit::HasTakeBacks<R>) {
      const Stopwatch listing;
      absl::StatusOr<solver::PredecessorLists> built =
          kit::BuildForwardPredecessors(rules, s, pool, {});
      if (!built.ok()) {
        std::fprintf(stderr, "listing predecessors failed: %s\n",
                     std::string(built.status().message()).c_str());
        std::exit(1);
      }
      lists = *std::move(built);
      run.list_wall += listing.wall();
      run.list_cpu += listing.cpu();
      run.edges += lists->edges();
      run.largest_list_bytes =
          std::max(run.largest_list_bytes, lists->end_bytes() + lists->parent_bytes());
    }
    const kit::LoopyWdlSolveView<R> view(rules, s, run.tables, lists ? &*lists : nullptr);
    absl::StatusOr<std::vector<uint8_t>> table = solver::SolveLoopyWdl(view, {.pool = &pool});
    if (!table.ok()) {
      std::fprintf(stderr, "solve failed: %s\n", std::string(table.status().message()).c_str());
      std::exit(1);
    }
    run.tables.push_back(*std::move(table));
  }
  run.wall = total.wall();
  run.cpu = total.cpu();
  run.peak_mib = PeakResidentMiB();
  return run;
}

void Print(const char* way, const Run& run) {
  std::printf("%-12s wall %8.3f s  cpu %8.3f s  lists wall %7.3f s cpu %7.3f s  edges %llu"
              "  largest lists %.1f MiB  peak rss %.1f MiB\n",
              way, run.wall, run.cpu, run.list_wall, run.list_cpu,
              static_cast<unsigned long long>(run.edges), run.largest_list_bytes / 1048576.0,
              run.peak_mib);
}

// Both ways on `rules`, take-backs first (so that the second peak shows
// what the lists add), and their ratio.
template <typename R>
int Compare(const std::string& name, const R& rules, int threads) {
  ThreadPool pool(threads);
  uint64_t records = 0;
  for (int s = 0; s < rules.num_slices(); ++s) records += rules.slice_size(s);
  std::printf("%s: %llu records, %d threads\n", name.c_str(),
              static_cast<unsigned long long>(records), threads);
  const Run taken_back = SolveAll(rules, pool);
  Print("take-backs", taken_back);
  const Run forward = SolveAll(testing::WithoutTakeBacks<R>(rules), pool);
  Print("forward", forward);
  const bool identical = forward.tables == taken_back.tables;
  std::printf("forward/take-backs: wall %.2f, cpu %.2f; tables %s\n",
              forward.wall / taken_back.wall, forward.cpu / taken_back.cpu,
              identical ? "identical" : "DIFFER");
  return identical ? 0 : 1;
}

int Usage() {
  std::fprintf(stderr,
               "usage: forward_predecessors_benchmark tictactoe [threads]\n"
               "       forward_predecessors_benchmark krk N [threads]   (N in 3..8)\n"
               "       forward_predecessors_benchmark surakarta PIECES fuchou|symmetric "
               "[threads]\n");
  return 2;
}

int Main(int argc, char** argv) {
  if (argc < 2) return Usage();
  const std::string game = argv[1];
  const auto threads_at = [&](int i) { return argc > i ? std::atoi(argv[i]) : 1; };
  if (game == "tictactoe") return Compare("tictactoe", tictactoe::RulesWithTakeBacks(), threads_at(2));
  if (game == "krk" && argc >= 3) {
    const int size = std::atoi(argv[2]);
    if (size < 3 || size > 8) return Usage();
    return Compare(std::string("krk ") + argv[2], krk::Rules(size), threads_at(3));
  }
#ifdef RETRO_BENCHMARK_SURAKARTA
  if (game == "surakarta" && argc >= 4) {
    const int pieces = std::atoi(argv[2]);
    absl::StatusOr<surakarta::TableIndexing> indexing = surakarta::ParseTableIndexing(argv[3]);
    if (pieces < 1 || pieces > 6 || !indexing.ok()) return Usage();
    return Compare(std::string("surakarta 1..") + argv[2] + " " + argv[3],
                   surakarta::SurakartaRules(pieces, surakarta::NoMoveRule::kLoss, *indexing),
                   threads_at(4));
  }
#endif
  return Usage();
}

}  // namespace
}  // namespace retro

int main(int argc, char** argv) { return retro::Main(argc, argv); }
