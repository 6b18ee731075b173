// Implementation of the command-line parser.
#include "cli/arguments.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace retro::cli {

std::optional<std::string> Arguments::Take(const std::string& name) {
  const auto it = options.find(name);
  if (it == options.end()) return std::nullopt;
  std::string value = std::move(it->second);
  options.erase(it);
  return value;
}

absl::StatusOr<Arguments> ParseArguments(int argc, char** argv, int first,
                                         const std::set<std::string>& flag_names) {
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
      if (i + 1 >= argc) {
        return absl::InvalidArgumentError(
            absl::StrCat("option --", name, " needs a value"));
      }
      value = argv[++i];
    }
    if (name == "plugin-dir") {
      args.plugin_dirs.push_back(*value);
      continue;
    }
    if (args.options.count(name) > 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("option --", name, " is given twice"));
    }
    args.options[name] = *value;
  }
  return args;
}

}  // namespace retro::cli
