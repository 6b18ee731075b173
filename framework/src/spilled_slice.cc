// AddSpilledSlice: a slice written to a mapped scratch file (see
// retro/internal/spilled_slice.h).
#include "retro/internal/spilled_slice.h"

#include <memory>
#include <span>
#include <utility>

#include "absl/status/statusor.h"
#include "retro/internal/scratch_file.h"

namespace retro::internal {

absl::Status AddSpilledSlice(DatabaseBuilder& builder, std::string name,
                             std::vector<uint8_t> bytes, const std::string& directory) {
  if (directory.empty()) {
    builder.AddSlice(std::move(name), std::move(bytes));
    return absl::OkStatus();
  }
  absl::StatusOr<internal::ScratchFile> file = internal::ScratchFile::Create(directory);
  if (!file.ok()) return file.status();
  if (absl::Status s = file->Append(bytes); !s.ok()) return s;
  std::vector<uint8_t>().swap(bytes);
  auto kept = std::make_shared<internal::ScratchFile>(std::move(*file));
  absl::StatusOr<std::span<const uint8_t>> mapped = kept->Map();
  if (!mapped.ok()) return mapped.status();
  builder.AddSliceView(std::move(name), *mapped, std::move(kept));
  return absl::OkStatus();
}

}  // namespace retro::internal
