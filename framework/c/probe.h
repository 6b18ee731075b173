// One probe through the C API: the options read, the position checked and
// probed, every failure sorted into the error codes of retro/c/retro.h.
#ifndef RETRO_FRAMEWORK_C_PROBE_H_
#define RETRO_FRAMEWORK_C_PROBE_H_

#include <string>
#include <variant>

#include "c/c_error.h"
#include "c/handle.h"

namespace retro::c_api {

// Whether `position` (not NULL) is blank, and the error for a blank
// position of `game`: what both the JSON and the value probes check first.
bool IsBlank(const char* position);
CError BlankPosition(const GameDescription& game);

// The JSON answer `retro probe --json` prints for `position` with probe
// `options` ("key=value,..." or NULL), or the error.
std::variant<std::string, CError> ProbeJson(const Use& db, const char* position,
                                            const char* options);

}  // namespace retro::c_api

#endif  // RETRO_FRAMEWORK_C_PROBE_H_
