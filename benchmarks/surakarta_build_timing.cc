// Times the tablebase build: surakarta_build_timing [max_pieces] [threads]
// [loss|count] [verify]. Prints, per table, its size, build time and result
// counts; with "verify", also checks every table with VerifyTable and prints
// the time it took.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "plugins/surakarta/tablebase.h"
#include "plugins/surakarta/verify.h"

int main(int argc, char** argv) {
  using retro::surakarta::BuildTable;
  const int max_pieces = argc > 1 ? std::atoi(argv[1]) : 5;
  const int threads = argc > 2 ? std::atoi(argv[2]) : 2;
  const absl::StatusOr<retro::surakarta::NoMoveRule> rule =
      retro::surakarta::ParseNoMoveRule(argc > 3 ? argv[3] : "loss");
  if (!rule.ok()) {
    std::fprintf(stderr, "%s\n", rule.status().ToString().c_str());
    return 2;
  }
  const bool verify = argc > 4 && std::string(argv[4]) == "verify";
  retro::ThreadPool pool(threads);
  std::vector<std::vector<uint8_t>> tables;
  const auto start = std::chrono::steady_clock::now();
  for (int n = 1; n <= max_pieces; ++n) {
    const auto t0 = std::chrono::steady_clock::now();
    absl::StatusOr<std::vector<uint8_t>> table =
        BuildTable(n, *rule, n > 1 ? &tables.back() : nullptr, pool, nullptr);
    if (!table.ok()) {
      std::fprintf(stderr, "%s\n", table.status().ToString().c_str());
      return 1;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
            .count();
    const retro::surakarta::TableSummary s =
        retro::surakarta::Summarize(*table);
    std::printf(
        "%d pieces: %12zu positions %8.2f s  wins %llu draws %llu losses "
        "%llu  longest win %d loss %d\n",
        n, table->size(), seconds, static_cast<unsigned long long>(s.wins),
        static_cast<unsigned long long>(s.draws),
        static_cast<unsigned long long>(s.losses), s.longest_win,
        s.longest_loss);
    std::fflush(stdout);
    tables.push_back(*std::move(table));
    if (verify) {
      const auto v0 = std::chrono::steady_clock::now();
      const absl::Status status = retro::surakarta::VerifyTable(
          n, *rule, tables.back(), n > 1 ? &tables[n - 2] : nullptr, pool,
          nullptr);
      std::printf(
          "  verify: %s in %.2f s\n", status.ToString().c_str(),
          std::chrono::duration<double>(std::chrono::steady_clock::now() - v0)
              .count());
      if (!status.ok()) return 1;
    }
  }
  std::printf("total %.2f s\n", std::chrono::duration<double>(
                                    std::chrono::steady_clock::now() - start)
                                    .count());
  return 0;
}
