// `retro play --game G [--position P] [position options] [player options]`:
// one search by a game's engine from a position: best move, expected result,
// principal variation, depth, nodes, database hits, time.
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "cli/commands.h"
#include "cli/game_parameters.h"
#include "cli/option_table.h"
#include "cli/play_session.h"

namespace retro::cli {
namespace {

constexpr char kUsageHead[] =
    "usage: retro play --game G [--position P] [position options] [player options]\n"
    "                  [--player SPEC] [--db FILE] [--json]\n"
    "\n"
    "Searches position P (default: the start position) with game G's engine and\n"
    "prints the best move, the expected result (exact when proven), the principal\n"
    "variation, the depth reached, nodes, database hits and time.\n";

// The options of `retro play` besides the game's position options and
// player keys. --db is valid only for a game whose player has a database.
constexpr CommandOption kOptions[] = {
    {"game", "  --game G          a game that offers play (e.g. oware)\n"},
    {"position", "  --position P      the position, in the game's notation\n"},
    {"player",
     "  --player SPEC     the player as key=value,key=value (the same keys as below)\n"
     "  --KEY VALUE       one player key, e.g. --depth 8\n"},
    {"db", "  --db FILE         the player's database (the game's database key)\n"},
    kJsonOption,
    kPluginDirOption,
};

constexpr char kUsageTail[] =
    "retro play --game G --help lists G's position options and player keys.\n";

// The position options, one line each, for --help.
std::string PositionOptionsHelp(const std::vector<ParameterSpec>& specs) {
  std::string text;
  for (const ParameterSpec& spec : specs) {
    absl::StrAppend(&text,
                    SpecHelpLine(absl::StrCat("  --", spec.name, " ", spec.value_name), 20, " ",
                                 spec, /*with_choices=*/false),
                    "\n");
  }
  return text;
}

}  // namespace

int RunPlay(int argc, char** argv, int first) {
  Arguments args;
  std::string game;
  std::unique_ptr<PlaySession> session;
  const std::string usage = UsageText(kUsageHead, kOptions, kUsageTail);
  if (const std::optional<int> done =
          BeginPlayCommand(argc, argv, first, "play", kOptions, usage, &args, &game, &session)) {
    return *done;
  }
  const PlayDescription& play = session->description();
  if (args.Flag("help")) {
    std::printf(
        "%s\nposition of %s: %s\n\nposition options of %s:\n%s\nplayer keys of %s "
        "(--KEY VALUE or --player KEY=VALUE,...):\n%s",
        usage.c_str(), game.c_str(), play.position_syntax.c_str(), game.c_str(),
        PositionOptionsHelp(play.position_options).c_str(), game.c_str(),
        session->PlayerOptionsHelp().c_str());
    return kExitOk;
  }

  // The player: --player SPEC, then --KEY VALUE and --db for single keys.
  // Each key may be given once: in --player, as --KEY, or (the database
  // key) as --db, another name for --KEY.
  ParameterValues spec;
  std::map<std::string, std::string> given_by;  // key -> "--player", "--book", "--db"
  if (const std::optional<std::string> text = args.Take("player")) {
    auto parsed = ParsePlayerSpec(*text);
    if (!parsed.ok()) return ReportError(parsed.status());
    spec = *std::move(parsed);
    for (const auto& [key, value] : spec) given_by[key] = "--player";
  }
  std::vector<std::pair<std::string, std::string>> single;  // (option, key)
  for (const ParameterSpec& option : play.player_options) {
    single.push_back({option.name, option.name});
  }
  if (!play.database_key.empty()) single.push_back({"db", play.database_key});
  for (const auto& [option, key] : single) {
    const std::optional<std::string> value = args.Take(option);
    if (!value.has_value()) continue;
    const std::string flag = absl::StrCat("--", option);
    const auto [earlier, first_time] = given_by.emplace(key, flag);
    if (first_time) {
      spec[key] = *value;
      continue;
    }
    if (earlier->second == "--player") {
      return ReportError(absl::InvalidArgumentError(absl::StrCat(
          "the player's ", key, " is given twice, in --player and as ", flag, "; give it once")));
    }
    return ReportError(absl::InvalidArgumentError(
        absl::StrCat(earlier->second, " and ", flag, " name the same thing, the player's ", key,
                     " (", flag, " is another name for ", earlier->second, "); give one")));
  }
  // The position.
  const absl::StatusOr<std::optional<std::string>> taken =
      TakePosition(args, "to search the start position");
  if (!taken.ok()) return ReportError(taken.status());
  const std::string position = taken->value_or("");
  ParameterValues given;
  for (const ParameterSpec& option : play.position_options) {
    if (std::optional<std::string> value = args.Take(option.name)) given[option.name] = *value;
  }
  std::vector<std::string> valid = OptionNames(kOptions, "db");
  if (!play.database_key.empty()) valid.push_back("--db");
  for (const ParameterSpec& option : play.position_options) valid.push_back("--" + option.name);
  for (const ParameterSpec& option : play.player_options) valid.push_back("--" + option.name);
  if (auto s = args.CheckLeftovers({}, absl::StrCat("retro play --game ", game),
                                   absl::StrJoin(valid, ", "));
      !s.ok()) {
    return ReportError(s);
  }
  auto position_options =
      ResolveParameters(play.position_options, given, absl::StrCat("retro play --game ", game));
  if (!position_options.ok()) return ReportError(position_options.status());
  auto player = session->CreatePlayer(spec, "the player");
  if (!player.ok()) return ReportError(player.status());
  auto report = session->play().Analyse(**player, position, *position_options);
  return report.ok() ? PrintReport(*report, args.Flag("json")) : ReportError(report.status());
}

}  // namespace retro::cli
