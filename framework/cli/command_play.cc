// `retro play --game G [--position P] [position options] [player options]`:
// one search by a game's engine from a position: best move, expected result,
// principal variation, depth, nodes, database hits, time.
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "cli/commands.h"
#include "cli/game_parameters.h"
#include "cli/option_table.h"
#include "cli/play_session.h"
#include "retro/status_macros.h"

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

}  // namespace

absl::StatusOr<int> RunPlay(int argc, char** argv, int first) {
  Arguments args;
  std::unique_ptr<PlaySession> session;
  const std::string usage = UsageText(kUsageHead, kOptions, kUsageTail);
  RETRO_RETURN_IF_ERROR(StartPlayCommand(argc, argv, first, "play", kOptions, &args, &session));
  if (session == nullptr) return PrintUsage(usage);
  const std::string& game = session->game();
  const PlayDescription& play = session->description();
  if (args.Flag("help")) {
    std::printf(
        "%s\nposition of %s: %s\n\nposition options of %s:\n%s\nplayer keys of %s "
        "(--KEY VALUE or --player KEY=VALUE,...):\n%s",
        usage.c_str(), game.c_str(), play.position_syntax.c_str(), game.c_str(),
        SpecHelpLines(play.position_options, "  --", " ", 20, " ", false).c_str(), game.c_str(),
        session->PlayerOptionsHelp().c_str());
    return kExitOk;
  }

  // The player: --player SPEC, then --KEY VALUE and --db for single keys.
  // Each key may be given once: in --player, as --KEY, or (the database
  // key) as --db, another name for --KEY.
  ParameterValues spec;
  std::map<std::string, std::string> given_by;  // key -> "--player", "--book", "--db"
  if (const std::optional<std::string> text = args.Take("player")) {
    RETRO_ASSIGN_OR_RETURN(spec, ParsePlayerSpec(*text));
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
      return absl::InvalidArgumentError(absl::StrCat(
          "the player's ", key, " is given twice, in --player and as ", flag, "; give it once"));
    }
    return absl::InvalidArgumentError(
        absl::StrCat(earlier->second, " and ", flag, " name the same thing, the player's ", key,
                     " (", flag, " is another name for ", earlier->second, "); give one"));
  }
  // The position.
  RETRO_ASSIGN_OR_RETURN(const std::optional<std::string> position,
                         TakePosition(args, "to search the start position"));
  ParameterValues given;
  for (const ParameterSpec& option : play.position_options) {
    if (std::optional<std::string> value = args.Take(option.name)) given[option.name] = *value;
  }
  std::vector<std::string> valid = OptionNames(kOptions, "db");
  if (!play.database_key.empty()) valid.push_back("--db");
  for (const ParameterSpec& option : play.position_options) valid.push_back("--" + option.name);
  for (const ParameterSpec& option : play.player_options) valid.push_back("--" + option.name);
  const std::string context = absl::StrCat("retro play --game ", game);
  RETRO_RETURN_IF_ERROR(args.CheckLeftovers({}, context, absl::StrJoin(valid, ", ")));
  RETRO_ASSIGN_OR_RETURN(const ParameterValues position_options,
                         ResolveParameters(play.position_options, given, context));
  RETRO_ASSIGN_OR_RETURN(const Player* player, session->CreatePlayer(spec, "the player"));
  RETRO_ASSIGN_OR_RETURN(const Report report,
                         session->play().Analyse(*player, position.value_or(""), position_options));
  return PrintReport(report, args.Flag("json"));
}

}  // namespace retro::cli
