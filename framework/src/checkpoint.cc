// FileCheckpoint: finished slices of a solve as checksummed database
// containers in a folder beside the output.
#include "retro/checkpoint.h"

#include <filesystem>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "retro/plugin.h"
#include "retro/status_macros.h"

namespace retro {
namespace {

// The codec of a checkpoint slice file (never a database's).
constexpr char kCheckpointCodec[] = "retro-checkpoint-slice-v1";

}  // namespace

Checkpoint::~Checkpoint() = default;

absl::StatusOr<std::unique_ptr<FileCheckpoint>> FileCheckpoint::Create(
    const std::string& output, const std::string& game, uint32_t data_version,
    std::vector<std::pair<std::string, std::string>> parameters, bool resume) {
  std::unique_ptr<FileCheckpoint> checkpoint(new FileCheckpoint());
  checkpoint->folder_ = output + ".checkpoint";
  checkpoint->game_ = game;
  checkpoint->data_version_ = data_version;
  checkpoint->parameters_ = std::move(parameters);
  std::error_code error;
  const std::filesystem::path folder(checkpoint->folder_);
  if (!resume && std::filesystem::exists(folder, error)) {
    // A fresh solve: what an earlier run left is not used.
    for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
      if (entry.path().extension() == ".slice") std::filesystem::remove(entry.path(), error);
    }
  }
  std::filesystem::create_directories(folder, error);
  if (error || !std::filesystem::is_directory(folder)) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot make the checkpoint folder ", checkpoint->folder_, ": ",
                     error ? error.message() : "a file of that name is in the way",
                     " (--no-checkpoint solves without one)"));
  }
  return checkpoint;
}

std::string FileCheckpoint::SlicePath(const std::string& name) const {
  return absl::StrCat(folder_, "/", name, ".slice");
}

absl::StatusOr<std::optional<std::vector<uint8_t>>> FileCheckpoint::Restore(
    const std::string& name) {
  const std::string path = SlicePath(name);
  std::error_code error;
  if (!std::filesystem::exists(path, error)) return std::nullopt;
  const auto refuse = [&](const std::string& why) {
    return absl::FailedPreconditionError(
        absl::StrCat("checkpoint ", path, " ", why,
                     "; delete the folder or solve without --resume to start afresh"));
  };
  absl::StatusOr<std::unique_ptr<DatabaseFile>> file = DatabaseFile::Open(path);
  if (!file.ok()) return refuse(absl::StrCat("is damaged: ", file.status().message()));
  const DatabaseIdentity& id = (*file)->identity();
  if (id.codec != kCheckpointCodec) return refuse("is not a retro checkpoint");
  if (id.game != game_) return refuse(absl::StrCat("belongs to game '", id.game, "'"));
  if (id.plugin_abi != kPluginAbiVersion || id.data_version != data_version_) {
    return refuse(absl::StrCat("was made by another version (plugin ABI ", id.plugin_abi,
                               ", data version ", id.data_version, "; this retro: ",
                               kPluginAbiVersion, ", ", data_version_, ")"));
  }
  if ((*file)->parameters() != parameters_) {
    return refuse("was made with other parameters");
  }
  const std::optional<size_t> slice = (*file)->FindSlice(name);
  if (!slice.has_value() || (*file)->slices().size() != 1) {
    return refuse(absl::StrCat("does not hold exactly the slice '", name, "'"));
  }
  const std::span<const uint8_t> bytes = (*file)->SliceBytes(*slice);
  ++restored_;
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

absl::Status FileCheckpoint::Save(const std::string& name, std::span<const uint8_t> bytes) {
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<AtomicFileWriter> writer,
                         AtomicFileWriter::Create(SlicePath(name)));
  DatabaseBuilder builder;
  builder.SetCodec(kCheckpointCodec);
  for (const auto& [key, value] : parameters_) builder.SetParameter(key, value);
  builder.AddSlice(name, std::vector<uint8_t>(bytes.begin(), bytes.end()));
  // Written and renamed now (so it survives a kill), synced by SyncLoop.
  RETRO_RETURN_IF_ERROR(
      writer->Commit({game_, kPluginAbiVersion, data_version_, kCheckpointCodec}, builder,
                     AtomicFileWriter::Durability::kUnsynced));
  ++saved_;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    to_sync_.push_back(writer->path());
  }
  queued_.notify_one();
  if (!syncer_.joinable()) {
    try {
      syncer_ = std::thread([this] { SyncLoop(); });
    } catch (const std::system_error&) {
      // No thread to be had: sync here instead.
      StopSyncing(/*finish=*/true);
      SyncFileAndDirectory(writer->path()).IgnoreError();
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

FileCheckpoint::~FileCheckpoint() {
  StopSyncing(/*finish=*/true);
  std::error_code error;
  if (folder_.empty() || !std::filesystem::is_directory(folder_, error)) return;
  for (const auto& entry : std::filesystem::directory_iterator(folder_, error)) {
    if (entry.path().extension() == ".slice") return;
  }
  std::filesystem::remove_all(folder_, error);
}

absl::Status FileCheckpoint::Remove() {
  StopSyncing(/*finish=*/false);
  std::error_code error;
  std::filesystem::remove_all(folder_, error);
  if (error) {
    return absl::InternalError(
        absl::StrCat("cannot remove the checkpoint folder ", folder_, ": ", error.message()));
  }
  return absl::OkStatus();
}

}  // namespace retro
