// The host's checkpoint (retro/checkpoint.h): FileCheckpoint keeps each
// finished slice and each slice's last snapshot as a checksummed file in a
// folder beside the output, written atomically, and refuses files of
// another game, version or parameters, or damaged ones. It syncs the files
// to disk on a thread of its own while the solve goes on (a sync of a small
// file costs milliseconds, more than solving a small slice). Not installed:
// plugins see only the Checkpoint interface.
#ifndef RETRO_HOST_FILE_CHECKPOINT_H_
#define RETRO_HOST_FILE_CHECKPOINT_H_

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
#include "retro/checkpoint.h"
#include "retro/database.h"
#include "retro/host/checkpoint_folder.h"
#include "retro/solver/slice_snapshots.h"

namespace retro {

// Checkpoints in the folder `<output>.checkpoint`, one database container
// per finished slice (`<slice>.slice`), identified by the game, plugin ABI,
// data version and the solve's canonical parameters.
class FileCheckpoint : public Checkpoint {
 public:
  // `output` is the database being written; the folder is `output`
  // + ".checkpoint", made, marked and owned by this solve as
  // retro/host/checkpoint_folder.h says (which also lists the errors). With
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
  // Whether the folder was there before this run opened it.
  bool found() const { return folder_->found_existing(); }
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
  // The file of slice `name` in the folder: `suffix` is .slice or .snapshot.
  std::string FilePath(const std::string& name, const char* suffix) const;
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
  int restored_ = 0;
  int saved_ = 0;
  int snapshots_restored_ = 0;
  int snapshots_saved_ = 0;
  std::vector<std::string> restored_slices_;
  std::chrono::seconds interval_ = kDefaultInterval;
  std::chrono::steady_clock::time_point last_save_ = std::chrono::steady_clock::now();
};

}  // namespace retro

#endif  // RETRO_HOST_FILE_CHECKPOINT_H_
