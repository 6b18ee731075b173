// End-to-end tests of the `retro` commands that succeed: games, solve,
// probe (single and batch), stats, verify and perft, run through the real
// binary with the test plugin "countdown", whose values are checked against
// the closed form of the subtraction game (pile n with moves 1..3 is lost
// exactly when n % 4 == 0; the game lasts 2*(n/4) (+1 if won) plies).
#include <filesystem>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "retro/host/game_description_check.h"
#include "tests/e2e/retro_runner.h"
#include "tests/framework/json_output.h"

namespace retro::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::StartsWith;

// The batch probe line of pile `n` in countdown with the default rules.
std::string ExpectedLine(int n) {
  const bool win = n % 4 != 0;
  return absl::StrCat(n, win ? " win " : " loss ", 2 * (n / 4) + (win ? 1 : 0));
}

using GamesTest = RetroTest;

TEST_F(GamesTest, ListsCountdownAndWarnsAboutBrokenPlugins) {
  const RunResult result = Retro({"games"});
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(result.out, HasSubstr("countdown   test game: take 1..K tokens"));
  EXPECT_THAT(result.out, HasSubstr("position: a pile size, e.g. 17"));
  EXPECT_THAT(result.out, HasSubstr("--tokens N"));
  EXPECT_THAT(result.out, HasSubstr("largest pile [default: 30]"));
  EXPECT_THAT(result.out, HasSubstr("(normal|misere) [default: normal]"));
  EXPECT_THAT(result.out, HasSubstr("probe parameters:"));
  EXPECT_THAT(result.out, HasSubstr("--distances MODE"));
  const std::vector<std::string> warnings = Lines(result.err);
  ASSERT_EQ(warnings.size(), 2u) << result;
  EXPECT_THAT(warnings[0], StartsWith("retro: warning: skipped a plugin: "));
  EXPECT_THAT(warnings[0],
              HasSubstr("retro_notaplugin.so is not a retro plugin"));
  EXPECT_THAT(
      warnings[1],
      HasSubstr("retro_wrongabi.so was built for plugin ABI version 999"));
}

TEST_F(GamesTest, Json) {
  const RunResult result = Retro({"games", "--json"});
  EXPECT_EQ(result.exit_code, 0) << result;
  ASSERT_EQ(Lines(result.out).size(), 1u) << result;
  const nlohmann::json envelope = ParseJsonOrFail(result.out);
  EXPECT_EQ(envelope.at("command"), "games");
  EXPECT_TRUE(envelope.at("game").is_null()) << result.out;
  const nlohmann::json json = ResultOrFail(result.out);
  const nlohmann::json* countdown = nullptr;
  for (const nlohmann::json& game : json.at("games")) {
    if (game.at("name") == "countdown") countdown = &game;
  }
  ASSERT_NE(countdown, nullptr) << result.out;
  EXPECT_EQ(countdown->at("plugin"), kPluginDir + "/retro_countdown.so");
  EXPECT_EQ(countdown->at("data_version"), 1);
  EXPECT_EQ(countdown->at("perft"), true);
  const nlohmann::json& params = countdown->at("solve_parameters");
  ASSERT_EQ(params.size(), 4u);
  EXPECT_EQ(params.at(0).at("name"), "tokens");
  EXPECT_EQ(params.at(0).at("default"), "30");
  EXPECT_TRUE(params.at(2).at("choices").is_array()) << result.out;
  EXPECT_EQ(params.at(2).at("choices").size(), 2u);
  EXPECT_EQ(countdown->at("probe_parameters").at(0).at("name"), "distances");
  const nlohmann::json& broken = json.at("broken");
  ASSERT_EQ(broken.size(), 2u);
  EXPECT_EQ(broken.at(0).at("plugin"), kPluginDir + "/retro_notaplugin.so");
  EXPECT_THAT(broken.at(0).at("error").get<std::string>(), HasSubstr("not a retro plugin"));
  EXPECT_THAT(broken.at(1).at("error").get<std::string>(), HasSubstr("ABI version 999"));
}

