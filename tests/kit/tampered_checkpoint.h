// For the kits' tests of resuming from a damaged checkpoint: a solve that
// keeps every finished slice in a real checkpoint folder, one slice edited
// (the checkpoint writes it again, so its checksums are valid), and the
// solve run again from that folder.
#ifndef RETRO_TESTS_KIT_TAMPERED_CHECKPOINT_H_
#define RETRO_TESTS_KIT_TAMPERED_CHECKPOINT_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "retro/checkpoint.h"
#include "retro/database.h"
#include "retro/game_module.h"
#include "retro/host/file_checkpoint.h"
#include "retro/progress.h"
#include "retro/thread_pool.h"

namespace retro::testing {

// Solves `values` with `module`, keeping its slices in the checkpoint of
// `output` (`output`.checkpoint), replaces slice `slice` there by its bytes
// after `edit`, and returns the status of the solve run again from that
// checkpoint.
inline absl::Status ResolveWithEditedSlice(GameModule& module, const ParameterValues& values,
                                           const std::string& output, const std::string& slice,
                                           const std::function<void(std::vector<uint8_t>&)>& edit) {
  absl::StatusOr<std::unique_ptr<FileCheckpoint>> checkpoint =
      FileCheckpoint::Create(output, module.Describe().name, module.Describe().data_version, {},
                             internal::CheckpointFolder::Mode::kFresh);
  if (!checkpoint.ok()) return checkpoint.status();
  ThreadPool pool(2);
  Progress progress;
  const WorkContext context{&pool, &progress, checkpoint->get()};
  DatabaseBuilder first;
  if (absl::Status solved = module.Solve(values, context, first); !solved.ok()) return solved;
  absl::StatusOr<std::optional<std::vector<uint8_t>>> saved =
      (*checkpoint)->Restore(slice, nullptr);
  if (!saved.ok()) return saved.status();
  if (!saved->has_value()) return absl::NotFoundError("the solve kept no slice " + slice);
  std::vector<uint8_t> bytes = **saved;
  edit(bytes);
  if (absl::Status kept = (*checkpoint)->Save(slice, bytes); !kept.ok()) return kept;
  DatabaseBuilder second;
  return module.Solve(values, context, second);
}

}  // namespace retro::testing

#endif  // RETRO_TESTS_KIT_TAMPERED_CHECKPOINT_H_
