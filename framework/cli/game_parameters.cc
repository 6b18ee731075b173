// The per-game help and option check of solve, check and perft; parameter lists.
#include "cli/game_parameters.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "cli/commands.h"
#include "cli/json_envelope.h"
#include "retro/status_macros.h"

namespace retro::cli {

void WriteParameterSpecs(JsonWriter& json, const std::vector<ParameterSpec>& specs) {
  json.BeginArray();
  for (const ParameterSpec& spec : specs) {
    json.BeginObject().Key("name").String(spec.name);
    json.Key("description").String(spec.description);
    json.Key("default").String(spec.default_value);
    json.Key("choices").BeginArray();
    for (const std::string& choice : spec.choices) json.String(choice);
    json.EndArray().EndObject();
  }
  json.EndArray();
}

namespace {

// "usage: retro <command> --game G [parameters] [options]", the game's
// summary, its solve parameters with defaults, then `host_options_help`.
std::string GameParametersHelp(const GameDescription& game, const std::string& command,
                               const std::string& host_options_help) {
  std::string text = absl::StrCat("usage: retro ", command, " --game ", game.name,
                                  " [parameters] [options]\n\n", game.summary, "\n");
  absl::StrAppend(&text, game.solve_parameters.empty()
                             ? absl::StrCat("\n", game.name, " takes no parameters.\n")
                             : absl::StrCat("\nparameters of ", game.name, ":\n"));
  absl::StrAppend(&text,
                  SpecHelpLines(game.solve_parameters, "  --", " ", 20, "", true, " [required]"),
                  "\noptions:\n", host_options_help);
  return text;
}

}  // namespace

absl::Status StartGameCommand(int argc, char** argv, int first, const std::string& command,
                              std::span<const CommandOption> options, const char* summary,
                              Arguments* args, std::unique_ptr<LoadedPlugin>* plugin,
                              std::string* help) {
  const std::string host_options_help = OptionsHelp(options);
  RETRO_ASSIGN_OR_RETURN(*args, ParseArguments(argc, argv, first, ParserFlags(options)));
  const std::optional<std::string> game_name = args->Take("game");
  RETRO_RETURN_IF_ERROR(args->MissingValueStatus());
  if (!game_name.has_value()) {
    if (args->Flag("help")) {
      *help = absl::StrCat(
          "usage: retro ", command, " --game G [game parameters] [options]\n\n", summary, "`retro ",
          command, " --game G --help` lists G's parameters.\n\noptions:\n", host_options_help);
      return absl::OkStatus();
    }
    return absl::InvalidArgumentError(
        absl::StrCat("retro ", command, " needs --game G (retro games lists the installed games)"));
  }
  RETRO_ASSIGN_OR_RETURN(*plugin, LoadGamePlugin(*game_name, PluginSearchDirs(args->plugin_dirs)));
  const GameDescription& game = (*plugin)->module().Describe();
  JsonEnvelope::Current().SetGame(game.name);
  if (args->Flag("help")) *help = GameParametersHelp(game, command, host_options_help);
  return absl::OkStatus();
}

std::string SpecHelpLines(const std::vector<ParameterSpec>& specs, absl::string_view prefix,
                          absl::string_view separator, size_t width, absl::string_view gap,
                          bool with_choices, absl::string_view no_default) {
  std::string text;
  for (const ParameterSpec& spec : specs) {
    std::string line = absl::StrCat(prefix, spec.name, separator, spec.value_name);
    if (line.size() < width) line.resize(width, ' ');
    absl::StrAppend(&text, line, gap, spec.description);
    if (with_choices && !spec.choices.empty()) {
      absl::StrAppend(&text, " (", absl::StrJoin(spec.choices, "|"), ")");
    }
    if (spec.default_value.empty()) {
      absl::StrAppend(&text, no_default, "\n");
    } else {
      absl::StrAppend(&text, " [default: ", spec.default_value, "]\n");
    }
  }
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
  return args.CheckLeftovers(known, absl::StrCat("game ", game.name), absl::StrJoin(valid, ", "));
}

}  // namespace retro::cli