TEST_F(GamesTest, CleanPluginDirectoryGivesNoWarnings) {
  TempDir plugins;
  std::filesystem::copy_file(kPluginDir + "/retro_countdown.so",
                             plugins.File("retro_countdown.so"));
  const RunResult result = RetroRaw({"games", "--plugin-dir", plugins.path()});
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(result.out, HasSubstr("countdown"));
  EXPECT_THAT(result.err, IsEmpty());
}

TEST_F(GamesTest, RetroPluginPathIsHonoured) {
  const RunResult result =
      RetroRaw({"games", "--json"}, "",
               {{"RETRO_PLUGIN_PATH", "/nonexistent:" + kPluginDir}});
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(result.out, HasSubstr("\"name\":\"countdown\""));
  const RunResult solve =
      RetroRaw({"solve", "--game", "countdown", "--tokens", "4"}, "",
               {{"RETRO_PLUGIN_PATH", kPluginDir}});
  EXPECT_EQ(solve.exit_code, 0) << solve;
  EXPECT_THAT(work_.List(), ElementsAre("countdown-4-3.retro"));
}

// Without --plugin-dir, retro looks beside itself and in ../lib/retro (the
// installed layout). Tested on a copy of the binary in a scratch tree.
TEST_F(GamesTest, FindsPluginsBesideTheExecutableAndInLibRetro) {
  TempDir tree;
  namespace fs = std::filesystem;
  fs::create_directories(tree.File("bin"));
  fs::create_directories(tree.File("lib/retro"));
  fs::copy_file(kRetroBinary, tree.File("bin/retro"));
  fs::copy_file(kPluginDir + "/retro_countdown.so",
                tree.File("lib/retro/retro_countdown.so"));
  RunResult result = RunRetro({"games", "--json"}, work_.path(), io_.path(), "",
                              {}, tree.File("bin/retro"));
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_EQ(ResultOrFail(result.out).at("games").at(0).at("plugin"),
            tree.File("lib/retro/retro_countdown.so"));
  // A plugin beside the executable comes first.
  fs::copy_file(kPluginDir + "/retro_countdown.so",
                tree.File("bin/retro_countdown.so"));
  result = RunRetro({"games", "--json"}, work_.path(), io_.path(), "", {},
                    tree.File("bin/retro"));
  const nlohmann::json json = ResultOrFail(result.out);
  ASSERT_EQ(json.at("games").size(), 1u) << result;
  EXPECT_EQ(json.at("games").at(0).at("plugin"),
            tree.File("bin/retro_countdown.so"));
}

// ---------------------------------------------------------------------------
// solve

using SolveTest = RetroTest;

TEST_F(SolveTest, DefaultFileNameAndSummary) {
  const RunResult result = Retro({"solve", "--game", "countdown"});
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(work_.List(), ElementsAre("countdown-30-3.retro"));
  const std::vector<std::string> lines = Lines(result.out);
  ASSERT_EQ(lines.size(), 2u) << result;
  EXPECT_THAT(lines[0], StartsWith("solved countdown: 31 positions in "));
  EXPECT_THAT(lines[0], HasSubstr("positions/s"));
  const auto size =
      std::filesystem::file_size(work_.File("countdown-30-3.retro"));
  EXPECT_EQ(lines[1],
            absl::StrCat("wrote countdown-30-3.retro (", size, " bytes)"));
  EXPECT_THAT(result.err, IsEmpty());  // no progress bar without a terminal
}

TEST_F(SolveTest, DefaultFileNameFollowsParameters) {
  EXPECT_EQ(Retro({"solve", "--game", "countdown", "--rule", "misere",
                   "--max-take", "5"})
                .exit_code,
            0);
  EXPECT_THAT(work_.List(), ElementsAre("countdown-30-5-misere.retro"));
}

