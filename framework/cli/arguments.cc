// Implementation of the command-line parser.
#include "cli/arguments.h"

#include <string_view>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace retro::cli {

std::optional<std::string> Arguments::Take(const std::string& name) {
  if (without_value.erase(name) > 0 && !missing_value.has_value()) missing_value = name;
  auto node = options.extract(name);
  if (node.empty()) return std::nullopt;
  return std::move(node.mapped());
}

std::vector<std::string> Arguments::TakeAll(const std::string& name) {
  if (without_value.erase(name) > 0 && !missing_value.has_value()) missing_value = name;
  auto node = repeated.extract(name);
  return node.empty() ? std::vector<std::string>() : std::move(node.mapped());
}

absl::Status Arguments::MissingValueStatus() const {
  if (!missing_value.has_value()) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat("option --", *missing_value, " needs a value"));
}

absl::Status Arguments::CheckLeftovers(const std::set<std::string>& known,
                                       const std::string& context,
                                       const std::string& valid) const {
  std::optional<std::string> missing = missing_value;
  for (const std::string& name : without_value) {
    if (!missing.has_value() && known.count(name) > 0) missing = name;
  }
  if (missing.has_value()) {
    return absl::InvalidArgumentError(absl::StrCat("option --", *missing, " needs a value"));
  }
  // The unknown options: given without a value, repeated, then the others.
  std::vector<std::string> given(without_value.begin(), without_value.end());
  for (const auto& [name, values] : repeated) given.push_back(name);
  for (const auto& [name, value] : options) given.push_back(name);
  for (const std::string& name : given) {
    if (known.count(name) == 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("unknown option --", name, " for ", context, "; valid: ", valid));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<Arguments> ParseArguments(int argc, char** argv, int first,
                                         const std::set<std::string>& flag_names,
                                         const std::set<std::string>& repeatable) {
  Arguments args;
  for (int i = first; i < argc; ++i) {
    std::string word = argv[i];
    if (word == "-h") word = "--help";
    if (word.size() < 3 || word.rfind("--", 0) != 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "unexpected argument '", word, "' (options are written --name value)"));
    }
    std::string name = word.substr(2);
    std::optional<std::string> value;
    if (const size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    if (flag_names.count(name) > 0) {
      if (value.has_value()) {
        return absl::InvalidArgumentError(
            absl::StrCat("option --", name, " takes no value"));
      }
      args.flags.insert(name);
      continue;
    }
    if (!value.has_value()) {
      // A following --option is not this option's value: either the value
      // is missing or this option is unknown, which the command decides.
      if (i + 1 >= argc || std::string_view(argv[i + 1]).rfind("--", 0) == 0) {
        if (name == "plugin-dir") {
          return absl::InvalidArgumentError("option --plugin-dir needs a value");
        }
        if (args.options.count(name) > 0 || args.repeated.count(name) > 0 ||
            !args.without_value.insert(name).second) {
          return absl::InvalidArgumentError(absl::StrCat("option --", name, " is given twice"));
        }
        continue;
      }
      value = argv[++i];
    }
    if (name == "plugin-dir") {
      args.plugin_dirs.push_back(*value);
      continue;
    }
    if (repeatable.count(name) > 0 && args.without_value.count(name) == 0) {
      args.repeated[name].push_back(*value);
      continue;
    }
    if (args.options.count(name) > 0 || args.without_value.count(name) > 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("option --", name, " is given twice"));
    }
    args.options[name] = *value;
  }
  return args;
}

}  // namespace retro::cli
