// A command's own options written once, as a table: each option's name,
// whether it takes a value, and its lines of --help. The help text, the
// flags given to the parser and the list of valid options an unknown
// option's error names all come from the one table, so they cannot
// disagree.
#ifndef RETRO_CLI_OPTION_TABLE_H_
#define RETRO_CLI_OPTION_TABLE_H_

#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace retro::cli {

// One option of a command.
struct CommandOption {
  std::string_view name;  // without "--", e.g. "out"
  std::string_view help;  // its help lines, e.g. "  --out FILE        output file\n"
  bool flag = false;      // takes no value
};

// The options' help lines, in table order.
std::string OptionsHelp(std::span<const CommandOption> table);

// The names of the options that take no value.
std::set<std::string> FlagNames(std::span<const CommandOption> table);

// "--name" of each option but `except` (e.g. "game", taken before the
// others are checked), in table order: the valid options an error lists.
std::vector<std::string> OptionNames(std::span<const CommandOption> table,
                                     std::string_view except);

}  // namespace retro::cli

#endif  // RETRO_CLI_OPTION_TABLE_H_
