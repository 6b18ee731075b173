// What the commands that take a game's solve parameters on the command line
// (`retro solve`, `retro check`) share: the per-game help text and the check
// that only the game's parameters and the command's own options are given.
#ifndef RETRO_CLI_GAME_PARAMETERS_H_
#define RETRO_CLI_GAME_PARAMETERS_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "cli/arguments.h"
#include "retro/game_module.h"

namespace retro::cli {

// "usage: retro <command> --game G [parameters] [options]", the game's
// summary, its solve parameters with defaults, then `host_options_help`.
std::string GameParametersHelp(const GameDescription& game, const std::string& command,
                               const char* host_options_help);

// Fails for an option given without its value, or one that is neither a
// solve parameter of `game` nor in `host_options` (e.g. "--threads"),
// listing the valid ones.
absl::Status CheckGameOptions(const Arguments& args, const GameDescription& game,
                              const std::vector<std::string>& host_options);

}  // namespace retro::cli

#endif  // RETRO_CLI_GAME_PARAMETERS_H_
