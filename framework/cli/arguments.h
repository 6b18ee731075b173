// The `retro` command line: `retro <command> [--option value | --flag]...`.
// The host owns the command line; game parameters arrive as options whose
// names the host does not know, and are checked against the plugin's
// ParameterSpecs (retro/parameters.h).
#ifndef RETRO_CLI_ARGUMENTS_H_
#define RETRO_CLI_ARGUMENTS_H_

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace retro::cli {

struct Arguments {
  std::map<std::string, std::string> options;  // --name value, --name=value
  std::set<std::string> flags;                 // --json, --help
  std::vector<std::string> plugin_dirs;        // --plugin-dir, repeatable

  bool Flag(const std::string& name) const { return flags.count(name) > 0; }
  // Removes and returns option `name`, if given.
  std::optional<std::string> Take(const std::string& name);
};

// Parses argv[first..argc). `flag_names` are options that take no value.
// Every other option needs a value; positional words are errors.
absl::StatusOr<Arguments> ParseArguments(int argc, char** argv, int first,
                                         const std::set<std::string>& flag_names);

}  // namespace retro::cli

#endif  // RETRO_CLI_ARGUMENTS_H_
