// The framework's database container: every game's database is one file of
// this format (byte layout in docs/file-format.md). A plugin fills a
// DatabaseBuilder with named slices of bytes; the host writes it atomically
// (temporary file, fsync, rename). DatabaseFile maps a file read-only and
// refuses it, naming the failed check, unless every check passes: magic,
// format version, size, header checksum, structure, and every slice checksum.
#ifndef RETRO_DATABASE_H_
#define RETRO_DATABASE_H_

#include <signal.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace retro {

// The container's own version; bumped on any change of its byte layout.
inline constexpr uint32_t kDatabaseFormatVersion = 1;

// Slices start at multiples of this many bytes in the file (and in memory).
inline constexpr uint64_t kSliceAlignment = 64;

// Identification a plugin gives its databases besides the game name: the
// value codec and the plugin's own data layout version.
struct DatabaseIdentity {
  std::string game;
  uint32_t plugin_abi = 0;
  uint32_t data_version = 0;
  std::string codec;
};

// What a plugin produces when it solves: header entries and slices.
class DatabaseBuilder {
 public:
  DatabaseBuilder() = default;
  DatabaseBuilder(const DatabaseBuilder&) = delete;
  DatabaseBuilder& operator=(const DatabaseBuilder&) = delete;

  // Sets the value codec name, e.g. "oware-net-score-changes-v1".
  void SetCodec(std::string codec) { codec_ = std::move(codec); }
  // Records a parameter or rule option in the header (kept in order added;
  // setting a key again replaces its value).
  void SetParameter(std::string key, std::string value);
  // Appends a slice; its bytes are moved in. Names must be unique.
  void AddSlice(std::string name, std::vector<uint8_t> bytes);
  // Appends a slice without copying its bytes, which must stay alive and
  // unchanged until the builder is written (large snapshots), or as long as
  // `owner` does, which the builder keeps (e.g. a mapped scratch file).
  void AddSliceView(std::string name, std::span<const uint8_t> bytes,
                    std::shared_ptr<const void> owner = nullptr);

  const std::string& codec() const { return codec_; }
  const std::vector<std::pair<std::string, std::string>>& parameters() const {
    return parameters_;
  }
  struct Slice {
    std::string name;
    std::vector<uint8_t> owned;            // AddSlice
    std::span<const uint8_t> viewed = {};  // AddSliceView
    std::shared_ptr<const void> owner;     // keeps `viewed` alive, if set
    std::span<const uint8_t> bytes() const {
      return viewed.data() != nullptr ? viewed : std::span<const uint8_t>(owned);
    }
  };
  const std::vector<Slice>& slices() const { return slices_; }
  uint64_t TotalSliceBytes() const;

 private:
  std::string codec_;
  std::vector<std::pair<std::string, std::string>> parameters_;
  std::vector<Slice> slices_;
};

// Serialises `builder` with `identity` into the bytes of a database file
// (header and slices). Used by WriteDatabaseFile and by tests.
std::vector<uint8_t> SerializeDatabase(const DatabaseIdentity& identity,
                                       const DatabaseBuilder& builder);

// Database files of at most this many bytes are read into the process's own
// memory when opened; larger ones are mapped (DatabaseFile).
inline constexpr uint64_t kDefaultDatabaseReadLimit = uint64_t{256} << 20;

// The read limit in force: RETRO_DATABASE_READ_LIMIT_MB (MiB; 0 maps every
// file) when set to a number, else kDefaultDatabaseReadLimit. Read at each
// DatabaseFile::Open.
uint64_t DatabaseReadLimit();

// A read-only, validated view of a database file. A file of at most
// DatabaseReadLimit() bytes is read into private memory when opened, so
// that nothing done to the file afterwards (truncated, overwritten in
// place, replaced) changes what it holds. A larger file is mapped
// read-only; if it is truncated under the mapping, a read past its new end
// gets zeros instead of killing the process (SIGBUS), and Faulted() turns
// true from then on (retro/internal/mapping_fault_guard.h): callers check
// CheckIntact() after reading and refuse what they read when it fails.
// Every const method may be called from any number of threads at once, and
// the spans it returns stay valid while the DatabaseFile lives.
class DatabaseFile {
 public:
  // One entry of the slice table: the slice's name, its byte offset in the
  // file (a multiple of kSliceAlignment), its size and its checksum.
  struct SliceInfo {
    std::string name;
    uint64_t offset = 0;
    uint64_t size = 0;
    uint64_t checksum = 0;
  };

  // How Open holds the file: read into memory up to DatabaseReadLimit()
  // and mapped above it, or mapped whatever its size.
  enum class Holding { kByLimit, kMapped };

