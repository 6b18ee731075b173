// The checkpoint folder's marker, lock and clean-up (retro/host/checkpoint_folder.h).
#include "retro/host/checkpoint_folder.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <random>
#include <sstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "retro/database.h"
#include "retro/host/atomic_file_writer.h"
#include "retro/host/temporary_name.h"
#include "retro/status_macros.h"

namespace retro::internal {
namespace {

constexpr char kMarkerName[] = "retro-checkpoint";
constexpr char kMarkerDraftName[] = "retro-checkpoint.new";
constexpr char kMarkerFirstLine[] = "retro checkpoint 1";
constexpr size_t kMaxMarkerBytes = 1 << 16;
constexpr char kWhatToDo[] = "move it away, choose another --out, or solve with --no-checkpoint";

absl::Status ErrnoStatus(const std::string& what, const std::string& path) {
  return absl::UnavailableError(absl::StrCat(what, " ", path, ": ", std::strerror(errno)));
}

bool EndsWith(std::string_view name, std::string_view suffix) {
  return name.size() > suffix.size() && name.ends_with(suffix);
}

// A slice or snapshot file of a checkpoint, by its name.
bool IsWorkFileName(std::string_view name) {
  return EndsWith(name, ".slice") || EndsWith(name, ".snapshot");
}

// A file retro makes in a checkpoint folder: the marker's draft, a slice
// or snapshot, or a temporary of one (AtomicFileWriter's, named so that it
// proves itself retro's).
bool IsOwnFileName(std::string_view name) {
  if (name == kMarkerDraftName || IsWorkFileName(name)) return true;
  const size_t infix = name.rfind(".tmp.");
  return infix != std::string_view::npos && IsWorkFileName(name.substr(0, infix)) &&
         IsTemporaryNameOf(name.substr(0, infix), name);
}

// The text of the file `name` in the folder `dir`; nullopt when there is
// none; an error when it cannot be read or is too large to be a marker.
absl::StatusOr<std::optional<std::string>> ReadSmallFile(int dir, const char* name,
                                                         const std::string& shown) {
  const int fd = openat(dir, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return std::nullopt;
    return ErrnoStatus("cannot read", shown);
  }
  std::string text;
  char buffer[4096];
  ssize_t n = 0;
  while ((n = read(fd, buffer, sizeof(buffer))) > 0 && text.size() <= kMaxMarkerBytes) {
    text.append(buffer, static_cast<size_t>(n));
  }
  const int read_errno = errno;
  close(fd);
  if (n < 0) {
    errno = read_errno;
    return ErrnoStatus("cannot read", shown);
  }
  return text;
}

// Writes `text` as the marker of the folder `dir`, through a draft renamed
// into place, synced.
absl::Status WriteMarkerFile(int dir, const std::string& text, const std::string& shown) {
  const int fd = openat(dir, kMarkerDraftName,
                        O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0) return ErrnoStatus("cannot write", shown);
  const bool written = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()) &&
                       fsync(fd) == 0;
  const int write_errno = errno;
  close(fd);
  if (!written || renameat(dir, kMarkerDraftName, dir, kMarkerName) != 0) {
    errno = write_errno != 0 ? write_errno : errno;
    unlinkat(dir, kMarkerDraftName, 0);
    return ErrnoStatus("cannot write", shown);
  }
  fsync(dir);
  return absl::OkStatus();
}

// Why `found` cannot be resumed by the solve `mine` describes, if it cannot.
absl::Status CheckSameSolve(const std::string& path, const CheckpointMarker& found,
                            const CheckpointMarker& mine) {
  if (found.game != mine.game) {
    return absl::InvalidArgumentError(absl::StrCat(
        "checkpoint ", path, " belongs to a solve of game '", found.game,
        "' (this solve: '", mine.game, "'); resume with that game's command, or delete the "
        "folder or solve without --resume to start afresh"));
  }
  if (found.parameters != mine.parameters) {
    // The command asks to resume a solve it does not repeat: the user's
    // input, not the folder, is what to change.
    return absl::InvalidArgumentError(absl::StrCat(
        "checkpoint ", path, " was made with other parameters: ",
        ParameterDifferences(found.parameters, mine.parameters),
        "; resume with the checkpoint's parameters, or delete the folder or solve without "
        "--resume to start afresh"));
  }
  if (found.plugin_abi != mine.plugin_abi || found.data_version != mine.data_version) {
    return absl::FailedPreconditionError(absl::StrCat(
        "checkpoint ", path, " was made by another version (plugin ABI ", found.plugin_abi,
        ", data version ", found.data_version, "; this retro: ", mine.plugin_abi, ", ",
        mine.data_version, "); delete the folder or solve without --resume to start afresh"));
  }
  return absl::OkStatus();
}

// Refuses a path that is not a folder retro may use as a checkpoint folder
// (a link, a file in the way); ENOENT when there is nothing there.
absl::Status CheckFolderType(const std::string& path, bool* exists) {
  struct stat st {};
  *exists = lstat(path.c_str(), &st) == 0;
  if (!*exists) {
    return errno == ENOENT ? absl::OkStatus() : ErrnoStatus("cannot read", path);
  }
  if (S_ISLNK(st.st_mode)) {
    return absl::InvalidArgumentError(absl::StrCat(
        path, " is a symbolic link; retro keeps a checkpoint only in a folder it made ",
        "itself and leaves the link alone: ", kWhatToDo));
  }
  if (!S_ISDIR(st.st_mode)) {
    return absl::InvalidArgumentError(absl::StrCat(
        path, " is in the way of the checkpoint folder: it is a file, not a folder retro made; ",
        kWhatToDo));
  }
  return absl::OkStatus();
}

// Removes the folder `path` (relative to `dir`) holding only a marker and
// its draft, as a checkpoint folder is made; a folder holding anything
// else stays.
void RemoveMarkedFolder(int dir, const std::string& path) {
  const int fd = openat(dir, path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return;
  unlinkat(fd, kMarkerName, 0);
  unlinkat(fd, kMarkerDraftName, 0);
  close(fd);
  unlinkat(dir, path.c_str(), AT_REMOVEDIR);
}

// Removes the folders that MakeMarkedFolder began for `path` in processes
// that were killed before renaming them into place: folders named as
// temporaries of the checkpoint folder's name (retro/host/temporary_name.h)
// that no live process holds locked.
void RemoveStaleFolderDrafts(const std::string& path) {
  const std::filesystem::path folder(path);
  const std::string parent = folder.parent_path().empty() ? "." : folder.parent_path().string();
  const std::string name = folder.filename().string();
  DIR* listing = opendir(parent.c_str());
  if (listing == nullptr) return;
  while (const dirent* entry = readdir(listing)) {
    if (!IsTemporaryNameOf(name, entry->d_name)) continue;
    const int fd = openat(dirfd(listing), entry->d_name,
                          O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) continue;
    const bool stale = flock(fd, LOCK_EX | LOCK_NB) == 0;
    close(fd);
    if (stale) RemoveMarkedFolder(dirfd(listing), entry->d_name);
  }
  closedir(listing);
}

// Renames `from` to `to` unless `to` exists; 0 when renamed, else the error
// (EEXIST or ENOTEMPTY when `to` exists).
int RenameOntoNothing(const std::string& from, const std::string& to) {
  if (renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return 0;
  if (errno != EINVAL) return errno;
  // A file system without RENAME_NOREPLACE: rename only onto nothing.
  struct stat st {};
  if (lstat(to.c_str(), &st) == 0) return EEXIST;
  return rename(from.c_str(), to.c_str()) == 0 ? 0 : errno;
}

// Makes the folder `path` with its marker in one step, so that no process
// ever sees it without one (a kill leaves either nothing or a marked
// folder): the folder is made and marked under a temporary's name, then
// renamed into place unless something took the name meanwhile. True when
// this call made it; false when another process made `path` first.
absl::StatusOr<bool> MakeMarkedFolder(const std::string& path, const CheckpointMarker& marker) {
  const TerminatingSignalsHeld held;  // no draft left by a signal
  const std::filesystem::path folder(path);
  std::string draft;
  for (int attempt = 0; attempt < 16 && draft.empty(); ++attempt) {
    const std::string name =
        TemporaryNameFor(folder.filename().string(), RandomTemporarySuffix());
    const std::string candidate = (folder.parent_path() / name).string();
    if (mkdir(candidate.c_str(), 0777) == 0) draft = candidate;
    else if (errno != EEXIST) return ErrnoStatus("cannot make the checkpoint folder", path);
  }
  if (draft.empty()) return ErrnoStatus("cannot make the checkpoint folder", path);
  const int fd = open(draft.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0 || flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const absl::Status error = ErrnoStatus("cannot make the checkpoint folder", path);
    if (fd >= 0) close(fd);
    rmdir(draft.c_str());
    return error;
  }
  absl::Status status = WriteMarkerFile(fd, MarkerText(marker), path + "/" + kMarkerName);
  bool made = false;
  if (status.ok()) {
    const int rename_errno = RenameOntoNothing(draft, path);
    made = rename_errno == 0;
    if (!made && rename_errno != EEXIST && rename_errno != ENOTEMPTY) {
      errno = rename_errno;
      status = ErrnoStatus("cannot make the checkpoint folder", path);
    }
  }
  close(fd);
  if (!made) RemoveMarkedFolder(AT_FDCWD, draft);
  if (!status.ok()) return status;
  return made;
}

}  // namespace

std::string MarkerText(const CheckpointMarker& marker) {
  std::string text = absl::StrCat(kMarkerFirstLine, "\ngame ", marker.game, "\nplugin-abi ",
                                  marker.plugin_abi, "\ndata-version ", marker.data_version,
                                  "\nrun ", marker.run, "\n");
  for (const auto& [key, value] : marker.parameters) {
    absl::StrAppend(&text, "parameter ", key, "=", value, "\n");
  }
  return text;
}

absl::StatusOr<CheckpointMarker> ParseMarker(const std::string& text) {
  const auto damaged = [](const std::string& why) {
    return absl::DataLossError(absl::StrCat("its marker is damaged (", why, ")"));
  };
  if (text.size() > kMaxMarkerBytes) return damaged("too large");
  std::istringstream lines(text);
  std::string line;
  if (!std::getline(lines, line) || line != kMarkerFirstLine) return damaged("no marker line");
  CheckpointMarker marker;
  bool has_game = false, has_abi = false, has_version = false, has_run = false;
  while (std::getline(lines, line)) {
    const size_t space = line.find(' ');
    const std::string key = line.substr(0, space);
    const std::string value = space == std::string::npos ? "" : line.substr(space + 1);
    if (key == "game") {
      marker.game = value;
      has_game = !value.empty();
    } else if (key == "plugin-abi") {
      has_abi = absl::SimpleAtoi(value, &marker.plugin_abi);
    } else if (key == "data-version") {
      has_version = absl::SimpleAtoi(value, &marker.data_version);
    } else if (key == "run") {
      marker.run = value;
      has_run = !value.empty();
    } else if (key == "parameter") {
      const size_t equals = value.find('=');
      if (equals == std::string::npos) return damaged("a parameter without '='");
      marker.parameters.emplace_back(value.substr(0, equals), value.substr(equals + 1));
    }
  }
  if (!has_game || !has_abi || !has_version || !has_run) return damaged("a line is missing");
  return marker;
}

std::string ParameterDifferences(const std::vector<std::pair<std::string, std::string>>& saved,
                                 const std::vector<std::pair<std::string, std::string>>& asked) {
  const auto find = [](const auto& list, const std::string& key) -> const std::string* {
    const auto it = std::ranges::find(list, key, &std::pair<std::string, std::string>::first);
    return it == list.end() ? nullptr : &it->second;
  };
  std::string out;
  const auto add = [&](const std::string& key, const std::string* was, const std::string* is) {
    absl::StrAppend(&out, out.empty() ? "" : ", ", key, "=", was != nullptr ? *was : "none",
                    " (this solve: ", is != nullptr ? *is : "none", ")");
  };
  for (const auto& [key, value] : saved) {
    const std::string* is = find(asked, key);
    if (is == nullptr || *is != value) add(key, &value, is);
  }
  for (const auto& [key, value] : asked) {
    if (find(saved, key) == nullptr) add(key, nullptr, &value);
  }
  return out.empty() ? "the same parameters in another order" : out;
}

std::string NewRunIdentity() {
  std::random_device random;
  const uint64_t high = (uint64_t{random()} << 32) ^ random();
  const uint64_t low = (uint64_t{random()} << 32) ^ random();
  const auto since_epoch = std::chrono::system_clock::now().time_since_epoch();
  return absl::StrCat(absl::Hex(high, absl::kZeroPad16), absl::Hex(low, absl::kZeroPad16),
                      " pid ", getpid(), " at ",
                      std::chrono::duration_cast<std::chrono::seconds>(since_epoch).count());
}

absl::StatusOr<std::unique_ptr<CheckpointFolder>> CheckpointFolder::Open(
    const std::string& output, CheckpointMarker mine, Mode mode) {
  std::unique_ptr<CheckpointFolder> folder(new CheckpointFolder());
  folder->path_ = output + ".checkpoint";
  folder->mine_ = std::move(mine);
  folder->mode_ = mode;
  const std::string& path = folder->path_;
  // 1. The folder's name must fit the file system.
  const std::string name = std::filesystem::path(path).filename().string();
  if (name.size() > kMaxFileNameBytes) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the output's name is too long for its checkpoint folder '", name, "' (", name.size(),
        " bytes; file names take at most ", kMaxFileNameBytes,
        "): choose a shorter --out, or solve with --no-checkpoint"));
  }
  // 2. Nothing there: a new folder (a reading rank waits for rank 0's).
  bool exists = false;
  RETRO_RETURN_IF_ERROR(CheckFolderType(path, &exists));
  folder->found_existing_ = exists;
  if (!exists && mode == Mode::kReadOnly) return folder;
  if (mode != Mode::kReadOnly) RemoveStaleFolderDrafts(path);
  bool made = false;
  if (!exists) {
    RETRO_ASSIGN_OR_RETURN(made, MakeMarkedFolder(path, folder->mine_));
    RETRO_RETURN_IF_ERROR(CheckFolderType(path, &exists));
  }
  // 3-5. Held, checked and marked; a folder made here and not kept is
  // removed again.
  if (absl::Status held = folder->Hold(made); !held.ok()) {
    if (made) {
      const std::string made_path = path;
      folder.reset();  // closes the folder before removing it
      RemoveMarkedFolder(AT_FDCWD, made_path);
    }
    return held;
  }
  return folder;
}

