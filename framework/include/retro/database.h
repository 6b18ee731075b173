// The framework's database container: every game's database is one file of
// this format (byte layout in docs/file-format.md). A plugin fills a
// DatabaseBuilder with named slices of bytes; the host writes it atomically
// (temporary file, fsync, rename: retro/host/atomic_file_writer.h). DatabaseFile maps a file read-only and
// refuses it, naming the failed check, unless every check passes: magic,
// format version, size, header checksum, structure, and every slice checksum.
#ifndef RETRO_DATABASE_H_
#define RETRO_DATABASE_H_

#include <atomic>
#include <cstdint>
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
// true from then on (retro/host/mapping_fault_guard.h): callers check
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

}  // namespace retro

#endif  // RETRO_DATABASE_H_
