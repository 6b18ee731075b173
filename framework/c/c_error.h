// The outcome of a C API call inside the library: an error code of
// retro/c/retro.h with its message, and where messages go (the caller's
// buffer, the thread's last error).
#ifndef RETRO_FRAMEWORK_C_C_ERROR_H_
#define RETRO_FRAMEWORK_C_C_ERROR_H_

#include <cstddef>
#include <string>

#include "retro/c/retro.h"

namespace retro::c_api {

// A failed call: a retro_status other than RETRO_OK and a one-line message.
struct CError {
  int code = RETRO_ERROR_INTERNAL;
  std::string message;
};

// Copies `text` into `out` (capacity `out_size`), NUL-terminated, truncated
// to fit, newlines turned into spaces. Writes nothing when `out` is null or
// `out_size` is 0.
void CopyOut(const std::string& text, char* out, size_t out_size);

// Records `error` as the calling thread's last error (retro_last_error) and
// returns its code.
int Fail(const CError& error);

// The calling thread's last error message ("" when none).
const char* LastError();

}  // namespace retro::c_api

#endif  // RETRO_FRAMEWORK_C_C_ERROR_H_
