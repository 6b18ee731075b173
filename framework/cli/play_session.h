// What `retro play` and `retro match` share: loading a game's plugin with its
// play capability, the help text of its player options, and turning player
// specs into players, all destroyed in the safe order (players before the
// plugin whose code they run).
#ifndef RETRO_CLI_PLAY_SESSION_H_
#define RETRO_CLI_PLAY_SESSION_H_

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "cli/arguments.h"
#include "cli/option_table.h"
#include "retro/host/plugin_loader.h"
#include "retro/play.h"

namespace retro::cli {

// A game plugin that offers play, and the players created through it.
class PlaySession {
 public:
  // Loads the plugin of `game`; fails (InvalidArgument) when the game offers
  // no play.
  static absl::StatusOr<std::unique_ptr<PlaySession>> Load(
      const std::string& game, const std::vector<std::string>& plugin_dirs);

  PlayCapability& play() { return *play_; }
  const PlayDescription& description() const { return play_->DescribePlay(); }
  const std::string& game() const { return game_; }

  // Checks `spec` (CheckPlayerSpec; `what` names it in errors) and creates
  // the player, which lives as long as the session.
  absl::StatusOr<const Player*> CreatePlayer(const ParameterValues& spec, const std::string& what);

  // The player keys, one per line, for --help.
  std::string PlayerOptionsHelp() const;

 private:
  PlaySession() = default;
  std::string game_;
  std::unique_ptr<LoadedPlugin> plugin_;
  PlayCapability* play_ = nullptr;
  // Declared after plugin_, so destroyed before it.
  std::vector<std::unique_ptr<Player>> players_;
};

// The start `retro play` and `retro match` share: parses the arguments
// (the flags of the command's option table `options`, and --help), takes
// --game and loads the game's play session into `*session`. Sets `*args`;
// leaves `*session` null for --help without --game (the command prints its
// usage); --help with a game is left to the command too. Prints nothing.
absl::Status StartPlayCommand(int argc, char** argv, int first, const std::string& command,
                              std::span<const CommandOption> options, Arguments* args,
                              std::unique_ptr<PlaySession>* session);

}  // namespace retro::cli

#endif  // RETRO_CLI_PLAY_SESSION_H_
