// ScratchFile: an unlinked temporary file (see retro/internal/scratch_file.h).
#include "retro/internal/scratch_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"

namespace retro::internal {
namespace {

// What a failure with `error` adds when the folder ran out of space.
const char* SpaceHint(int error) {
  return error == ENOSPC ? "; free some space or choose another folder with --scratch" : "";
}

// The failure of mmap (errno) on a scratch file of `bytes` in `directory`.
absl::Status MapError(uint64_t bytes, const std::string& directory) {
  return absl::ResourceExhaustedError(absl::StrCat(
      "cannot map a scratch file of ", bytes, " bytes in ", directory, ": ", std::strerror(errno)));
}

}  // namespace

absl::StatusOr<ScratchFile> ScratchFile::Create(const std::string& directory) {
  const std::string where = directory.empty() ? std::string(".") : directory;
  struct stat info;
  if (::stat(where.c_str(), &info) != 0) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot use scratch folder ", where, ": ", std::strerror(errno)));
  }
  if (!S_ISDIR(info.st_mode)) {
    return absl::FailedPreconditionError(
        absl::StrCat("scratch folder ", where, " is not a folder"));
  }
  int fd = ::open(where.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {
    // A file system without unnamed files: a named one, removed at once.
    std::string name = absl::StrCat(where, "/.retro-scratch-XXXXXX");
    fd = ::mkostemp(name.data(), O_CLOEXEC);
    if (fd >= 0) ::unlink(name.c_str());
  }
  if (fd < 0) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot create a scratch file in ", where, ": ", std::strerror(errno)));
  }
  return ScratchFile(fd, where);
}

ScratchFile::ScratchFile(ScratchFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      directory_(std::move(other.directory_)),
      size_(std::exchange(other.size_, 0)),
      mapped_(std::exchange(other.mapped_, nullptr)) {}

ScratchFile& ScratchFile::operator=(ScratchFile&& other) noexcept {
  if (this != &other) {
    Unmap();
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    directory_ = std::move(other.directory_);
    size_ = std::exchange(other.size_, 0);
    mapped_ = std::exchange(other.mapped_, nullptr);
  }
  return *this;
}

ScratchFile::~ScratchFile() {
  Unmap();
  if (fd_ >= 0) ::close(fd_);
}

void ScratchFile::Unmap() {
  if (mapped_ != nullptr) ::munmap(mapped_, size_);
  mapped_ = nullptr;
}

absl::StatusOr<std::span<const uint8_t>> ScratchFile::Map() {
  if (size_ == 0) return std::span<const uint8_t>();
  if (mapped_ == nullptr) {
    void* at = ::mmap(nullptr, size_, PROT_READ, MAP_SHARED, fd_, 0);
    if (at == MAP_FAILED) return MapError(size_, directory_);
    mapped_ = at;
  }
  return std::span<const uint8_t>(static_cast<const uint8_t*>(mapped_), size_);
}

absl::StatusOr<std::span<uint8_t>> ScratchFile::MapForWriting(uint64_t bytes) {
  if (size_ != 0 || mapped_ != nullptr) {
    return absl::FailedPreconditionError("only an empty scratch file can be mapped for writing");
  }
  if (bytes == 0) return std::span<uint8_t>();
  if (const int error = ::posix_fallocate(fd_, 0, static_cast<off_t>(bytes)); error != 0) {
    return absl::ResourceExhaustedError(absl::StrCat("cannot reserve ", bytes,
                                                     " bytes for a scratch file in ", directory_,
                                                     ": ", std::strerror(error), SpaceHint(error)));
  }
  void* at = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0);
  if (at == MAP_FAILED) return MapError(bytes, directory_);
  size_ = bytes;
  mapped_ = at;
  return std::span<uint8_t>(static_cast<uint8_t*>(mapped_), size_);
}

absl::Status ScratchFile::Append(std::span<const uint8_t> bytes) {
  if (mapped_ != nullptr) {
    return absl::FailedPreconditionError("a scratch file cannot grow once it is mapped");
  }
  uint64_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n =
        ::pwrite(fd_, bytes.data() + done, bytes.size() - done, static_cast<off_t>(size_ + done));
    if (n < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      return absl::ResourceExhaustedError(
          absl::StrCat("cannot write ", bytes.size(), " bytes to a scratch file in ", directory_,
                       " (", size_ + done, " written): ", std::strerror(error), SpaceHint(error)));
    }
    done += static_cast<uint64_t>(n);
  }
  size_ += bytes.size();
  return absl::OkStatus();
}

absl::Status ScratchFile::ReadAt(uint64_t offset, std::span<uint8_t> out) const {
  if (offset > size_ || out.size() > size_ - offset) {
    return absl::OutOfRangeError(absl::StrCat("scratch file read of ", out.size(), " bytes at ",
                                              offset, " beyond its ", size_, " bytes"));
  }
  uint64_t done = 0;
  while (done < out.size()) {
    const ssize_t n =
        ::pread(fd_, out.data() + done, out.size() - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int error = n < 0 ? errno : EIO;
      return absl::DataLossError(
          absl::StrCat("cannot read a scratch file in ", directory_, ": ", std::strerror(error)));
    }
    done += static_cast<uint64_t>(n);
  }
  return absl::OkStatus();
}

}  // namespace retro::internal
