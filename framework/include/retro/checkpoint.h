// Finished work of a long solve kept across runs, so that `retro solve
// --resume` continues a solve that was killed (SIGKILL, out of memory, a
// reboot) from its last finished slice instead of from nothing. The host
// hands a Checkpoint to GameModule::Solve through WorkContext::checkpoint
// (null when checkpoints are off); the kits (retro/kit/*) use it per slice:
//
//   if (auto saved = checkpoint->Restore(name, check); !saved.ok()) return error;
//   else if (saved->has_value()) table = **saved;      // from an earlier run
//   else { table = solve(); checkpoint->Save(name, table); }
//
// `check` is the kit's database reader's check of such a slice (every byte
// a value, sizes, counters in range): a restored slice is checked like a
// slice of a database file, and one it refuses is a damaged checkpoint.
// A slice restored must be byte-identical to the one the solve would
// compute, so a resumed database is byte-identical to an uninterrupted one.
// Within a large slice, a solver that can write its state down takes
// snapshots at the checkpoint interval (SnapshotsOf, retro/solver/
// slice_snapshots.h), so a kill loses at most about one interval of work.
// The host's FileCheckpoint (retro/host/file_checkpoint.h, not installed)
// keeps them in files.
#ifndef RETRO_CHECKPOINT_H_
#define RETRO_CHECKPOINT_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "retro/solver/slice_snapshots.h"

namespace retro {

// What a kit checks a restored slice with: OK, or what is wrong with its
// bytes (the message its database reader gives for such a slice).
using SliceCheck = std::function<absl::Status(std::span<const uint8_t> bytes)>;

// Finished slices of one solve (one game, version and set of parameters).
class Checkpoint {
 public:
  virtual ~Checkpoint();

  // The bytes of slice `name` saved by an earlier run of this solve, nullopt
  // when there are none, or an error when what is there cannot be trusted,
  // `check` refusing them included (null: any bytes).
  virtual absl::StatusOr<std::optional<std::vector<uint8_t>>> Restore(const std::string& name,
                                                                      const SliceCheck& check) = 0;

  // Keeps the finished slice `name`: it survives the process being killed
  // right after Save returns (and, for FileCheckpoint, a crash of the
  // machine once its background sync reached it).
  virtual absl::Status Save(const std::string& name, std::span<const uint8_t> bytes) = 0;

  // Snapshots of slice `name` in progress: whether one is due (the
  // interval has passed since the last save of either kind), the last one
  // (nullopt: none; checked by the solver's `check`), replacing it, and
  // dropping it once the slice is saved. By default none are kept.
  virtual bool SnapshotDue() const { return false; }
  virtual absl::StatusOr<std::optional<std::vector<std::vector<uint8_t>>>> RestoreSnapshot(
      const std::string& /*name*/, const solver::SnapshotCheck& /*check*/) {
    return std::nullopt;
  }
  virtual absl::Status SaveSnapshot(const std::string& /*name*/,
                                    std::span<const std::span<const uint8_t>> /*parts*/) {
    return absl::OkStatus();
  }
  virtual void DiscardSnapshot(const std::string& /*name*/) {}

  // The snapshots of slice `name` as a solver takes them (through
  // solver::SolveContext::snapshots); valid while this checkpoint lives.
  std::unique_ptr<solver::SliceSnapshots> SnapshotsOf(const std::string& name);
};

}  // namespace retro

#endif  // RETRO_CHECKPOINT_H_
