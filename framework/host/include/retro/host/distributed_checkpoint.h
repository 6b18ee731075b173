// The checkpoint of a distributed solve (docs/distributed.md,
// "Checkpoints"): rank 0 keeps the finished slices in the output's
// checkpoint folder, as a single process does; on --resume every rank
// reads them from that folder (which every rank must see: the output's file
// system), and the ranks agree on what they found, so that all of them
// skip the same slices or all stop with the same error. No snapshots are
// taken inside a slice: a killed distributed solve restarts its slice.
#ifndef RETRO_HOST_DISTRIBUTED_CHECKPOINT_H_
#define RETRO_HOST_DISTRIBUTED_CHECKPOINT_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "retro/checkpoint.h"
#include "retro/distributed/communicator.h"
#include "retro/host/file_checkpoint.h"

namespace retro::distributed {

// A Checkpoint whose Restore is collective (every rank calls it for the
// same slices in the same order, as the kits do) and whose Save writes on
// rank 0 only. `local` is this rank's view of the folder (rank 0's keeps
// it; another rank's only reads it, and is null when not resuming).
class DistributedCheckpoint final : public Checkpoint {
 public:
  DistributedCheckpoint(std::unique_ptr<FileCheckpoint> local,
                        Communicator& comm);

  absl::StatusOr<std::optional<std::vector<uint8_t>>> Restore(const std::string& name,
                                                              const SliceCheck& check) override;
  absl::Status Save(const std::string& name, std::span<const uint8_t> bytes) override;

  // This rank's folder view (null on a rank other than 0 when not resuming).
  FileCheckpoint* local() { return local_.get(); }

 private:
  std::unique_ptr<FileCheckpoint> local_;
  Communicator& comm_;
};

}  // namespace retro::distributed

#endif  // RETRO_HOST_DISTRIBUTED_CHECKPOINT_H_
