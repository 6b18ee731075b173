// Reading "key=value,..." probe options (probe_options.h).
#include "c/probe_options.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace retro::c_api {
namespace {

// "plies-left, roll" or "none": the game's probe parameter names.
std::string ValidKeys(const GameDescription& game) {
  std::vector<std::string> names;
  for (const ParameterSpec& spec : game.probe_parameters) names.push_back(spec.name);
  return names.empty() ? std::string("none") : absl::StrJoin(names, ", ");
}

absl::Status Malformed(absl::string_view item, const GameDescription& game) {
  return absl::InvalidArgumentError(absl::StrCat(
      "probe option '", item, "' is not key=value; write options as key=value,key=value (",
      game.name, " keys: ", ValidKeys(game), ")"));
}

}  // namespace

absl::StatusOr<ParameterValues> ParseProbeOptions(const char* options,
                                                  const GameDescription& game) {
  ParameterValues values;
  const absl::string_view text = options == nullptr ? "" : options;
  if (!absl::StripAsciiWhitespace(text).empty()) {
    for (absl::string_view item : absl::StrSplit(text, ',')) {
      const size_t equals = item.find('=');
      if (equals == absl::string_view::npos) return Malformed(item, game);
      const std::string key(absl::StripAsciiWhitespace(item.substr(0, equals)));
      const std::string value(absl::StripAsciiWhitespace(item.substr(equals + 1)));
      if (key.empty() || value.empty()) return Malformed(item, game);
      if (!values.emplace(key, value).second) {
        return absl::InvalidArgumentError(
            absl::StrCat("probe option '", key, "' is given twice; give each key once"));
      }
    }
  }
  for (const auto& [key, value] : values) {
    if (std::ranges::find(game.probe_parameters, key, &ParameterSpec::name) ==
        game.probe_parameters.end()) {
      return absl::InvalidArgumentError(absl::StrCat("unknown probe option '", key, "' for game ",
                                                     game.name, "; valid: ", ValidKeys(game)));
    }
  }
  return ResolveParameters(game.probe_parameters, values, absl::StrCat("probing ", game.name));
}

}  // namespace retro::c_api
