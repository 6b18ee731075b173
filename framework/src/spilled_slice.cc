// AddSpilledSlice: a slice written to a mapped scratch file (see
// retro/internal/spilled_slice.h).
#include "retro/internal/spilled_slice.h"

#include <memory>
#include <span>
#include <utility>

#include "absl/status/statusor.h"
#include "retro/internal/scratch_file.h"
#include "retro/status_macros.h"

namespace retro::internal {

absl::Status AddSpilledSlice(DatabaseBuilder& builder, std::string name, std::vector<uint8_t> bytes,
                             const std::string& directory) {
  if (directory.empty()) {
    builder.AddSlice(std::move(name), std::move(bytes));
    return absl::OkStatus();
  }
  RETRO_ASSIGN_OR_RETURN(internal::ScratchFile file, internal::ScratchFile::Create(directory));
  RETRO_RETURN_IF_ERROR(file.Append(bytes));
  std::vector<uint8_t>().swap(bytes);
  auto kept = std::make_shared<internal::ScratchFile>(std::move(file));
  RETRO_ASSIGN_OR_RETURN(const std::span<const uint8_t> mapped, kept->Map());
  builder.AddSliceView(std::move(name), mapped, std::move(kept));
  return absl::OkStatus();
}

}  // namespace retro::internal