TEST_F(SolveTest, JsonSummaryOutAndThreads) {
  const RunResult result = Retro(
      {"solve", "--game", "countdown", "--tokens", "120", "--max-take", "5",
       "--rule", "misere", "--out", "mine.retro", "--threads", "1", "--json"});
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(work_.List(), ElementsAre("mine.retro"));
  ASSERT_EQ(Lines(result.out).size(), 1u) << result;
  const nlohmann::json envelope = ParseJsonOrFail(result.out);
  EXPECT_EQ(envelope.at("command"), "solve");
  EXPECT_EQ(envelope.at("game"), "countdown");
  EXPECT_EQ(envelope.at("file"), "mine.retro");
  EXPECT_EQ(envelope.at("parameters").at("tokens"), "120");
  EXPECT_EQ(envelope.at("parameters").at("max_take"), "5");
  EXPECT_EQ(envelope.at("parameters").at("rule"), "misere");
  const nlohmann::json json = ResultOrFail(result.out);
  EXPECT_EQ(json.at("positions"), 121);
  EXPECT_EQ(json.at("threads"), 1);
  EXPECT_TRUE(json.at("seconds").is_number()) << result.out;
  EXPECT_GE(json.at("seconds"), 0);
  EXPECT_TRUE(json.at("positions_per_second").is_number()) << result.out;
  EXPECT_EQ(json.at("file_bytes"),
            std::filesystem::file_size(work_.File("mine.retro")));
}

TEST_F(SolveTest, ThreadCountDoesNotChangeTheFile) {
  const std::string one =
      Solve("one.retro", {"--threads", "1", "--tokens", "100"});
  const std::string two =
      Solve("two.retro", {"--threads", "2", "--tokens", "100"});
  EXPECT_EQ(ReadBytes(one), ReadBytes(two));
}

TEST_F(SolveTest, OverwritesAnExistingFile) {
  WriteBytes(work_.File("db.retro"), std::vector<uint8_t>(5000, 7));
  const std::string path = Solve("db.retro", {"--tokens", "10"});
  EXPECT_THAT(work_.List(), ElementsAre("db.retro"));
  EXPECT_EQ(Retro({"probe", "--db", path, "--position", "10"}).exit_code, 0);
}

// ---------------------------------------------------------------------------
// --help

using HelpTest = RetroTest;

TEST_F(HelpTest, EveryCommandHasHelp) {
  for (const std::string command :
       {"games", "solve", "probe", "stats", "verify", "perft"}) {
    for (const std::string flag : {"--help", "-h"}) {
      const RunResult result = Retro({command, flag});
      EXPECT_EQ(result.exit_code, 0) << command << result;
      EXPECT_THAT(result.out, StartsWith("usage: retro " + command)) << command;
      EXPECT_THAT(result.err, IsEmpty()) << command;
    }
  }
}

TEST_F(HelpTest, TopLevelUsage) {
  RunResult result = RetroRaw({"--help"});
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(result.out, HasSubstr("usage: retro <command> [options]"));
  for (const char* command :
       {"games", "solve", "probe", "stats", "verify", "perft"}) {
    EXPECT_THAT(result.out, HasSubstr(absl::StrCat("  ", command, " ")));
  }
  result = RetroRaw({});
  EXPECT_EQ(result.exit_code, 2) << result;  // no command is a usage error
  EXPECT_THAT(result.out, HasSubstr("usage: retro <command>"));
  result = RetroRaw({"--version"});
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(result.out, StartsWith("retro "));
}

TEST_F(HelpTest, SolveHelpForAGameListsParametersWithDefaults) {
  const RunResult result = Retro({"solve", "--game", "countdown", "--help"});
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(result.out, StartsWith("usage: retro solve --game countdown"));
  EXPECT_THAT(result.out, HasSubstr("parameters of countdown:"));
  EXPECT_THAT(result.out,
              HasSubstr("--tokens N        largest pile [default: 30]"));
  EXPECT_THAT(
      result.out,
      HasSubstr("--max-take K      most tokens one move takes [default: 3]"));
  EXPECT_THAT(result.out, HasSubstr("(normal|misere) [default: normal]"));
  EXPECT_THAT(result.out, HasSubstr("--corrupt PILE"));
  EXPECT_THAT(result.out, HasSubstr("--out FILE"));
  EXPECT_THAT(work_.List(), IsEmpty());  // help solves nothing
}

