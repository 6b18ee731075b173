// What a contract check (retro/contract/check_contract.h) is asked to do and
// what it found. These types cross the plugin boundary
// (GameModule::Check), so they are plain data.
#ifndef RETRO_CONTRACT_CHECK_RESULT_H_
#define RETRO_CONTRACT_CHECK_RESULT_H_

#include <cstdint>
#include <string>
#include <vector>

namespace retro {

// How much of each slice to check.
struct CheckOptions {
  // Positions checked per slice: a slice of at most this many indices is
  // checked whole, a larger one at this many seeded random indices.
  // 0: every index of every slice.
  uint64_t sample = 100000;
  uint64_t seed = 1;  // seed of the random sample
};

// One check and how many positions passed it.
struct CheckCount {
  std::string name;     // "bijection", "notation", "moves", ...
  uint64_t passed = 0;  // positions (or indices) that passed
};

// The outcome of a contract check. `ok` is false when a position failed;
// then `failed_check` names the check and `first_failure` describes the
// first offending position in (slice, index) order: its slice, index,
// notation and what is wrong.
struct CheckResult {
  bool ok = true;
  uint64_t indices = 0;   // indices visited, over all slices
  uint64_t positions = 0; // of those, indices that are positions of the game
  std::vector<CheckCount> checks;
  std::string failed_check;
  std::string first_failure;
};

}  // namespace retro

#endif  // RETRO_CONTRACT_CHECK_RESULT_H_
