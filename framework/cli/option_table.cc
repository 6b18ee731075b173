// The help, flags and valid names of a command's option table.
#include "cli/option_table.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace retro::cli {

std::string OptionsHelp(std::span<const CommandOption> table) {
  std::string text;
  for (const CommandOption& option : table) text.append(option.help);
  return text;
}

std::vector<std::string> OptionNames(std::span<const CommandOption> table,
                                     std::string_view except) {
  std::vector<std::string> names;
  for (const CommandOption& option : table) {
    if (option.name != except) names.push_back("--" + std::string(option.name));
  }
  return names;
}

std::string OptionList(std::span<const CommandOption> table) {
  return absl::StrJoin(OptionNames(table, {}), ", ");
}

std::set<std::string> ParserFlags(std::span<const CommandOption> table) {
  std::set<std::string> flags = {"help"};
  for (const CommandOption& option : table) {
    if (option.flag) flags.emplace(option.name);
  }
  return flags;
}

std::string UsageText(std::string_view head, std::span<const CommandOption> table,
                      std::string_view tail) {
  return absl::StrCat(absl::string_view(head.data(), head.size()), OptionsHelp(table),
                      absl::string_view(tail.data(), tail.size()));
}

}  // namespace retro::cli
