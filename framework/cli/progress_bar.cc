// Implementation of the progress display: the bar, the plain lines, and the
// --progress option.
#include "cli/progress_bar.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/format.h"

namespace retro::cli {
namespace {

using Clock = std::chrono::steady_clock;

// A phase shows no rate or ETA before it has run this long: the first
// frames would divide by almost nothing.
constexpr double kRateAfterSeconds = 0.5;
constexpr double kDefaultPlainInterval = 60;
constexpr auto kFrame = std::chrono::milliseconds(100);

}  // namespace

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

absl::StatusOr<ProgressStyle> TakeProgressStyle(Arguments& args) {
  const std::optional<std::string> text = args.Take("progress");
  if (!text.has_value()) {
    return isatty(STDERR_FILENO) == 1 ? ProgressStyle::kBar : ProgressStyle::kPlain;
  }
  if (*text == "bar") return ProgressStyle::kBar;
  if (*text == "plain") return ProgressStyle::kPlain;
  if (*text == "none") return ProgressStyle::kNone;
  return absl::InvalidArgumentError(absl::StrCat(
      "--progress '", EscapeControl(*text), "' is not a progress style; valid: bar, plain, none"));
}

double PlainProgressInterval() {
  const char* text = std::getenv("RETRO_PROGRESS_INTERVAL_SECONDS");
  if (text == nullptr) return kDefaultPlainInterval;
  char* end = nullptr;
  const double seconds = std::strtod(text, &end);
  if (end == text || *end != '\0' || !(seconds > 0)) return kDefaultPlainInterval;
  return seconds;
}

std::string DescribeProgress(const Progress::Snapshot& snapshot, double phase_seconds,
                             uint64_t phase_done, bool with_bar) {
  const ProgressUnit& unit = snapshot.unit;
  const uint64_t per_item = std::max<uint64_t>(unit.per_item, 1);
  std::string line = snapshot.phase;
  const bool timed = phase_seconds >= kRateAfterSeconds;
  const double rate =
      timed ? static_cast<double>(phase_done) / static_cast<double>(per_item) / phase_seconds : 0;
  if (snapshot.total > 0) {
    const double fraction =
        std::min(1.0, static_cast<double>(snapshot.done) / static_cast<double>(snapshot.total));
    if (with_bar) {
      const int width = 30;
      const int filled = static_cast<int>(fraction * width);
      absl::StrAppend(&line, " [", std::string(filled, '#'), std::string(width - filled, '.'), "]");
    }
    absl::StrAppend(&line, absl::StrFormat(" %5.1f%%", 100 * fraction));
    if (!with_bar) {
      absl::StrAppend(&line, " (", HumanCount(snapshot.done / per_item), " of ",
                      HumanCount(snapshot.total / per_item), " ", unit.name, ")");
    }
    if (rate > 0 && snapshot.done < snapshot.total) {
      const double left = static_cast<double>(snapshot.total - snapshot.done) / per_item;
      absl::StrAppend(&line, "  ETA ", HumanSeconds(left / rate));
    }
  } else {
    absl::StrAppend(&line, "  ", HumanCount(snapshot.done / per_item), " ", unit.name);
  }
  if (rate > 0) {
    absl::StrAppend(&line, "  ", HumanCount(static_cast<uint64_t>(rate)), " ", unit.name, "/s");
  }
  return line;
}

ProgressBar::ProgressBar(const Progress& progress, ProgressStyle style)
    : progress_(progress), style_(style) {
  if (style_ != ProgressStyle::kNone) thread_ = std::thread([this] { Loop(); });
}

ProgressBar::~ProgressBar() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_one();
  thread_.join();
  if (style_ == ProgressStyle::kBar) std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
}

void ProgressBar::Loop() {
  const bool bar = style_ == ProgressStyle::kBar;
  const double interval = PlainProgressInterval();
  const Clock::time_point start = Clock::now();
  Clock::time_point last_line = start;
  uint64_t phase_index = ~0ULL;
  uint64_t done_at_phase_start = 0;
  Clock::time_point phase_start = start;
  while (true) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      if (wake_.wait_for(lock, kFrame, [this] { return stop_; })) break;
    }
    const Progress::Snapshot s = progress_.Read();
    // A phase is timed from when it is first seen, counting only the work
    // done since then.
    if (s.phase_index != phase_index) {
      phase_index = s.phase_index;
      phase_start = Clock::now();
      done_at_phase_start = s.done;
    }
    const uint64_t phase_done = s.done >= done_at_phase_start ? s.done - done_at_phase_start : 0;
    const std::string text = DescribeProgress(s, SecondsSince(phase_start), phase_done, bar);
    if (bar) {
      std::fputs(absl::StrCat("\r\033[K", text).c_str(), stderr);
    } else {
      if (SecondsSince(last_line) < interval) continue;
      last_line = Clock::now();
      std::fputs(
          absl::StrCat("progress ", HumanSeconds(SecondsSince(start)), ": ", text, "\n").c_str(),
          stderr);
    }
    std::fflush(stderr);
  }
}

}  // namespace retro::cli
