// Player specs ("key=value,key=value"): splitting, checking the keys against
// a game's play description, the canonical form; the out-of-line key
// functions of the play interface.
#include "retro/play.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace retro {

Player::~Player() = default;
PlayCapability::~PlayCapability() = default;

absl::StatusOr<ParameterValues> ParsePlayerSpec(std::string_view spec) {
  ParameterValues values;
  if (spec.empty()) return values;
  const std::string text(spec);
  const std::vector<std::string> pieces = absl::StrSplit(text, ',');
  for (const std::string& piece : pieces) {
    const size_t eq = piece.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == piece.size()) {
      return absl::InvalidArgumentError(
          absl::StrCat("player spec '", text, "': '", piece,
                       "' is not key=value (a spec is key=value pairs separated by commas, e.g. "
                       "depth=8,eval=material)"));
    }
    const std::string key = piece.substr(0, eq);
    if (!values.emplace(key, piece.substr(eq + 1)).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("player spec '", text, "' gives ", key, " twice"));
    }
  }
  return values;
}

absl::Status CheckPlayerSpec(const PlayDescription& play, const ParameterValues& spec,
                             std::string_view what) {
  std::vector<std::string> keys;
  for (const ParameterSpec& option : play.player_options) keys.push_back(option.name);
  for (const auto& [key, value] : spec) {
    const ParameterSpec* found = nullptr;
    for (const ParameterSpec& option : play.player_options) {
      if (option.name == key) found = &option;
    }
    if (found == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("unknown key '", key, "' in player spec ", std::string(what),
                       "; valid keys: ", keys.empty() ? "none" : absl::StrJoin(keys, ", ")));
    }
    if (!found->choices.empty() &&
        std::ranges::find(found->choices, value) == found->choices.end()) {
      return absl::InvalidArgumentError(
          absl::StrCat("invalid value '", value, "' for ", key, " in player spec ",
                       std::string(what), "; valid: ", absl::StrJoin(found->choices, ", ")));
    }
  }
  return absl::OkStatus();
}

std::string FormatPlayerSpec(const ParameterValues& spec) {
  return absl::StrJoin(spec, ",", absl::PairFormatter("="));
}

}  // namespace retro
