// End-to-end tests of `retro check`: the shipped games pass (text and JSON),
// parameters are resolved as `retro solve` resolves them, and a plugin
// without a check (the test plugin countdown) says so.
#include <filesystem>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/retro_runner.h"

namespace retro::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

using CheckTest = RetroTest;

// Tic-tac-toe has no take-backs (the kit lists predecessors from the
// moves), so no take-backs check runs.
TEST_F(CheckTest, TicTacToePassesEveryIndex) {
  const RunResult result = RetroRaw({"check", "--game", "tictactoe", "--threads", "2"});
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(result.out, StartsWith("bijection: ok (19,683 indices)\n"
                                     "notation: ok (5,478 positions)\n"
                                     "moves: ok (5,478 positions)\n"
                                     "consistency: ok (5,478 positions)\n"
                                     "checked 19,683 indices (5,478 positions) of tictactoe in "));
}

TEST_F(CheckTest, OwareJson) {
  const RunResult result =
      RetroRaw({"check", "--game", "oware", "--seeds", "4", "--json"});
  EXPECT_EQ(result.exit_code, 0) << result;
  ASSERT_TRUE(nlohmann::json::accept(result.out)) << result.out;
  EXPECT_THAT(result.out, HasSubstr("\"command\":\"check\",\"game\":\"oware\""));
  EXPECT_THAT(result.out, HasSubstr("\"ok\":true,\"result\":{\"indices\":1820"));
  EXPECT_THAT(result.out, HasSubstr("\"checks\":{\"bijection\":1820,\"notation\":1820,"
                                    "\"moves\":1820,\"consistency\":1820}"));
}

TEST_F(CheckTest, SurakartaAndPlakotoSampled) {
  RunResult result = RetroRaw({"check", "--game", "surakarta", "--pieces", "4", "--sample", "2000",
                               "--seed", "3", "--indexer", "symmetric"});
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(result.out, HasSubstr("take-backs: ok"));
  result = RetroRaw({"check", "--game", "plakoto", "--points", "12", "--pin", "2", "--sample",
                     "200"});
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(result.out, HasSubstr("consistency: ok (200 positions)"));
}

TEST_F(CheckTest, ParametersResolvedAsSolveDoes) {
  RunResult result = RetroRaw({"check", "--game", "oware", "--seeds", "99"});
  EXPECT_EQ(result.exit_code, 2) << result;
  EXPECT_THAT(result.err, HasSubstr("seeds"));
  result = RetroRaw({"check", "--game", "oware", "--bogus", "1"});
  EXPECT_EQ(result.exit_code, 2) << result;
  EXPECT_THAT(result.err, HasSubstr("unknown option --bogus for game oware"));
  EXPECT_THAT(result.err, HasSubstr("--seeds"));
  EXPECT_THAT(result.err, HasSubstr("--sample"));
  result = RetroRaw({"check", "--game", "oware", "--sample", "x"});
  EXPECT_EQ(result.exit_code, 2) << result;
}

TEST_F(CheckTest, HelpListsTheGamesParameters) {
  const RunResult result = RetroRaw({"check", "--game", "oware", "--help"});
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(result.out, StartsWith("usage: retro check --game oware"));
  EXPECT_THAT(result.out, HasSubstr("--seeds"));
  EXPECT_THAT(result.out, HasSubstr("--sample N"));
}

TEST_F(CheckTest, HelpAndUsageErrors) {
  RunResult result = RetroRaw({"check", "--help"});
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(result.out, StartsWith("usage: retro check --game G"));
  result = RetroRaw({"check"});
  EXPECT_EQ(result.exit_code, 2) << result;
  EXPECT_THAT(result.err, HasSubstr("retro check needs --game G"));
  result = RetroRaw({"--help"});
  EXPECT_THAT(result.out, HasSubstr("  check "));
}

TEST_F(CheckTest, PluginWithoutACheck) {
  const RunResult result = Retro({"check", "--game", "countdown"});
  EXPECT_EQ(result.exit_code, 1) << result;
  EXPECT_EQ(result.err, "retro: error: game countdown offers no contract check\n");
}

// The plugin brokennim misses the take-back 9 -> 7: its solve "succeeds"
// with wrong values unless the check runs first.
constexpr char kBrokenFailure[] =
    "take-backs: slice 0 (piles) index 9 (position \"9\"): 1 move(s) lead to \"7\" "
    "(slice 0 (piles) index 7), but it lists 0 take-back(s) to the position";

TEST_F(CheckTest, RejectsPluginWithMissingTakeBack) {
  const RunResult result =
      RetroRaw({"check", "--game", "brokennim", "--plugin-dir", BuildPath(RETRO_BROKEN_PLUGIN_DIR)});
  EXPECT_EQ(result.exit_code, 1) << result;
  EXPECT_THAT(result.out, HasSubstr("take-backs: FAILED"));
  EXPECT_THAT(result.out, HasSubstr(std::string("first offending position: ") + kBrokenFailure));
  const RunResult json = RetroRaw(
      {"check", "--game", "brokennim", "--json", "--plugin-dir", BuildPath(RETRO_BROKEN_PLUGIN_DIR)});
  EXPECT_EQ(json.exit_code, 1) << json;
  EXPECT_THAT(json.out, HasSubstr("\"ok\":false,\"error\":\"the take-backs check failed at "));
  EXPECT_THAT(json.out, HasSubstr("\"exit\":1,\"result\":{"));
  EXPECT_THAT(json.out, HasSubstr("\"failed_check\":\"take_backs\""));
}

TEST_F(CheckTest, SolveRunsAQuickCheckFirst) {
  RunResult result = RetroRaw({"solve", "--game", "brokennim", "--plugin-dir",
                               BuildPath(RETRO_BROKEN_PLUGIN_DIR)});
  EXPECT_EQ(result.exit_code, 1) << result;
  EXPECT_THAT(result.err, HasSubstr("contract check failed"));
  EXPECT_THAT(result.err, HasSubstr(kBrokenFailure));
  EXPECT_THAT(result.err, HasSubstr("--no-check solves anyway"));
  EXPECT_FALSE(std::filesystem::exists(work_.File("brokennim-20.retro")));
  result = RetroRaw({"solve", "--game", "brokennim", "--no-check", "--plugin-dir",
                     BuildPath(RETRO_BROKEN_PLUGIN_DIR)});
  EXPECT_EQ(result.exit_code, 0) << result;
  // A plugin without a check solves as before.
  result = Retro({"solve", "--game", "countdown"});
  EXPECT_EQ(result.exit_code, 0) << result;
}

}  // namespace
}  // namespace retro::testing