// A game's solve and probe parameters are given next to the options of
// solve, check, probe and compare: every option their help lists must be
// a name CheckGameDescription refuses for a game's parameter.
TEST_F(HelpTest, GameParametersCannotTakeTheNameOfAnOptionTheyMeet) {
  const std::span<const char* const> host = HostOptionNames();
  const std::set<std::string> reserved(host.begin(), host.end());
  for (const std::string command : {"solve", "check", "probe", "compare"}) {
    const RunResult result = Retro({command, "--help"});
    ASSERT_EQ(result.exit_code, 0) << command << result;
    int options = 0;
    for (const std::string& line : Lines(result.out)) {
      if (line.rfind("  --", 0) != 0) continue;
      const std::string name = line.substr(4, line.find(' ', 4) - 4);
      EXPECT_EQ(reserved.count(name), 1u) << "--" << name << " of retro " << command;
      ++options;
    }
    EXPECT_GE(options, 4) << command << result;
  }
}

// ---------------------------------------------------------------------------
// probe

using ProbeTest = RetroTest;

TEST_F(ProbeTest, SinglePositionText) {
  const std::string db = Solve("db.retro");
  const RunResult result = Retro({"probe", "--db", db, "--position", "17"});
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(Lines(result.out),
              ElementsAre("pile 17: win in 9", "  -1: win in 9",
                          "  -2: loss in 8", "  -3: loss in 8"));
  EXPECT_THAT(result.err, IsEmpty());
}

TEST_F(ProbeTest, SinglePositionJson) {
  const std::string db = Solve("db.retro");
  const RunResult result =
      Retro({"probe", "--db", db, "--position", "17", "--json"});
  EXPECT_EQ(result.exit_code, 0) << result;
  ASSERT_EQ(Lines(result.out).size(), 1u);
  const nlohmann::json json = ResultOrFail(result.out);
  EXPECT_EQ(json.at("position"), "17");
  EXPECT_EQ(json.at("result"), "win");
  EXPECT_EQ(json.at("distance"), 9);
  ASSERT_EQ(json.at("moves").size(), 3u);
  EXPECT_EQ(json.at("moves").at(0).at("move"), "-1");
  EXPECT_EQ(json.at("moves").at(0).at("result"), "win");
  EXPECT_EQ(json.at("moves").at(0).at("distance"), 9);
  EXPECT_EQ(json.at("moves").at(1).at("result"), "loss");
  ASSERT_EQ(json.at("best").size(), 1u);
  EXPECT_EQ(json.at("best").at(0), "-1");
}

TEST_F(ProbeTest, ProbeOptionDistances) {
  const std::string db = Solve("db.retro");
  RunResult result =
      Retro({"probe", "--db", db, "--position", "8", "--distances", "hide"});
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_EQ(Lines(result.out).at(0), "pile 8: loss");
  result = Retro({"probe", "--db", db, "--position", "8", "--distances=show"});
  EXPECT_EQ(Lines(result.out).at(0), "pile 8: loss in 4");
  result = Retro({"probe", "--db", db, "--position", "8", "--distances", "hide",
                  "--json"});
  const nlohmann::json hidden = ResultOrFail(result.out);
  EXPECT_TRUE(hidden.is_object()) << result.out;
  EXPECT_FALSE(hidden.contains("distance")) << result.out;
}

TEST_F(ProbeTest, BatchFromStdinOneLinePerInputLine) {
  const std::string db = Solve("db.retro");
  std::string input;
  std::vector<std::string> expected;
  for (int n = 0; n <= 30; ++n) {
    input += (n % 3 == 0 ? "  " : "") + std::to_string(n) +
             (n % 5 == 0 ? " \t\n" : "\n");
    expected.push_back(ExpectedLine(n));
  }
  const RunResult result = Retro({"probe", "--db", db}, input);
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_EQ(Lines(result.out), expected);
  EXPECT_THAT(result.err, IsEmpty());
}

