// Renders a retro::Progress on stderr while work runs: phase, bar,
// percentage, rate and ETA, redrawn ten times a second, only when stderr is a
// terminal (quiet otherwise, so logs and pipes stay clean).
#ifndef RETRO_CLI_PROGRESS_BAR_H_
#define RETRO_CLI_PROGRESS_BAR_H_

#include <atomic>
#include <thread>

#include "retro/progress.h"

namespace retro::cli {

class ProgressBar {
 public:
  // Starts drawing `progress` if `enabled` (normally: isatty(stderr)).
  ProgressBar(const Progress& progress, bool enabled);
  // Stops drawing and erases the bar.
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

 private:
  void Loop();
  const Progress& progress_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

// True when stderr is an interactive terminal.
bool StderrIsTerminal();

}  // namespace retro::cli

#endif  // RETRO_CLI_PROGRESS_BAR_H_
