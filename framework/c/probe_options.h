// The C API's probe options: "key=value,key=value" (retro/c/retro.h) read
// into the game's resolved probe parameters, as `retro probe --key value`
// gives them.
#ifndef RETRO_FRAMEWORK_C_PROBE_OPTIONS_H_
#define RETRO_FRAMEWORK_C_PROBE_OPTIONS_H_

#include "absl/status/statusor.h"
#include "retro/game_module.h"
#include "retro/parameters.h"

namespace retro::c_api {

// Parses `options` (NULL or "" for none; spaces around keys and values are
// ignored) and resolves them against `game`'s probe parameters (defaults
// filled in). InvalidArgument, naming the problem and the valid keys, for a
// malformed list, a repeated or unknown key or a value the parameter does
// not take.
absl::StatusOr<ParameterValues> ParseProbeOptions(const char* options,
                                                  const GameDescription& game);

}  // namespace retro::c_api

#endif  // RETRO_FRAMEWORK_C_PROBE_OPTIONS_H_
