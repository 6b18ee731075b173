// Implementation of the database container (retro/database.h). The byte
// layout is documented in docs/file-format.md; keep the two in step.
#include "retro/database.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "retro/host/atomic_file_writer.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#define RETRO_POISON(address, size) ASAN_POISON_MEMORY_REGION(address, size)
#define RETRO_UNPOISON(address, size) ASAN_UNPOISON_MEMORY_REGION(address, size)
#else
#define RETRO_POISON(address, size) ((void)(address), (void)(size))
#define RETRO_UNPOISON(address, size) ((void)(address), (void)(size))
#endif

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "retro/host/checksum.h"
#include "retro/host/mapping_fault_guard.h"
#include "retro/host/temporary_name.h"
#include "retro/human_numbers.h"
#include "retro/status_macros.h"

namespace retro {
namespace {

static_assert(std::endian::native == std::endian::little,
              "the database format and its checksum assume a little-endian host");

constexpr char kMagic[8] = {'R', 'E', 'T', 'R', 'O', 'D', 'B', '\x1a'};
constexpr uint64_t kFixedHeaderBytes = 40;
constexpr uint64_t kChecksumOffset = 24;
constexpr uint32_t kMaxStringBytes = 1 << 16;
constexpr uint32_t kMaxEntries = 1 << 22;

uint64_t AlignUp(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

// Appends `v` little-endian; Set writes it over the bytes at `at`.
template <typename T>
void Put(std::vector<uint8_t>& out, T v) {
  for (size_t i = 0; i < sizeof(T); ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}
template <typename T>
void Set(std::vector<uint8_t>& out, size_t at, T v) {
  for (size_t i = 0; i < sizeof(T); ++i) out[at + i] = static_cast<uint8_t>(v >> (8 * i));
}
void PutString(std::vector<uint8_t>& out, std::string_view s) {
  Put(out, static_cast<uint32_t>(s.size()));
  out.insert(out.end(), s.begin(), s.end());
}

// Bounds-checked little-endian reader over the header bytes, from `pos` on.
class HeaderReader {
 public:
  HeaderReader(std::span<const uint8_t> bytes, size_t pos) : bytes_(bytes), pos_(pos) {}
  template <typename T>
  bool Read(T& v) {
    if (bytes_.size() - pos_ < sizeof(T)) return false;
    v = 0;
    for (size_t i = 0; i < sizeof(T); ++i) v |= T{bytes_[pos_ + i]} << (8 * i);
    pos_ += sizeof(T);
    return true;
  }
  bool ReadString(std::string& s) {
    uint32_t size;
    if (!Read(size) || size > kMaxStringBytes || bytes_.size() - pos_ < size) {
      return false;
    }
    s.assign(reinterpret_cast<const char*>(bytes_.data() + pos_), size);
    pos_ += size;
    return true;
  }

 private:
  std::span<const uint8_t> bytes_;
  size_t pos_;
};

// Refuses what the reader would refuse: over-long strings, too many entries.
absl::Status CheckWritable(const DatabaseIdentity& identity, const DatabaseBuilder& builder) {
  auto check = [](std::string_view what, std::string_view value) {
    if (value.size() > kMaxStringBytes) {
      return absl::InvalidArgumentError(
          absl::StrFormat("%s is %d bytes long; the format allows at most %d", what, value.size(),
                          kMaxStringBytes));
    }
    return absl::OkStatus();
  };
  RETRO_RETURN_IF_ERROR(check("the game name", identity.game));
  RETRO_RETURN_IF_ERROR(check("the codec name", identity.codec));
  for (const auto& [key, value] : builder.parameters()) {
    RETRO_RETURN_IF_ERROR(check(absl::StrCat("parameter name '", key.substr(0, 40), "'"), key));
    RETRO_RETURN_IF_ERROR(
        check(absl::StrCat("the value of parameter '", key.substr(0, 40), "'"), value));
  }
  for (const auto& slice : builder.slices()) {
    RETRO_RETURN_IF_ERROR(
        check(absl::StrCat("slice name '", slice.name.substr(0, 40), "'"), slice.name));
  }
  if (builder.parameters().size() > kMaxEntries || builder.slices().size() > kMaxEntries) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "a database holds at most %d parameters and %d slices", kMaxEntries, kMaxEntries));
  }
  return absl::OkStatus();
}

// The header bytes for `builder`, with slice offsets laid out after it and
// the file size and header checksum filled in.
std::vector<uint8_t> SerializeHeader(const DatabaseIdentity& identity,
                                     const DatabaseBuilder& builder,
                                     std::vector<uint64_t>& slice_offsets) {
  // The header's size does not depend on the offsets, so lay it out once
  // with zeros to learn its size, then again with the real offsets.
  auto layout = [&](const std::vector<uint64_t>& offsets, uint64_t file_size) {
    std::vector<uint8_t> out(kMagic, kMagic + 8);
    Put(out, kDatabaseFormatVersion);
    Put(out, uint32_t{0});  // header size, patched below
    Put(out, file_size);
    Put(out, uint64_t{0});  // header checksum, patched below
    Put(out, identity.plugin_abi);
    Put(out, identity.data_version);
    PutString(out, identity.game);
    PutString(out, identity.codec);
    Put(out, static_cast<uint32_t>(builder.parameters().size()));
    for (const auto& [key, value] : builder.parameters()) {
      PutString(out, key);
      PutString(out, value);
    }
    Put(out, static_cast<uint32_t>(builder.slices().size()));
    for (size_t i = 0; i < builder.slices().size(); ++i) {
      const auto& slice = builder.slices()[i];
      PutString(out, slice.name);
      Put(out, offsets[i]);
      Put(out, slice.bytes().size());
      Put(out, Checksum64(slice.bytes().data(), slice.bytes().size()));
    }
    out.resize(AlignUp(out.size(), 8), 0);
    Set(out, 12, static_cast<uint32_t>(out.size()));
    return out;
  };
  std::vector<uint64_t> offsets(builder.slices().size(), 0);
  const uint64_t header_size = layout(offsets, 0).size();
  uint64_t at = AlignUp(header_size, kSliceAlignment);
  for (size_t i = 0; i < offsets.size(); ++i) {
    offsets[i] = at;
    at = AlignUp(at + builder.slices()[i].bytes().size(), kSliceAlignment);
  }
  const uint64_t file_size =
      offsets.empty() ? header_size : offsets.back() + builder.slices().back().bytes().size();
  std::vector<uint8_t> header = layout(offsets, file_size);
  Set(header, kChecksumOffset, Checksum64(header.data(), header.size()));
  slice_offsets = std::move(offsets);
  return header;
}

// The temporary files a terminating signal should delete: one slot per open
// writer (a writer without a free slot is simply not cleaned up by signals;
// a later solve of the same output removes it, see RemoveStaleTemporaries).
constexpr int kCleanupSlots = 64;
std::atomic<const char*> g_temps_to_remove[kCleanupSlots];

// What a resource limit's message adds (SetLimitNote).
std::atomic<const char*> g_limit_note{nullptr};

// Writes `text` to stderr from a signal handler.
void WriteToStderr(const char* text) {
  if (write(STDERR_FILENO, text, strlen(text)) < 0) return;
}

// One line naming the limit that ended the process, for the signals that
// resource limits send (the shell would report only an exit status).
void ReportLimitSignal(int signal_number) {
  const char* limit = signal_number == SIGXFSZ   ? "the file size limit (ulimit -f)"
                      : signal_number == SIGXCPU ? "the CPU time limit (ulimit -t)"
                                                 : nullptr;
  if (limit == nullptr) return;
  WriteToStderr("retro: error: stopped by ");
  WriteToStderr(limit);
  if (const char* note = g_limit_note.load(); note != nullptr) {
    WriteToStderr("; ");
    WriteToStderr(note);
  }
  WriteToStderr("\n");
}

extern "C" void RemoveTempAndExit(int signal_number) {
  for (auto& slot : g_temps_to_remove) {
    const char* path = slot.load();
    if (path != nullptr) unlink(path);
  }
  ReportLimitSignal(signal_number);
  _exit(128 + signal_number);
}

// Puts `to` in the first slot holding `from`: registers a temporary
// (from nullptr) or unregisters it (to nullptr).
void SwapTempSlot(const char* from, const char* to) {
  for (auto& slot : g_temps_to_remove) {
    const char* expected = from;
    if (slot.compare_exchange_strong(expected, to)) return;
  }
}

// Every signal whose default action ends the process and that a handler can
// catch. A signal the process inherited as ignored (SIGHUP under nohup, say)
// stays ignored.
constexpr int kTerminatingSignals[] = {SIGINT,  SIGTERM, SIGHUP,  SIGPIPE, SIGQUIT,   SIGUSR1,
                                       SIGUSR2, SIGALRM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF};

// Syncs the directory holding `path`, so that a rename into it is durable
// (best effort: a directory that cannot be opened is left as it is).
void SyncDirectoryOf(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  const std::string dir = parent.empty() ? std::string(".") : parent.string();
  const int dir_fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    fsync(dir_fd);
    close(dir_fd);
  }
}

