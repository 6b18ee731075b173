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
// FileCheckpoint keeps each finished slice and each slice's last snapshot
// as a checksummed file in a folder beside the output, written atomically,
// and refuses files of another game, version or parameters, or damaged ones.
// It syncs the files to disk on a thread of its own while the solve goes on
// (a sync of a small file costs milliseconds, more than solving a small
// slice).
#ifndef RETRO_CHECKPOINT_H_
#define RETRO_CHECKPOINT_H_

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "retro/database.h"
#include "retro/internal/checkpoint_folder.h"
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
  virtual absl::StatusOr<std::optional<std::vector<uint8_t>>> Restore(
      const std::string& name, const SliceCheck& check) = 0;

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
      const std::string& name, const solver::SnapshotCheck& check);
  virtual absl::Status SaveSnapshot(const std::string& name,
                                    std::span<const std::span<const uint8_t>> parts);
  virtual void DiscardSnapshot(const std::string& name);

  // The snapshots of slice `name` as a solver takes them (through
  // solver::SolveContext::snapshots); valid while this checkpoint lives.
  std::unique_ptr<solver::SliceSnapshots> SnapshotsOf(const std::string& name);
};

// Checkpoints in the folder `<output>.checkpoint`, one database container
// per finished slice (`<slice>.slice`), identified by the game, plugin ABI,
// data version and the solve's canonical parameters.
class FileCheckpoint : public Checkpoint {
 public:
  // `output` is the database being written; the folder is `output`
  // + ".checkpoint", made, marked and owned by this solve as
  // retro/internal/checkpoint_folder.h says (which also lists the errors). With
  // kResume (and kReadOnly, a distributed resume's other ranks), slices
  // found in the folder are restored after checking them; with kFresh,
  // what an earlier run left is removed first.
  // Snapshots inside a slice are taken every `interval` of work (zero: at
  // every point a solver can take one).
  static absl::StatusOr<std::unique_ptr<FileCheckpoint>> Create(
      const std::string& output, const std::string& game, uint32_t data_version,
      std::vector<std::pair<std::string, std::string>> parameters,
      internal::CheckpointFolder::Mode mode, std::chrono::seconds interval = kDefaultInterval);

  // The default interval between snapshots: a few minutes of work.
  static constexpr std::chrono::seconds kDefaultInterval{180};

  // Finishes syncing the saved files, then removes the folder if it holds
  // no finished slice or snapshot (a solve that failed before keeping any,
  // however it failed) and is this solve's to remove.
  ~FileCheckpoint() override;

  absl::StatusOr<std::optional<std::vector<uint8_t>>> Restore(const std::string& name,
                                                              const SliceCheck& check) override;
  absl::Status Save(const std::string& name, std::span<const uint8_t> bytes) override;
  bool SnapshotDue() const override;
  absl::StatusOr<std::optional<std::vector<std::vector<uint8_t>>>> RestoreSnapshot(
      const std::string& name, const solver::SnapshotCheck& check) override;
  absl::Status SaveSnapshot(const std::string& name,
                            std::span<const std::span<const uint8_t>> parts) override;
  void DiscardSnapshot(const std::string& name) override;

  // The folder, the slices and snapshots restored and saved by this run,
  // and removal of the folder (after the database was written; the syncs
  // not yet done are dropped): an error when it is left, saying why.
  const std::string& folder() const { return folder_->path(); }
  int restored() const { return restored_; }
  int saved() const { return saved_; }
  int snapshots_restored() const { return snapshots_restored_; }
  int snapshots_saved() const { return snapshots_saved_; }
  // The names of the slices this run restored, finished or in progress
  // (a slice once), in the order restored: what a resumed solve checks
  // in its output as `retro verify` would (docs/distributed.md).
  const std::vector<std::string>& restored_slices() const { return restored_slices_; }
  absl::Status Remove();

 private:
  FileCheckpoint() = default;
  std::string SlicePath(const std::string& name) const;
  std::string SnapshotPath(const std::string& name) const;
  // The checkpoint file at `path` after checking that it belongs to this
  // solve; nullptr when there is none.
  absl::StatusOr<std::unique_ptr<DatabaseFile>> OpenOwn(const std::string& path,
                                                        const std::string& codec) const;
  // Records that slice `name` was restored (finished or in progress).
  void NoteRestored(const std::string& name);
  // Writes and renames the file now (so that it survives a kill) and
  // queues its sync; refuses when the folder is no longer the one this
  // solve made (CheckpointFolder::CheckStillOurs).
  absl::Status Write(const std::string& path, const std::string& codec,
                     std::span<const std::pair<std::string, std::span<const uint8_t>>> slices);
  // The sync thread's loop: syncs each queued file until told to stop.
  void SyncLoop();
  // Stops the sync thread, after the queued files (`finish`) or at once.
  void StopSyncing(bool finish);

  std::thread syncer_;
  std::mutex mutex_;
  std::condition_variable queued_;
  std::deque<std::string> to_sync_;  // guarded by mutex_
  bool stopping_ = false;            // guarded by mutex_

  std::unique_ptr<internal::CheckpointFolder> folder_;
  std::string game_;
  uint32_t data_version_ = 0;
  std::vector<std::pair<std::string, std::string>> parameters_;
  int restored_ = 0;
  int saved_ = 0;
  int snapshots_restored_ = 0;
  int snapshots_saved_ = 0;
  std::vector<std::string> restored_slices_;
  std::chrono::seconds interval_ = kDefaultInterval;
  std::chrono::steady_clock::time_point last_save_ = std::chrono::steady_clock::now();
};

}  // namespace retro

#endif  // RETRO_CHECKPOINT_H_