  // Reads (or, above DatabaseReadLimit(), maps) a database file and checks
  //   it: magic, format version, size, header checksum, structure, and
  //   every slice checksum.
  //   Parameters: path; verify_slices, false to defer the slice checksums
  //     to VerifySlices().
  //   Returns: the file, owning its memory or mapping (released when
  //     destroyed).
  //   Errors, prefixed with the path: NotFound; InvalidArgument (not a
  //     regular file or not a retro database); FailedPrecondition (another
  //     format version); DataLoss (wrong size, checksum or structure, or
  //     the file shrank while read); Unavailable (open, stat, read or mmap
  //     failed); ResourceExhausted (too many large files mapped at once).
  //   Thread safety: any thread. Cost: root only (reads every byte of a
  //     file read into memory; of a mapped one, only unless verify_slices
  //     is false).
  //   `holding`: kMapped maps the file whatever its size (a solver's
  //     checkpoint, whose slices the solve keeps as views: memory it can
  //     give back).
  static absl::StatusOr<std::unique_ptr<DatabaseFile>> Open(
      const std::string& path, bool verify_slices = true, Holding holding = Holding::kByLimit);
  // Open() of a database held in memory; path() is "<memory>".
  //   Parameters: bytes, which must outlive the result; verify_slices.
  //   Returns: the file, a view of `bytes` (nothing is copied or owned).
  //   Errors: as Open's checks (InvalidArgument, FailedPrecondition,
  //     DataLoss), without the path.
  //   Thread safety: any thread. Cost: root only (as Open, without I/O).
  static absl::StatusOr<std::unique_ptr<DatabaseFile>> FromBytes(
      std::span<const uint8_t> bytes, bool verify_slices = true);
  ~DatabaseFile();
  DatabaseFile(const DatabaseFile&) = delete;
  DatabaseFile& operator=(const DatabaseFile&) = delete;

  // Recomputes every slice checksum (what Open does with verify_slices).
  //   Returns: OK when all match.
  //   Errors: DataLoss naming the first slice whose checksum differs.
  //   Thread safety: any number of threads at once (reads only).
  //   Cost: root only (reads every byte of every slice).
  absl::Status VerifySlices() const;

  // The path opened ("<memory>" for FromBytes), the identity (game, plugin
  // ABI, data version, codec), the container format version, the file's
  // size in bytes, the header parameters in file order, and the slice
  // table in file order.
  //   Returns: values of the header, valid while the file lives; no errors.
  //   Thread safety: any number of threads at once. Cost: fit for every node.
  const std::string& path() const { return path_; }
  const DatabaseIdentity& identity() const { return identity_; }
  uint32_t format_version() const { return format_version_; }
  uint64_t file_size() const { return bytes_.size(); }
  const std::vector<std::pair<std::string, std::string>>& parameters() const {
    return parameters_;
  }
  // The value of header parameter `key`.
  //   Parameters: key, any string.
  //   Returns: a copy of its value (the first, if repeated), or nullopt
  //     when the header has no such key; no errors.
  //   Thread safety: any number of threads at once.
  //   Cost: root only (compares every key and copies the value).
  std::optional<std::string> Parameter(std::string_view key) const;
  const std::vector<SliceInfo>& slices() const { return slices_; }
  // The index of the slice called `name`.
  //   Parameters: name, any string.
  //   Returns: the index of the first slice of that name, or nullopt; no
  //     errors.
  //   Thread safety: any number of threads at once.
  //   Cost: root only (compares every slice's name; keep the index or span).
  std::optional<size_t> FindSlice(std::string_view name) const;
  // The bytes of a slice, in place (64-byte aligned in a mapped file).
  //   Parameters: index, below slices().size() (unchecked).
  //   Returns: a view valid while the file lives; no errors (the bytes are
  //     checked against the checksum only by Open or VerifySlices).
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (a table entry, no copy).
  std::span<const uint8_t> SliceBytes(size_t index) const;

  // Whether a read of the mapped file faulted because the file was
  // truncated under it (some bytes read since were zeros). Always false
  // for a file read into memory.
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every probe (one atomic load; no system call).
  bool Faulted() const {
    return fault_flag_ != nullptr && fault_flag_->load(std::memory_order_acquire);
  }
  // OK unless Faulted(): then DataLoss naming the file and what happened.
  absl::Status CheckIntact() const;
  // Whether the file was read into private memory (else it is mapped).
  bool read_into_memory() const { return mapping_ != nullptr && guard_slot_ < 0; }

 private:
  DatabaseFile() = default;
  // Reads the `size` bytes of `fd` into new private memory.
  absl::Status ReadPrivately(int fd, size_t size);
  // Maps the `size` bytes of `fd` and guards the mapping against SIGBUS.
  absl::Status MapGuarded(int fd, size_t size);
  absl::Status Parse(bool verify_slices);
  // Marks the padding between slices unreadable for AddressSanitizer, or
  // readable again.
  void SetPaddingPoisoned(bool poisoned);

  std::string path_;
  std::span<const uint8_t> bytes_;
  void* mapping_ = nullptr;
  size_t mapping_size_ = 0;
  int guard_slot_ = -1;  // the mapping's slot in the SIGBUS guard, if mapped
  const std::atomic<bool>* fault_flag_ = nullptr;  // that slot's flag
  bool padding_poisoned_ = false;
  uint32_t format_version_ = 0;
  DatabaseIdentity identity_;
  std::vector<std::pair<std::string, std::string>> parameters_;
  std::vector<SliceInfo> slices_;
};

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
  static absl::StatusOr<std::unique_ptr<AtomicFileWriter>> Create(
      const std::string& path);
  // The same, naming the file `shown_path` in messages and checking that
  // name again before the rename (a path through a held directory handle,
  // /proc/self/fd/N/name, means nothing to a user).
  static absl::StatusOr<std::unique_ptr<AtomicFileWriter>> Create(
      const std::string& path, const std::string& shown_path);
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

#endif  // RETRO_DATABASE_H_