// A CPU time limit whose soft and hard values are one (as `ulimit -t` sets
// them) ends the process with SIGKILL at the same tick as SIGXCPU, before
// the handler can remove a temporary or say why: the soft limit is lowered
// by a second, so that SIGXCPU comes first.
void LeaveRoomForTheCpuLimitSignal() {
  struct rlimit limit {};
  if (getrlimit(RLIMIT_CPU, &limit) != 0 || limit.rlim_max == RLIM_INFINITY ||
      limit.rlim_cur != limit.rlim_max || limit.rlim_max < 2) {
    return;
  }
  limit.rlim_cur = limit.rlim_max - 1;
  setrlimit(RLIMIT_CPU, &limit);
}

void InstallCleanupHandlers() {
  static std::atomic<bool> installed{false};
  if (installed.exchange(true)) return;
  LeaveRoomForTheCpuLimitSignal();
  for (const int signal_number : kTerminatingSignals) {
    struct sigaction current {};
    if (sigaction(signal_number, nullptr, &current) != 0) continue;
    if (current.sa_handler == SIG_IGN) continue;
    struct sigaction action {};
    action.sa_handler = RemoveTempAndExit;
    sigemptyset(&action.sa_mask);
    for (const int other : kTerminatingSignals) sigaddset(&action.sa_mask, other);
    sigaction(signal_number, &action, nullptr);
  }
}

