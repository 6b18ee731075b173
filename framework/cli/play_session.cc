// Loading a game's play capability and creating players for play and match.
#include "cli/play_session.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "cli/commands.h"
#include "cli/game_parameters.h"
#include "cli/json_envelope.h"
#include "retro/status_macros.h"

namespace retro::cli {

absl::StatusOr<std::unique_ptr<PlaySession>> PlaySession::Load(
    const std::string& game, const std::vector<std::string>& plugin_dirs) {
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<LoadedPlugin> plugin,
                         LoadGamePlugin(game, PluginSearchDirs(plugin_dirs)));
  JsonEnvelope::Current().SetGame(plugin->module().Describe().name);
  PlayCapability* play = plugin->module().Play();
  if (play == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(
        "game ", game,
        " does not offer play (retro play and retro match need a game plugin with the play "
        "capability); games that do: ",
        GamesThatOffer(plugin_dirs, [](GameModule& module) { return module.Play() != nullptr; })));
  }
  std::unique_ptr<PlaySession> session(new PlaySession());
  session->game_ = game;
  session->plugin_ = std::move(plugin);
  session->play_ = play;
  return session;
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
  return SpecHelpLines(description().player_options, "  ", "=", 20, " ");
}

absl::Status StartPlayCommand(int argc, char** argv, int first, const std::string& command,
                              std::span<const CommandOption> options, Arguments* args,
                              std::unique_ptr<PlaySession>* session) {
  RETRO_ASSIGN_OR_RETURN(*args, ParseArguments(argc, argv, first, ParserFlags(options)));
  const std::optional<std::string> name = args->Take("game");
  RETRO_RETURN_IF_ERROR(args->MissingValueStatus());
  if (!name.has_value()) {
    if (args->Flag("help")) return absl::OkStatus();
    return absl::InvalidArgumentError(
        absl::StrCat("retro ", command, " needs --game G (a game that offers play, e.g. oware)"));
  }
  RETRO_ASSIGN_OR_RETURN(*session, PlaySession::Load(*name, args->plugin_dirs));
  return absl::OkStatus();
}

}  // namespace retro::cli
