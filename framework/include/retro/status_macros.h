// Early-return helpers for absl::Status / absl::StatusOr, which the Abseil
// release on Debian 12 does not provide yet.
#ifndef RETRO_STATUS_MACROS_H_
#define RETRO_STATUS_MACROS_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"

// Returns the status from the enclosing function if `expr` is not OK.
#define RETRO_RETURN_IF_ERROR(expr)                 \
  do {                                              \
    ::absl::Status retro_status_ = (expr);          \
    if (!retro_status_.ok()) return retro_status_;  \
  } while (0)

#define RETRO_STATUS_CONCAT_INNER_(a, b) a##b
#define RETRO_STATUS_CONCAT_(a, b) RETRO_STATUS_CONCAT_INNER_(a, b)

// Evaluates `rexpr` (an absl::StatusOr<T>); on error returns its status, else
// moves the value into `lhs` (which may be a declaration: `auto x`).
#define RETRO_ASSIGN_OR_RETURN(lhs, rexpr) \
  RETRO_ASSIGN_OR_RETURN_IMPL_(RETRO_STATUS_CONCAT_(retro_statusor_, __LINE__), lhs, rexpr)

#define RETRO_ASSIGN_OR_RETURN_IMPL_(statusor, lhs, rexpr) \
  auto statusor = (rexpr);                                 \
  if (!statusor.ok()) return statusor.status();            \
  lhs = std::move(statusor).value()

#endif  // RETRO_STATUS_MACROS_H_