absl::Status ErrnoError(std::string_view what, const std::string& path) {
  return absl::UnavailableError(
      absl::StrCat(std::string(what), " ", path, ": ", std::strerror(errno)));
}

absl::Status NotARegularDatabase(const std::string& path, mode_t mode) {
  return absl::InvalidArgumentError(absl::StrCat("not a regular file: ", path, " is ",
                                                 FileTypeName(mode),
                                                 "; a database is a file written by retro solve"));
}

// Why `path` cannot be opened for reading (errno is open's): a path that
// names nothing, or a socket (which open refuses with ENXIO), is the user's
// input (NotFound, InvalidArgument); any other failure is the system's.
absl::Status OpenDatabaseError(const std::string& path) {
  const int error = errno;
  if (error == ENOENT || error == ENOTDIR) {
    return absl::NotFoundError(
        absl::StrCat("cannot open database ", path, ": ", std::strerror(error)));
  }
  if (error == ELOOP) {
    return absl::InvalidArgumentError(absl::StrCat(
        "cannot open database ", path, ": ", std::strerror(error), " (a loop of symbolic links)"));
  }
  struct stat st {};
  if (stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    return NotARegularDatabase(path, st.st_mode);
  }
  errno = error;
  return ErrnoError("cannot open database", path);
}

absl::Status WriteAll(int fd, const uint8_t* data, uint64_t size, uint64_t offset,
                      const std::string& path) {
  while (size > 0) {
    const ssize_t n = pwrite(fd, data, std::min<uint64_t>(size, 1 << 30), offset);
    if (n < 0) {
      if (errno == EINTR) continue;
      return ErrnoError("cannot write", path);
    }
    data += n;
    size -= n;
    offset += n;
  }
  return absl::OkStatus();
}

