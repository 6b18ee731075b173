// DistributedCheckpoint: collective restores, rank 0's saves.
#include "retro/host/distributed_checkpoint.h"

#include <array>
#include <utility>

#include "absl/strings/str_cat.h"
#include "retro/distributed/status_agreement.h"
#include "retro/host/checksum.h"
#include "retro/status_macros.h"

namespace retro::distributed {

DistributedCheckpoint::DistributedCheckpoint(std::unique_ptr<FileCheckpoint> local,
                                             Communicator& comm)
    : local_(std::move(local)), comm_(comm) {}

absl::StatusOr<std::optional<std::vector<uint8_t>>> DistributedCheckpoint::Restore(
    const std::string& name, const SliceCheck& check) {
  absl::StatusOr<std::optional<std::vector<uint8_t>>> found =
      local_ != nullptr ? local_->Restore(name, check)
                        : absl::StatusOr<std::optional<std::vector<uint8_t>>>(std::nullopt);
  // Every rank must have found the same: the same error, or the same bytes
  // (compared by size and checksum), or nothing.
  RETRO_RETURN_IF_ERROR(AgreeOnStatus(comm_, found.status()));
  const bool have = found->has_value();
  const std::array<uint64_t, 3> mine = {have ? 1u : 0u, have ? (*found)->size() : 0,
                                        have ? Checksum64((*found)->data(), (*found)->size()) : 0};
  std::array<uint64_t, 3> highest = mine;
  comm_.AllReduceMax(highest);
  const bool same = highest == mine;
  RETRO_RETURN_IF_ERROR(AgreeOnStatus(
      comm_, same ? absl::OkStatus()
                  : absl::FailedPreconditionError(absl::StrCat(
                        "the ranks read different checkpoints of slice '", name,
                        "' (every rank must see the output's folder ",
                        "and its .checkpoint folder, e.g. on a shared file system)"))));
  return found;
}

absl::Status DistributedCheckpoint::Save(const std::string& name, std::span<const uint8_t> bytes) {
  if (comm_.rank() != 0 || local_ == nullptr) return absl::OkStatus();
  return local_->Save(name, bytes);
}

}  // namespace retro::distributed