TEST_F(ProbeTest, BatchBadLineGivesAnErrorLineAndExit2) {
  const std::string db = Solve("db.retro");
  const RunResult result = Retro({"probe", "--db", db}, "5\nxx\n31\n\n7\n");
  EXPECT_EQ(result.exit_code, 2) << result;
  EXPECT_THAT(
      Lines(result.out),
      ElementsAre(ExpectedLine(5), "error: position 'xx' is not a whole number",
                  "error: position 31 is outside this database; valid: 0..30",
                  "error: position is empty; expected a whole number",
                  ExpectedLine(7)));
}

TEST_F(ProbeTest, BatchJson) {
  const std::string db = Solve("db.retro");
  const RunResult result = Retro({"probe", "--db", db, "--json"}, "4\nfour\n");
  EXPECT_EQ(result.exit_code, 2) << result;
  const std::vector<std::string> lines = Lines(result.out);
  ASSERT_EQ(lines.size(), 2u) << result;
  const nlohmann::json good = ResultOrFail(lines[0]);
  EXPECT_EQ(good.at("position"), "4");
  EXPECT_EQ(good.at("result"), "loss");
  const nlohmann::json bad = ParseJsonOrFail(lines[1]);
  EXPECT_EQ(bad.at("ok"), false);
  EXPECT_EQ(bad.at("input"), "four");
  EXPECT_EQ(bad.at("exit"), 2);
  EXPECT_EQ(bad.at("game"), "countdown");
  EXPECT_THAT(bad.at("error").get<std::string>(), HasSubstr("not a whole number"));
}

TEST_F(ProbeTest, BatchEmptyInput) {
  const std::string db = Solve("db.retro");
  const RunResult result = Retro({"probe", "--db", db}, "");
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(result.out, IsEmpty());
}

TEST_F(ProbeTest, LastLineWithoutNewline) {
  const std::string db = Solve("db.retro");
  const RunResult result = Retro({"probe", "--db", db}, "1\n2");
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(Lines(result.out), ElementsAre(ExpectedLine(1), ExpectedLine(2)));
}

// ---------------------------------------------------------------------------
// stats

using StatsTest = RetroTest;

TEST_F(StatsTest, Text) {
  const std::string db = Solve("db.retro", {"--tokens", "120"});
  const RunResult result = Retro({"stats", "--db", db});
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(Lines(result.out),
              ElementsAre("piles 0-49: 37 wins, 13 losses, longest 25",
                          "piles 50-99: 38 wins, 12 losses, longest 49",
                          "piles 100-120: 15 wins, 6 losses, longest 60"));
}

TEST_F(StatsTest, Json) {
  const std::string db = Solve("db.retro");
  const RunResult result =
      Retro({"stats", "--db", db, "--json", "--threads", "1"});
  EXPECT_EQ(result.exit_code, 0) << result;
  const nlohmann::json json = ResultOrFail(result.out);
  ASSERT_EQ(json.at("slices").size(), 1u) << result.out;
  EXPECT_EQ(json.at("slices").at(0).at("piles"), "0-30");
  EXPECT_EQ(json.at("slices").at(0).at("wins"), 23);
  EXPECT_EQ(json.at("slices").at(0).at("losses"), 8);
  EXPECT_EQ(json.at("slices").at(0).at("longest"), 15);
}

// ---------------------------------------------------------------------------
// verify

using VerifyTest = RetroTest;

TEST_F(VerifyTest, Ok) {
  const std::string db = Solve("db.retro", {"--tokens", "120"});
  const RunResult result = Retro({"verify", "--db", db});
  EXPECT_EQ(result.exit_code, 0) << result;
  const std::vector<std::string> lines = Lines(result.out);
  ASSERT_EQ(lines.size(), 2u) << result;
  EXPECT_THAT(lines[0], StartsWith("checksums: ok (header and 3 slices, "));
  EXPECT_THAT(lines[1], StartsWith("consistency: ok (121 records checked in "));
  EXPECT_THAT(result.err, IsEmpty());
}

