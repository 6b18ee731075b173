// `retro check --game G [game parameters]`: runs the game's contract check
// (GameModule::Check: indexer bijection, notation round trip, moves,
// take-backs) for the same parameters `retro solve` takes, and names the
// first offending position. Exit 0 when every check passes, 1 otherwise.
#include <chrono>
#include <cstdio>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "cli/commands.h"
#include "cli/format.h"
#include "cli/game_parameters.h"
#include "cli/json_envelope.h"
#include "cli/option_table.h"
#include "cli/progress_bar.h"
#include "retro/json_writer.h"
#include "retro/plugin.h"
#include "retro/status_macros.h"

namespace retro::cli {
namespace {

// The options of `retro check` besides the game's parameters.
constexpr CommandOption kHostOptions[] = {
    {"game", "  --game G          the game to check (see retro games)\n"},
    {"sample",
     "  --sample N        positions checked per slice; a slice of at most N\n"
     "                    indices is checked whole [default: 100000; 0: all]\n"},
    {"seed", "  --seed S          random seed of the sample [default: 1]\n"},
    kThreadsOption,
    {"json", "  --json            print the result as one JSON object\n", true},
    kPluginDirOption,
    {"progress", RETRO_CLI_PROGRESS_HELP},
};

}  // namespace

absl::StatusOr<int> RunCheck(int argc, char** argv, int first) {
  Arguments args;
  std::unique_ptr<LoadedPlugin> plugin;
  std::string help;
  RETRO_RETURN_IF_ERROR(
      StartGameCommand(argc, argv, first, "check", kHostOptions,
                       "Checks game G's contract with its solver for the parameters\n"
                       "`retro solve` takes: indexer bijection, notation round trip,\n"
                       "moves and take-backs; names the first offending position.\n",
                       &args, &plugin, &help));
  if (!help.empty()) return PrintUsage(help);
  GameModule& module = plugin->module();
  const GameDescription& game = module.Describe();
  CheckOptions options;
  const absl::Status sample = TakeIntOption(args, "sample", 0, INT64_MAX, &options.sample);
  const absl::Status seed = TakeIntOption(args, "seed", 0, INT64_MAX, &options.seed);
  auto threads = TakeThreads(args);
  auto style = TakeProgressStyle(args);
  RETRO_RETURN_IF_ERROR(CheckGameOptions(args, game, OptionNames(kHostOptions, "game")));
  RETRO_RETURN_IF_ERROR(style.status());
  RETRO_RETURN_IF_ERROR(sample);
  RETRO_RETURN_IF_ERROR(seed);
  RETRO_RETURN_IF_ERROR(threads.status());
  RETRO_ASSIGN_OR_RETURN(
      const ParameterValues values,
      ResolveParameters(game.solve_parameters, args.options, absl::StrCat("game ", game.name)));
  JsonEnvelope::Current().SetParameters({values.begin(), values.end()});
  // The same validation solve does (bad parameters fail the same way); a
  // solve too large for this machine can still be checked here (solve alone
  // refuses it): the check needs the rules, not the solver's memory.
  if (auto plan = module.Plan(values, {});
      !plan.ok() && !absl::IsResourceExhausted(plan.status())) {
    return plan.status();
  }

  const auto start = std::chrono::steady_clock::now();
  const absl::StatusOr<CheckResult> result = RunWithProgress(
      *threads, *style,
      [&](const WorkContext& context) { return module.Check(values, options, context); });
  RETRO_RETURN_IF_ERROR(result.status());
  const double seconds = SecondsSince(start);
  if (args.Flag("json")) {
    JsonWriter json;
    json.BeginObject().Key("indices").Uint(result->indices);
    json.Key("positions").Uint(result->positions);
    json.Key("checks").BeginObject();
    for (const CheckCount& check : result->checks) {
      json.Key(SnakeCase(check.name)).Uint(check.passed);
    }
    json.EndObject();
    if (!result->ok) {
      json.Key("failed_check").String(SnakeCase(result->failed_check));
      json.Key("first_failure").String(result->first_failure);
    }
    json.Key("seconds").Double(seconds).EndObject();
    PrintResultEnvelope(result->ok ? std::string()
                                   : absl::StrCat("the ", result->failed_check, " check failed at ",
                                                  EscapeControl(result->first_failure)),
                        json.Take());
  } else {
    for (const CheckCount& check : result->checks) {
      const bool failed = !result->ok && check.name == result->failed_check;
      std::printf("%s: %s (%s %s%s)\n", check.name.c_str(), failed ? "FAILED" : "ok",
                  Grouped(check.passed).c_str(),
                  check.name == "bijection" ? "indices" : "positions", failed ? " passed" : "");
    }
    if (!result->ok) {
      std::printf("first offending position: %s\n", EscapeControl(result->first_failure).c_str());
    }
    std::printf("checked %s indices (%s positions) of %s in %s\n", Grouped(result->indices).c_str(),
                Grouped(result->positions).c_str(), game.name.c_str(),
                HumanSeconds(seconds).c_str());
  }
  return result->ok ? kExitOk : kExitFailure;
}

}  // namespace retro::cli
