// `retro match --game G --a SPEC --b SPEC --games N [--seed S]`: N games
// between two players of game G in pairs from one random opening with the
// colours swapped, on threads, with a progress bar; prints A's wins, draws
// and losses, the score fraction with its 95% interval, the Elo difference
// and each player's search totals.
#include <cmath>
#include <cstdio>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/commands.h"
#include "cli/format.h"
#include "cli/option_table.h"
#include "cli/play_session.h"
#include "cli/progress_bar.h"
#include "retro/host/match.h"
#include "retro/host/match_statistics.h"
#include "retro/json_writer.h"
#include "retro/parameters.h"
#include "retro/status_macros.h"

namespace retro::cli {
namespace {

constexpr char kUsageHead[] =
    "usage: retro match --game G --a SPEC --b SPEC --games N [--seed S] [--threads N] [--json]\n"
    "                   [--progress bar|plain|none]\n"
    "\n"
    "Plays N games between players A and B of game G: N/2 random openings (a few\n"
    "random plies after the start, drawn from seed S), each played twice with the\n"
    "colours swapped. Prints A's wins, draws and losses (also by colour), the score\n"
    "fraction with its 95% confidence interval, the Elo difference it implies, and\n"
    "each player's moves, nodes, database hits and nodes per second.\n";

// The options of `retro match`.
constexpr CommandOption kOptions[] = {
    {"game", "  --game G          a game that offers play (e.g. oware)\n"},
    {"a",
     "  --a SPEC          player A as key=value,key=value (e.g. book=oware-12.retro,depth=8)\n"},
    {"b", "  --b SPEC          player B\n"},
    {"games", "  --games N         games to play, even (pairs), 2..1000000\n"},
    {"seed", "  --seed S          seed of the openings [default: 1]\n"},
    {"threads", "  --threads N       games played at once [default: all hardware threads]\n"},
    kJsonOption,
    kPluginDirOption,
    {"progress", RETRO_CLI_PROGRESS_HELP},
};

constexpr char kUsageTail[] = "retro match --game G --help lists G's player keys.\n";

constexpr uint64_t kMaxGames = 1'000'000;

std::string Percent(double fraction) { return absl::StrFormat("%.1f%%", 100 * fraction); }

std::string Elo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  if (std::abs(elo) < 0.5) return "0";
  return absl::StrFormat("%+.0f", elo);
}

std::string TallyText(const Tally& t) {
  return absl::StrCat(t.wins, " wins, ", t.draws, " draws, ", t.losses, " losses");
}

double Rate(const SearchTotals& t) { return t.seconds > 0 ? t.nodes / t.seconds : 0; }

void WriteTally(JsonWriter& json, const Tally& t) {
  json.BeginObject().Key("wins").Uint(t.wins).Key("draws").Uint(t.draws);
  json.Key("losses").Uint(t.losses).EndObject();
}

void WritePlayer(JsonWriter& json, const std::string& spec, const SearchTotals& t) {
  json.BeginObject().Key("spec").String(spec).Key("moves").Uint(t.moves);
  json.Key("nodes").Uint(t.nodes).Key("book_hits").Uint(t.book_hits);
  json.Key("search_seconds").Double(t.seconds).Key("nodes_per_second").Double(Rate(t));
  json.EndObject();
}

std::string PlayerLine(const char* name, const SearchTotals& t) {
  return absl::StrFormat("%-6s %10s %14s %12s %12s %10s", name, Grouped(t.moves), Grouped(t.nodes),
                         Grouped(t.book_hits), absl::StrFormat("%.2f M", Rate(t) / 1e6),
                         HumanSeconds(t.seconds));
}

// Reads --games, if given, into `*games`: an even number from 2 to
// kMaxGames (each opening is played twice, colours swapped).
absl::Status TakeGames(Arguments& args, uint64_t* games) {
  const std::optional<std::string> text = args.Take("games");
  if (!text.has_value()) return absl::OkStatus();
  const std::string valid = absl::StrCat("; valid: an even number from 2 to ", kMaxGames,
                                         " (each opening is played twice, colours swapped)");
  const absl::StatusOr<int64_t> n = ParseInteger(*text, "--games");
  if (!n.ok()) return absl::InvalidArgumentError(absl::StrCat(n.status().message(), valid));
  const auto max = static_cast<int64_t>(kMaxGames);
  if (*n < 2) {
    return absl::InvalidArgumentError(absl::StrCat("--games must be at least 2; got ", *n, valid));
  }
  if (*n > max + 1) {
    return absl::InvalidArgumentError(absl::StrCat("--games ", *n, " is out of range", valid));
  }
  if (*n % 2 != 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--games must be even (each opening is played twice, colours swapped); got ", *n, ", use ",
        *n == 1         ? "2"
        : *n == max + 1 ? absl::StrCat(max)
                        : absl::StrCat(*n - 1, " or ", *n + 1)));
  }
  *games = static_cast<uint64_t>(*n);
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<int> RunMatch(int argc, char** argv, int first) {
  Arguments args;
  std::unique_ptr<PlaySession> session;
  const std::string usage = UsageText(kUsageHead, kOptions, kUsageTail);
  RETRO_RETURN_IF_ERROR(StartPlayCommand(argc, argv, first, "match", kOptions, &args, &session));
  if (session == nullptr) return PrintUsage(usage);
  const std::string& game = session->game();
  if (args.Flag("help")) {
    std::printf("%s\nplayer keys of %s:\n%s", usage.c_str(), game.c_str(),
                session->PlayerOptionsHelp().c_str());
    return kExitOk;
  }
  const std::optional<std::string> a_text = args.Take("a");
  const std::optional<std::string> b_text = args.Take("b");
  const bool games_given = args.options.count("games") > 0;
  uint64_t games = 0;
  uint64_t seed = 1;
  absl::Status status = TakeGames(args, &games);
  if (status.ok()) status = TakeIntOption(args, "seed", 0, INT64_MAX, &seed);
  auto threads = TakeThreads(args);
  auto style = TakeProgressStyle(args);
  RETRO_RETURN_IF_ERROR(RejectLeftoverOptions(args, "match", OptionList(kOptions)));
  RETRO_RETURN_IF_ERROR(style.status());
  RETRO_RETURN_IF_ERROR(status);
  RETRO_RETURN_IF_ERROR(threads.status());
  if (!a_text.has_value() || !b_text.has_value() || !games_given) {
    return absl::InvalidArgumentError(
        "retro match needs --a SPEC, --b SPEC and --games N (N even, at least 2)");
  }
  RETRO_ASSIGN_OR_RETURN(const ParameterValues a_spec, ParsePlayerSpec(*a_text));
  RETRO_ASSIGN_OR_RETURN(const ParameterValues b_spec, ParsePlayerSpec(*b_text));
  RETRO_ASSIGN_OR_RETURN(const Player* a, session->CreatePlayer(a_spec, "--a"));
  RETRO_ASSIGN_OR_RETURN(const Player* b, session->CreatePlayer(b_spec, "--b"));

  const absl::StatusOr<MatchResult> result = RunWithProgress(
      static_cast<int>(std::min<uint64_t>(*threads, games)), *style,
      [&](const WorkContext& context) {
        return retro::RunMatch(session->play(), *a, *b, {.games = games, .seed = seed},
                               *context.pool, context.progress);
      });
  RETRO_RETURN_IF_ERROR(result.status());
  const ScoreEstimate e = EstimateScore(result->a);
  const std::string a_name = FormatPlayerSpec(a_spec);
  const std::string b_name = FormatPlayerSpec(b_spec);
  JsonWriter json;
  json.BeginObject().Key("games").Uint(games);
  json.Key("seed").Uint(seed).Key("threads").Int(*threads);
  json.Key("seconds").Double(result->seconds);
  WritePlayer(json.Key("a"), a_name, result->a_totals);
  WritePlayer(json.Key("b"), b_name, result->b_totals);
  json.Key("wins").Uint(result->a.wins).Key("draws").Uint(result->a.draws);
  json.Key("losses").Uint(result->a.losses);
  WriteTally(json.Key("a_first"), result->a_first);
  WriteTally(json.Key("a_second"), result->a_second);
  json.Key("score").Double(e.score).Key("score_low").Double(e.low);
  json.Key("score_high").Double(e.high);
  json.Key("elo").Double(e.elo).Key("elo_low").Double(e.elo_low);
  json.Key("elo_high").Double(e.elo_high);
  json.Key("outcomes").String(result->Outcomes());
  json.EndObject();
  std::string text = absl::StrFormat(
      "%s match: %d games (%d opening%s, colours swapped), seed %d, %d thread%s, %s\n", game, games,
      games / 2, games == 2 ? "" : "s", seed, *threads, *threads == 1 ? "" : "s",
      HumanSeconds(result->seconds));
  absl::StrAppend(&text, "A: ", a_name.empty() ? "(defaults)" : a_name, "\n");
  absl::StrAppend(&text, "B: ", b_name.empty() ? "(defaults)" : b_name, "\n");
  absl::StrAppend(&text, "A: ", TallyText(result->a),
                  "  (moving first: ", TallyText(result->a_first),
                  "; moving second: ", TallyText(result->a_second), ")\n");
  absl::StrAppend(&text, "score ", Percent(e.score), " (95% CI ", Percent(e.low), " .. ",
                  Percent(e.high), ")  Elo ", Elo(e.elo), " (95% CI ", Elo(e.elo_low), " .. ",
                  Elo(e.elo_high), ")\n");
  absl::StrAppend(&text, absl::StrFormat("%-6s %10s %14s %12s %12s %10s\n", "player", "moves",
                                         "nodes", "book hits", "nodes/s", "search"));
  absl::StrAppend(&text, PlayerLine("A", result->a_totals), "\n",
                  PlayerLine("B", result->b_totals));
  return PrintReport({.text = text, .line = {}, .json = json.Take()}, args.Flag("json"));
}

}  // namespace retro::cli
