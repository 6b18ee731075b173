// Implementation of the database container (retro/database.h). The byte
// layout is documented in docs/file-format.md; keep the two in step.
#include "retro/database.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <bit>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "retro/checksum.h"
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

void Put32(std::vector<uint8_t>& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}
void Put64(std::vector<uint8_t>& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}
void PutString(std::vector<uint8_t>& out, std::string_view s) {
  Put32(out, static_cast<uint32_t>(s.size()));
  out.insert(out.end(), s.begin(), s.end());
}
void Set64(std::vector<uint8_t>& out, size_t at, uint64_t v) {
  for (int i = 0; i < 8; ++i) out[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

// Bounds-checked little-endian reader over the header bytes.
class HeaderReader {
 public:
  explicit HeaderReader(std::span<const uint8_t> bytes) : bytes_(bytes) {}
  bool Read32(uint32_t& v) {
    if (bytes_.size() - pos_ < 4) return false;
    v = 0;
    for (int i = 0; i < 4; ++i) v |= uint32_t{bytes_[pos_ + i]} << (8 * i);
    pos_ += 4;
    return true;
  }
  bool Read64(uint64_t& v) {
    if (bytes_.size() - pos_ < 8) return false;
    v = 0;
    for (int i = 0; i < 8; ++i) v |= uint64_t{bytes_[pos_ + i]} << (8 * i);
    pos_ += 8;
    return true;
  }
  bool ReadString(std::string& s) {
    uint32_t size;
    if (!Read32(size) || size > kMaxStringBytes || bytes_.size() - pos_ < size) {
      return false;
    }
    s.assign(reinterpret_cast<const char*>(bytes_.data() + pos_), size);
    pos_ += size;
    return true;
  }
  void Seek(size_t pos) { pos_ = pos; }

 private:
  std::span<const uint8_t> bytes_;
  size_t pos_ = 0;
};

// Refuses what the reader would refuse: over-long strings, too many entries.
absl::Status CheckWritable(const DatabaseIdentity& identity, const DatabaseBuilder& builder) {
  auto check = [](std::string_view what, std::string_view value) {
    if (value.size() > kMaxStringBytes) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s is %d bytes long; the format allows at most %d", what, value.size(),
          kMaxStringBytes));
    }
    return absl::OkStatus();
  };
  RETRO_RETURN_IF_ERROR(check("the game name", identity.game));
  RETRO_RETURN_IF_ERROR(check("the codec name", identity.codec));
  for (const auto& [key, value] : builder.parameters()) {
    RETRO_RETURN_IF_ERROR(check(absl::StrCat("parameter name '", key.substr(0, 40), "'"), key));
    RETRO_RETURN_IF_ERROR(check(absl::StrCat("the value of parameter '", key.substr(0, 40), "'"), value));
  }
  for (const auto& slice : builder.slices()) {
    RETRO_RETURN_IF_ERROR(check(absl::StrCat("slice name '", slice.name.substr(0, 40), "'"), slice.name));
  }
  if (builder.parameters().size() > kMaxEntries || builder.slices().size() > kMaxEntries) {
    return absl::InvalidArgumentError(
        absl::StrFormat("a database holds at most %d parameters and %d slices", kMaxEntries,
                        kMaxEntries));
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
    Put32(out, kDatabaseFormatVersion);
    Put32(out, 0);  // header size, patched below
    Put64(out, file_size);
    Put64(out, 0);  // header checksum, patched below
    Put32(out, identity.plugin_abi);
    Put32(out, identity.data_version);
    PutString(out, identity.game);
    PutString(out, identity.codec);
    Put32(out, static_cast<uint32_t>(builder.parameters().size()));
    for (const auto& [key, value] : builder.parameters()) {
      PutString(out, key);
      PutString(out, value);
    }
    Put32(out, static_cast<uint32_t>(builder.slices().size()));
    for (size_t i = 0; i < builder.slices().size(); ++i) {
      const auto& slice = builder.slices()[i];
      PutString(out, slice.name);
      Put64(out, offsets[i]);
      Put64(out, slice.bytes.size());
      Put64(out, Checksum64(slice.bytes.data(), slice.bytes.size()));
    }
    out.resize(AlignUp(out.size(), 8), 0);
    const uint32_t header_size = static_cast<uint32_t>(out.size());
    for (int i = 0; i < 4; ++i) out[12 + i] = static_cast<uint8_t>(header_size >> (8 * i));
    return out;
  };
  std::vector<uint64_t> offsets(builder.slices().size(), 0);
  const uint64_t header_size = layout(offsets, 0).size();
  uint64_t at = AlignUp(header_size, kSliceAlignment);
  for (size_t i = 0; i < offsets.size(); ++i) {
    offsets[i] = at;
    at = AlignUp(at + builder.slices()[i].bytes.size(), kSliceAlignment);
  }
  const uint64_t file_size =
      offsets.empty() ? header_size
                      : offsets.back() + builder.slices().back().bytes.size();
  std::vector<uint8_t> header = layout(offsets, file_size);
  Set64(header, kChecksumOffset, Checksum64(header.data(), header.size()));
  slice_offsets = std::move(offsets);
  return header;
}

