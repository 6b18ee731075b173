// Parameters a plugin describes and the host parses from the command line.
// Plugins never define command-line flags themselves (see
// docs/architecture.md): they list ParameterSpecs, the host turns
// `--name value` into a ParameterValues map, checks names and choices, fills
// in defaults, and the plugin validates the values' meaning.
#ifndef RETRO_PARAMETERS_H_
#define RETRO_PARAMETERS_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace retro {

// One parameter of a game's solve or probe command.
struct ParameterSpec {
  std::string name = {};             // without dashes, e.g. "seeds"
  std::string value_name = {};       // placeholder in help, e.g. "N"
  std::string description = {};      // one line
  std::string default_value = {};    // empty: the parameter is required
  std::vector<std::string> choices = {};  // empty: any value (plugin validates)
};

// Parameter values by name, every declared parameter present after parsing.
using ParameterValues = std::map<std::string, std::string>;

// Reads integer parameter `name` from `values` and checks it lies in
// [min_value, max_value]; the error names the parameter and the valid range.
absl::StatusOr<int64_t> GetIntParameter(const ParameterValues& values,
                                        std::string_view name,
                                        int64_t min_value, int64_t max_value);

// Parses a whole decimal integer (optional leading '-'), rejecting anything
// else, including overflow; `what` names the value in the error message.
absl::StatusOr<int64_t> ParseInteger(std::string_view text,
                                     std::string_view what);

// Checks `values` against `specs`: every key must be declared, values of
// parameters with choices must be one of them, missing ones get their
// default, and a missing required one is an error. `context` names the
// command in messages ("game oware").
absl::StatusOr<ParameterValues> ResolveParameters(
    const std::vector<ParameterSpec>& specs, const ParameterValues& values,
    std::string_view context);

// `name` with each '-' as '_': a parameter's key in JSON output and its
// keyword in Python (turn-limit: turn_limit).
std::string SnakeCase(std::string_view name);

}  // namespace retro

#endif  // RETRO_PARAMETERS_H_
