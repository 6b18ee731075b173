// A database slice kept on disk until the file is written: the bytes go to
// an unnamed scratch file (retro/internal/scratch_file.h), which the builder maps and
// keeps, so that a solve producing a large database one slice at a time
// need not hold the whole of it in memory (the finite-horizon kit's rank 0
// under mpirun, docs/distributed.md). The scratch file disappears with the
// builder, or with the process if it is killed.
//
//   RETRO_RETURN_IF_ERROR(retro::AddSpilledSlice(builder, "seeds-9", std::move(bytes), dir));
#ifndef RETRO_INTERNAL_SPILLED_SLICE_H_
#define RETRO_INTERNAL_SPILLED_SLICE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "retro/database.h"

namespace retro::internal {

// Appends slice `name` to `builder` with the content of `bytes`, written to
// a scratch file in `directory` and mapped; with an empty `directory`, the
// bytes themselves (in memory). An error names the folder (full, missing,
// read-only) and leaves `builder` unchanged.
absl::Status AddSpilledSlice(DatabaseBuilder& builder, std::string name, std::vector<uint8_t> bytes,
                             const std::string& directory);

}  // namespace retro::internal

#endif  // RETRO_INTERNAL_SPILLED_SLICE_H_
