// Measures building the pin databases (not a unit test): for the given
// number of points and threads, builds every pin point 2..6 with the chosen
// method, and prints the time per database, the total, the largest value,
// and the largest error if the values were stored as float.
//
//   plakoto_build_timing [points=12] [threads=2] [tables|afterstates]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "plugins/plakoto/pin_build_options.h"
#include "plugins/plakoto/pin_database.h"

int main(int argc, char** argv) {
  using retro::plakoto::BuildMethod;
  const int points = argc > 1 ? std::atoi(argv[1]) : 12;
  const int threads = argc > 2 ? std::atoi(argv[2]) : 2;
  const bool plain = argc > 3 && std::strcmp(argv[3], "afterstates") == 0;
  const int first_pin = argc > 4 ? std::atoi(argv[4]) : 2;
  const int last_pin = argc > 5 ? std::atoi(argv[5]) : 6;
  retro::ThreadPool pool(threads);
  retro::plakoto::PinBuildOptions options;
  options.pool = &pool;
  retro::chance::Workspace workspace;  // reused by the five builds
  options.workspace = &workspace;
  options.method =
      plain ? BuildMethod::kAfterstates : BuildMethod::kPartialMoveTables;
  double total = 0;
  for (int pin = first_pin; pin <= last_pin; ++pin) {
    const auto start = std::chrono::steady_clock::now();
    absl::StatusOr<retro::plakoto::PinDatabase> db =
        retro::plakoto::PinDatabase::Build(points, pin, options);
    const double seconds = std::chrono::duration<double>(
                               std::chrono::steady_clock::now() - start)
                               .count();
    if (!db.ok()) {
      std::fprintf(stderr, "%s\n", db.status().ToString().c_str());
      return 1;
    }
    total += seconds;
    double max_value = 0, max_abs = 0, max_rel = 0, sum = 0;
    for (double d : db->values()) {
      const double f = static_cast<float>(d);
      max_value = std::max(max_value, d);
      max_abs = std::max(max_abs, std::abs(f - d));
      max_rel = std::max(max_rel, std::abs(f - d) / d);
      sum += d;
    }
    std::printf(
        "P=%d p=%d records=%zu time=%.3fs max D=%.6f mean D=%.6f "
        "float: max abs err=%.3g max rel err=%.3g\n",
        points, pin, db->values().size(), seconds, max_value,
        sum / db->values().size(), max_abs, max_rel);
  }
  std::printf("total %.3fs with %d threads\n", total, threads);
  return 0;
}