// The file an output path names: a symbolic link is followed (the file it
// points to is replaced and the link kept, as a shell redirection would),
// through at most 40 links. Refuses a path that is, or leads to, anything
// but a regular file or nothing, and an existing file without write
// permission.
absl::StatusOr<std::string> ResolveOutputPath(const std::string& path) {
  namespace fs = std::filesystem;
  fs::path target = path;
  for (int hops = 0;; ++hops) {
    struct stat st {};
    if (lstat(target.c_str(), &st) != 0) {
      if (errno == ENOENT) return target.string();  // a new file
      return ErrnoError("cannot create output file", path);
    }
    if (S_ISLNK(st.st_mode)) {
      if (hops >= 40) {
        return absl::InvalidArgumentError(
            absl::StrCat("output path ", path, " is a loop of symbolic links"));
      }
      std::error_code error;
      const fs::path link = fs::read_symlink(target, error);
      if (error) return ErrnoError("cannot read symbolic link", target.string());
      target = link.is_absolute() ? link : target.parent_path() / link;
      continue;
    }
    const std::string shown =
        target.string() == path ? path : absl::StrCat(path, " (-> ", target.string(), ")");
    if (S_ISDIR(st.st_mode)) {
      return absl::InvalidArgumentError(absl::StrCat("output path is a directory: ", shown));
    }
    if (!S_ISREG(st.st_mode)) {
      return absl::InvalidArgumentError(
          absl::StrCat("output path ", shown, " exists and is ", FileTypeName(st.st_mode),
                       "; retro writes databases only to regular files (choose another --out)"));
    }
    if ((st.st_mode & 0222) == 0) {
      return absl::InvalidArgumentError(absl::StrCat("output file ", shown,
                                                     " exists and is read-only; make it writable "
                                                     "(chmod u+w) or remove it to replace it"));
    }
    return target.string();
  }
}

// Takes the lock that marks a temporary as owned by a live process, and
// checks that `path` still names the file `fd` is open on.
bool LockedAndStillNamed(int fd, const std::string& path) {
  if (flock(fd, LOCK_EX | LOCK_NB) != 0) return false;
  struct stat by_fd {
  }, by_name{};
  return fstat(fd, &by_fd) == 0 && stat(path.c_str(), &by_name) == 0 &&
         by_fd.st_dev == by_name.st_dev && by_fd.st_ino == by_name.st_ino;
}

// Removes the temporaries of `target` that no live process holds locked:
// those of a solve that was killed with SIGKILL or lost its machine. Only
// regular files whose names prove them retro's (retro/host/temporary_name.h) are
// touched.
void RemoveStaleTemporaries(const std::string& target) {
  namespace fs = std::filesystem;
  const fs::path target_path(target);
  const fs::path dir =
      target_path.parent_path().empty() ? fs::path(".") : target_path.parent_path();
  const std::string target_name = target_path.filename().string();
  std::error_code error;
  fs::directory_iterator it(dir, error);
  if (error) return;
  for (const fs::directory_entry& entry : it) {
    if (!IsTemporaryNameOf(target_name, entry.path().filename().string())) continue;
    const int fd = open(entry.path().c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) continue;
    struct stat st {};
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && LockedAndStillNamed(fd, entry.path())) {
      unlink(entry.path().c_str());
    }
    close(fd);
  }
}

}  // namespace

std::string FileTypeName(mode_t mode) {
  if (S_ISREG(mode)) return "a regular file";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symbolic link";
  return "not a regular file";
}

void DatabaseBuilder::SetParameter(std::string key, std::string value) {
  const auto it = std::ranges::find(parameters_, key, &std::pair<std::string, std::string>::first);
  if (it != parameters_.end()) {
    it->second = std::move(value);
  } else {
    parameters_.emplace_back(std::move(key), std::move(value));
  }
}

void DatabaseBuilder::AddSlice(std::string name, std::vector<uint8_t> bytes) {
  slices_.push_back(
      Slice{.name = std::move(name), .owned = std::move(bytes), .viewed = {}, .owner = nullptr});
}

void DatabaseBuilder::AddSliceView(std::string name, std::span<const uint8_t> bytes,
                                   std::shared_ptr<const void> owner) {
  slices_.push_back(
      Slice{.name = std::move(name), .owned = {}, .viewed = bytes, .owner = std::move(owner)});
}

uint64_t DatabaseBuilder::TotalSliceBytes() const {
  uint64_t total = 0;
  for (const Slice& slice : slices_) total += slice.bytes().size();
  return total;
}

std::vector<uint8_t> SerializeDatabase(const DatabaseIdentity& identity,
                                       const DatabaseBuilder& builder) {
  std::vector<uint64_t> offsets;
  std::vector<uint8_t> out = SerializeHeader(identity, builder, offsets);
  for (size_t i = 0; i < offsets.size(); ++i) {
    const std::span<const uint8_t> bytes = builder.slices()[i].bytes();
    out.resize(offsets[i], 0);
    out.insert(out.end(), bytes.begin(), bytes.end());
  }
  return out;
}

