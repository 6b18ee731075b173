// Writing a file atomically, for the host: the output appears whole under
// its name or not at all, and a terminating signal removes the temporary
// (AtomicFileWriter); making a file durable; the note a resource-limit
// signal's message adds; holding the terminating signals back for a short
// step. Not installed: plugins never write files (retro/database.h's
// DatabaseBuilder holds what the host writes).
#ifndef RETRO_HOST_ATOMIC_FILE_WRITER_H_
#define RETRO_HOST_ATOMIC_FILE_WRITER_H_

#include <signal.h>
#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "retro/database.h"

namespace retro {

// Writes files atomically: Create() opens a unique temporary file beside
// `path` at once (so an unwritable destination fails before any work is
// done), Commit() writes, syncs and renames it into place. Destroying an
// uncommitted writer deletes the temporary file, and so does any terminating
// signal a handler can catch (SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT,
// SIGUSR1/2, ...) while one is open. The temporary is locked (flock) while
// its process lives; Create() removes the unlocked temporaries of the same
// output that a killed process left behind, recognised by names that only
// retro makes (retro/host/temporary_name.h): a user's file is never one of them.
//
// What happens to an existing `path`: a regular file is replaced; a
// symbolic link is followed and the file it points to replaced (the link
// stays); a directory, device, FIFO or socket, and a read-only file, are
// refused.
class AtomicFileWriter {
 public:
  // Names the file `shown_path` (empty: `path`) in messages and checks
  // that name again before the rename (a path through a held directory
  // handle, /proc/self/fd/N/name, means nothing to a user).
  static absl::StatusOr<std::unique_ptr<AtomicFileWriter>> Create(const std::string& path,
                                                                  std::string shown_path = "");
  ~AtomicFileWriter();
  AtomicFileWriter(const AtomicFileWriter&) = delete;
  AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

  // Refuses (ResourceExhausted, with both numbers) when the output's file
  // system has less than `expected_bytes` free. 0 means unknown: no check.
  absl::Status CheckFreeSpace(uint64_t expected_bytes) const;

  // When Commit makes the file durable: kSynced syncs it before the rename
  // and the directory after it; kUnsynced leaves both to the caller
  // (SyncFileAndDirectory): the file is whole under its name once Commit
  // returns and survives the process being killed, but not yet a crash of
  // the machine.
  enum class Durability { kSynced, kUnsynced };

  // What Commit may run on the written file (its temporary's path) before
  // renaming it into place: an error keeps the file from its name (the
  // temporary is removed) and is Commit's.
  using WrittenCheck = std::function<absl::Status(const std::string& written)>;

  // Writes `identity` and `builder`, runs `check` (null: none) and renames
  // the file into place.
  absl::Status Commit(const DatabaseIdentity& identity, const DatabaseBuilder& builder,
                      Durability durability = Durability::kSynced,
                      const WrittenCheck& check = nullptr);
  // Writes `bytes` as the whole file (any file retro makes that is no
  // database, e.g. `retro export`'s) and renames it into place.
  absl::Status CommitBytes(std::string_view bytes, Durability durability = Durability::kSynced);
  // The file that will be written: the output path with symbolic links
  // followed.
  const std::string& path() const { return path_; }

 private:
  AtomicFileWriter() = default;
  // After the writing (`status`): syncs, checks the path again and
  // renames the temporary into place.
  absl::Status Finish(absl::Status status, Durability durability);
  std::string path_;
  std::string user_path_;  // as the user wrote it, for messages
  std::string temp_path_;
  int fd_ = -1;
};

// What a file of type `mode` (st_mode) is, for messages: "a directory",
// "a FIFO (named pipe)", ...
std::string FileTypeName(mode_t mode);

// Makes the file `path` and its directory entry durable (fsync of both), as
// AtomicFileWriter::Commit does with Durability::kSynced.
absl::Status SyncFileAndDirectory(const std::string& path);

// What the message of a resource limit that ends the process (SIGXFSZ from
// `ulimit -f`, SIGXCPU from `ulimit -t`) adds after naming the limit, e.g.
// where the finished work is kept; null for nothing. The string must live
// until the process ends. The message is written by the handler that
// removes the temporaries of open writers (installed by
// AtomicFileWriter::Create).
void SetLimitNote(const char* note);

// Holds back the catchable terminating signals on this thread while it
// lives (one that arrives meanwhile is delivered when it ends), so that a
// short step a handler could not undo, such as making a file and
// registering it for removal, is never cut in half by one.
class TerminatingSignalsHeld {
 public:
  TerminatingSignalsHeld();
  ~TerminatingSignalsHeld();
  TerminatingSignalsHeld(const TerminatingSignalsHeld&) = delete;
  TerminatingSignalsHeld& operator=(const TerminatingSignalsHeld&) = delete;

 private:
  sigset_t previous_;
};

}  // namespace retro

#endif  // RETRO_HOST_ATOMIC_FILE_WRITER_H_
