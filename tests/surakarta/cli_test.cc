// End-to-end tests of the Surakarta plugin through the real `retro` binary:
// solve (summary, default names, the no-move variant, memory refusal, bad
// parameters), probe (text, JSON, batch, every input error), stats (the
// specification's 2-piece numbers), verify (a good file passes, a file whose
// records were altered fails, malformed files are refused on open) and perft
// from the start position.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "retro/database.h"
#include "tests/e2e/retro_runner.h"
#include "tests/framework/envelope_text.h"
#include "tests/framework/json_output.h"

namespace retro::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

// X to move captures the lone O on b3 from b2 or d2: won in one ply.
constexpr char kCapture[] = "....../.X.X../.O..../....../....../...... X";

class SurakartaCliTest : public RetroTest {
 protected:
  // Solves tables 1..`pieces` into the default file and returns its path.
  std::string SolveTables(int pieces) {
    const RunResult r =
        Retro({"solve", "--game", "surakarta", "--pieces",
               std::to_string(pieces), "--threads", "2", "--json"});
    EXPECT_EQ(r.exit_code, 0) << r;
    const std::string name = "surakarta-" + std::to_string(pieces) + ".retro";
    EXPECT_EQ(ParseJsonOrFail(r.out).at("file"), name) << r;
    return work_.File(name);
  }

  // Rewrites database `from` into `to` (a valid container) after `edit` has
  // changed its identity, parameters or slices.
  template <typename Edit>
  std::string Rewrite(const std::string& from, const std::string& to,
                      Edit edit) {
    auto file = DatabaseFile::Open(from);
    EXPECT_TRUE(file.ok()) << file.status();
    DatabaseIdentity identity = (*file)->identity();
    std::vector<std::pair<std::string, std::string>> parameters =
        (*file)->parameters();
    std::vector<std::pair<std::string, std::vector<uint8_t>>> slices;
    for (size_t i = 0; i < (*file)->slices().size(); ++i) {
      const auto bytes = (*file)->SliceBytes(i);
      slices.push_back(
          {(*file)->slices()[i].name, {bytes.begin(), bytes.end()}});
    }
    edit(identity, parameters, slices);
    DatabaseBuilder builder;
    builder.SetCodec(identity.codec);
    for (const auto& [key, value] : parameters)
      builder.SetParameter(key, value);
    for (auto& [name, bytes] : slices) builder.AddSlice(name, std::move(bytes));
    const std::vector<uint8_t> data = SerializeDatabase(identity, builder);
    const std::string path = work_.File(to);
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(data.data()), data.size());
    return path;
  }
};

using Parameters = std::vector<std::pair<std::string, std::string>>;
using Slices = std::vector<std::pair<std::string, std::vector<uint8_t>>>;

