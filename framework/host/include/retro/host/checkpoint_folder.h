// The folder `<output>.checkpoint` that keeps a solve's finished work
// (retro/checkpoint.h), and the rule that retro deletes only what it made.
//
// Retro makes the folder itself and writes into it a marker file,
// `retro-checkpoint`, naming the game, its data version, the solve's
// parameters and the run that owns the folder. It touches a folder of that
// name only when the marker is there and the folder is no symbolic link,
// and then only the files it makes in it: the marker, `*.slice` and
// `*.snapshot` files and their temporaries. A folder of that name without
// a marker, a symbolic link or any other file in the way is refused before
// any work. While a solve owns the folder it holds a lock on it (flock), so
// a second solve of the same output is refused instead of taking the
// first's work away.
#ifndef RETRO_HOST_CHECKPOINT_FOLDER_H_
#define RETRO_HOST_CHECKPOINT_FOLDER_H_

#include <dirent.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace retro::internal {

// What a checkpoint folder's marker says: whose work it holds.
struct CheckpointMarker {
  std::string game;
  uint32_t plugin_abi = 0;
  uint32_t data_version = 0;
  std::vector<std::pair<std::string, std::string>> parameters;
  std::string run;  // the identity of the run that owns the folder
};

// The marker's text, and the marker a text describes (an error when the
// text is no marker of retro's).
std::string MarkerText(const CheckpointMarker& marker);
absl::StatusOr<CheckpointMarker> ParseMarker(const std::string& text);

// What a checkpoint's parameters say that a solve's do not, key by key:
// "turn-limit=200 (this solve: 150), layout=fast (this solve: none)".
std::string ParameterDifferences(const std::vector<std::pair<std::string, std::string>>& saved,
                                 const std::vector<std::pair<std::string, std::string>>& asked);

// A new run identity: random, with the process and the time for people.
std::string NewRunIdentity();

// A checkpoint folder opened by one solve.
class CheckpointFolder {
 public:
  // How a solve uses the folder. kFresh: a new solve; retro's files left by
  // an earlier run are removed. kResume: they are kept, and the marker
  // must describe this solve (game, version, parameters). kReadOnly: a
  // rank of a distributed resume that only reads what rank 0 owns; it
  // never writes, locks or removes anything, and a folder not there (yet)
  // or without its marker (yet) is an empty one.
  enum class Mode { kFresh, kResume, kReadOnly };

  // Opens (making it when needed) `<output>.checkpoint` for the solve
  // `mine` describes. Errors: InvalidArgument for a folder that is not
  // retro's, a symbolic link, a file in the way, an output name too long
  // for the folder's name, and (kResume) a checkpoint of another game or
  // other parameters, each naming what to change; FailedPrecondition for
  // a folder another live solve owns or a checkpoint of another version.
  static absl::StatusOr<std::unique_ptr<CheckpointFolder>> Open(const std::string& output,
                                                                CheckpointMarker mine, Mode mode);
  ~CheckpointFolder();
  CheckpointFolder(const CheckpointFolder&) = delete;
  CheckpointFolder& operator=(const CheckpointFolder&) = delete;

  const std::string& path() const { return path_; }
  // The marker of the solve that opened the folder.
  const CheckpointMarker& mine() const { return mine_; }
  // Whether the folder was there before this solve opened it.
  bool found_existing() const { return found_existing_; }
  // The file `name` of the folder through the handle this solve holds
  // (/proc/self/fd/N/name on Linux; path()/name elsewhere): written there,
  // a file lands in this folder even when its name was given to another
  // since the last CheckStillOurs.
  std::string HeldPath(const std::string& name) const;

  // OK while the folder's name still leads to the folder this solve made
  // and holds open (always for kReadOnly, which writes nothing); otherwise
  // FailedPrecondition naming it, as at the start for a symbolic link. A
  // solve checks this before each write into the folder, so a folder
  // replaced during the solve (e.g. by a link) is never written through.
  absl::Status CheckStillOurs() const;

  // Whether the folder holds finished work: a `*.slice` or `*.snapshot`.
  bool HoldsWork() const;

  // Removes the files retro made in the folder, then the folder unless
  // something else is in it; does nothing unless the folder is still the
  // one this solve owns (the same folder, no link, its marker naming this
  // run). A folder left behind is an error saying why. No-op for kReadOnly.
  absl::Status Remove();

 private:
  CheckpointFolder() = default;
  // Steps 3-5 of Open: holds the folder open (and locked), checks its
  // marker and writes this run's.
  absl::Status Hold(bool made);
  // Removes the files retro made (the marker too with `marker_too`) and
  // counts the others.
  absl::Status RemoveOwnFiles(bool marker_too, int* others);
  // Whether the folder's name still leads to the folder held open.
  bool StillOurs() const;

  std::string path_;
  CheckpointMarker mine_;
  Mode mode_ = Mode::kFresh;
  bool found_existing_ = false;
  DIR* dir_ = nullptr;  // the folder, open (and locked while a solve owns it)
};

}  // namespace retro::internal

#endif  // RETRO_HOST_CHECKPOINT_FOLDER_H_