// ---------------------------------------------------------------------------
// DatabaseFile

absl::StatusOr<std::unique_ptr<DatabaseFile>> DatabaseFile::Open(const std::string& path,
                                                                 bool verify_slices,
                                                                 Holding holding) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused
  // below like every file that is not a regular one.
  const int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return OpenDatabaseError(path);
  std::unique_ptr<DatabaseFile> file(new DatabaseFile());
  file->path_ = path;
  // 1. Read or map the file (closed after, whatever the outcome).
  const absl::Status loaded = [&]() -> absl::Status {
    struct stat st {};
    if (fstat(fd, &st) != 0) return ErrnoError("cannot stat database", path);
    if (!S_ISREG(st.st_mode)) return NotARegularDatabase(path, st.st_mode);
    const size_t size = static_cast<size_t>(st.st_size);
    if (size == 0) return absl::OkStatus();
    const bool read = holding == Holding::kByLimit && size <= DatabaseReadLimit();
    return read ? file->ReadPrivately(fd, size) : file->MapGuarded(fd, size);
  }();
  close(fd);
  // 2. Parse it; errors name the file.
  RETRO_RETURN_IF_ERROR(loaded);
  absl::Status status = file->Parse(verify_slices);
  if (!status.ok()) return absl::Status(status.code(), absl::StrCat(path, ": ", status.message()));
  file->SetPaddingPoisoned(true);
  return file;
}

absl::StatusOr<std::unique_ptr<DatabaseFile>> DatabaseFile::FromBytes(
    std::span<const uint8_t> bytes, bool verify_slices) {
  std::unique_ptr<DatabaseFile> file(new DatabaseFile());
  file->path_ = "<memory>";
  file->bytes_ = bytes;
  RETRO_RETURN_IF_ERROR(file->Parse(verify_slices));
  return file;
}

absl::Status DatabaseFile::ReadPrivately(int fd, size_t size) {
  // Anonymous memory, page-aligned like a mapping (slices stay 64-byte
  // aligned) and released by the same munmap.
  void* memory = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) return MapGuarded(fd, size);  // too big for memory: map it
  mapping_ = memory;
  mapping_size_ = size;
  // Huge pages where the system gives them on request: fewer faults while
  // reading and fewer TLB misses while probing.
  madvise(memory, size, MADV_HUGEPAGE);
  auto* bytes = static_cast<uint8_t*>(memory);
  size_t done = 0;
  while (done < size) {
    const ssize_t got = pread(fd, bytes + done, size - done, static_cast<off_t>(done));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return ErrnoError("cannot read database", path_);
    if (got == 0) {
      return absl::DataLossError(absl::StrCat(
          path_, ": the file shrank while it was read (", done, " of ", size,
          " bytes); it is being written or truncated: open it again once it is whole"));
    }
    done += static_cast<size_t>(got);
  }
  mprotect(memory, size, PROT_READ);
  bytes_ = std::span<const uint8_t>(bytes, size);
  return absl::OkStatus();
}

absl::Status DatabaseFile::MapGuarded(int fd, size_t size) {
  void* map = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (map == MAP_FAILED) return ErrnoError("cannot map database", path_);
  mapping_ = map;
  mapping_size_ = size;
  bytes_ = std::span<const uint8_t>(static_cast<const uint8_t*>(map), size);
  RETRO_ASSIGN_OR_RETURN(guard_slot_, internal::GuardMapping(map, size));
  fault_flag_ = internal::MappingFaultFlag(guard_slot_);
  return absl::OkStatus();
}

absl::Status DatabaseFile::CheckIntact() const {
  if (!Faulted()) return absl::OkStatus();
  return absl::DataLossError(
      absl::StrCat(path_,
                   " was truncated on disk while open: its answers can no longer be read; "
                   "open it again once it is whole"));
}

uint64_t DatabaseReadLimit() {
  const char* text = std::getenv("RETRO_DATABASE_READ_LIMIT_MB");
  uint64_t megabytes = 0;
  if (text != nullptr && absl::SimpleAtoi(text, &megabytes) && megabytes <= (uint64_t{1} << 40)) {
    return megabytes << 20;
  }
  return kDefaultDatabaseReadLimit;
}

