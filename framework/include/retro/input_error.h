// Which errors are the user's: a status whose code says the input was bad
// (a parameter, a position, a path that names nothing) rather than that
// something failed. `retro` exits with status 2 for these and 1 for the
// rest; the Python module raises ValueError for them and retro.Error for the
// rest. A plugin returns these codes for bad input and any other for a
// failure.
#ifndef RETRO_INPUT_ERROR_H_
#define RETRO_INPUT_ERROR_H_

#include "absl/status/status.h"

namespace retro {

// True for InvalidArgument, NotFound and OutOfRange: the user's input was
// bad.
inline bool IsInputError(const absl::Status& status) {
  return status.code() == absl::StatusCode::kInvalidArgument ||
         status.code() == absl::StatusCode::kNotFound ||
         status.code() == absl::StatusCode::kOutOfRange;
}

}  // namespace retro

#endif  // RETRO_INPUT_ERROR_H_
