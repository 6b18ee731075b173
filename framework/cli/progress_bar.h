// Shows a retro::Progress while work runs, in one of three styles chosen by
// --progress: a bar on stderr redrawn ten times a second (the default on a
// terminal), a plain line on stderr every minute or so (the default
// otherwise, so that a batch job's log shows how far it got), or nothing.
// A rate and an ETA appear only once a phase has run for half a second.
#ifndef RETRO_CLI_PROGRESS_BAR_H_
#define RETRO_CLI_PROGRESS_BAR_H_

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "absl/status/statusor.h"
#include "cli/arguments.h"
#include "retro/progress.h"
#include "retro/thread_pool.h"
#include "retro/work_context.h"

namespace retro::cli {

// How progress is shown.
enum class ProgressStyle { kBar, kPlain, kNone };

// The help lines of --progress, a string literal to append to a command's
// option list.
#define RETRO_CLI_PROGRESS_HELP                                                          \
  "  --progress STYLE  bar (redrawn on stderr), plain (a line on stderr every minute;\n" \
  "                    RETRO_PROGRESS_INTERVAL_SECONDS changes the interval) or none\n"  \
  "                    [default: bar on a terminal, plain otherwise]\n"

// Takes --progress bar|plain|none; without it, bar when stderr is a
// terminal and plain otherwise. InvalidArgument for any other value.
absl::StatusOr<ProgressStyle> TakeProgressStyle(Arguments& args);

// Seconds between plain progress lines: RETRO_PROGRESS_INTERVAL_SECONDS
// when it holds a positive number, else 60.
double PlainProgressInterval();

// One line describing `snapshot`, a phase that has run `phase_seconds` and
// done `phase_done` units since it was first seen: the phase, a bar (when
// `with_bar` and the total is known), the percentage, and, after half a
// second, the rate in the phase's unit per second and the ETA.
std::string DescribeProgress(const Progress::Snapshot& snapshot, double phase_seconds,
                             uint64_t phase_done, bool with_bar);

// Shows `progress` in `style` from construction to destruction.
class ProgressBar {
 public:
  ProgressBar(const Progress& progress, ProgressStyle style);
  // Stops showing; erases the bar.
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

 private:
  void Loop();
  const Progress& progress_;
  const ProgressStyle style_;
  // Set (under mutex_) when the display stops; the loop's wait between
  // frames wakes on it, so a short command does not wait out a frame.
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::thread thread_;
};

// Seconds since `start`.
double SecondsSince(std::chrono::steady_clock::time_point start);

// Returns `work(context)`, run with a pool of `threads` threads and a
// Progress shown in `style` meanwhile (a plain WorkContext of the two).
template <typename Work>
auto RunWithProgress(int threads, ProgressStyle style, Work&& work) {
  ThreadPool pool(threads);
  Progress progress;
  ProgressBar bar(progress, style);
  return work(WorkContext{.pool = &pool, .progress = &progress});
}

}  // namespace retro::cli

#endif  // RETRO_CLI_PROGRESS_BAR_H_