// The temporary files SIGINT/SIGTERM should delete: one slot per open
// writer (a writer without a free slot is simply not cleaned up by signals).
constexpr int kCleanupSlots = 64;
std::atomic<const char*> g_temps_to_remove[kCleanupSlots];

extern "C" void RemoveTempAndExit(int signal_number) {
  for (auto& slot : g_temps_to_remove) {
    const char* path = slot.load();
    if (path != nullptr) unlink(path);
  }
  _exit(128 + signal_number);
}

void RegisterTemp(const char* path) {
  for (auto& slot : g_temps_to_remove) {
    const char* expected = nullptr;
    if (slot.compare_exchange_strong(expected, path)) return;
  }
}

void UnregisterTemp(const char* path) {
  for (auto& slot : g_temps_to_remove) {
    const char* expected = path;
    if (slot.compare_exchange_strong(expected, nullptr)) return;
  }
}

void InstallCleanupHandlers() {
  static bool installed = false;
  if (installed) return;
  installed = true;
  struct sigaction action {};
  action.sa_handler = RemoveTempAndExit;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

absl::Status ErrnoError(std::string_view what, const std::string& path) {
  return absl::UnavailableError(
      absl::StrCat(std::string(what), " ", path, ": ", std::strerror(errno)));
}

absl::Status WriteAll(int fd, const uint8_t* data, uint64_t size,
                      uint64_t offset, const std::string& path) {
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

}  // namespace

void DatabaseBuilder::SetParameter(std::string key, std::string value) {
  for (auto& [k, v] : parameters_) {
    if (k == key) {
      v = std::move(value);
      return;
    }
  }
  parameters_.emplace_back(std::move(key), std::move(value));
}

void DatabaseBuilder::AddSlice(std::string name, std::vector<uint8_t> bytes) {
  slices_.push_back(Slice{std::move(name), std::move(bytes)});
}

uint64_t DatabaseBuilder::TotalSliceBytes() const {
  uint64_t total = 0;
  for (const Slice& slice : slices_) total += slice.bytes.size();
  return total;
}

std::vector<uint8_t> SerializeDatabase(const DatabaseIdentity& identity,
                                       const DatabaseBuilder& builder) {
  std::vector<uint64_t> offsets;
  std::vector<uint8_t> out = SerializeHeader(identity, builder, offsets);
  for (size_t i = 0; i < offsets.size(); ++i) {
    const auto& bytes = builder.slices()[i].bytes;
    out.resize(offsets[i], 0);
    out.insert(out.end(), bytes.begin(), bytes.end());
  }
  return out;
}

// ---------------------------------------------------------------------------
// DatabaseFile

absl::StatusOr<std::unique_ptr<DatabaseFile>> DatabaseFile::Open(
    const std::string& path, bool verify_slices) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return ErrnoError("cannot open database", path);
  struct stat st {};
  if (fstat(fd, &st) != 0) {
    const absl::Status error = ErrnoError("cannot stat database", path);
    close(fd);
    return error;
  }
  if (!S_ISREG(st.st_mode)) {
    close(fd);
    return absl::InvalidArgumentError(
        absl::StrCat("not a regular file: ", path));
  }
  std::unique_ptr<DatabaseFile> file(new DatabaseFile());
  file->path_ = path;
  const size_t size = static_cast<size_t>(st.st_size);
  if (size > 0) {
    void* map = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (map == MAP_FAILED) {
      const absl::Status error = ErrnoError("cannot map database", path);
      close(fd);
      return error;
    }
    file->mapping_ = map;
    file->mapping_size_ = size;
    file->bytes_ = std::span<const uint8_t>(static_cast<const uint8_t*>(map), size);
  }
  close(fd);
  absl::Status status = file->Parse(verify_slices);
  if (!status.ok()) {
    return absl::Status(status.code(),
                        absl::StrCat(path, ": ", status.message()));
  }
  return file;
}