DatabaseFile::~DatabaseFile() {
  if (mapping_ != nullptr) {
    // Only the padding: unpoisoning the whole mapping would write its whole
    // shadow, seconds for a sparse file claiming tens of GiB.
    if (padding_poisoned_) SetPaddingPoisoned(false);
    if (guard_slot_ >= 0) internal::UnguardMapping(guard_slot_);
    munmap(mapping_, mapping_size_);
  }
}

void DatabaseFile::SetPaddingPoisoned(bool poisoned) {
  // Under AddressSanitizer, the bytes no reader may touch (the gap after the
  // header, the padding between slices) are marked, so that a plugin reading
  // past a slice into padding is reported, not silently given zeros.
  if (mapping_ == nullptr) return;
  padding_poisoned_ = poisoned;
  const auto* base = static_cast<const uint8_t*>(mapping_);
  auto mark = [poisoned](const uint8_t* address, uint64_t size) {
    if (poisoned) {
      RETRO_POISON(address, size);
    } else {
      RETRO_UNPOISON(address, size);
    }
  };
  uint64_t at = slices_.empty() ? bytes_.size() : 0;
  for (const SliceInfo& slice : slices_) {
    if (at == 0) {
      at = slice.offset;  // the header, up to the first slice, stays readable
    } else if (slice.offset > at) {
      mark(base + at, slice.offset - at);
    }
    at = slice.offset + slice.size;
  }
  // The rest of the last page of the mapping reads as zeros but is no file.
  const uint64_t page = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  const uint64_t mapped = (mapping_size_ + page - 1) / page * page;
  if (mapped > mapping_size_) mark(base + mapping_size_, mapped - mapping_size_);
}

absl::Status DatabaseFile::Parse(bool verify_slices) {
  // 1. Magic and format version: is this a retro database of our format?
  if (bytes_.size() < 8 || std::memcmp(bytes_.data(), kMagic, 8) != 0) {
    return absl::InvalidArgumentError("not a retro database (bad magic number)");
  }
  if (bytes_.size() < kFixedHeaderBytes) {
    return absl::DataLossError(
        absl::StrFormat("file is truncated: %d bytes, shorter than the %d-byte fixed header",
                        bytes_.size(), kFixedHeaderBytes));
  }
  HeaderReader reader(bytes_, 8);
  uint32_t header_size = 0;
  uint64_t file_size = 0, header_checksum = 0;
  reader.Read(format_version_);
  reader.Read(header_size);
  reader.Read(file_size);
  reader.Read(header_checksum);
  if (format_version_ != kDatabaseFormatVersion) {
    return absl::FailedPreconditionError(
        absl::StrFormat("unsupported database format version %d (this retro reads version %d)",
                        format_version_, kDatabaseFormatVersion));
  }
  // 2. Size: the file is exactly as long as the header says.
  if (file_size != bytes_.size()) {
    return absl::DataLossError(
        absl::StrFormat("file is %s: the header says %d bytes, the file has %d",
                        bytes_.size() < file_size ? "truncated" : "longer than recorded", file_size,
                        bytes_.size()));
  }
  if (header_size < kFixedHeaderBytes || header_size > bytes_.size()) {
    return absl::DataLossError(absl::StrFormat("header size %d is impossible for a %d-byte file",
                                               header_size, bytes_.size()));
  }
  // 3. Header checksum, computed with its own field zeroed.
  std::vector<uint8_t> header(bytes_.begin(), bytes_.begin() + header_size);
  std::memset(header.data() + kChecksumOffset, 0, 8);
  if (Checksum64(header.data(), header.size()) != header_checksum) {
    return absl::DataLossError("header checksum mismatch (the header is corrupted)");
  }
  // 4. Structure: strings, parameters, slice table, all within bounds.
  HeaderReader fields(header, 32);
  uint32_t count = 0;
  const absl::Status malformed =
      absl::DataLossError("malformed header (fields overrun the header)");
  if (!fields.Read(identity_.plugin_abi) || !fields.Read(identity_.data_version) ||
      !fields.ReadString(identity_.game) || !fields.ReadString(identity_.codec) ||
      !fields.Read(count) || count > kMaxEntries) {
    return malformed;
  }
  for (uint32_t i = 0; i < count; ++i) {
    std::string key, value;
    if (!fields.ReadString(key) || !fields.ReadString(value)) return malformed;
    parameters_.emplace_back(std::move(key), std::move(value));
  }
  if (!fields.Read(count) || count > kMaxEntries) return malformed;
  uint64_t previous_end = header_size;
  for (uint32_t i = 0; i < count; ++i) {
    SliceInfo slice;
    if (!fields.ReadString(slice.name) || !fields.Read(slice.offset) || !fields.Read(slice.size) ||
        !fields.Read(slice.checksum)) {
      return malformed;
    }
    if (slice.offset % kSliceAlignment != 0 || slice.offset < previous_end ||
        slice.offset > bytes_.size() || slice.size > bytes_.size() - slice.offset) {
      return absl::DataLossError(
          absl::StrFormat("slice '%s' lies outside the file or overlaps another", slice.name));
    }
    previous_end = slice.offset + slice.size;
    slices_.push_back(std::move(slice));
  }
  // 5. Slice checksums.
  if (verify_slices) return VerifySlices();
  return absl::OkStatus();
}

