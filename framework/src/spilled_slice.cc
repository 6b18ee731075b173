// AddSpilledSlice: a slice written to a mapped scratch file (see
// retro/spilled_slice.h).
#include "retro/spilled_slice.h"

#include <memory>
#include <span>
#include <utility>

#include "absl/status/statusor.h"
#include "retro/scratch_file.h"

namespace retro {

absl::Status AddSpilledSlice(DatabaseBuilder& builder, std::string name,
                             std::vector<uint8_t> bytes, const std::string& directory) {
  if (directory.empty()) {
    builder.AddSlice(std::move(name), std::move(bytes));
    return absl::OkStatus();
  }
  absl::StatusOr<ScratchFile> file = ScratchFile::Create(directory);
  if (!file.ok()) return file.status();
  if (absl::Status s = file->Append(bytes); !s.ok()) return s;
  std::vector<uint8_t>().swap(bytes);
  auto kept = std::make_shared<ScratchFile>(std::move(*file));
  absl::StatusOr<std::span<const uint8_t>> mapped = kept->Map();
  if (!mapped.ok()) return mapped.status();
  builder.AddSliceView(std::move(name), *mapped, std::move(kept));
  return absl::OkStatus();
}

}  // namespace retro