absl::StatusOr<std::unique_ptr<DatabaseFile>> DatabaseFile::FromBytes(
    std::span<const uint8_t> bytes, bool verify_slices) {
  std::unique_ptr<DatabaseFile> file(new DatabaseFile());
  file->path_ = "<memory>";
  file->bytes_ = bytes;
  absl::Status status = file->Parse(verify_slices);
  if (!status.ok()) return status;
  return file;
}

DatabaseFile::~DatabaseFile() {
  if (mapping_ != nullptr) munmap(mapping_, mapping_size_);
}

absl::Status DatabaseFile::Parse(bool verify_slices) {
  // 1. Magic and format version: is this a retro database of our format?
  if (bytes_.size() < 8 || std::memcmp(bytes_.data(), kMagic, 8) != 0) {
    return absl::InvalidArgumentError(
        "not a retro database (bad magic number)");
  }
  if (bytes_.size() < kFixedHeaderBytes) {
    return absl::DataLossError(absl::StrFormat(
        "file is truncated: %d bytes, shorter than the %d-byte fixed header",
        bytes_.size(), kFixedHeaderBytes));
  }
  HeaderReader reader(bytes_);
  reader.Seek(8);
  uint32_t header_size = 0;
  uint64_t file_size = 0, header_checksum = 0;
  reader.Read32(format_version_);
  reader.Read32(header_size);
  reader.Read64(file_size);
  reader.Read64(header_checksum);
  if (format_version_ != kDatabaseFormatVersion) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "unsupported database format version %d (this retro reads version %d)",
        format_version_, kDatabaseFormatVersion));
  }
  // 2. Size: the file is exactly as long as the header says.
  if (file_size != bytes_.size()) {
    return absl::DataLossError(absl::StrFormat(
        "file is %s: the header says %d bytes, the file has %d",
        bytes_.size() < file_size ? "truncated" : "longer than recorded",
        file_size, bytes_.size()));
  }
  if (header_size < kFixedHeaderBytes || header_size > bytes_.size()) {
    return absl::DataLossError(absl::StrFormat(
        "header size %d is impossible for a %d-byte file", header_size,
        bytes_.size()));
  }
  // 3. Header checksum, computed with its own field zeroed.
  std::vector<uint8_t> header(bytes_.begin(), bytes_.begin() + header_size);
  std::memset(header.data() + kChecksumOffset, 0, 8);
  if (Checksum64(header.data(), header.size()) != header_checksum) {
    return absl::DataLossError("header checksum mismatch (the header is corrupted)");
  }
  // 4. Structure: strings, parameters, slice table, all within bounds.
  HeaderReader fields(std::span<const uint8_t>(header.data(), header.size()));
  fields.Seek(32);
  uint32_t count = 0;
  const absl::Status malformed =
      absl::DataLossError("malformed header (fields overrun the header)");
  if (!fields.Read32(identity_.plugin_abi) || !fields.Read32(identity_.data_version) ||
      !fields.ReadString(identity_.game) || !fields.ReadString(identity_.codec) ||
      !fields.Read32(count) || count > kMaxEntries) {
    return malformed;
  }
  for (uint32_t i = 0; i < count; ++i) {
    std::string key, value;
    if (!fields.ReadString(key) || !fields.ReadString(value)) return malformed;
    parameters_.emplace_back(std::move(key), std::move(value));
  }
  if (!fields.Read32(count) || count > kMaxEntries) return malformed;
  uint64_t previous_end = header_size;
  for (uint32_t i = 0; i < count; ++i) {
    SliceInfo slice;
    if (!fields.ReadString(slice.name) || !fields.Read64(slice.offset) ||
        !fields.Read64(slice.size) || !fields.Read64(slice.checksum)) {
      return malformed;
    }
    if (slice.offset % kSliceAlignment != 0 || slice.offset < previous_end ||
        slice.offset > bytes_.size() || slice.size > bytes_.size() - slice.offset) {
      return absl::DataLossError(absl::StrFormat(
          "slice '%s' lies outside the file or overlaps another", slice.name));
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
          "checksum mismatch in slice '%s' (the data is corrupted)",
          slices_[i].name));
    }
  }
  return absl::OkStatus();
}