TEST_F(SurakartaCliTest, SolveSummaryAndFile) {
  const RunResult r = Retro(
      {"solve", "--game", "surakarta", "--pieces", "3", "--threads", "2"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("59,712 positions"));  // 72 + 2,520 + 57,120
  EXPECT_THAT(r.out, HasSubstr("wrote surakarta-3.retro"));
  auto file = DatabaseFile::Open(work_.File("surakarta-3.retro"));
  ASSERT_TRUE(file.ok()) << file.status();
  EXPECT_EQ((*file)->identity().codec, "surakarta-dtc-wdl-byte-v1");
  EXPECT_EQ((*file)->Parameter("pieces"), "3");
  EXPECT_EQ((*file)->Parameter("no-move"), "loss");
  ASSERT_EQ((*file)->slices().size(), 3u);
  EXPECT_EQ((*file)->slices()[0].name, "pieces-1");
  EXPECT_EQ((*file)->slices()[0].size, 72u);
  EXPECT_EQ((*file)->slices()[2].name, "pieces-3");
  EXPECT_EQ((*file)->slices()[2].size, 57120u);
}

// Regression: running out of memory on a pool worker crashed the solve
// (SIGSEGV, "double free or corruption") and left its temporary file.
TEST_F(SurakartaCliTest, OutOfMemoryOnAnyThreadEndsTheSolveCleanly) {
  if (kAddressSanitizer) {
    GTEST_SKIP() << "ulimit -v cannot limit retro under AddressSanitizer, which reserves "
                    "terabytes of address space for its shadow memory";
  }
  for (const char* limit_and_layout : {"600000 fuchou", "150000 symmetric"}) {
    const std::string spec = limit_and_layout;
    const std::string limit = spec.substr(0, spec.find(' '));
    const std::string layout = spec.substr(spec.find(' ') + 1);
    const RunResult r = RunRetro(
        {"-c",
         absl::StrCat("ulimit -v ", limit, "; exec \"$0\" solve --game surakarta --pieces 6 "
                      "--indexer ", layout, " --threads 2 --out y.retro"),
         kRetroBinary},
        work_.path(), io_.path(), "", {}, "/bin/sh");
    ExpectError(r, 1, {"out of memory"});
    // No database and no temporary; the tables finished before the failure
    // are kept for --resume (retro/checkpoint.h), and the message says so.
    for (const std::string& name : work_.List()) {
      EXPECT_EQ(name, "y.retro.checkpoint") << layout;
      EXPECT_THAT(r.err, HasSubstr("--resume")) << layout;
    }
    std::filesystem::remove_all(work_.File("y.retro.checkpoint"));
  }
}

TEST_F(SurakartaCliTest, ProbeTextAndJson) {
  const std::string db = SolveTables(4);
  RunResult r = Retro({"probe", "--db", db, "--position", kCapture});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr(std::string(kCapture) +
                               "  (3 pieces: X to move has 2, O has 1)\nresult: win in 1 ply\n"));
  EXPECT_THAT(r.out, HasSubstr("b2xb3  ....../...X../.X..../....../....../...... O  win         1  best"));
  EXPECT_THAT(r.out, HasSubstr("d2xb3  ....../.X..../.X..../....../....../...... O  win         1  best"));

  r = Retro({"probe", "--db", db, "--position", kCapture, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const nlohmann::json capture = ResultOrFail(r.out);
  EXPECT_EQ(capture.at("position"), kCapture);
  EXPECT_EQ(capture.at("to_move"), "X");
  EXPECT_EQ(capture.at("note"), "3 pieces: X to move has 2, O has 1");
  EXPECT_EQ(capture.at("result"), "win");
  EXPECT_EQ(capture.at("distance"), 1);
  EXPECT_EQ(capture.at("game_over"), false);
  const nlohmann::json b2xb3 = {{"move", "b2xb3"},
                                {"position", "....../...X../.X..../....../....../...... O"},
                                {"result", "win"},
                                {"distance", 1},
                                {"best", true}};
  EXPECT_EQ(capture.at("best"), nlohmann::json({"b2xb3", "d2xb3"}));
  // Every other move is a step that lets O capture or run: never a win.
  bool captures = false, steps_away = false;
  for (const nlohmann::json& move : capture.at("moves")) {
    if (move.at("move") == "b2xb3") captures = move == b2xb3;
    if (move.at("move") == "b2-a1") steps_away = true;
  }
  EXPECT_TRUE(captures) << r;
  EXPECT_TRUE(steps_away) << r;

  // The side to move has no pieces: lost, DTC 0, no moves.
  r = Retro({"probe", "--db", db, "--position",
             "X...../....../....../....../....../...... O", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(EnvelopeResultText(r.out),
            "{\"position\":\"X...../....../....../....../....../...... "
            "O\",\"to_move\":\"O\",\"note\":\"1 pieces: O to move has 0, X has 1\","
            "\"result\":\"loss\",\"distance\":0,\"game_over\":true,\"reason\":\"game over: "
            "the side to move has no pieces\",\"moves\":[],\"best\":[]}");
  EXPECT_EQ(Lines(r.out).size(), 1u) << r;
  r = Retro({"probe", "--db", db, "--position",
             "X...../....../....../....../....../...... O"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(
      r.out,
      HasSubstr("result: loss in 0 plies  (game over: the side to move has no pieces)"));
  // Regression: an empty board was answered as a loss; it is no position.
  r = Retro({"probe", "--db", db, "--position",
             "....../....../....../....../....../...... X"});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("the board is empty"));

  // A draw has no distance (X on a3 can always step away from b1's captures).
  r = Retro({"probe", "--db", db, "--position",
             ".O..../....../X...../....../....../...... O", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const nlohmann::json draw = ResultOrFail(r.out);
  EXPECT_EQ(draw.at("result"), "draw");
  EXPECT_TRUE(draw.at("distance").is_null()) << r;
}

TEST_F(SurakartaCliTest, ProbeMovesAreConsistentWithTheResult) {
  const std::string db = SolveTables(3);
  // The best move's result and DTC are the position's own.
  const RunResult r = Retro({"probe", "--db", db, "--json"},
                            "..X.../....../X..O../....../....../...... X\n"
                            "..X.../....../X..O../....../....../...... O\n");
  ASSERT_EQ(r.exit_code, 0) << r;
  const std::vector<std::string> lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 2u) << r;
  for (const std::string& line : lines) {
    const nlohmann::json probe = ResultOrFail(line);
    EXPECT_EQ(probe.at("game_over"), false) << line;
    // The position's result and distance equal the first (best) move's.
    const nlohmann::json& first_move = probe.at("moves").at(0);
    EXPECT_EQ(first_move.at("result"), probe.at("result")) << line;
    EXPECT_EQ(first_move.at("distance"), probe.at("distance")) << line;
    EXPECT_EQ(first_move.at("best"), true) << line;
  }
}

TEST_F(SurakartaCliTest, BatchProbeAnswersEveryLine) {
  const std::string db = SolveTables(3);
  const std::string input = std::string(kCapture) + "\n" + "XX/OO X\n" +
                            "XXX.../....../....../....../....../OO.... X\n" +
                            "....../.X.X../.O..../....../....../...... O\n";
  RunResult r = Retro({"probe", "--db", db}, input);
  EXPECT_EQ(r.exit_code, 2) << r;  // some lines were bad
  std::vector<std::string> lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 4u) << r;
  EXPECT_EQ(lines[0], std::string(kCapture) + " win 1 best b2xb3,d2xb3");
  EXPECT_THAT(lines[1], HasSubstr("error: "));
  EXPECT_THAT(lines[2], HasSubstr("error: "));
  EXPECT_THAT(lines[2], HasSubstr("5 pieces"));
  EXPECT_THAT(lines[3], ::testing::StartsWith(
                            "....../.X.X../.O..../....../....../...... O "));

  r = Retro({"probe", "--db", db, "--json"}, input);
  EXPECT_EQ(r.exit_code, 2) << r;
  lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 4u) << r;
  EXPECT_THAT(lines[0], HasSubstr("\"result\":\"win\",\"distance\":1"));
  EXPECT_THAT(lines[1], HasSubstr("\"error\""));
  EXPECT_THAT(lines[2], HasSubstr("\"error\""));
  EXPECT_THAT(lines[3], HasSubstr("\"best\":["));
}

TEST_F(SurakartaCliTest, ProbeRefusesBadInput) {
  const std::string db = SolveTables(3);
  ExpectError(Retro({"probe", "--db", db, "--position", ""}), 2, {});
  ExpectError(Retro({"probe", "--db", db, "--position", "XX/OO X"}), 2, {});
  ExpectError(Retro({"probe", "--db", db, "--position",
                     "....../.X.X../.O..../....../....../...... Z"}),
              2, {});
  ExpectError(Retro({"probe", "--db", db, "--position",
                     "....../.X.X../.Q..../....../....../...... X"}),
              2, {});
  ExpectError(Retro({"probe", "--db", db, "--position",
                     "XX..../.X.X../.O..../....../....../...... X"}),
              2, {"5 pieces", "1 to 3", "--pieces 5"});
  ExpectError(Retro({"probe", "--db", db, "--position",
                     "XXXXXX/XXXXXX/....../....../OOOOOO/OOOOOO X"}),
              2, {"24 pieces", "tables go up to 7 pieces"});
  // Without pieces the side to move has lost, however many the other has.
  const RunResult r =
      Retro({"probe", "--db", db, "--position",
             "XXXXXX/XXXXXX/....../....../....../...... O", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("\"result\":\"loss\",\"distance\":0,\"game_over\":true"));
  EXPECT_THAT(r.out, HasSubstr("\"moves\":[]"));
  ExpectError(
      Retro({"probe", "--db", db, "--position", kCapture, "--depth", "3"}), 2,
      {"--depth"});
}

TEST_F(SurakartaCliTest, StatsMatchTheSpecification) {
  const std::string db = SolveTables(2);
  RunResult r = Retro({"stats", "--db", db, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const nlohmann::json envelope = ParseJsonOrFail(r.out);
  const nlohmann::json& stats = envelope.at("result");
  EXPECT_EQ(stats.at("family"), "wdl");
  // The 1,260 boards with one piece each: 844 wins, 336 draws, 80 losses,
  // longest win 3 plies.
  const nlohmann::json& one_against_one = stats.at("groups").at("rows").at(3);
  EXPECT_EQ(one_against_one.at("name"), "1v1");
  EXPECT_EQ(one_against_one.at("slice"), "pieces-2");
  EXPECT_EQ(one_against_one.at("positions"), 1260);
  EXPECT_EQ(one_against_one.at("wdl").at("wins"), 844);
  EXPECT_EQ(one_against_one.at("wdl").at("draws"), 336);
  EXPECT_EQ(one_against_one.at("wdl").at("losses"), 80);
  EXPECT_EQ(one_against_one.at("wdl").at("longest_win"), 3);
  // The whole 2-piece table (games/surakarta/README.md).
  const nlohmann::json& two_pieces = stats.at("slices").at(1);
  EXPECT_EQ(two_pieces.at("name"), "pieces-2");
  EXPECT_EQ(two_pieces.at("positions"), 2520);
  EXPECT_EQ(two_pieces.at("wdl").at("wins"), 1474);
  EXPECT_EQ(two_pieces.at("wdl").at("draws"), 336);
  EXPECT_EQ(two_pieces.at("wdl").at("losses"), 710);
  EXPECT_EQ(two_pieces.at("wdl").at("longest_win"), 3);
  EXPECT_EQ(stats.at("total").at("positions"), 2592);
  EXPECT_EQ(envelope.at("parameters").at("no_move"), "loss");

  r = Retro({"stats", "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r;
  const std::vector<std::string> lines = Lines(r.out);
  bool found = false;
  for (const std::string& line : lines) {
    if (line.find(" 1v1 ") == std::string::npos) continue;
    found = true;
    EXPECT_THAT(line, HasSubstr("1260"));
    EXPECT_THAT(line, HasSubstr("844"));
    EXPECT_THAT(line, HasSubstr("336"));
    EXPECT_THAT(line, HasSubstr(" 80 "));
  }
  EXPECT_TRUE(found) << r;
}

TEST_F(SurakartaCliTest, StatsExamplesHaveTheirDistance) {
  const std::string db = SolveTables(3);
  const RunResult r = Retro({"stats", "--db", db, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  // The longest 2v1 win of the 3-piece table, probed, has that distance.
  const std::string key = "\"name\":\"2v1\"";
  const size_t at = r.out.find(key);
  ASSERT_NE(at, std::string::npos) << r;
  const size_t win = r.out.find("\"longest_win\":", at);
  const size_t example = r.out.find("\"longest_win_example\":\"", at);
  ASSERT_NE(win, std::string::npos);
  ASSERT_NE(example, std::string::npos);
  const int distance = std::stoi(r.out.substr(win + 14));
  const size_t begin = example + 23;
  const std::string position =
      r.out.substr(begin, r.out.find('"', begin) - begin);
  const RunResult probe =
      Retro({"probe", "--db", db, "--position", position, "--json"});
  ASSERT_EQ(probe.exit_code, 0) << probe;
  EXPECT_THAT(probe.out, HasSubstr("\"result\":\"win\",\"distance\":" +
                                   std::to_string(distance) + ","));
}

TEST_F(SurakartaCliTest, VerifyPassesOnASolvedFile) {
  const std::string db = SolveTables(4);
  RunResult r = Retro({"verify", "--db", db, "--threads", "2"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("checksums: ok (header and 4 slices"));
  EXPECT_THAT(r.out, HasSubstr("consistency: ok (1,002,192 records checked"));
  r = Retro(
      {"verify", "--db", db, "--sample", "1000", "--seed", "7", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("\"records_checked\":1000,\"mismatches\":0"));
  EXPECT_THAT(r.out, HasSubstr("\"ok\":true"));
}

TEST_F(SurakartaCliTest, VerifyFindsAlteredRecords) {
  const std::string good = SolveTables(3);
  // Changes one record of the 3-piece table; the container is rewritten
  // with fresh checksums, so only the consistency check can notice.
  const std::string bad = Rewrite(
      good, "bad.retro", [](DatabaseIdentity&, Parameters&, Slices& slices) {
        std::vector<uint8_t>& table = slices[2].second;
        table[1000] = table[1000] == 0 ? 5 : 0;
      });
  const RunResult r = Retro({"verify", "--db", bad});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_THAT(r.out, HasSubstr("consistency: FAILED"));
  EXPECT_THAT(r.out, HasSubstr("(slice 'pieces-3', index 1000)"));
  EXPECT_THAT(r.err, HasSubstr("inconsistent with their children"));
}

TEST_F(SurakartaCliTest, OpenRefusesMalformedTablebases) {
  const std::string good = SolveTables(3);
  std::string path = Rewrite(
      good, "short.retro", [](DatabaseIdentity&, Parameters&, Slices& slices) {
        slices[2].second.resize(1000);
      });
  ExpectError(Retro({"probe", "--db", path, "--position", kCapture}), 1,
              {"short.retro", "slice 'pieces-3' has 1000 bytes", "57120"});
  path = Rewrite(good, "more.retro",
                 [](DatabaseIdentity&, Parameters& parameters, Slices&) {
                   parameters[0].second = "4";
                 });
  ExpectError(Retro({"stats", "--db", path}), 1,
              {"tablebase has 4 slices (pieces-1, pieces-2, pieces-3, pieces-4)",
               "has 3 and lacks slice 'pieces-4'"});
  path = Rewrite(good, "nopieces.retro",
                 [](DatabaseIdentity&, Parameters& parameters, Slices&) {
                   parameters.erase(parameters.begin());
                 });
  ExpectError(Retro({"verify", "--db", path}), 1, {"lacks parameter 'pieces'"});
  path = Rewrite(good, "codec.retro",
                 [](DatabaseIdentity& identity, Parameters&, Slices&) {
                   identity.codec = "something-else";
                 });
  ExpectError(Retro({"probe", "--db", path, "--position", kCapture}), 1,
              {"codec 'something-else'"});
  path = Rewrite(good, "rename.retro",
                 [](DatabaseIdentity&, Parameters&, Slices& slices) {
                   slices[1].first = "pieces-9";
                 });
  ExpectError(Retro({"probe", "--db", path, "--position", kCapture}), 1,
              {"lacks slice 'pieces-2'"});
}

TEST_F(SurakartaCliTest, CountRuleVariant) {
  const RunResult r = Retro({"solve", "--game", "surakarta", "--pieces", "3",
                             "--no-move", "count", "--threads", "2"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("surakarta-3-count.retro"));
  const std::string db = work_.File("surakarta-3-count.retro");
  RunResult stats = Retro({"stats", "--db", db, "--json"});
  ASSERT_EQ(stats.exit_code, 0) << stats;
  EXPECT_EQ(ParseJsonOrFail(stats.out).at("parameters").at("no_move"), "count") << stats;
  stats = Retro({"verify", "--db", db});
  EXPECT_EQ(stats.exit_code, 0) << stats;
}

TEST_F(SurakartaCliTest, SolveRefusesBadParameters) {
  ExpectError(Retro({"solve", "--game", "surakarta", "--pieces", "0"}), 2,
              {"1..9"});
  ExpectError(Retro({"solve", "--game", "surakarta", "--pieces", "8"}), 2,
              {"--pieces 8 needs --indexer symmetric", "up to 7 pieces"});
  ExpectError(Retro({"solve", "--game", "surakarta", "--pieces", "10",
                     "--indexer", "symmetric"}),
              2, {"1..9"});
  ExpectError(Retro({"solve", "--game", "surakarta", "--indexer", "sym"}), 2,
              {"--indexer", "fuchou", "symmetric"});
  ExpectError(Retro({"solve", "--game", "surakarta", "--pieces", "five"}), 2,
              {"--pieces"});
  ExpectError(Retro({"solve", "--game", "surakarta", "--no-move", "draw"}), 2,
              {"loss", "count"});
  ExpectError(Retro({"solve", "--game", "surakarta", "--piece", "3"}), 2,
              {"--pieces"});
}

TEST_F(SurakartaCliTest, SymmetricTablesPlanTheirSmallerMemory) {
  const RunResult r = RetroRaw(
      {"solve", "--game", "surakarta", "--pieces", "8", "--indexer",
       "symmetric"},
      "", {{"RETRO_MEMORY_LIMIT_MB", "2048"}});
  ExpectError(r, 1,
              {"this Surakarta tablebase needs about", "2.0 GiB is available",
               "the largest that fits is --pieces 7"});
  EXPECT_TRUE(std::filesystem::is_empty(work_.path()))
      << "no file may be left behind";
}

// Nine pieces are a cluster's job (about 43 GiB in one process): a single
// machine refuses to solve them (not a bad parameter: exit 1) but checks
// the rules' contract for them, as for any table too large to solve here.
TEST_F(SurakartaCliTest, NinePiecesArePlannedAndCheckedNotSolvedHere) {
  const RunResult r = RetroRaw(
      {"solve", "--game", "surakarta", "--pieces", "9", "--indexer", "symmetric"}, "",
      {{"RETRO_MEMORY_LIMIT_MB", "20000"}});
  ExpectError(r, 1, {"tablebase needs about 43.", "the largest that fits is --pieces 8"});
  EXPECT_TRUE(std::filesystem::is_empty(work_.path())) << "no file may be left behind";
  const RunResult check = RetroRaw({"check", "--game", "surakarta", "--pieces", "7", "--indexer",
                                    "symmetric", "--sample", "300"},
                                   "", {{"RETRO_MEMORY_LIMIT_MB", "100"}});
  EXPECT_EQ(check.exit_code, 0) << check;
  EXPECT_THAT(check.out, HasSubstr("bijection: ok"));
  EXPECT_THAT(check.out, HasSubstr("take-backs: ok"));
}

TEST_F(SurakartaCliTest, RefusesTablesThatDoNotFitInMemory) {
  const RunResult r =
      RetroRaw({"solve", "--game", "surakarta", "--pieces", "6"}, "",
               {{"RETRO_MEMORY_LIMIT_MB", "512"}});
  ExpectError(r, 1,
              {"needs about", "512.0 MiB is available",
               "the largest that fits is --pieces 5"});
  EXPECT_TRUE(std::filesystem::is_empty(work_.path()))
      << "no file may be left behind";
}

// `count` random placements of 1..max_pieces pieces in notation, either
// side to move, one per line.
std::string RandomPositions(int max_pieces, int count, uint32_t seed) {
  std::mt19937 rng(seed);
  std::string out;
  for (int i = 0; i < count; ++i) {
    std::string cells(36, '.');
    const int pieces = 1 + static_cast<int>(rng() % max_pieces);
    for (int placed = 0; placed < pieces;) {
      char& cell = cells[rng() % 36];
      if (cell != '.') continue;
      cell = rng() % 2 ? 'X' : 'O';
      ++placed;
    }
    for (int row = 0; row < 6; ++row) {
      out += cells.substr(6 * row, 6) + (row < 5 ? "/" : "");
    }
    out += rng() % 2 ? " X\n" : " O\n";
  }
  return out;
}

// The symmetry-reduced layout answers exactly like the FuChou one: the same
// probes (value, every move's value, best moves), the same statistics
// (counted in positions), and it verifies.
TEST_F(SurakartaCliTest, SymmetricTablesAnswerLikeFuChouTables) {
  const std::string fuchou = SolveTables(4);
  RunResult r = Retro({"solve", "--game", "surakarta", "--pieces", "4",
                       "--indexer", "symmetric", "--threads", "2"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("wrote surakarta-4-symmetric.retro"));
  const std::string symmetric = work_.File("surakarta-4-symmetric.retro");
  {
    auto file = DatabaseFile::Open(symmetric);
    ASSERT_TRUE(file.ok()) << file.status();
    EXPECT_EQ((*file)->identity().codec,
              "surakarta-dtc-wdl-byte-symmetric-v1");
    EXPECT_EQ((*file)->Parameter("indexer"), "symmetric");
    ASSERT_EQ((*file)->slices().size(), 4u);
    // Classes under the 8 symmetries (FuChou: 72, 2,520, 57,120, 942,480).
    EXPECT_EQ((*file)->slices()[0].size, 12u);
    EXPECT_EQ((*file)->slices()[1].size, 351u);
    EXPECT_EQ((*file)->slices()[2].size, 7270u);
    EXPECT_EQ((*file)->slices()[3].size, 118659u);
  }
  const std::string input = RandomPositions(4, 2000, 20261121) + kCapture +
                            "\n" +
                            "X...../....../....../....../....../...... O\n";
  for (const char* format : {"--json", "--text"}) {
    std::vector<std::string> args = {"probe", "--db", fuchou};
    if (std::string(format) == "--json") args.push_back("--json");
    const RunResult a = Retro(args, input);
    args[2] = symmetric;
    const RunResult b = Retro(args, input);
    ASSERT_EQ(a.exit_code, 0) << a;
    ASSERT_EQ(b.exit_code, 0) << b;
    const std::vector<std::string> a_lines = Lines(a.out);
    const std::vector<std::string> b_lines = Lines(b.out);
    ASSERT_EQ(a_lines.size(), 2002u);
    ASSERT_EQ(b_lines.size(), a_lines.size());
    for (size_t i = 0; i < a_lines.size(); ++i) {
      if (std::string(format) == "--json") {
        EXPECT_EQ(EnvelopeResultText(b_lines[i]), EnvelopeResultText(a_lines[i]));
      } else {
        EXPECT_EQ(b_lines[i], a_lines[i]);
      }
    }
  }
  // Not a vacuous comparison: the answers differ from position to position.
  const RunResult sample = Retro({"probe", "--db", symmetric}, input);
  EXPECT_THAT(sample.out, ::testing::ContainsRegex(" win [1-9][0-9]* best "));
  EXPECT_THAT(sample.out, ::testing::ContainsRegex(" loss [1-9][0-9]* best "));
  EXPECT_THAT(sample.out, HasSubstr(" draw"));

  RunResult stats_a = Retro({"stats", "--db", fuchou, "--json"});
  RunResult stats_b = Retro({"stats", "--db", symmetric, "--json"});
  ASSERT_EQ(stats_a.exit_code, 0) << stats_a;
  ASSERT_EQ(stats_b.exit_code, 0) << stats_b;
  EXPECT_EQ(ParseJsonOrFail(stats_b.out).at("parameters").at("indexer"), "symmetric");
  EXPECT_EQ(ResultOrFail(stats_b.out).at("total").at("positions"), 1002192);
  // Counts agree field by field; only the indexer (and possibly an example
  // position among equally long ones) may differ.
  auto counts = [](const std::string& line) {
    const nlohmann::json stats = ResultOrFail(line);
    nlohmann::json rows = stats.at("slices");
    rows.push_back(stats.at("total"));
    for (const nlohmann::json& group : stats.at("groups").at("rows")) rows.push_back(group);
    for (nlohmann::json& row : rows) {
      row.at("wdl").erase("longest_win_example");
      row.at("wdl").erase("longest_loss_example");
    }
    return rows;
  };
  EXPECT_EQ(counts(stats_a.out), counts(stats_b.out));
  // The 4 tables, the total and the 2 + 3 + 4 + 5 material balances.
  EXPECT_EQ(counts(stats_a.out).size(), 4u + 1u + 14u);

  r = Retro({"verify", "--db", symmetric});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("consistency: ok (126,292 records"));
}

TEST_F(SurakartaCliTest, SymmetricTablesRefuseAContradictoryHeader) {
  ASSERT_EQ(Retro({"solve", "--game", "surakarta", "--pieces", "2",
                   "--indexer", "symmetric"})
                .exit_code,
            0);
  const std::string good = work_.File("surakarta-2-symmetric.retro");
  // FuChou codec on symmetric slices: refused by its slice sizes.
  std::string path = Rewrite(
      good, "codec.retro", [](DatabaseIdentity& identity, Parameters& p,
                              Slices&) {
        identity.codec = "surakarta-dtc-wdl-byte-v1";
        for (auto& [key, value] : p) {
          if (key == "indexer") value = "fuchou";
        }
      });
  ExpectError(Retro({"probe", "--db", path, "--position", kCapture}), 1,
              {"slice 'pieces-1' has 12 bytes", "72 positions"});
  // The indexer parameter contradicting the codec.
  path = Rewrite(good, "param.retro",
                 [](DatabaseIdentity&, Parameters& p, Slices&) {
                   for (auto& [key, value] : p) {
                     if (key == "indexer") value = "fuchou";
                   }
                 });
  ExpectError(Retro({"stats", "--db", path}), 1,
              {"indexer='fuchou'", "contradicts codec"});
}

TEST_F(SurakartaCliTest, PerftFromTheStart) {
  const std::string start = "XXXXXX/XXXXXX/....../....../OOOOOO/OOOOOO X";
  const std::vector<std::string> expected = {"16", "256", "5382", "111122"};
  for (int depth = 1; depth <= 4; ++depth) {
    const RunResult r =
        Retro({"perft", "--game", "surakarta", "--position", start, "--depth",
               std::to_string(depth), "--threads", "2"});
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_EQ(r.out, expected[depth - 1] + "\n") << "depth " << depth;
  }
  const RunResult r =
      Retro({"perft", "--game", "surakarta", "--position", start, "--depth",
             "3", "--threads", "1", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("\"nodes\":5382"));
  ExpectError(Retro({"perft", "--game", "surakarta", "--position", "XXXXXX X",
                     "--depth", "1"}),
              2, {});
  EXPECT_THAT(r.out, Not(HasSubstr("error")));
}

}  // namespace
}  // namespace retro::testing