absl::Status DatabaseFile::VerifySlices() const {
  for (size_t i = 0; i < slices_.size(); ++i) {
    const std::span<const uint8_t> data = SliceBytes(i);
    if (Checksum64(data.data(), data.size()) != slices_[i].checksum) {
      return absl::DataLossError(absl::StrFormat(
          "checksum mismatch in slice '%s' (the data is corrupted)", slices_[i].name));
    }
  }
  return absl::OkStatus();
}

std::optional<std::string> DatabaseFile::Parameter(std::string_view key) const {
  const auto it = std::ranges::find(parameters_, key, &std::pair<std::string, std::string>::first);
  return it == parameters_.end() ? std::nullopt : std::optional<std::string>(it->second);
}

std::optional<size_t> DatabaseFile::FindSlice(std::string_view name) const {
  const auto it = std::ranges::find(slices_, name, &SliceInfo::name);
  return it == slices_.end() ? std::nullopt : std::optional<size_t>(it - slices_.begin());
}

std::span<const uint8_t> DatabaseFile::SliceBytes(size_t index) const {
  const SliceInfo& slice = slices_[index];
  return bytes_.subspan(slice.offset, slice.size);
}

// ---------------------------------------------------------------------------
// AtomicFileWriter

absl::StatusOr<std::unique_ptr<AtomicFileWriter>> AtomicFileWriter::Create(const std::string& path,
                                                                           std::string shown_path) {
  if (path.empty()) return absl::InvalidArgumentError("empty output file name");
  if (shown_path.empty()) shown_path = path;
  RETRO_ASSIGN_OR_RETURN(const std::string target, ResolveOutputPath(path));
  RemoveStaleTemporaries(target);
  std::unique_ptr<AtomicFileWriter> writer(new AtomicFileWriter());
  writer->path_ = target;
  writer->user_path_ = shown_path;
  // A unique temporary beside the destination (same file system, so the
  // final rename is atomic), locked for as long as this process lives so
  // that another solve can tell it from one a killed process left behind.
  // The terminating signals wait while it is created and registered, so
  // that none can end the process between the two and leave it behind.
  InstallCleanupHandlers();
  const TerminatingSignalsHeld held;
  const std::filesystem::path target_path(target);
  const std::string target_name = target_path.filename().string();
  for (int attempt = 0; attempt < 16 && writer->fd_ < 0; ++attempt) {
    const std::string temp =
        (target_path.parent_path() / TemporaryNameFor(target_name, RandomTemporarySuffix()))
            .string();
    const int fd = open(temp.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) {
      if (errno == EEXIST) continue;
      // Name the file the user asked for; the temporary's name means
      // nothing to them.
      return ErrnoError("cannot create output file", shown_path);
    }
    if (!LockedAndStillNamed(fd, temp)) {
      // Another solve's stale-temporary sweep took this name in the instant
      // before the lock; it removes the file. Try another name.
      close(fd);
      continue;
    }
    writer->fd_ = fd;
    writer->temp_path_ = temp;
  }
  if (writer->fd_ < 0) {
    return absl::UnavailableError(
        absl::StrCat("cannot create a temporary file beside ", shown_path));
  }
  const mode_t mask = umask(0);
  umask(mask);
  fchmod(writer->fd_, 0666 & ~mask);
  SwapTempSlot(nullptr, writer->temp_path_.c_str());
  return writer;
}

