// `retro games`: the installed plugins, their descriptions and parameters.
// A plugin that fails to load, or holds a game under another file name or a
// game already listed, is reported on stderr; the others still list.
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/commands.h"
#include "cli/game_parameters.h"
#include "cli/json_envelope.h"
#include "cli/option_table.h"
#include "retro/json_writer.h"
#include "retro/play.h"
#include "retro/status_macros.h"

namespace retro::cli {
namespace {

constexpr char kUsageHead[] =
    "usage: retro games [--json] [--plugin-dir DIR]\n"
    "\n"
    "Lists the installed game plugins with their parameters, each game once\n"
    "(from its file retro_<game>.so, the first in the search order); other\n"
    "plugin files are reported on stderr as skipped.\n";

// The options of `retro games`.
constexpr CommandOption kOptions[] = {
    {"json", "  --json            one JSON object: {\"games\": [...], \"broken\": [...]}\n", true},
    kPluginDirOption,
};

// `specs` under `title`, one line each (nothing when there are none).
std::string ParameterLines(const char* title, const std::vector<ParameterSpec>& specs) {
  return absl::StrCat(specs.empty() ? "" : title, SpecHelpLines(specs, "      --", " ", 30, " "));
}

// Why the plugin at `path`, which loaded and holds game `name`, is not
// listed: its file is not the one --game loads (retro_<name>.so), or a
// plugin of that game is already listed (the first in search order wins).
std::optional<std::string> NotListed(const std::string& path, const std::string& name,
                                     const std::map<std::string, std::string>& listed) {
  const std::string file_name = std::filesystem::path(path).filename().string();
  const std::string expected = absl::StrCat("retro_", name, ".so");
  if (file_name != expected) {
    return absl::StrCat(path, " holds game '", name, "', but its file is not named ", expected,
                        " (the file retro --game ", name, " loads); rename or remove it");
  }
  if (auto it = listed.find(name); it != listed.end()) {
    return absl::StrCat(path, " holds game '", name, "', already loaded from ", it->second,
                        " (earlier in the plugin search order)");
  }
  return std::nullopt;
}

}  // namespace

absl::StatusOr<int> RunGames(int argc, char** argv, int first) {
  RETRO_ASSIGN_OR_RETURN(Arguments args, ParseArguments(argc, argv, first, ParserFlags(kOptions)));
  if (args.Flag("help")) return PrintUsage(UsageText(kUsageHead, kOptions));
  RETRO_RETURN_IF_ERROR(RejectLeftoverOptions(args, "games", OptionList(kOptions)));
  JsonWriter json;
  json.BeginObject().Key("games").BeginArray();
  std::vector<std::pair<std::string, std::string>> broken;
  std::string text;
  std::map<std::string, std::string> listed;  // game name -> its plugin file
  for (const std::string& path : FindPluginFiles(PluginSearchDirs(args.plugin_dirs))) {
    auto plugin = LoadPlugin(path);
    if (!plugin.ok()) {
      broken.emplace_back(path, std::string(plugin.status().message()));
      continue;
    }
    const GameDescription& game = (*plugin)->module().Describe();
    if (std::optional<std::string> why = NotListed(path, game.name, listed)) {
      broken.emplace_back(path, *why);
      continue;
    }
    listed.emplace(game.name, path);
    json.BeginObject().Key("name").String(game.name);
    json.Key("summary").String(game.summary);
    json.Key("plugin").String(path);
    json.Key("data_version").Uint(game.data_version);
    json.Key("position").String(game.position_syntax);
    json.Key("perft").Bool(game.supports_perft);
    WriteParameterSpecs(json.Key("solve_parameters"), game.solve_parameters);
    WriteParameterSpecs(json.Key("probe_parameters"), game.probe_parameters);
    // retro play / retro match: the player keys, or null.
    const PlayCapability* play = (*plugin)->module().Play();
    json.Key("play");
    if (play == nullptr) {
      json.Null();
    } else {
      json.BeginObject();
      WriteParameterSpecs(json.Key("player_keys"), play->DescribePlay().player_options);
      WriteParameterSpecs(json.Key("position_options"), play->DescribePlay().position_options);
      json.EndObject();
    }
    json.EndObject();
    absl::StrAppend(&text, absl::StrFormat("%-12s", game.name), game.summary, "\n");
    absl::StrAppend(&text, "    position: ", game.position_syntax, "\n");
    absl::StrAppend(&text, ParameterLines("    solve parameters:\n", game.solve_parameters),
                    ParameterLines("    probe parameters:\n", game.probe_parameters));
    if (play != nullptr) {
      absl::StrAppend(&text, "    play (retro play, retro match): player keys, as KEY=VALUE,...:\n",
                      ParameterLines("", play->DescribePlay().player_options));
    }
  }
  json.EndArray().Key("broken").BeginArray();
  for (const auto& [path, error] : broken) {
    json.BeginObject().Key("plugin").String(path).Key("error").String(error).EndObject();
    std::fprintf(stderr, "retro: warning: skipped a plugin: %s\n", error.c_str());
  }
  json.EndArray().EndObject();
  if (args.Flag("json")) {
    JsonEnvelope::Current().PrintSuccess(json.Take());
  } else if (text.empty()) {
    std::printf("no game plugins found\n");
  } else {
    std::fputs(text.c_str(), stdout);
  }
  return kExitOk;
}

}  // namespace retro::cli
