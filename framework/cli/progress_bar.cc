// Implementation of the terminal progress bar.
#include "cli/progress_bar.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>

#include "cli/format.h"

namespace retro::cli {

bool StderrIsTerminal() { return isatty(STDERR_FILENO) == 1; }

ProgressBar::ProgressBar(const Progress& progress, bool enabled)
    : progress_(progress) {
  if (enabled) thread_ = std::thread([this] { Loop(); });
}

ProgressBar::~ProgressBar() {
  if (!thread_.joinable()) return;
  stop_ = true;
  thread_.join();
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
}

void ProgressBar::Loop() {
  using Clock = std::chrono::steady_clock;
  uint64_t phase_index = ~0ULL;
  Clock::time_point phase_start = Clock::now();
  while (!stop_) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    const Progress::Snapshot s = progress_.Read();
    if (s.phase_index != phase_index) {
      phase_index = s.phase_index;
      phase_start = Clock::now();
    }
    const double elapsed =
        std::chrono::duration<double>(Clock::now() - phase_start).count();
    const double rate = elapsed > 0 ? s.done / elapsed : 0;
    std::string line = "\r\033[K" + s.phase;
    if (s.total > 0) {
      const double fraction = std::min(1.0, static_cast<double>(s.done) / s.total);
      const int width = 30;
      const int filled = static_cast<int>(fraction * width);
      line += " [" + std::string(filled, '#') + std::string(width - filled, '.') + "] ";
      char percent[16];
      std::snprintf(percent, sizeof(percent), "%5.1f%%", 100 * fraction);
      line += percent;
      if (rate > 0 && s.done < s.total) {
        line += "  ETA " + HumanSeconds((s.total - s.done) / rate);
      }
    } else {
      line += "  " + HumanCount(s.done);
    }
    if (rate > 0) line += "  " + HumanCount(static_cast<uint64_t>(rate)) + "/s";
    std::fputs(line.c_str(), stderr);
    std::fflush(stderr);
  }
}

}  // namespace retro::cli
