// Progress of a long computation, shared between the code doing the work
// (solvers, verifiers) and the host that renders it. Workers call Advance()
// from any thread; the host polls Read() and draws a bar on stderr (or
// prints a line now and then when stderr is no terminal).
// Advance is a relaxed atomic add: call it per block of work, not per position.
#ifndef RETRO_PROGRESS_H_
#define RETRO_PROGRESS_H_

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <utility>

namespace retro {

// What the units a phase advances by count, so that the host shows an
// honest rate: `per_item` units make one `name` (e.g. a finite-horizon
// solve advances once per (position, plies left) pair, {"positions",
// plies}; its rate is then shown in positions per second, the unit of the
// closing summary).
struct ProgressUnit {
  std::string name = "positions";
  uint64_t per_item = 1;
};

class Progress {
 public:
  struct Snapshot {
    std::string phase;
    uint64_t done = 0;
    uint64_t total = 0;  // 0 when the amount of work is unknown
    uint64_t phase_index = 0;
    ProgressUnit unit;
  };

  Progress() = default;
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Starts a new phase named `phase` with `total` units of work (0: unknown),
  // each counting what `unit` says.
  void StartPhase(std::string phase, uint64_t total, ProgressUnit unit = {}) {
    std::lock_guard<std::mutex> lock(mutex_);
    phase_ = std::move(phase);
    unit_ = std::move(unit);
    if (unit_.per_item == 0) unit_.per_item = 1;
    total_.store(total, std::memory_order_relaxed);
    done_.store(0, std::memory_order_relaxed);
    phase_index_.fetch_add(1, std::memory_order_relaxed);
  }

  // Renames the current phase without resetting its counts (e.g. to show
  // which part of a long phase is running).
  void SetLabel(std::string label) {
    std::lock_guard<std::mutex> lock(mutex_);
    phase_ = std::move(label);
  }

  // Records `units` more units of work done in the current phase.
  void Advance(uint64_t units) {
    done_.fetch_add(units, std::memory_order_relaxed);
  }

  Snapshot Read() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return Snapshot{phase_, done_.load(std::memory_order_relaxed),
                    total_.load(std::memory_order_relaxed),
                    phase_index_.load(std::memory_order_relaxed), unit_};
  }

 private:
  mutable std::mutex mutex_;
  std::string phase_;
  std::atomic<uint64_t> done_{0};
  std::atomic<uint64_t> total_{0};
  std::atomic<uint64_t> phase_index_{0};
  // Last, so that the counters keep their offsets for plugins built before.
  ProgressUnit unit_;
};

}  // namespace retro

#endif  // RETRO_PROGRESS_H_
