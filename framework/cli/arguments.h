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

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace retro::cli {

struct Arguments {
  std::map<std::string, std::string> options;  // --name value, --name=value
  std::set<std::string> flags;                 // --json, --help
  std::vector<std::string> plugin_dirs;        // --plugin-dir, repeatable
  // Values of the options the command declared repeatable, in order.
  std::map<std::string, std::vector<std::string>> repeated;
  // Options written without a value (last word, or followed by another
  // --option). Whether that is a missing value or an unknown option is
  // decided once the command knows all its options (CheckLeftovers).
  std::set<std::string> without_value;
  // The first known option found without its value (set by Take).
  std::optional<std::string> missing_value;

  bool Flag(const std::string& name) const { return flags.count(name) > 0; }
  // Removes and returns option `name`, if given. An option `name` given
  // without a value is recorded in missing_value and gives nullopt.
  std::optional<std::string> Take(const std::string& name);
  // Removes and returns every value of repeatable option `name` (none when
  // absent); like Take for a value left out.
  std::vector<std::string> TakeAll(const std::string& name);
  // Fails for missing_value ("option --NAME needs a value"), if set.
  absl::Status MissingValueStatus() const;
  // Fails for the first known option given without a value, then for the
  // first option that is neither taken nor in `known` (names without
  // "--"), naming it as unknown for `context` and listing `valid`.
  absl::Status CheckLeftovers(const std::set<std::string>& known, const std::string& context,
                              const std::string& valid) const;
};

// Parses argv[first..argc). `flag_names` are options that take no value.
// Every other option needs a value: the next word, unless that is another
// --option; positional words are errors. An option given twice is an error
// unless it is in `repeatable` (its values go to Arguments::repeated).
absl::StatusOr<Arguments> ParseArguments(int argc, char** argv, int first,
                                         const std::set<std::string>& flag_names,
                                         const std::set<std::string>& repeatable = {});

}  // namespace retro::cli

#endif  // RETRO_CLI_ARGUMENTS_H_
