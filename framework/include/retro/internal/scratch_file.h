// A temporary file a solve writes tables to and reads them back from, so
// that they need not stay in memory (the finite-horizon change log,
// retro/solver/change_log.h). The file has no name: it is created unlinked
// (O_TMPFILE, or named and removed at once where the file system cannot),
// so it disappears when closed or when the process dies, and no killed solve
// leaves one behind.
//
//   auto file = retro::ScratchFile::Create("/scratch");
//   RETRO_RETURN_IF_ERROR(file->Append(bytes));
//   RETRO_RETURN_IF_ERROR(file->ReadAt(0, buffer));
#ifndef RETRO_INTERNAL_SCRATCH_FILE_H_
#define RETRO_INTERNAL_SCRATCH_FILE_H_

#include <cstdint>
#include <span>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace retro::internal {

// An append-only, unnamed temporary file. Move-only.
class ScratchFile {
 public:
  // A new empty file in `directory`; an error naming the directory and the
  // cause when it cannot be created (missing, not a directory, read-only).
  static absl::StatusOr<ScratchFile> Create(const std::string& directory);

  ScratchFile(ScratchFile&& other) noexcept;
  ScratchFile& operator=(ScratchFile&& other) noexcept;
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;
  ~ScratchFile();

  // Writes `bytes` at the end. A full disk is an error naming the directory.
  absl::Status Append(std::span<const uint8_t> bytes);

  // Fills `out` with the bytes at [offset, offset + out.size()), which must
  // lie within size().
  absl::Status ReadAt(uint64_t offset, std::span<uint8_t> out) const;

  // The whole file mapped read-only (the pages are the file's: the kernel
  // may drop them and read them again, so they need not stay in memory).
  // Valid until the file is destroyed or moved from; nothing may be
  // appended after it. An empty file maps to an empty span.
  absl::StatusOr<std::span<const uint8_t>> Map();

  // Grows an empty file to `bytes` (reserving the disk space, so that a
  // full disk is an error naming the directory here, not a fault later) and
  // maps it read-write: a table written in place whose pages the kernel may
  // write back and drop. Valid as Map()'s mapping; nothing may be appended
  // after it.
  absl::StatusOr<std::span<uint8_t>> MapForWriting(uint64_t bytes);

  uint64_t size() const { return size_; }
  const std::string& directory() const { return directory_; }

 private:
  ScratchFile(int fd, std::string directory) : fd_(fd), directory_(std::move(directory)) {}
  void Unmap();

  int fd_ = -1;
  std::string directory_;
  uint64_t size_ = 0;
  void* mapped_ = nullptr;  // Map()'s mapping of size_ bytes, if any
};

}  // namespace retro::internal

#endif  // RETRO_INTERNAL_SCRATCH_FILE_H_
