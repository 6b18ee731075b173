// The per-game help and option check of `retro solve` and `retro check`.
#include "cli/game_parameters.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace retro::cli {

std::string GameParametersHelp(const GameDescription& game, const std::string& command,
                               const char* host_options_help) {
  std::string text = absl::StrCat("usage: retro ", command, " --game ", game.name,
                                  " [parameters] [options]\n\n", game.summary, "\n");
  absl::StrAppend(&text, game.solve_parameters.empty()
                             ? absl::StrCat("\n", game.name, " takes no parameters.\n")
                             : absl::StrCat("\nparameters of ", game.name, ":\n"));
  for (const ParameterSpec& spec : game.solve_parameters) {
    std::string line = absl::StrCat("  --", spec.name, " ", spec.value_name);
    if (line.size() < 20) line.resize(20, ' ');
    absl::StrAppend(&text, line, spec.description);
    if (!spec.choices.empty()) absl::StrAppend(&text, " (", absl::StrJoin(spec.choices, "|"), ")");
    absl::StrAppend(&text, spec.default_value.empty()
                               ? std::string(" [required]")
                               : absl::StrCat(" [default: ", spec.default_value, "]"),
                    "\n");
  }
  absl::StrAppend(&text, "\noptions:\n", host_options_help);
  return text;
}

absl::Status CheckGameOptions(const Arguments& args, const GameDescription& game,
                              const std::vector<std::string>& host_options) {
  std::vector<std::string> valid;
  std::set<std::string> known;
  for (const ParameterSpec& spec : game.solve_parameters) {
    valid.push_back("--" + spec.name);
    known.insert(spec.name);
  }
  valid.insert(valid.end(), host_options.begin(), host_options.end());
  return args.CheckLeftovers(known, absl::StrCat("game ", game.name),
                             absl::StrJoin(valid, ", "));
}

}  // namespace retro::cli
