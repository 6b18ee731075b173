// Solves the oware book with the change-driven method at its minimum
// (oware_change_floor.h) and prints where its time went, so that retro's
// solve can be set beside it:
//
//   oware_change_floor --seeds 9 [--turn-limit 200]
//
// Prints the states, moves, evaluations and changes (per seed count, as
// `retro stats` counts them), the last layer with a change and the
// milliseconds of each phase, on one thread.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "benchmarks/oware_change_floor.h"
#include "retro/parameters.h"

namespace {

// `text` as a whole decimal integer in [low, high] (retro::ParseInteger),
// or -1 after printing what is wrong with it.
int ParseInRange(const char* text, const char* what, int low, int high) {
  const absl::StatusOr<int64_t> value = retro::ParseInteger(text, what);
  if (!value.ok()) {
    std::fprintf(stderr, "oware_change_floor: %s\n", std::string(value.status().message()).c_str());
    return -1;
  }
  if (*value < low || *value > high) {
    std::fprintf(stderr, "oware_change_floor: %s %lld is outside %d..%d\n", what,
                 static_cast<long long>(*value), low, high);
    return -1;
  }
  return static_cast<int>(*value);
}

int Usage() {
  std::fprintf(
      stderr, "usage: oware_change_floor --seeds N [--turn-limit T]  (N in 0..%d, T in 1..65535)\n",
      retro::oware::floor::ChangeFloor::kMaxSeeds);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  int seeds = -1;
  retro::oware::Rules rules;
  for (int i = 1; i < argc; ++i) {
    if (i + 1 < argc && std::strcmp(argv[i], "--seeds") == 0) {
      seeds = ParseInRange(argv[++i], "--seeds", 0, retro::oware::floor::ChangeFloor::kMaxSeeds);
    } else if (i + 1 < argc && std::strcmp(argv[i], "--turn-limit") == 0) {
      rules.turn_limit = ParseInRange(argv[++i], "--turn-limit", 1, 65535);
    } else {
      return Usage();
    }
  }
  if (seeds < 0 || rules.turn_limit < 0) return Usage();
  const retro::oware::floor::ChangeFloor floor(seeds, rules);
  const auto& times = floor.times();
  std::printf("states %llu, moves %llu, evaluations %llu, changes %llu, last change t = %d\n",
              static_cast<unsigned long long>(floor.states()),
              static_cast<unsigned long long>(floor.edges()),
              static_cast<unsigned long long>(floor.evaluations()),
              static_cast<unsigned long long>(floor.changes()), floor.last_change());
  std::printf("changes by seed count:");
  for (int n = 0; n <= seeds; ++n) {
    std::printf(" %d:%llu", n, static_cast<unsigned long long>(floor.ChangesWithSeeds(n)));
  }
  std::printf(
      "\nms: expanding %.1f, reverse edges %.1f, marking %.1f, evaluating %.1f, total %.1f\n",
      times.expanding_ms, times.reverse_ms, times.marking_ms, times.evaluating_ms,
      times.expanding_ms + times.reverse_ms + times.marking_ms + times.evaluating_ms);
  return 0;
}
