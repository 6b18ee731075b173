// FileCheckpoint: finished slices and snapshots of slices in progress of a
// solve, as checksummed database containers in a folder beside the output.
#include "retro/checkpoint.h"

#include <algorithm>
#include <filesystem>
#include <string>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "retro/host/atomic_file_writer.h"
#include "retro/host/file_checkpoint.h"
#include "retro/plugin.h"
#include "retro/status_macros.h"

namespace retro {
namespace {

// The codecs of checkpoint files (never a database's).
constexpr char kCheckpointCodec[] = "retro-checkpoint-slice-v1";
constexpr char kSnapshotCodec[] = "retro-checkpoint-snapshot-v1";

// The refusal of checkpoint file `path` for `why`.
absl::Status Refusal(const std::string& path, const std::string& why) {
  return absl::FailedPreconditionError(
      absl::StrCat("checkpoint ", path, " ", why,
                   "; delete the folder or solve without --resume to start afresh"));
}

// A failed check of checkpoint file `path` as its refusal; ok stays ok.
absl::Status DamagedUnless(const std::string& path, const absl::Status& status) {
  return status.ok() ? status : Refusal(path, absl::StrCat("is damaged: ", status.message()));
}

// The name of part k of a snapshot inside its container.
std::string PartName(size_t k) { return absl::StrCat("part-", k); }

// A slice's snapshots, handed to a solver; forwards to the checkpoint.
class CheckpointSnapshots : public solver::SliceSnapshots {
 public:
  CheckpointSnapshots(Checkpoint& checkpoint, std::string name)
      : checkpoint_(checkpoint), name_(std::move(name)) {}
  bool Due() const override { return checkpoint_.SnapshotDue(); }
  absl::StatusOr<std::optional<std::vector<std::vector<uint8_t>>>> Restore(
      const solver::SnapshotCheck& check) override {
    return checkpoint_.RestoreSnapshot(name_, check);
  }
  absl::Status Save(std::span<const std::span<const uint8_t>> parts) override {
    return checkpoint_.SaveSnapshot(name_, parts);
  }

 private:
  Checkpoint& checkpoint_;
  std::string name_;
};

}  // namespace

Checkpoint::~Checkpoint() = default;

std::unique_ptr<solver::SliceSnapshots> Checkpoint::SnapshotsOf(const std::string& name) {
  return std::make_unique<CheckpointSnapshots>(*this, name);
}

absl::StatusOr<std::unique_ptr<FileCheckpoint>> FileCheckpoint::Create(
    const std::string& output, const std::string& game, uint32_t data_version,
    std::vector<std::pair<std::string, std::string>> parameters,
    internal::CheckpointFolder::Mode mode, std::chrono::seconds interval) {
  std::unique_ptr<FileCheckpoint> checkpoint(new FileCheckpoint());
  checkpoint->interval_ = interval;
  internal::CheckpointMarker mine{.game = game,
                                  .plugin_abi = kPluginAbiVersion,
                                  .data_version = data_version,
                                  .parameters = std::move(parameters),
                                  .run = internal::NewRunIdentity()};
  RETRO_ASSIGN_OR_RETURN(checkpoint->folder_,
                         internal::CheckpointFolder::Open(output, std::move(mine), mode));
  return checkpoint;
}

std::string FileCheckpoint::FilePath(const std::string& name, const char* suffix) const {
  return absl::StrCat(folder_->path(), "/", name, suffix);
}

absl::StatusOr<std::unique_ptr<DatabaseFile>> FileCheckpoint::OpenOwn(
    const std::string& path, const std::string& codec) const {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) return nullptr;
  const auto refuse = [&](const std::string& why) { return Refusal(path, why); };
  // Mapped: the solve keeps finished slices as views of it.
  absl::StatusOr<std::unique_ptr<DatabaseFile>> file =
      DatabaseFile::Open(path, /*verify_slices=*/true, DatabaseFile::Holding::kMapped);
  RETRO_RETURN_IF_ERROR(DamagedUnless(path, file.status()));
  const DatabaseIdentity& id = (*file)->identity();
  const internal::CheckpointMarker& mine = folder_->mine();
  if (id.codec != codec) return refuse("is not a retro checkpoint of this kind");
  if (id.game != mine.game) return refuse(absl::StrCat("belongs to game '", id.game, "'"));
  if (id.plugin_abi != mine.plugin_abi || id.data_version != mine.data_version) {
    return refuse(absl::StrCat("was made by another version (plugin ABI ", id.plugin_abi,
                               ", data version ", id.data_version,
                               "; this retro: ", mine.plugin_abi, ", ", mine.data_version, ")"));
  }
  if ((*file)->parameters() != mine.parameters) {
    // The command asks to resume a solve it does not repeat: the user's
    // input, not the folder, is what to change.
    return absl::InvalidArgumentError(absl::StrCat(
        "checkpoint ", path, " was made with other parameters: ",
        internal::ParameterDifferences((*file)->parameters(), mine.parameters),
        "; resume with the checkpoint's parameters, or delete the folder or solve without "
        "--resume to start afresh"));
  }
  return std::move(*file);
}