absl::Status CheckpointFolder::Hold(bool made) {
  // 3. Held open (never through a link) and, by a solve that owns it,
  // locked for as long as the solve lives.
  const int fd = open(path_.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return ErrnoStatus("cannot open the checkpoint folder", path_);
  dir_ = fdopendir(fd);
  if (dir_ == nullptr) {
    const absl::Status error = ErrnoStatus("cannot open the checkpoint folder", path_);
    close(fd);
    return error;
  }
  const Mode mode = mode_;
  mode_ = Mode::kReadOnly;  // touch nothing until the folder proves ours
  if (mode != Mode::kReadOnly && flock(fd, LOCK_EX | LOCK_NB) != 0) {
    return absl::FailedPreconditionError(absl::StrCat(
        "another retro solve of the same output is using the checkpoint folder ", path_,
        "; wait for it to end, or choose another --out"));
  }
  // 4. The marker says whose folder it is.
  RETRO_ASSIGN_OR_RETURN(std::optional<std::string> text,
                         ReadSmallFile(fd, kMarkerName, path_ + "/" + kMarkerName));
  if (!text.has_value() && mode != Mode::kReadOnly && !made) {
    return absl::InvalidArgumentError(absl::StrCat(
        path_, " exists and is not a retro checkpoint (it has no ", kMarkerName,
        " marker), so retro leaves it alone: ", kWhatToDo));
  }
  if (text.has_value()) {
    absl::StatusOr<CheckpointMarker> found = ParseMarker(*text);
    if (!found.ok()) {
      return absl::FailedPreconditionError(absl::StrCat(
          path_, " is not a checkpoint retro can trust: ", found.status().message(),
          "; retro leaves it alone: ", kWhatToDo));
    }
    if (mode != Mode::kFresh) RETRO_RETURN_IF_ERROR(CheckSameSolve(path_, *found, mine_));
  }
  // A reading rank leaves the rest to rank 0.
  if (mode == Mode::kReadOnly) return absl::OkStatus();
  // 5. A fresh solve drops what an earlier run left; the marker names
  // this run.
  mode_ = mode;
  if (mode == Mode::kFresh) {
    int others = 0;
    RETRO_RETURN_IF_ERROR(RemoveOwnFiles(/*marker_too=*/false, &others));
  }
  return WriteMarkerFile(fd, MarkerText(mine_), path_ + "/" + kMarkerName);
}

CheckpointFolder::~CheckpointFolder() {
  if (dir_ != nullptr) closedir(dir_);
}

absl::Status CheckpointFolder::RemoveOwnFiles(bool marker_too, int* others) {
  const int fd = dirfd(dir_);
  rewinddir(dir_);
  errno = 0;
  while (const dirent* entry = readdir(dir_)) {
    const std::string_view name = entry->d_name;
    if (name == "." || name == "..") continue;
    struct stat st {};
    const bool own = (IsOwnFileName(name) || (marker_too && name == kMarkerName)) &&
                     fstatat(fd, entry->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
                     S_ISREG(st.st_mode);
    if (!own) {
      if (name != kMarkerName) ++*others;
      continue;
    }
    if (unlinkat(fd, entry->d_name, 0) != 0 && errno != ENOENT) {
      return ErrnoStatus("cannot remove", absl::StrCat(path_, "/", entry->d_name));
    }
    errno = 0;
  }
  if (errno != 0) return ErrnoStatus("cannot list the checkpoint folder", path_);
  return absl::OkStatus();
}

bool CheckpointFolder::HoldsWork() const {
  if (dir_ == nullptr) return false;
  rewinddir(dir_);
  while (const dirent* entry = readdir(dir_)) {
    if (IsWorkFileName(entry->d_name)) return true;
  }
  return false;
}

std::string CheckpointFolder::HeldPath(const std::string& name) const {
#if defined(__linux__)
  if (dir_ != nullptr) return absl::StrCat("/proc/self/fd/", dirfd(dir_), "/", name);
#endif
  return absl::StrCat(path_, "/", name);
}

bool CheckpointFolder::StillOurs() const {
  struct stat by_name {}, held {};
  return dir_ != nullptr && lstat(path_.c_str(), &by_name) == 0 && S_ISDIR(by_name.st_mode) &&
         fstat(dirfd(dir_), &held) == 0 && by_name.st_dev == held.st_dev &&
         by_name.st_ino == held.st_ino;
}

absl::Status CheckpointFolder::CheckStillOurs() const {
  if (mode_ == Mode::kReadOnly || StillOurs()) return absl::OkStatus();
  bool exists = false;
  const absl::Status type = CheckFolderType(path_, &exists);
  const std::string why =
      !type.ok() ? std::string(type.message())
      : exists ? absl::StrCat(path_, " is another folder than the one this solve made; ", kWhatToDo)
               : absl::StrCat(path_, " is gone; ", kWhatToDo);
  return absl::FailedPreconditionError(
      absl::StrCat("the checkpoint folder was replaced during the solve, so nothing more is "
                   "written into it: ",
                   why));
}

absl::Status CheckpointFolder::Remove() {
  if (mode_ == Mode::kReadOnly || dir_ == nullptr) return absl::OkStatus();
  // The lock proves no other retro changed the folder; its name must still
  // lead to it.
  if (!StillOurs()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "left ", path_, " alone: it is no longer the checkpoint folder this solve made"));
  }
  int others = 0;
  RETRO_RETURN_IF_ERROR(RemoveOwnFiles(/*marker_too=*/true, &others));
  if (others > 0) {
    return absl::FailedPreconditionError(absl::StrCat(
        "kept the checkpoint folder ", path_, ": it holds ", others, " file",
        others == 1 ? "" : "s", " retro did not make"));
  }
  if (rmdir(path_.c_str()) != 0 && errno != ENOENT) {
    return ErrnoStatus("cannot remove the checkpoint folder", path_);
  }
  mode_ = Mode::kReadOnly;  // gone: nothing more to remove
  return absl::OkStatus();
}

}  // namespace retro::internal