absl::Status AtomicFileWriter::CheckFreeSpace(uint64_t expected_bytes) const {
  if (fd_ < 0 || expected_bytes == 0) return absl::OkStatus();
  struct statvfs fs {};
  if (fstatvfs(fd_, &fs) != 0) return absl::OkStatus();  // unknown: let the write tell
  const uint64_t available = uint64_t{fs.f_bavail} * fs.f_frsize;
  if (expected_bytes <= available) return absl::OkStatus();
  return absl::ResourceExhaustedError(
      absl::StrFormat("not enough free space for %s: the database needs about %s, its file system "
                      "has %s free; free some space or choose another --out",
                      user_path_, HumanBytes(expected_bytes), HumanBytes(available)));
}

AtomicFileWriter::~AtomicFileWriter() {
  if (fd_ >= 0) {
    close(fd_);
    unlink(temp_path_.c_str());
    SwapTempSlot(temp_path_.c_str(), nullptr);
  }
}

absl::Status AtomicFileWriter::Commit(const DatabaseIdentity& identity,
                                      const DatabaseBuilder& builder, Durability durability,
                                      const WrittenCheck& check) {
  if (fd_ < 0) return absl::FailedPreconditionError("file already committed");
  RETRO_RETURN_IF_ERROR(CheckWritable(identity, builder));
  std::vector<uint64_t> offsets;
  const std::vector<uint8_t> header = SerializeHeader(identity, builder, offsets);
  uint64_t file_size = header.size();
  absl::Status status = WriteAll(fd_, header.data(), header.size(), 0, user_path_);
  for (size_t i = 0; status.ok() && i < offsets.size(); ++i) {
    const std::span<const uint8_t> bytes = builder.slices()[i].bytes();
    status = WriteAll(fd_, bytes.data(), bytes.size(), offsets[i], user_path_);
    file_size = offsets[i] + bytes.size();
  }
  // Slices are aligned, so the last one may end before padding that was
  // never written; the size in the header is authoritative.
  if (status.ok() && ftruncate(fd_, static_cast<off_t>(file_size)) != 0) {
    status = ErrnoError("cannot size", user_path_);
  }
  if (status.ok() && check != nullptr) status = check(temp_path_);
  return Finish(status, durability);
}

absl::Status AtomicFileWriter::CommitBytes(std::string_view bytes, Durability durability) {
  if (fd_ < 0) return absl::FailedPreconditionError("file already committed");
  absl::Status status =
      WriteAll(fd_, reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), 0, user_path_);
  if (status.ok() && ftruncate(fd_, static_cast<off_t>(bytes.size())) != 0) {
    status = ErrnoError("cannot size", user_path_);
  }
  return Finish(status, durability);
}

absl::Status AtomicFileWriter::Finish(absl::Status status, Durability durability) {
  if (status.ok() && durability == Durability::kSynced && fsync(fd_) != 0) {
    status = ErrnoError("cannot sync", user_path_);
  }
  if (!status.ok()) return status;  // the destructor removes the temp file
  // The output path may have changed during a long solve: check it again.
  if (auto target = ResolveOutputPath(user_path_); !target.ok()) return target.status();
  // Renamed while still open and locked, so that no stale-temporary sweep
  // of another solve can take it in between.
  if (rename(temp_path_.c_str(), path_.c_str()) != 0) {
    return ErrnoError("cannot rename into place", user_path_);  // the destructor removes it
  }
  close(fd_);
  fd_ = -1;
  SwapTempSlot(temp_path_.c_str(), nullptr);
  // Make the rename itself durable.
  if (durability == Durability::kSynced) SyncDirectoryOf(path_);
  return absl::OkStatus();
}

void SetLimitNote(const char* note) { g_limit_note.store(note); }

TerminatingSignalsHeld::TerminatingSignalsHeld() {
  sigset_t set;
  sigemptyset(&set);
  for (const int signal_number : kTerminatingSignals) sigaddset(&set, signal_number);
  pthread_sigmask(SIG_BLOCK, &set, &previous_);
}

TerminatingSignalsHeld::~TerminatingSignalsHeld() {
  pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
}

absl::Status SyncFileAndDirectory(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return ErrnoError("cannot open", path);
  const bool synced = fsync(fd) == 0;
  const absl::Status status = synced ? absl::OkStatus() : ErrnoError("cannot sync", path);
  close(fd);
  SyncDirectoryOf(path);
  return status;
}

}  // namespace retro
