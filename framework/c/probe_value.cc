// Reading a position's value out of its probe answer (probe_value.h).
#include "c/probe_value.h"

#include <charconv>
#include <optional>
#include <string>
#include <vector>

#include "c/json_members.h"
#include "retro/c/retro.h"

namespace retro::c_api {
namespace {

// A JSON number, read whatever the C locale is; nullopt for anything else.
std::optional<double> Number(std::string_view text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<std::string_view> Find(const std::vector<JsonMember>& members,
                                     std::string_view key) {
  for (const JsonMember& member : members) {
    if (member.key == key) return member.value;
  }
  return std::nullopt;
}

// A win/draw/loss result with its distance, encoded; nullopt when the
// answer has no such result.
std::optional<double> WdlValue(const std::vector<JsonMember>& members) {
  const std::optional<std::string_view> result = Find(members, "result");
  const std::optional<std::string_view> distance = Find(members, "distance");
  if (!result || !distance) return std::nullopt;
  const std::optional<double> plies = Number(*distance);
  if (!plies) return std::nullopt;
  if (*result == "\"draw\"") return 0.0;
  if (*result == "\"win\"") return RETRO_WDL_WIN - *plies;
  if (*result == "\"loss\"") return -(RETRO_WDL_WIN - *plies);
  return std::nullopt;
}

}  // namespace

absl::StatusOr<double> ProbeValueFromJson(std::string_view json) {
  const std::optional<std::vector<JsonMember>> members = TopLevelMembers(json);
  if (!members) return absl::InternalError("the game's probe answer is not a JSON object");
  if (const std::optional<double> wdl = WdlValue(*members)) return *wdl;
  if (const std::optional<std::string_view> value = Find(*members, "value")) {
    if (const std::optional<double> number = Number(*value)) return *number;
  }
  for (const JsonMember& member : *members) {
    if (const std::optional<double> number = Number(member.value)) return *number;
  }
  return absl::NotFoundError("the game's probe answer holds no numeric value");
}

}  // namespace retro::c_api
