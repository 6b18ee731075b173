// What the commands that take a game's solve parameters on the command line
// (`retro solve`, `check`, `perft`) share: parsing up to the loaded plugin,
// the per-game help text and the check that only the game's parameters and
// the command's own options are given; and parameter lists as help lines
// and as JSON (`retro games`, `retro explore`).
#ifndef RETRO_CLI_GAME_PARAMETERS_H_
#define RETRO_CLI_GAME_PARAMETERS_H_

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "cli/arguments.h"
#include "cli/option_table.h"
#include "retro/game_module.h"
#include "retro/host/plugin_loader.h"
#include "retro/json_writer.h"

namespace retro::cli {

// Writes `specs` as the JSON array docs/json.md calls a parameter list:
// [{"name", "description", "default", "choices"}, ...].
void WriteParameterSpecs(JsonWriter& json, const std::vector<ParameterSpec>& specs);

// The start `retro solve`, `retro check` and `retro perft` share: parses
// the arguments (the flags of the command's option table `options`, and
// --help), takes --game, and loads that game's plugin. With --help,
// `*help` receives the general usage (`summary` and the options' help)
// without --game, the game's parameters with it, and nothing more is
// done. Sets `*args` and `*plugin` as far as it got. Prints nothing.
absl::Status StartGameCommand(int argc, char** argv, int first, const std::string& command,
                              std::span<const CommandOption> options, const char* summary,
                              Arguments* args, std::unique_ptr<LoadedPlugin>* plugin,
                              std::string* help);

// `specs` for a help text, one line each: `prefix`, the name, `separator`
// and the value name (e.g. "  --seeds N"), padded to `width` columns;
// `gap`, the description, the choices (when `with_choices`), and the
// default, or `no_default` when there is none.
std::string SpecHelpLines(const std::vector<ParameterSpec>& specs, absl::string_view prefix,
                          absl::string_view separator, size_t width, absl::string_view gap,
                          bool with_choices = true, absl::string_view no_default = "");

// Fails for an option given without its value, or one that is neither a
// solve parameter of `game` nor in `host_options` (e.g. "--threads"),
// listing the valid ones.
absl::Status CheckGameOptions(const Arguments& args, const GameDescription& game,
                              const std::vector<std::string>& host_options);

}  // namespace retro::cli

#endif  // RETRO_CLI_GAME_PARAMETERS_H_
