// `retro perft --game G --position P --depth D`: leaf count of the move tree.
#include <chrono>
#include <cstdio>
#include <string>

#include "absl/strings/str_cat.h"
#include "cli/commands.h"
#include "cli/json_envelope.h"
#include "cli/option_table.h"
#include "retro/json_writer.h"
#include "retro/parameters.h"

namespace retro::cli {
namespace {

constexpr char kUsageHead[] =
    "usage: retro perft --game G --position P --depth D [--json] [--threads N]\n"
    "\n"
    "Counts the leaf nodes of the move tree of P to depth D (a move-generator\n"
    "check against published counts).\n";

// The options of `retro perft`.
constexpr CommandOption kOptions[] = {
    {"game", "  --game G          the game\n"},
    {"position", "  --position P      the root position, in the game's notation\n"},
    {"depth", "  --depth D         plies, 0..64\n"},
    kJsonOption,
    kThreadsOption,
    kPluginDirOption,
};

}  // namespace

int RunPerft(int argc, char** argv, int first) {
  Arguments parsed;
  if (const std::optional<int> done =
          BeginCommand(argc, argv, first, kOptions, UsageText(kUsageHead, kOptions), &parsed)) {
    return *done;
  }
  Arguments* args = &parsed;
  const std::optional<std::string> game = args->Take("game");
  const absl::StatusOr<std::optional<std::string>> taken = TakePosition(*args, "");
  if (!taken.ok()) return ReportError(taken.status());
  const std::optional<std::string>& position = *taken;
  const std::optional<std::string> depth_text = args->Take("depth");
  auto threads = TakeThreads(*args);
  if (auto s = RejectLeftoverOptions(*args, "perft", OptionList(kOptions)); !s.ok()) {
    return ReportError(s);
  }
  if (!threads.ok()) return ReportError(threads.status());
  if (!game || !position || !depth_text) {
    return ReportError(absl::InvalidArgumentError(
        "retro perft needs --game G, --position P and --depth D"));
  }
  auto depth = GetIntParameter({{"depth", *depth_text}}, "depth", 0, 64);
  if (!depth.ok()) return ReportError(depth.status());
  auto plugin = LoadGamePlugin(*game, PluginSearchDirs(args->plugin_dirs));
  if (!plugin.ok()) return ReportError(plugin.status());
  JsonEnvelope::Current().SetGame((*plugin)->module().Describe().name);
  if (!(*plugin)->module().Describe().supports_perft) {
    return ReportError(absl::InvalidArgumentError(absl::StrCat(
        "game ", *game, " does not offer perft (it has no move tree to count); games that do: ",
        GamesThatOffer(args->plugin_dirs,
                       [](GameModule& module) { return module.Describe().supports_perft; }))));
  }
  ThreadPool pool(*threads);
  Progress progress;
  const auto start = std::chrono::steady_clock::now();
  auto count = (*plugin)->module().Perft(*position, static_cast<int>(*depth),
                                         WorkContext{&pool, &progress});
  if (!count.ok()) return ReportError(count.status());
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (args->Flag("json")) {
    JsonWriter json;
    json.BeginObject().Key("position").String(*position);
    json.Key("depth").Int(*depth).Key("nodes").Uint(*count).Key("seconds").Double(seconds);
    json.EndObject();
    JsonEnvelope::Current().PrintSuccess(json.Take());
  } else {
    std::printf("%llu\n", static_cast<unsigned long long>(*count));
  }
  return kExitOk;
}

}  // namespace retro::cli