std::optional<std::string> DatabaseFile::Parameter(std::string_view key) const {
  for (const auto& [k, v] : parameters_) {
    if (k == key) return v;
  }
  return std::nullopt;
}

std::optional<size_t> DatabaseFile::FindSlice(std::string_view name) const {
  for (size_t i = 0; i < slices_.size(); ++i) {
    if (slices_[i].name == name) return i;
  }
  return std::nullopt;
}

std::span<const uint8_t> DatabaseFile::SliceBytes(size_t index) const {
  const SliceInfo& slice = slices_[index];
  return bytes_.subspan(slice.offset, slice.size);
}

// ---------------------------------------------------------------------------
// AtomicFileWriter

absl::StatusOr<std::unique_ptr<AtomicFileWriter>> AtomicFileWriter::Create(
    const std::string& path) {
  if (path.empty()) return absl::InvalidArgumentError("empty output file name");
  struct stat st {};
  if (stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    return absl::InvalidArgumentError(
        absl::StrCat("output path is a directory: ", path));
  }
  std::unique_ptr<AtomicFileWriter> writer(new AtomicFileWriter());
  writer->path_ = path;
  // A unique temporary beside the destination (same file system, so the
  // final rename is atomic).
  std::string pattern = absl::StrCat(path, ".tmp.XXXXXX");
  writer->fd_ = mkostemp(pattern.data(), O_CLOEXEC);
  if (writer->fd_ < 0) {
    // Name the file the user asked for; the temporary's name means nothing
    // to them.
    return ErrnoError("cannot create output file", path);
  }
  writer->temp_path_ = pattern;
  const mode_t mask = umask(0);
  umask(mask);
  fchmod(writer->fd_, 0666 & ~mask);
  InstallCleanupHandlers();
  RegisterTemp(writer->temp_path_.c_str());
  return writer;
}

AtomicFileWriter::~AtomicFileWriter() {
  if (fd_ >= 0) {
    close(fd_);
    unlink(temp_path_.c_str());
    UnregisterTemp(temp_path_.c_str());
  }
}

absl::Status AtomicFileWriter::Commit(const DatabaseIdentity& identity,
                                      const DatabaseBuilder& builder) {
  if (fd_ < 0) return absl::FailedPreconditionError("file already committed");
  RETRO_RETURN_IF_ERROR(CheckWritable(identity, builder));
  std::vector<uint64_t> offsets;
  const std::vector<uint8_t> header = SerializeHeader(identity, builder, offsets);
  absl::Status status = WriteAll(fd_, header.data(), header.size(), 0, temp_path_);
  for (size_t i = 0; status.ok() && i < offsets.size(); ++i) {
    const auto& bytes = builder.slices()[i].bytes;
    status = WriteAll(fd_, bytes.data(), bytes.size(), offsets[i], temp_path_);
  }
  // Slices are aligned, so the last one may end before padding that was
  // never written; the size in the header is authoritative.
  if (status.ok()) {
    uint64_t file_size = header.size();
    if (!offsets.empty()) file_size = offsets.back() + builder.slices().back().bytes.size();
    if (ftruncate(fd_, static_cast<off_t>(file_size)) != 0) {
      status = ErrnoError("cannot size", temp_path_);
    }
  }
  if (status.ok() && fsync(fd_) != 0) status = ErrnoError("cannot sync", temp_path_);
  if (!status.ok()) return status;  // the destructor removes the temp file
  close(fd_);
  fd_ = -1;
  if (rename(temp_path_.c_str(), path_.c_str()) != 0) {
    const absl::Status error = ErrnoError("cannot rename into place", path_);
    unlink(temp_path_.c_str());
    UnregisterTemp(temp_path_.c_str());
    return error;
  }
  UnregisterTemp(temp_path_.c_str());
  // Make the rename itself durable.
  const std::filesystem::path parent = std::filesystem::path(path_).parent_path();
  const std::string dir = parent.empty() ? std::string(".") : parent.string();
  const int dir_fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    fsync(dir_fd);
    close(dir_fd);
  }
  return absl::OkStatus();
}

}  // namespace retro
