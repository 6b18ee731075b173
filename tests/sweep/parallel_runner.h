// Runs many short commands (the mutation sweep's `retro` runs) a few at a
// time, each with a time limit, capturing stdout, stderr, the exit status
// and the wall time. Unlike tests/e2e/retro_runner.h it keeps several
// processes in flight and kills a hung one after its own deadline.
#ifndef RETRO_TESTS_SWEEP_PARALLEL_RUNNER_H_
#define RETRO_TESTS_SWEEP_PARALLEL_RUNNER_H_

#include <string>
#include <utility>
#include <vector>

namespace retro::sweep {

struct ProcessResult {
  int exit_code = -1;      // -1 when killed by a signal
  int signal = 0;          // the signal that killed it, if any
  bool timed_out = false;  // killed (SIGKILL) after the time limit
  double seconds = 0;
  std::string out;
  std::string err;
};

struct RunOptions {
  int parallel = 2;             // processes in flight
  double timeout_seconds = 20;  // per process
  std::string io_dir;           // where the captured streams go
  // Set in each child's environment (others are inherited, except the
  // ones named in `unset`).
  std::vector<std::pair<std::string, std::string>> env;
  std::vector<std::string> unset;
};

// Runs `binary args` for each entry of `commands` (stdin empty) and returns
// the results in the same order.
std::vector<ProcessResult> RunAll(
    const std::string& binary,
    const std::vector<std::vector<std::string>>& commands,
    const RunOptions& options);

}  // namespace retro::sweep

#endif  // RETRO_TESTS_SWEEP_PARALLEL_RUNNER_H_
