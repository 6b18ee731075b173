// End to end: the real `retro` binary with the tic-tac-toe plugin. The
// database it solves matches the independent brute force on every one of
// the 5,478 reachable positions (result and distance, through the file and
// through batch probing), and probe, stats, verify and perft behave as the
// tutorial (docs/writing-a-plugin.md) says.
#include "retro/database.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "retro/solver/loopy_wdl.h"
#include "tests/e2e/retro_runner.h"
#include "tests/framework/json_output.h"
#include "tests/tictactoe/brute_force.h"

namespace retro::testing {
namespace {

using ::testing::HasSubstr;
using tictactoe_reference::Base3;
using tictactoe_reference::Reference;
using tictactoe_reference::WithSlashes;

const Reference& Ref() {
  static const Reference* reference = new Reference();
  return *reference;
}

const char* ResultName(char result) {
  return result == 'w' ? "win" : result == 'l' ? "loss" : "draw";
}

class TicTacToeDatabaseTest : public RetroTest {
 protected:
  // `retro solve --game tictactoe` in the test's directory; the file's path.
  std::string SolveDatabase() {
    const RunResult result = Retro({"solve", "--game", "tictactoe"});
    EXPECT_EQ(result.exit_code, 0) << result;
    EXPECT_THAT(result.out, HasSubstr("solved tictactoe: 5,478 positions"));
    EXPECT_THAT(result.out, HasSubstr("wrote tictactoe.retro"));
    return work_.File("tictactoe.retro");
  }
};

TEST_F(TicTacToeDatabaseTest, FileMatchesBruteForceOnEveryPosition) {
  const std::string path = SolveDatabase();
  auto file = DatabaseFile::Open(path);
  ASSERT_TRUE(file.ok()) << file.status();
  EXPECT_EQ((*file)->identity().game, "tictactoe");
  EXPECT_EQ((*file)->identity().codec, "tictactoe-wdl-byte-v1");
  const auto slice = (*file)->FindSlice("positions");
  ASSERT_TRUE(slice.has_value());
  const std::span<const uint8_t> table = (*file)->SliceBytes(*slice);
  ASSERT_EQ(table.size(), 19683u);
  std::vector<bool> reachable(table.size(), false);
  for (const auto& [board, value] : Ref().values()) {
    const uint64_t index = Base3(board);
    reachable[index] = true;
    ASSERT_NE(table[index], 255) << board;
    const WdlOutcome stored = DecodeWdl(table[index]);
    switch (value.result) {
      case 'w':
        EXPECT_EQ(stored, WdlOutcome::Win(value.distance)) << board;
        break;
      case 'l':
        EXPECT_EQ(stored, WdlOutcome::Loss(value.distance)) << board;
        break;
      default:
        EXPECT_EQ(stored, WdlOutcome::Draw()) << board;
    }
  }
  // Every other board is marked "not a position".
  for (size_t i = 0; i < table.size(); ++i) {
    if (!reachable[i]) {
      EXPECT_EQ(table[i], 255) << i;
    }
  }
}

TEST_F(TicTacToeDatabaseTest, BatchProbeOfEveryPositionMatchesBruteForce) {
  const std::string path = SolveDatabase();
  std::string input, expected;
  for (const auto& [board, value] : Ref().values()) {
    input += WithSlashes(board) + "\n";
    expected += WithSlashes(board) + " " + ResultName(value.result) + " " +
                std::to_string(value.distance) + "\n";
  }
  const RunResult result = Retro({"probe", "--db", path}, input);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::vector<std::string> got = Lines(result.out);
  const std::vector<std::string> want = Lines(expected);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    // "<position> <result> <distance>" then " best ..." or " game-over".
    EXPECT_EQ(got[i].substr(0, want[i].size() + 1), want[i] + " ") << got[i];
  }
}

TEST_F(TicTacToeDatabaseTest, EmptyBoardIsADraw) {
  const std::string path = SolveDatabase();
  const RunResult result =
      Retro({"probe", "--db", path, "--position", ".../.../..."});
  ASSERT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(result.out, HasSubstr(".../.../...  (x to move)\n"
                                    "result: draw in 9 plies\n"));
  // Every first move draws.
  EXPECT_EQ(Lines(result.out).size(), 3u + 9u);
  for (const std::string& line : Lines(result.out)) {
    if (line.find("/") != std::string::npos && line[0] == ' ') {
      EXPECT_THAT(line, HasSubstr("draw"));
      EXPECT_THAT(line, HasSubstr("best"));
    }
  }
}

TEST_F(TicTacToeDatabaseTest, ProbeShowsEachMoveAndTheBestOnes) {
  const std::string path = SolveDatabase();
  const std::string board = "x.o.x...o";
  const RunResult result = Retro(
      {"probe", "--db", path, "--position", WithSlashes(board), "--json"});
  ASSERT_EQ(result.exit_code, 0) << result;
  const nlohmann::json json = ResultOrFail(result.out);
  const tictactoe_reference::Value value = Ref().values().at(board);
  EXPECT_EQ(json.at("position"), "x.o/.x./..o");
  EXPECT_EQ(json.at("to_move"), "x");
  EXPECT_EQ(json.at("result"), ResultName(value.result));
  EXPECT_EQ(json.at("distance"), value.distance);
  EXPECT_EQ(json.at("game_over"), false);
  // Each move: the reference value of the child, seen from the mover.
  const nlohmann::json& moves = json.at("moves");
  ASSERT_EQ(moves.size(), 5u);
  std::vector<std::string> best;
  for (const nlohmann::json& move : moves) {
    const std::string name = move.at("move").get<std::string>();
    const int cell = std::stoi(name) - 1;
    std::string child = board;
    child[cell] = 'x';
    EXPECT_EQ(move.at("position"), WithSlashes(child));
    const tictactoe_reference::Value c = Ref().values().at(child);
    const char mine = c.result == 'w' ? 'l' : c.result == 'l' ? 'w' : 'd';
    EXPECT_EQ(move.at("result"), ResultName(mine)) << child;
    EXPECT_EQ(move.at("distance"), c.distance + 1);
    const bool is_best = mine == value.result &&
                         (mine == 'd' || c.distance + 1 == value.distance);
    EXPECT_EQ(move.at("best"), is_best) << child;
    if (is_best) best.push_back(name);
  }
  ASSERT_FALSE(best.empty());
  ASSERT_EQ(json.at("best").size(), best.size());
  for (size_t i = 0; i < best.size(); ++i) {
    EXPECT_EQ(json.at("best").at(i), best[i]);
  }
  // Best moves come first.
  EXPECT_EQ(moves.at(0).at("best"), true);

  // The same in text: a header, the result, a table.
  const RunResult text =
      Retro({"probe", "--db", path, "--position", "x.o/.x./..o"});
  ASSERT_EQ(text.exit_code, 0) << text;
  // x must block o's column 3-6-9 at 6; every other move loses in 2.
  EXPECT_EQ(text.out,
            "x.o/.x./..o  (x to move)\n"
            "result: draw in 5 plies\n"
            "move  position     result  plies\n"
            "   6  x.o/.xx/..o  draw        5  best\n"
            "   2  xxo/.x./..o  loss        2\n"
            "   4  x.o/xx./..o  loss        2\n"
            "   7  x.o/.x./x.o  loss        2\n"
            "   8  x.o/.x./.xo  loss        2\n");
}

TEST_F(TicTacToeDatabaseTest, FinishedGamesHaveNoMoves) {
  const std::string path = SolveDatabase();
  const RunResult won =
      Retro({"probe", "--db", path, "--position", "xxx/oo./..."});
  ASSERT_EQ(won.exit_code, 0) << won;
  EXPECT_EQ(won.out,
            "xxx/oo./...  (o to move)\nresult: loss in 0 plies  "
            "(game over: x has three in a row)\n");
  const RunResult full =
      Retro({"probe", "--db", path, "--position", "xox/xox/oxo"});
  ASSERT_EQ(full.exit_code, 0) << full;
  EXPECT_THAT(
      full.out,
      HasSubstr("result: draw in 0 plies  (game over: the board is full)"));
}

TEST_F(TicTacToeDatabaseTest, BadPositionsAreRefusedWithAReason) {
  const std::string path = SolveDatabase();
  ExpectError(Retro({"probe", "--db", path, "--position", "x.o/.x."}), 2,
              {"is not three rows of three cells", "e.g. x.o/.x./..o"});
  ExpectError(Retro({"probe", "--db", path, "--position", "xx./.../..."}), 2,
              {"x moves first, so x has as many pieces as o or one more"});
  ExpectError(Retro({"probe", "--db", path, "--position", "x?./.../..."}), 2,
              {"has '?' in cell 2"});
  // Batch mode goes on after a bad line; the exit status is then 2.
  const RunResult batch = Retro({"probe", "--db", path, "--json"},
                                ".../.../...\nbad\nx../.../...\n");
  EXPECT_EQ(batch.exit_code, 2) << batch;
  const std::vector<std::string> lines = Lines(batch.out);
  ASSERT_EQ(lines.size(), 3u) << batch;
  EXPECT_THAT(lines[0], HasSubstr("\"result\":\"draw\""));
  EXPECT_THAT(lines[1], HasSubstr("\"error\":\"position 'bad' is not three rows"));
  EXPECT_THAT(lines[2], HasSubstr("\"position\":\"x../.../...\""));
}

TEST_F(TicTacToeDatabaseTest, StatsCountEveryResult) {
  const std::string path = SolveDatabase();
  std::map<char, uint64_t> counts;
  std::map<int, std::map<char, uint64_t>> counts_by_pieces;
  for (const auto& [board, value] : Ref().values()) {
    ++counts[value.result];
    const int pieces = static_cast<int>(board.size()) -
                       static_cast<int>(std::count(board.begin(), board.end(), '.'));
    ++counts_by_pieces[pieces][value.result];
  }
  const RunResult result = Retro({"stats", "--db", path, "--json"});
  ASSERT_EQ(result.exit_code, 0) << result;
  const nlohmann::json json = ResultOrFail(result.out);
  EXPECT_EQ(json.at("family"), "wdl");
  const nlohmann::json& total = json.at("total");
  EXPECT_EQ(total.at("positions"), 5478);
  EXPECT_EQ(total.at("wdl").at("wins"), counts['w']);
  EXPECT_EQ(total.at("wdl").at("draws"), counts['d']);
  EXPECT_EQ(total.at("wdl").at("losses"), counts['l']);
  // One row per piece count, each as the brute force counts it.
  const nlohmann::json& rows = json.at("groups").at("rows");
  ASSERT_EQ(rows.size(), 10u);
  for (int pieces = 0; pieces <= 9; ++pieces) {
    const nlohmann::json& row = rows.at(pieces);
    std::map<char, uint64_t>& want = counts_by_pieces[pieces];
    EXPECT_EQ(row.at("name"), std::to_string(pieces));
    EXPECT_EQ(row.at("positions"), want['w'] + want['d'] + want['l']) << pieces;
    EXPECT_EQ(row.at("wdl").at("wins"), want['w']) << pieces;
    EXPECT_EQ(row.at("wdl").at("draws"), want['d']) << pieces;
    EXPECT_EQ(row.at("wdl").at("losses"), want['l']) << pieces;
  }
  // The empty board is the one position without pieces: a draw, so no
  // longest win or loss.
  EXPECT_EQ(rows.at(0).at("wdl").at("draws"), 1);
  EXPECT_TRUE(rows.at(0).at("wdl").at("longest_win").is_null()) << result;
  EXPECT_TRUE(rows.at(0).at("wdl").at("longest_loss").is_null()) << result;

  const RunResult text = Retro({"stats", "--db", path});
  ASSERT_EQ(text.exit_code, 0) << text;
  EXPECT_THAT(text.out, HasSubstr("pieces  positions       wins      draws     losses  "
                                  "longest win  longest loss\n"));
  EXPECT_THAT(text.out, HasSubstr("\n total       5478       2836       1068       1574"));
  EXPECT_THAT(text.out, HasSubstr("\nlongest win: 5 plies, e.g. "));
}

TEST_F(TicTacToeDatabaseTest, VerifyPassesAndCatchesAWrongRecord) {
  const std::string path = SolveDatabase();
  const RunResult good = Retro({"verify", "--db", path});
  ASSERT_EQ(good.exit_code, 0) << good;
  EXPECT_THAT(good.out, HasSubstr("consistency: ok (19,683 records checked"));

  // Rewrite the file with one wrong record (and valid checksums): the
  // empty board claimed as a win in 5.
  auto file = DatabaseFile::Open(path);
  ASSERT_TRUE(file.ok()) << file.status();
  DatabaseBuilder builder;
  builder.SetCodec((*file)->identity().codec);
  for (const auto& slice : (*file)->slices()) {
    const std::span<const uint8_t> bytes =
        (*file)->SliceBytes(*(*file)->FindSlice(slice.name));
    std::vector<uint8_t> copy(bytes.begin(), bytes.end());
    if (slice.name == "positions") copy[0] = EncodeWdl(WdlOutcome::Win(5));
    builder.AddSlice(slice.name, std::move(copy));
  }
  const std::vector<uint8_t> bytes =
      SerializeDatabase((*file)->identity(), builder);
  const std::string bad = work_.File("bad.retro");
  std::ofstream(bad, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const RunResult result = Retro({"verify", "--db", bad});
  EXPECT_EQ(result.exit_code, 1) << result;
  EXPECT_THAT(result.out,
              HasSubstr("consistency: FAILED, 1 of 19,683 records disagree; "
                        "first: .../.../... (slice 'positions', index 0): stored win in 5 "
                        "plies, recomputed from its children draw"));
}

TEST_F(TicTacToeDatabaseTest, PerftCountsGamesFromTheEmptyBoard) {
  const std::vector<uint64_t> expected = {9,     72,     504,    3024,  15120,
                                          54720, 148176, 200448, 127872};
  for (int depth = 1; depth <= 9; ++depth) {
    const RunResult result =
        Retro({"perft", "--game", "tictactoe", "--position", ".../.../...",
               "--depth", std::to_string(depth)});
    ASSERT_EQ(result.exit_code, 0) << result;
    EXPECT_EQ(result.out, std::to_string(expected[depth - 1]) + "\n") << depth;
  }
  ExpectError(Retro({"perft", "--game", "tictactoe", "--position", "x",
                     "--depth", "1"}),
              2, {"is not three rows of three cells"});
}

}  // namespace
}  // namespace retro::testing
