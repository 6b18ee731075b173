// Typed value probes through the C API (value_probes.h).
#include "c/value_probes.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "c/c_error.h"
#include "c/handle.h"
#include "c/probe.h"
#include "c/probe_options.h"
#include "retro/host/value_chunks.h"
#include "retro/input_error.h"

namespace retro::c_api {
namespace {

// The code of a position's failed answer (FailedPrecondition: a NULL
// position of a batch).
int PositionCode(const absl::Status& status) {
  if (absl::IsFailedPrecondition(status)) return RETRO_ERROR_BAD_ARGUMENT;
  if (IsInputError(status)) return RETRO_ERROR_BAD_POSITION;
  if (absl::IsUnimplemented(status)) return RETRO_ERROR_NO_VALUE;
  return RETRO_ERROR_INTERNAL;
}

}  // namespace

int ProbeValues(retro_db* handle, const char* options, const void* positions, size_t count,
                AnswerChunk chunk, double* values, int* statuses, ProbeCall call) {
  // 1. The arguments and the handle.
  if (count > 0 && (positions == nullptr || values == nullptr)) {
    return Fail({RETRO_ERROR_BAD_ARGUMENT,
                 values == nullptr ? "the values pointer is NULL" : "the positions are NULL"});
  }
  const Use db(handle);
  if (!db.ok()) return Fail(Use::error());
  if (call.texts && !call.batch && IsBlank(*static_cast<const char* const*>(positions))) {
    return Fail(BlankPosition(db.game()));
  }
  // 2. The prepared probe of the options.
  DatabaseSession& session = db.session();
  const std::string_view key = options == nullptr ? std::string_view() : options;
  absl::StatusOr<ValueProbeCache::Lease> lease = session.value_probes->Get(
      *session.database, key, [&] { return ParseProbeOptions(options, db.game()); });
  if (!lease.ok()) {
    const bool none = absl::IsUnimplemented(lease.status());
    return Fail({none ? RETRO_ERROR_NO_VALUE : RETRO_ERROR_BAD_OPTION,
                 std::string(lease.status().message())});
  }
  // 3. The answers, chunk by chunk, in one guarded read.
  std::optional<CError> first_failure;
  const auto take = [&](size_t i, const ValueAnswer& answer) {
    int code = RETRO_OK;
    if (answer.status.ok()) [[likely]] {
      values[i] = answer.value.value;
    } else {
      code = PositionCode(answer.status);
      if (!first_failure) {
        first_failure =
            CError{code, call.batch ? absl::StrCat("position ", i, ": ", answer.status.message())
                                    : std::string(answer.status.message())};
      }
    }
    if (statuses != nullptr) statuses[i] = code;
  };
  const absl::Status read = ReadValueChunks(
      session, count,
      [&](size_t first, std::span<ValueAnswer> out) { chunk(*lease->probe, positions, first, out); },
      take);
  if (!read.ok()) return Fail({RETRO_ERROR_INTERNAL, std::string(read.message())});
  if (first_failure) return Fail(*first_failure);
  return RETRO_OK;
}

}  // namespace retro::c_api
