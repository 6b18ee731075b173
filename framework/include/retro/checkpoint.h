// Finished work of a long solve kept across runs, so that `retro solve
// --resume` continues a solve that was killed (SIGKILL, out of memory, a
// reboot) from its last finished slice instead of from nothing. The host
// hands a Checkpoint to GameModule::Solve through WorkContext::checkpoint
// (null when checkpoints are off); the kits (retro/kit/*) use it per slice:
//
//   if (auto saved = checkpoint->Restore(name); !saved.ok()) return error;
//   else if (saved->has_value()) table = **saved;      // from an earlier run
//   else { table = solve(); checkpoint->Save(name, table); }
//
// A slice restored must be byte-identical to the one the solve would
// compute, so a resumed database is byte-identical to an uninterrupted one.
// FileCheckpoint keeps each finished slice as a checksummed file in a folder
// beside the output, written atomically, and refuses files of another game,
// version or parameters, or damaged ones. It syncs the files to disk on a
// thread of its own while the solve goes on (a sync of a small file costs
// milliseconds, more than solving a small slice).
#ifndef RETRO_CHECKPOINT_H_
#define RETRO_CHECKPOINT_H_

#include <condition_variable>
#include <cstdint>
#include <deque>
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

namespace retro {

// Finished slices of one solve (one game, version and set of parameters).
class Checkpoint {
 public:
  virtual ~Checkpoint();

  // The bytes of slice `name` saved by an earlier run of this solve, nullopt
  // when there are none, or an error when what is there cannot be trusted.
  virtual absl::StatusOr<std::optional<std::vector<uint8_t>>> Restore(const std::string& name) = 0;

  // Keeps the finished slice `name`: it survives the process being killed
  // right after Save returns (and, for FileCheckpoint, a crash of the
  // machine once its background sync reached it).
  virtual absl::Status Save(const std::string& name, std::span<const uint8_t> bytes) = 0;
};

// Checkpoints in the folder `<output>.checkpoint`, one database container
// per finished slice (`<slice>.slice`), identified by the game, plugin ABI,
// data version and the solve's canonical parameters.
class FileCheckpoint : public Checkpoint {
 public:
  // `output` is the database being written. With `resume`, slices found in
  // the folder are restored (after checking them); without, an existing
  // folder is emptied first. Fails when the folder cannot be made.
  static absl::StatusOr<std::unique_ptr<FileCheckpoint>> Create(
      const std::string& output, const std::string& game, uint32_t data_version,
      std::vector<std::pair<std::string, std::string>> parameters, bool resume);

  // Finishes syncing the saved slices, then removes the folder if it holds
  // no finished slice (a solve that failed before finishing any, however it
  // failed).
  ~FileCheckpoint() override;

  absl::StatusOr<std::optional<std::vector<uint8_t>>> Restore(const std::string& name) override;
  absl::Status Save(const std::string& name, std::span<const uint8_t> bytes) override;

  // The folder, the slices restored and saved by this run, and removal of
  // the folder (after the database was written; the syncs not yet done are
  // dropped).
  const std::string& folder() const { return folder_; }
  int restored() const { return restored_; }
  int saved() const { return saved_; }
  absl::Status Remove();

 private:
  FileCheckpoint() = default;
  std::string SlicePath(const std::string& name) const;
  // The sync thread's loop: syncs each queued file until told to stop.
  void SyncLoop();
  // Stops the sync thread, after the queued files (`finish`) or at once.
  void StopSyncing(bool finish);

  std::thread syncer_;
  std::mutex mutex_;
  std::condition_variable queued_;
  std::deque<std::string> to_sync_;  // guarded by mutex_
  bool stopping_ = false;            // guarded by mutex_

  std::string folder_;
  std::string game_;
  uint32_t data_version_ = 0;
  std::vector<std::pair<std::string, std::string>> parameters_;
  int restored_ = 0;
  int saved_ = 0;
};

}  // namespace retro

#endif  // RETRO_CHECKPOINT_H_
