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

// Options several commands take alike, with their help lines at the
// column most tables use.
inline constexpr CommandOption kPluginDirOption = {
    "plugin-dir", "  --plugin-dir DIR  also look for plugins in DIR (repeatable)\n"};
inline constexpr CommandOption kThreadsOption = {
    "threads", "  --threads N       worker threads [default: all hardware threads]\n"};
inline constexpr CommandOption kJsonOption = {"json", "  --json            one JSON object\n",
                                              true};

// The options' help lines, in table order.
std::string OptionsHelp(std::span<const CommandOption> table);

// "--name" of each option but `except` (e.g. "game", taken before the
// others are checked), in table order: the valid options an error lists.
std::vector<std::string> OptionNames(std::span<const CommandOption> table, std::string_view except);

// "--name" of every option of `table`, joined by ", ": the valid options an
// unknown option's error lists, for a command that takes no others.
std::string OptionList(std::span<const CommandOption> table);

// The flags to give the parser: the options that take no value, and
// "help", which every command takes.
std::set<std::string> ParserFlags(std::span<const CommandOption> table);

// A command's --help: `head` (its usage line and what it does), its
// options' help lines, then `tail`.
std::string UsageText(std::string_view head, std::span<const CommandOption> table,
                      std::string_view tail = {});

}  // namespace retro::cli

#endif  // RETRO_CLI_OPTION_TABLE_H_
