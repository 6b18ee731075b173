// `retro perft --game G --position P --depth D [game parameters]`: leaf
// count of the move tree, under the rules of the game's parameters (those
// `retro solve` takes, with their defaults).
#include <chrono>
#include <string>

#include "absl/strings/str_cat.h"
#include "cli/commands.h"
#include "cli/game_parameters.h"
#include "cli/json_envelope.h"
#include "cli/option_table.h"
#include "cli/progress_bar.h"
#include "retro/json_writer.h"
#include "retro/parameters.h"
#include "retro/status_macros.h"

namespace retro::cli {
namespace {

// The options of `retro perft` besides the game's parameters.
constexpr CommandOption kHostOptions[] = {
    {"game", "  --game G          the game\n"},
    {"position", "  --position P      the root position, in the game's notation\n"},
    {"depth", "  --depth D         plies, 0..64\n"},
    kJsonOption,
    kThreadsOption,
    kPluginDirOption,
};

}  // namespace

absl::StatusOr<int> RunPerft(int argc, char** argv, int first) {
  Arguments args;
  std::unique_ptr<LoadedPlugin> plugin;
  std::string help;
  RETRO_RETURN_IF_ERROR(
      StartGameCommand(argc, argv, first, "perft", kHostOptions,
                       "Counts the leaf nodes of the move tree of P to depth D (a move-generator\n"
                       "check against published counts), under the rules of the game's\n"
                       "parameters.\n",
                       &args, &plugin, &help));
  if (!help.empty()) return PrintUsage(help);
  GameModule& module = plugin->module();
  const GameDescription& game = module.Describe();
  RETRO_ASSIGN_OR_RETURN(const std::optional<std::string> position, TakePosition(args, ""));
  const std::optional<std::string> depth_text = args.Take("depth");
  auto threads = TakeThreads(args);
  RETRO_RETURN_IF_ERROR(CheckGameOptions(args, game, OptionNames(kHostOptions, "game")));
  RETRO_RETURN_IF_ERROR(threads.status());
  if (!position || !depth_text) {
    return absl::InvalidArgumentError("retro perft needs --game G, --position P and --depth D");
  }
  RETRO_ASSIGN_OR_RETURN(const int64_t depth,
                         GetIntParameter({{"depth", *depth_text}}, "depth", 0, 64));
  if (!game.supports_perft) {
    return absl::InvalidArgumentError(absl::StrCat(
        "game ", game.name, " does not offer perft (it has no move tree to count); games that do: ",
        GamesThatOffer(args.plugin_dirs,
                       [](GameModule& module) { return module.Describe().supports_perft; })));
  }
  RETRO_ASSIGN_OR_RETURN(
      const ParameterValues values,
      ResolveParameters(game.solve_parameters, args.options, absl::StrCat("game ", game.name)));
  JsonEnvelope::Current().SetParameters({values.begin(), values.end()});
  ThreadPool pool(*threads);
  Progress progress;
  const auto start = std::chrono::steady_clock::now();
  RETRO_ASSIGN_OR_RETURN(
      const uint64_t count,
      module.Perft(values, *position, static_cast<int>(depth), WorkContext{&pool, &progress}));
  const double seconds = SecondsSince(start);
  JsonWriter json;
  json.BeginObject().Key("position").String(*position);
  json.Key("depth").Int(depth).Key("nodes").Uint(count).Key("seconds").Double(seconds);
  json.EndObject();
  return PrintReport({.text = absl::StrCat(count), .line = {}, .json = json.Take()},
                     args.Flag("json"));
}

}  // namespace retro::cli
