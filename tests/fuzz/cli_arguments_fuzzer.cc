// Fuzz target: the parameter parsing of every `retro` command. The input is
// a command line, one word per line ("solve\n--game\noware\n--seeds\n3").
// It goes through what the commands parse with (cli/arguments.h,
// cli/commands.h, cli/game_parameters.h, retro/parameters.h, retro/play.h)
// up to the plugin's own validation (Plan, CreatePlayer), and stops before
// anything runs: no solve, search, check or file access.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "cli/arguments.h"
#include "cli/commands.h"
#include "cli/game_parameters.h"
#include "retro/parameters.h"
#include "retro/play.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

using retro::GameModule;
using retro::ParameterValues;
using retro::cli::Arguments;

// The options of `retro play` and `retro match` that are player specs.
void ParsePlayers(Arguments& args, GameModule& module) {
  retro::PlayCapability* play = module.Play();
  if (play == nullptr) return;
  const retro::PlayDescription& description = play->DescribePlay();
  for (const char* option : {"player", "a", "b"}) {
    const std::optional<std::string> text = args.Take(option);
    if (!text.has_value()) continue;
    auto spec = retro::ParsePlayerSpec(*text);
    if (!spec.ok() || !retro::CheckPlayerSpec(description, *spec, option).ok()) continue;
    // A player naming a database would open a file: only the others.
    if (spec->count(description.database_key) == 0) (void)play->CreatePlayer(*spec);
  }
  ParameterValues given;
  for (const retro::ParameterSpec& option : description.position_options) {
    if (std::optional<std::string> value = args.Take(option.name)) given[option.name] = *value;
  }
  (void)retro::ResolveParameters(description.position_options, given, "fuzz");
}

// The options every command reads as numbers.
void ParseNumbers(Arguments& args) {
  uint64_t value = 0;
  (void)retro::cli::TakeThreads(args);
  (void)retro::cli::TakeIntOption(args, "sample", 0, INT64_MAX, &value);
  (void)retro::cli::TakeIntOption(args, "seed", 0, INT64_MAX, &value);
  (void)retro::cli::TakeIntOption(args, "games", 0, 1'000'000'000, &value);
  (void)retro::cli::TakeIntOption(args, "depth", 0, 64, &value);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace retro;
  std::vector<std::string> words =
      absl::StrSplit(std::string(reinterpret_cast<const char*>(data), size), '\n');
  static const std::set<std::string> kCommands{"games", "solve", "probe",  "stats", "verify",
                                               "perft", "check", "play", "match"};
  if (kCommands.count(words[0]) == 0) return -1;
  const std::string& command = words[0];
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  std::set<std::string> flags{"json", "help"};
  if (command == "solve") flags.insert({"no-check", "resume", "no-checkpoint"});
  auto parsed = cli::ParseArguments(static_cast<int>(argv.size()), argv.data(), 1, flags);
  if (!parsed.ok()) return 0;
  Arguments& args = *parsed;
  // The game: --game, or for the database commands the game whose name the
  // --db value is (standing for a database of that game).
  std::optional<std::string> game_name = args.Take("game");
  if (const std::optional<std::string> db = args.Take("db")) game_name = db;
  (void)args.Take("position");
  (void)args.Take("out");
  ParseNumbers(args);
  GameModule* module = game_name.has_value() ? fuzz::FindGame(*game_name) : nullptr;
  if (module == nullptr) {
    (void)cli::RejectLeftoverOptions(args, command, "--game, --db");
    return 0;
  }
  const GameDescription& game = module->Describe();
  if (command == "play" || command == "match") ParsePlayers(args, *module);
  if (command == "probe") {
    std::set<std::string> known;
    for (const ParameterSpec& spec : game.probe_parameters) known.insert(spec.name);
    if (!args.CheckLeftovers(known, "fuzz", "").ok()) return 0;
    (void)ResolveParameters(game.probe_parameters, args.options, "fuzz");
    return 0;
  }
  if (command != "solve" && command != "check") {
    (void)cli::RejectLeftoverOptions(args, command, "");
    return 0;
  }
  if (!cli::CheckGameOptions(args, game, {}).ok()) return 0;
  auto values = ResolveParameters(game.solve_parameters, args.options, "fuzz");
  if (!values.ok()) return 0;
  (void)module->Plan(*values, {});
  return 0;
}
