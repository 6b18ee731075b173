// Loading a game's play capability and creating players for play and match.
#include "cli/play_session.h"

#include <cstdio>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "cli/commands.h"
#include "cli/game_parameters.h"
#include "cli/json_envelope.h"

namespace retro::cli {

absl::StatusOr<std::unique_ptr<PlaySession>> PlaySession::Load(
    const std::string& game, const std::vector<std::string>& plugin_dirs) {
  auto plugin = LoadGamePlugin(game, PluginSearchDirs(plugin_dirs));
  if (plugin.ok()) JsonEnvelope::Current().SetGame((*plugin)->module().Describe().name);
  if (!plugin.ok()) return plugin.status();
  PlayCapability* play = (*plugin)->module().Play();
  if (play == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(
        "game ", game,
        " does not offer play (retro play and retro match need a game plugin with the play "
        "capability); games that do: ",
        GamesThatOffer(plugin_dirs, [](GameModule& module) { return module.Play() != nullptr; })));
  }
  std::unique_ptr<PlaySession> session(new PlaySession());
  session->game_ = game;
  session->plugin_ = std::move(*plugin);
  session->play_ = play;
  return session;
}

PlaySession::~PlaySession() {
  players_.clear();
  plugin_.reset();
}

absl::StatusOr<const Player*> PlaySession::CreatePlayer(const ParameterValues& spec,
                                                        const std::string& what) {
  if (absl::Status s = CheckPlayerSpec(description(), spec, what); !s.ok()) return s;
  absl::StatusOr<std::unique_ptr<Player>> player = play_->CreatePlayer(spec);
  if (!player.ok()) {
    return absl::Status(player.status().code(),
                        absl::StrCat(what, ": ", player.status().message()));
  }
  players_.push_back(*std::move(player));
  return players_.back().get();
}

std::string PlaySession::PlayerOptionsHelp() const {
  std::string text;
  for (const ParameterSpec& spec : description().player_options) {
    absl::StrAppend(
        &text, SpecHelpLine(absl::StrCat("  ", spec.name, "=", spec.value_name), 20, " ", spec),
        "\n");
  }
  return text;
}

std::optional<int> BeginPlayCommand(int argc, char** argv, int first, const std::string& command,
                                    std::span<const CommandOption> options,
                                    const std::string& usage, Arguments* args, std::string* game,
                                    std::unique_ptr<PlaySession>* session) {
  auto parsed = ParseArguments(argc, argv, first, ParserFlags(options));
  if (!parsed.ok()) return ReportError(parsed.status());
  *args = std::move(*parsed);
  const std::optional<std::string> name = args->Take("game");
  if (absl::Status missing = args->MissingValueStatus(); !missing.ok()) {
    return ReportError(missing);
  }
  if (!name.has_value()) {
    if (args->Flag("help")) {
      std::fputs(usage.c_str(), stdout);
      return kExitOk;
    }
    return ReportError(absl::InvalidArgumentError(
        absl::StrCat("retro ", command, " needs --game G (a game that offers play, e.g. oware)")));
  }
  *game = *name;
  auto loaded = PlaySession::Load(*game, args->plugin_dirs);
  if (!loaded.ok()) return ReportError(loaded.status());
  *session = std::move(*loaded);
  return std::nullopt;
}

}  // namespace retro::cli