void FileCheckpoint::NoteRestored(const std::string& name) {
  if (std::find(restored_slices_.begin(), restored_slices_.end(), name) == restored_slices_.end()) {
    restored_slices_.push_back(name);
  }
}

absl::Status FileCheckpoint::Write(
    const std::string& path, const std::string& codec,
    std::span<const std::pair<std::string, std::span<const uint8_t>>> slices) {
  // The folder may have been replaced (by a symbolic link, say) since the
  // solve began: nothing is written into what took its place. The file is
  // written through the folder's handle, so that it lands in this solve's
  // folder even if the name is given to another after this check; a write
  // that fails while that happens reports the replacement.
  RETRO_RETURN_IF_ERROR(folder_->CheckStillOurs());
  const auto replaced_or = [this](absl::Status failed) {
    absl::Status replaced = folder_->CheckStillOurs();
    return replaced.ok() ? failed : replaced;
  };
  const std::string name = std::filesystem::path(path).filename().string();
  absl::StatusOr<std::unique_ptr<AtomicFileWriter>> writer =
      AtomicFileWriter::Create(folder_->HeldPath(name), path);
  if (!writer.ok()) return replaced_or(writer.status());
  DatabaseBuilder builder;
  builder.SetCodec(codec);
  const internal::CheckpointMarker& mine = folder_->mine();
  for (const auto& [key, value] : mine.parameters) builder.SetParameter(key, value);
  for (const auto& [name, bytes] : slices) builder.AddSliceView(name, bytes);
  // Written and renamed now (so it survives a kill), synced by SyncLoop.
  if (absl::Status committed =
          (*writer)->Commit({mine.game, mine.plugin_abi, mine.data_version, codec}, builder,
                            AtomicFileWriter::Durability::kUnsynced);
      !committed.ok()) {
    return replaced_or(committed);
  }
  last_save_ = std::chrono::steady_clock::now();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    to_sync_.push_back((*writer)->path());
  }
  queued_.notify_one();
  if (!syncer_.joinable()) {
    try {
      syncer_ = std::thread([this] { SyncLoop(); });
    } catch (const std::system_error&) {
      // No thread to be had: sync here instead.
      StopSyncing(/*finish=*/true);
      SyncFileAndDirectory((*writer)->path()).IgnoreError();
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = false;
      to_sync_.clear();
    }
  }
  return absl::OkStatus();
}

void FileCheckpoint::SyncLoop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    queued_.wait(lock, [this] { return stopping_ || !to_sync_.empty(); });
    if (to_sync_.empty()) return;  // stopping, nothing left
    const std::string path = std::move(to_sync_.front());
    to_sync_.pop_front();
    lock.unlock();
    // Best effort, like the sync of a directory: the file was whole when
    // saved, and one the solve has since removed needs no sync.
    SyncFileAndDirectory(path).IgnoreError();
    lock.lock();
  }
}

