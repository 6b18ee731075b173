// Snapshots of a slice solve in progress, so that a solve killed in the
// middle of a large slice resumes from its last snapshot instead of the
// slice's start. A solver whose state between two steps can be written down
// (the loopy solver: after seeding and after each level) asks Due() at each
// such point and, when it is due, Saves its state as a few byte parts; when
// it starts, it Restores the last snapshot, if any, after checking its parts
// against what it needs (a snapshot it refuses is a damaged checkpoint), and
// continues from there with a result byte-identical to an uninterrupted
// solve. The host's checkpoint (retro/checkpoint.h) provides them through
// SolveContext.
#ifndef RETRO_SOLVER_SLICE_SNAPSHOTS_H_
#define RETRO_SOLVER_SLICE_SNAPSHOTS_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace retro::solver {

// A solver's check of a snapshot's parts: OK, or what is wrong with them.
using SnapshotCheck = std::function<absl::Status(const std::vector<std::vector<uint8_t>>& parts)>;

// Where one slice's snapshots go.
class SliceSnapshots {
 public:
  virtual ~SliceSnapshots() = default;

  // True when a snapshot is due (the checkpoint interval has passed since
  // the last one).
  virtual bool Due() const = 0;
  // The parts of the last snapshot of this slice, nullopt when there is none,
  // an error when it cannot be trusted, `check` refusing them included.
  virtual absl::StatusOr<std::optional<std::vector<std::vector<uint8_t>>>> Restore(
      const SnapshotCheck& check) = 0;
  // Replaces the slice's snapshot by `parts`, durably.
  virtual absl::Status Save(std::span<const std::span<const uint8_t>> parts) = 0;
};

}  // namespace retro::solver

#endif  // RETRO_SOLVER_SLICE_SNAPSHOTS_H_
