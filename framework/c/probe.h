// Probes through the C API: the options read ("key=value,key=value",
// retro/c/retro.h, into the game's resolved probe parameters, as
// `retro probe --key value` gives them), the position checked and probed
// for its JSON answer or, with typed values (retro_probe_value and its
// batch and binary forms), the handle's prepared probe for the options
// (retro/host/value_probe_cache.h) answering the positions in chunks inside
// one guarded read of the database; every failure sorted into the error
// codes of retro/c/retro.h.
#ifndef RETRO_FRAMEWORK_C_PROBE_H_
#define RETRO_FRAMEWORK_C_PROBE_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <variant>

#include "c/c_error.h"
#include "c/handle.h"
#include "retro/c/retro.h"
#include "retro/value_probe.h"

namespace retro::c_api {

// The JSON answer `retro probe --json` prints for `position` with probe
// `options` ("key=value,..." or NULL), or the error.
std::variant<std::string, CError> ProbeJson(const Use& db, const char* position,
                                            const char* options);

// Answers positions first..first + out.size() of a batch into `out`.
using AnswerChunk = void (*)(const ValueProbe& probe, const void* positions, size_t first,
                             std::span<ValueAnswer> out);

// How ProbeValues is called: one position or a batch, of texts or cells.
struct ProbeCall {
  bool batch = false;  // messages name the failing position's index
  bool texts = false;  // `positions` are const char*: a lone blank one fails
                       // before the options are read, as retro_probe_json does
};

// Probes `count` positions of `positions` (read by `chunk`) with
// `options`, writing values[i] (unchanged on failure) and statuses[i] (when
// non-null). Returns RETRO_OK when every position has a value, else the
// code of the first failure, whose message retro_last_error gives.
int ProbeValues(retro_db* handle, const char* options, const void* positions, size_t count,
                AnswerChunk chunk, double* values, int* statuses, ProbeCall call);

}  // namespace retro::c_api

#endif  // RETRO_FRAMEWORK_C_PROBE_H_