void FileCheckpoint::StopSyncing(bool finish) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    if (!finish) to_sync_.clear();
  }
  queued_.notify_one();
  if (syncer_.joinable()) syncer_.join();
}

absl::StatusOr<std::optional<std::vector<uint8_t>>> FileCheckpoint::Restore(
    const std::string& name, const SliceCheck& check) {
  const std::string path = FilePath(name, ".slice");
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<DatabaseFile> file, OpenOwn(path, kCheckpointCodec));
  if (file == nullptr) return std::nullopt;
  const std::optional<size_t> slice = file->FindSlice(name);
  if (!slice.has_value() || file->slices().size() != 1) {
    return Refusal(path, absl::StrCat("does not hold exactly the slice '", name, "'"));
  }
  const std::span<const uint8_t> bytes = file->SliceBytes(*slice);
  // Checked like a slice of a database file.
  if (check != nullptr) RETRO_RETURN_IF_ERROR(DamagedUnless(path, check(bytes)));
  ++restored_;
  NoteRestored(name);
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

absl::Status FileCheckpoint::Save(const std::string& name, std::span<const uint8_t> bytes) {
  const std::pair<std::string, std::span<const uint8_t>> slice[] = {{name, bytes}};
  RETRO_RETURN_IF_ERROR(Write(FilePath(name, ".slice"), kCheckpointCodec, slice));
  ++saved_;
  return absl::OkStatus();
}

bool FileCheckpoint::SnapshotDue() const {
  return std::chrono::steady_clock::now() - last_save_ >= interval_;
}

absl::StatusOr<std::optional<std::vector<std::vector<uint8_t>>>> FileCheckpoint::RestoreSnapshot(
    const std::string& name, const solver::SnapshotCheck& check) {
  const std::string path = FilePath(name, ".snapshot");
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<DatabaseFile> file, OpenOwn(path, kSnapshotCodec));
  if (file == nullptr) return std::nullopt;
  std::vector<std::vector<uint8_t>> parts;
  for (size_t k = 0; k < file->slices().size(); ++k) {
    const std::optional<size_t> slice = file->FindSlice(PartName(k));
    if (!slice.has_value()) return Refusal(path, absl::StrCat("lacks its ", PartName(k)));
    const std::span<const uint8_t> bytes = file->SliceBytes(*slice);
    parts.emplace_back(bytes.begin(), bytes.end());
  }
  // Checked against what the solver needs to continue from it.
  if (check != nullptr) RETRO_RETURN_IF_ERROR(DamagedUnless(path, check(parts)));
  ++snapshots_restored_;
  NoteRestored(name);
  return parts;
}

absl::Status FileCheckpoint::SaveSnapshot(const std::string& name,
                                          std::span<const std::span<const uint8_t>> parts) {
  std::vector<std::pair<std::string, std::span<const uint8_t>>> slices;
  for (size_t k = 0; k < parts.size(); ++k) slices.emplace_back(PartName(k), parts[k]);
  RETRO_RETURN_IF_ERROR(Write(FilePath(name, ".snapshot"), kSnapshotCodec, slices));
  ++snapshots_saved_;
  return absl::OkStatus();
}

void FileCheckpoint::DiscardSnapshot(const std::string& name) {
  if (!folder_->CheckStillOurs().ok()) return;  // nothing removed from another folder
  std::error_code error;
  std::filesystem::remove(FilePath(name, ".snapshot"), error);
}

FileCheckpoint::~FileCheckpoint() {
  StopSyncing(/*finish=*/true);
  // A solve that failed before keeping any work leaves no folder.
  if (folder_ != nullptr && !folder_->HoldsWork()) folder_->Remove().IgnoreError();
}

absl::Status FileCheckpoint::Remove() {
  StopSyncing(/*finish=*/false);
  return folder_->Remove();
}

}  // namespace retro