TEST_F(VerifyTest, CorruptedRecordFails) {
  const std::string db = Solve("bad.retro", {"--corrupt", "7"});
  const RunResult result = Retro({"verify", "--db", db});
  EXPECT_EQ(result.exit_code, 1) << result;
  EXPECT_THAT(result.out, HasSubstr("checksums: ok"));
  EXPECT_THAT(result.out, HasSubstr("consistency: FAILED"));
  EXPECT_THAT(result.out, HasSubstr("of 31 records disagree; first: pile 7: "));
  ExpectError(result, 1, {db, "records are inconsistent with their children"});
}

TEST_F(VerifyTest, CorruptedRecordJson) {
  const std::string db = Solve("bad.retro", {"--corrupt", "7"});
  const RunResult result = Retro({"verify", "--db", db, "--json"});
  EXPECT_EQ(result.exit_code, 1) << result;
  const nlohmann::json envelope = ParseJsonOrFail(result.out);
  EXPECT_EQ(envelope.at("ok"), false);
  EXPECT_EQ(envelope.at("exit"), 1);
  EXPECT_THAT(envelope.at("error").get<std::string>(),
              HasSubstr("records are inconsistent with their children"));
  const nlohmann::json& json = envelope.at("result");
  EXPECT_EQ(json.at("checksums"), "ok");
  EXPECT_GE(json.at("mismatches"), 1);
  EXPECT_THAT(json.at("first_mismatch").get<std::string>(), StartsWith("pile 7:"));
}

TEST_F(VerifyTest, SampleAndJson) {
  const std::string db = Solve("db.retro");
  RunResult result = Retro({"verify", "--db", db, "--sample", "5"});
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(result.out, HasSubstr("consistency: ok (5 records checked"));
  result = Retro(
      {"verify", "--db", db, "--sample", "1000", "--seed", "7", "--json"});
  EXPECT_EQ(result.exit_code, 0) << result;
  const nlohmann::json envelope = ParseJsonOrFail(result.out);
  EXPECT_EQ(envelope.at("ok"), true);
  EXPECT_EQ(envelope.at("file"), db);
  const nlohmann::json& json = envelope.at("result");
  EXPECT_EQ(json.at("records_checked"), 1000);
  EXPECT_EQ(json.at("mismatches"), 0);
  EXPECT_TRUE(json.at("first_mismatch").is_null()) << result.out;
}

// ---------------------------------------------------------------------------
// perft

using PerftTest = RetroTest;

uint64_t CountdownPerft(int pile, int depth) {
  if (depth == 0) return 1;
  uint64_t leaves = 0;
  for (int take = 1; take <= 3 && take <= pile; ++take) {
    leaves += CountdownPerft(pile - take, depth - 1);
  }
  return leaves;
}

TEST_F(PerftTest, Counts) {
  for (const auto& [pile, depth] : std::vector<std::pair<int, int>>{
           {10, 0}, {10, 1}, {10, 3}, {2, 3}, {30, 8}}) {
    const RunResult result =
        Retro({"perft", "--game", "countdown", "--position",
               std::to_string(pile), "--depth", std::to_string(depth)});
    EXPECT_EQ(result.exit_code, 0) << result;
    EXPECT_EQ(result.out, absl::StrCat(CountdownPerft(pile, depth), "\n"))
        << pile << " " << depth;
  }
}

TEST_F(PerftTest, Json) {
  const RunResult result = Retro({"perft", "--game", "countdown", "--position",
                                  "10", "--depth", "3", "--json"});
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_EQ(ParseJsonOrFail(result.out).at("game"), "countdown");
  const nlohmann::json json = ResultOrFail(result.out);
  EXPECT_EQ(json.at("position"), "10");
  EXPECT_EQ(json.at("depth"), 3);
  EXPECT_EQ(json.at("nodes"), 27);
  EXPECT_TRUE(json.at("seconds").is_number()) << result.out;
}

}  // namespace
}  // namespace retro::testing
