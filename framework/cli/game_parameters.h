// What the commands that take a game's solve parameters on the command line
// (`retro solve`, `retro check`) share: parsing up to the loaded plugin, the
// per-game help text and the check that only the game's parameters and the
// command's own options are given; and a game's parameters as JSON (`retro
// games`, `retro explore`).
#ifndef RETRO_CLI_GAME_PARAMETERS_H_
#define RETRO_CLI_GAME_PARAMETERS_H_

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "cli/arguments.h"
#include "retro/game_module.h"
#include "retro/host/plugin_loader.h"
#include "retro/json_writer.h"

namespace retro::cli {

// Writes `specs` as the JSON array docs/json.md calls a parameter list:
// [{"name", "description", "default", "choices"}, ...].
void WriteParameterSpecs(JsonWriter& json, const std::vector<ParameterSpec>& specs);

// The start `retro solve` and `retro check` share: parses the arguments
// (flags --json, --help and `extra_flags`), takes --game, and loads that
// game's plugin. With --help, `*help` receives the general usage
// (`summary` and `host_options_help`) without --game, the game's
// parameters with it, and nothing more is done. Otherwise `*args` and
// `*plugin` are set. Prints nothing.
absl::Status StartGameCommand(int argc, char** argv, int first, const std::string& command,
                              const std::set<std::string>& extra_flags, const char* summary,
                              const char* host_options_help, Arguments* args,
                              std::unique_ptr<LoadedPlugin>* plugin, std::string* help);

// StartGameCommand, then the help printed or the error reported. Returns
// the exit status the command must return now, or nullopt with `*args` and
// `*plugin` set.
std::optional<int> BeginGameCommand(int argc, char** argv, int first, const std::string& command,
                                    const std::set<std::string>& extra_flags,
                                    const char* summary, const char* host_options_help,
                                    Arguments* args, std::unique_ptr<LoadedPlugin>* plugin);

// `specs` for a help text, one line each: `indent`, "--name VALUE" padded
// to `width` columns (indent included), the description, the choices, and
// the default or " [required]".
std::string ParameterHelpLines(const std::vector<ParameterSpec>& specs, const std::string& indent,
                               size_t width);

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
