// Implementation of the parameter helpers in retro/parameters.h.
#include "retro/parameters.h"

#include <algorithm>
#include <charconv>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace retro {

absl::StatusOr<int64_t> ParseInteger(std::string_view text, std::string_view what) {
  int64_t value = 0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (text.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(std::string(what), " is empty; expected a whole number"));
  }
  auto [ptr, ec] = std::from_chars(first, last, value);
  if (ec == std::errc::result_out_of_range) {
    return absl::InvalidArgumentError(
        absl::StrCat(std::string(what), " '", std::string(text), "' is out of range"));
  }
  if (ec != std::errc() || ptr != last) {
    return absl::InvalidArgumentError(
        absl::StrCat(std::string(what), " '", std::string(text), "' is not a whole number"));
  }
  return value;
}

absl::StatusOr<int64_t> GetIntParameter(const ParameterValues& values, std::string_view name,
                                        int64_t min_value, int64_t max_value) {
  const auto it = values.find(std::string(name));
  if (it == values.end()) {
    return absl::InvalidArgumentError(absl::StrCat("missing parameter --", std::string(name)));
  }
  auto parsed = ParseInteger(it->second, absl::StrCat("--", std::string(name)));
  if (!parsed.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(parsed.status().message(), "; valid: ", min_value, "..", max_value));
  }
  if (*parsed < min_value || *parsed > max_value) {
    return absl::InvalidArgumentError(absl::StrCat("--", std::string(name), " ", *parsed,
                                                   " is out of range; valid: ", min_value, "..",
                                                   max_value));
  }
  return *parsed;
}

absl::StatusOr<ParameterValues> ResolveParameters(const std::vector<ParameterSpec>& specs,
                                                  const ParameterValues& values,
                                                  std::string_view context) {
  std::vector<std::string> valid;
  for (const ParameterSpec& spec : specs) valid.push_back("--" + spec.name);
  const std::string valid_list = valid.empty() ? std::string("none") : absl::StrJoin(valid, ", ");
  for (const auto& entry : values) {
    const std::string& key = entry.first;  // named: clang 14 captures no structured binding
    if (std::ranges::none_of(specs, [&](const ParameterSpec& spec) { return spec.name == key; })) {
      return absl::InvalidArgumentError(absl::StrCat(
          "unknown parameter --", key, " for ", std::string(context), "; valid: ", valid_list));
    }
  }
  ParameterValues resolved;
  for (const ParameterSpec& spec : specs) {
    const auto it = values.find(spec.name);
    if (it == values.end()) {
      if (spec.default_value.empty()) {
        return absl::InvalidArgumentError(absl::StrCat("missing required parameter --", spec.name,
                                                       " ", spec.value_name, " for ",
                                                       std::string(context)));
      }
      resolved[spec.name] = spec.default_value;
      continue;
    }
    if (!spec.choices.empty() &&
        std::ranges::find(spec.choices, it->second) == spec.choices.end()) {
      return absl::InvalidArgumentError(
          absl::StrCat("invalid value '", it->second, "' for --", spec.name,
                       "; valid: ", absl::StrJoin(spec.choices, ", ")));
    }
    resolved[spec.name] = it->second;
  }
  return resolved;
}

std::string SnakeCase(std::string_view name) {
  std::string key(name);
  std::replace(key.begin(), key.end(), '-', '_');
  return key;
}

}  // namespace retro
