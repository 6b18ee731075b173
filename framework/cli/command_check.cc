// `retro check --game G [game parameters]`: runs the game's contract check
// (GameModule::Check: indexer bijection, notation round trip, moves,
// take-backs) for the same parameters `retro solve` takes, and names the
// first offending position. Exit 0 when every check passes, 1 otherwise.
#include <chrono>
#include <cstdio>
#include <string>

#include "absl/strings/str_cat.h"
#include "cli/commands.h"
#include "cli/format.h"
#include "cli/game_parameters.h"
#include "cli/progress_bar.h"
#include "retro/json_writer.h"
#include "retro/plugin.h"

namespace retro::cli {
namespace {

constexpr char kHostOptions[] =
    "  --game G          the game to check (see retro games)\n"
    "  --sample N        positions checked per slice; a slice of at most N\n"
    "                    indices is checked whole [default: 100000; 0: all]\n"
    "  --seed S          random seed of the sample [default: 1]\n"
    "  --threads N       worker threads [default: all hardware threads]\n"
    "  --json            print the result as one JSON object\n"
    "  --plugin-dir DIR  also look for plugins in DIR (repeatable)\n";

// Reads --sample and --seed into `options`.
absl::Status TakeCheckOptions(Arguments& args, CheckOptions* options) {
  ParameterValues numbers;
  if (auto sample = args.Take("sample")) numbers["sample"] = *sample;
  if (auto seed = args.Take("seed")) numbers["seed"] = *seed;
  if (numbers.count("sample")) {
    auto sample = GetIntParameter(numbers, "sample", 0, INT64_MAX);
    if (!sample.ok()) return sample.status();
    options->sample = *sample;
  }
  if (numbers.count("seed")) {
    auto seed = GetIntParameter(numbers, "seed", 0, INT64_MAX);
    if (!seed.ok()) return seed.status();
    options->seed = *seed;
  }
  return absl::OkStatus();
}

}  // namespace

int RunCheck(int argc, char** argv, int first) {
  auto args = ParseArguments(argc, argv, first, {"json", "help"});
  if (!args.ok()) return ReportError(args.status());
  const std::optional<std::string> game_name = args->Take("game");
  if (args->missing_value.has_value()) {
    return ReportError(absl::InvalidArgumentError("option --game needs a value"));
  }
  if (!game_name.has_value()) {
    if (args->Flag("help")) {
      std::printf("usage: retro check --game G [game parameters] [options]\n\n"
                  "Checks game G's contract with its solver for the parameters\n"
                  "`retro solve` takes: indexer bijection, notation round trip,\n"
                  "moves and take-backs; names the first offending position.\n"
                  "`retro check --game G --help` lists G's parameters.\n\noptions:\n%s",
                  kHostOptions);
      return kExitOk;
    }
    return ReportError(absl::InvalidArgumentError(
        "retro check needs --game G (retro games lists the installed games)"));
  }
  auto plugin = LoadGamePlugin(*game_name, PluginSearchDirs(args->plugin_dirs));
  if (!plugin.ok()) return ReportError(plugin.status());
  GameModule& module = (*plugin)->module();
  const GameDescription& game = module.Describe();
  if (args->Flag("help")) {
    std::fputs(GameParametersHelp(game, "check", kHostOptions).c_str(), stdout);
    return kExitOk;
  }
  CheckOptions options;
  const absl::Status numbers = TakeCheckOptions(*args, &options);
  auto threads = TakeThreads(*args);
  if (auto s = CheckGameOptions(*args, game,
                                {"--sample", "--seed", "--threads", "--json", "--plugin-dir"});
      !s.ok()) {
    return ReportError(s);
  }
  if (!numbers.ok()) return ReportError(numbers);
  if (!threads.ok()) return ReportError(threads.status());
  auto values = ResolveParameters(game.solve_parameters, args->options,
                                  absl::StrCat("game ", game.name));
  if (!values.ok()) return ReportError(values.status());
  // The same validation solve does (bad parameters fail the same way).
  if (auto plan = module.Plan(*values); !plan.ok()) return ReportError(plan.status());

  const auto start = std::chrono::steady_clock::now();
  absl::StatusOr<CheckResult> result;
  {
    ThreadPool pool(*threads);
    Progress progress;
    ProgressBar bar(progress, StderrIsTerminal());
    result = module.Check(*values, options, WorkContext{&pool, &progress});
  }
  if (!result.ok()) return ReportError(result.status());
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (args->Flag("json")) {
    JsonWriter json;
    json.BeginObject().Key("game").String(game.name).Key("ok").Bool(result->ok);
    json.Key("indices").Uint(result->indices).Key("positions").Uint(result->positions);
    json.Key("checks").BeginObject();
    for (const CheckCount& check : result->checks) json.Key(check.name).Uint(check.passed);
    json.EndObject();
    if (!result->ok) {
      json.Key("failed_check").String(result->failed_check);
      json.Key("first_failure").String(result->first_failure);
    }
    json.Key("seconds").Double(seconds).EndObject();
    std::printf("%s\n", json.Take().c_str());
  } else {
    for (const CheckCount& check : result->checks) {
      const bool failed = !result->ok && check.name == result->failed_check;
      std::printf("%s: %s (%s %s%s)\n", check.name.c_str(), failed ? "FAILED" : "ok",
                  Grouped(check.passed).c_str(),
                  check.name == "bijection" ? "indices" : "positions",
                  failed ? " passed" : "");
    }
    if (!result->ok) {
      std::printf("first offending position: %s\n",
                  EscapeControl(result->first_failure).c_str());
    }
    std::printf("checked %s indices (%s positions) of %s in %s\n",
                Grouped(result->indices).c_str(), Grouped(result->positions).c_str(),
                game.name.c_str(), HumanSeconds(seconds).c_str());
  }
  return result->ok ? kExitOk : kExitFailure;
}

}  // namespace retro::cli
