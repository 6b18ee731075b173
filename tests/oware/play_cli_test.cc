// `retro play` and `retro match` end to end through the real binary with the
// oware plugin: text and JSON output, a book in play, reproducible matches on
// one or two threads, and every bad input refused with exit status 2.
#include <optional>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/e2e/retro_runner.h"
#include "tests/framework/mini_json.h"

namespace retro::testing {
namespace {

using ::testing::HasSubstr;

Json ParseOrFail(const std::string& text) {
  std::optional<Json> json = JsonParser::Parse(text);
  EXPECT_TRUE(json.has_value()) << "not JSON: " << text;
  return json.value_or(Json{});
}

class OwarePlayCliTest : public RetroTest {
 protected:
  // The 6-seed book (about a second to solve).
  std::string SolveSix() {
    const RunResult r = Retro({"solve", "--game", "oware", "--seeds", "6"});
    EXPECT_EQ(r.exit_code, 0) << r;
    return work_.File("oware-6.retro");
  }
};

TEST_F(OwarePlayCliTest, PlaysTheStartByDefault) {
  RunResult r = Retro({"play", "--game", "oware", "--depth", "4"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("4 4 4 4 4 4 | 4 4 4 4 4 4  score 0-0  ply 0  (200 plies left)"));
  EXPECT_THAT(r.out, HasSubstr("best move: "));
  EXPECT_THAT(r.out, HasSubstr("heuristic: material at depth 4"));
  EXPECT_THAT(r.out, HasSubstr("principal variation: "));

  r = Retro({"play", "--game", "oware", "--player", "depth=5,eval=evolved5", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const Json json = ParseOrFail(r.out);
  EXPECT_EQ(json["position"].text, "4 4 4 4 4 4 | 4 4 4 4 4 4");
  EXPECT_GE(json["best_move"].number, 0);
  EXPECT_LE(json["best_move"].number, 5);
  EXPECT_EQ(json["depth"].number, 5);
  EXPECT_EQ(json["pv"].items.size(), 5u);
  EXPECT_EQ(json["pv"][0].number, json["best_move"].number);
  EXPECT_FALSE(json["exact"].boolean);
  EXPECT_EQ(json["eval"].text, "evolved5");
  EXPECT_EQ(json["heuristic"].kind, Json::Kind::kNumber);
  EXPECT_EQ(json["result"].kind, Json::Kind::kNull);
  EXPECT_GT(json["nodes"].number, 0);
  EXPECT_EQ(json["book_hits"].number, 0);
}

TEST_F(OwarePlayCliTest, PlaysWithABook) {
  const std::string book = SolveSix();
  // Two seeds, three plies left: the book's +2 (tests/oware/cli_test.cc)
  // decides a 23-23 game.
  const RunResult r = Retro({"play", "--game", "oware", "--db", book, "--position",
                             "0 0 0 1 0 0 | 0 0 0 0 0 1", "--score", "23-23", "--plies-played",
                             "197", "--nodes", "10000", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const Json json = ParseOrFail(r.out);
  EXPECT_TRUE(json["exact"].boolean);
  EXPECT_EQ(json["result"].text, "win");
  EXPECT_EQ(json["final_difference"].number, 2);
  EXPECT_EQ(json["best_move"].number, 3);
  EXPECT_GT(json["book_hits"].number, 0);
  EXPECT_EQ(json["score"][0].number, 23);
  EXPECT_EQ(json["plies_played"].number, 197);

  const RunResult text = Retro({"play", "--game", "oware", "--player", "book=" + book,
                                "--position", "0 0 0 1 0 0 | 0 0 0 0 0 1", "--score", "23-23",
                                "--plies-played", "197"});
  ASSERT_EQ(text.exit_code, 0) << text;
  EXPECT_THAT(text.out, HasSubstr("expected: win, final score difference +2 (exact)"));
}

TEST_F(OwarePlayCliTest, MatchTallyAddsUpAndDoesNotDependOnThreads) {
  const std::vector<std::string> match = {"match", "--game", "oware", "--a", "depth=3",
                                          "--b", "depth=2,eval=evolved3", "--games", "8",
                                          "--seed", "5", "--json"};
  std::vector<std::string> one = match, two = match;
  one.insert(one.end(), {"--threads", "1"});
  two.insert(two.end(), {"--threads", "2"});
  const RunResult r1 = Retro(one);
  const RunResult r2 = Retro(two);
  ASSERT_EQ(r1.exit_code, 0) << r1;
  ASSERT_EQ(r2.exit_code, 0) << r2;
  const Json a = ParseOrFail(r1.out);
  const Json b = ParseOrFail(r2.out);
  EXPECT_EQ(a["games"].number, 8);
  EXPECT_EQ(a["wins"].number + a["draws"].number + a["losses"].number, 8);
  for (const char* key : {"wins", "draws", "losses"}) {
    EXPECT_EQ(a["a_first"][key].number + a["a_second"][key].number, a[key].number) << key;
  }
  EXPECT_EQ(a["a_first"]["wins"].number + a["a_first"]["draws"].number +
                a["a_first"]["losses"].number,
            4);
  EXPECT_EQ(a["outcomes"].text.size(), 8u);
  const double score = (a["wins"].number + 0.5 * a["draws"].number) / 8;
  EXPECT_DOUBLE_EQ(a["score"].number, score);
  EXPECT_LE(a["score_low"].number, score);
  EXPECT_GE(a["score_high"].number, score);
  EXPECT_EQ(a["a"]["spec"].text, "depth=3");
  EXPECT_EQ(a["b"]["spec"].text, "depth=2,eval=evolved3");
  EXPECT_EQ(a["a"]["book_hits"].number, 0);
  // Threads change nothing but the time.
  EXPECT_EQ(b["outcomes"].text, a["outcomes"].text);
  EXPECT_EQ(b["a"]["nodes"].number, a["a"]["nodes"].number);
  EXPECT_EQ(b["b"]["nodes"].number, a["b"]["nodes"].number);
  EXPECT_EQ(b["a"]["moves"].number, a["a"]["moves"].number);
}

TEST_F(OwarePlayCliTest, MatchWithABookReportsItsHits) {
  const std::string book = SolveSix();
  const RunResult r = Retro({"match", "--game", "oware", "--a", "book=" + book + ",depth=3",
                             "--b", "depth=3", "--games", "2", "--threads", "2"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("oware match: 2 games (1 opening, colours swapped), seed 1"));
  EXPECT_THAT(r.out, HasSubstr("A: book=" + book + ",depth=3"));
  EXPECT_THAT(r.out, HasSubstr("score "));
  EXPECT_THAT(r.out, HasSubstr("Elo "));
  const std::vector<std::string> lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 8u) << r;
  EXPECT_THAT(lines[5], ::testing::StartsWith("player "));
  // B's book hits column is 0, A's is not.
  EXPECT_THAT(lines[7], ::testing::MatchesRegex("B +[0-9,]+ +[0-9,]+ +0 .*"));
  EXPECT_THAT(lines[6], ::testing::MatchesRegex("A +[0-9,]+ +[0-9,]+ +[1-9][0-9,]* .*"));
}

TEST_F(OwarePlayCliTest, RefusesBadInput) {
  const std::vector<std::string> play = {"play", "--game", "oware"};
  auto Play = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = play;
    args.insert(args.end(), extra.begin(), extra.end());
    return Retro(args);
  };
  ExpectError(Play({"--position", "1 2 3"}), 2, {"12"});
  ExpectError(Play({"--score", "a-b"}), 2, {"--score 'a-b' is not a score", "A-B"});
  ExpectError(Play({"--score", "10"}), 2, {"is not a score"});
  ExpectError(Play({"--score", "20-10"}), 2, {"make 78; a game of oware has 48"});
  ExpectError(Play({"--position", "0 0 0 1 0 0 | 0 0 0 0 0 1", "--score", "25-21"}), 2,
              {"the game is over", "more than half"});
  ExpectError(Play({"--position", "0 0 0 0 0 0 | 0 0 0 0 0 1", "--score", "24-23"}), 2,
              {"the game is over: the side to move has no legal move"});
  ExpectError(Play({"--plies-played", "200"}), 2, {"plies-played", "0..199"});
  ExpectError(Play({"--depth", "0"}), 2, {"depth must be a whole number in 1..100"});
  ExpectError(Play({"--depth", "3", "--nodes", "100"}), 2,
              {"give one budget per move, depth, nodes or time-ms"});
  ExpectError(Play({"--eval", "best"}), 2, {"valid: material, evolved3, evolved5"});
  ExpectError(Play({"--player", "depth=3", "--depth", "4"}), 2, {"depth is given twice"});
  ExpectError(Play({"--player", "dept=3"}), 2, {"unknown key 'dept'", "valid keys: book, eval"});
  ExpectError(Play({"--colour", "red"}), 2, {"unknown option --colour", "--score"});
  ExpectError(Play({"--db", "missing.retro"}), 2,
              {"book=missing.retro is not a usable oware book"});
  const std::string countdown = Solve("countdown.retro");
  ExpectError(Play({"--db", countdown}), 2,
              {"is not a usable oware book", "not an oware book: it was made by game 'countdown'"});
  ExpectError(Retro({"play", "--game", "countdown"}), 2,
              {"game countdown does not offer play"});
  ExpectError(Retro({"play", "--game", "tictactoe", "--plugin-dir", RETRO_TICTACTOE_PLUGIN_DIR}),
              2, {"game tictactoe does not offer play"});
  ExpectError(Retro({"match", "--game", "countdown", "--a", "", "--b", "", "--games", "2"}), 2,
              {"game countdown does not offer play"});
  ExpectError(Retro({"play"}), 2, {"needs --game"});

  const std::vector<std::string> match = {"match", "--game", "oware", "--a", "depth=1",
                                          "--b", "depth=1"};
  auto Match = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = match;
    args.insert(args.end(), extra.begin(), extra.end());
    return Retro(args);
  };
  ExpectError(Match({"--games", "3"}), 2, {"--games must be even", "use 2 or 4"});
  ExpectError(Match({"--games", "0"}), 2, {"--games must be at least 2"});
  ExpectError(Match({"--games", "-2"}), 2, {"games"});
  ExpectError(Match({}), 2, {"needs --a SPEC, --b SPEC and --games N"});
  ExpectError(Match({"--games", "2", "--threads", "0"}), 2, {"threads"});
  ExpectError(Retro({"match", "--game", "oware", "--a", "depth", "--b", "depth=1", "--games",
                     "2"}),
              2, {"player spec 'depth': 'depth' is not key=value"});
  ExpectError(Retro({"match", "--game", "oware", "--a", "depth=1", "--b", "hash=4", "--games",
                     "2"}),
              2, {"unknown key 'hash' in player spec --b", "hash-mb"});
  ExpectError(Retro({"match", "--game", "oware", "--a", "depth=1,nodes=5", "--b", "depth=1",
                     "--games", "2"}),
              2, {"--a: give one budget per move"});
}

TEST_F(OwarePlayCliTest, HelpListsThePlayerKeys) {
  RunResult r = Retro({"play", "--game", "oware", "--help"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("--score A-B"));
  EXPECT_THAT(r.out, HasSubstr("time-ms=T"));
  r = Retro({"match", "--help"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("--games N"));
  r = Retro({"games", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const Json json = ParseOrFail(r.out);
  bool found = false;
  for (const Json& game : json["games"].items) {
    if (game["name"].text == "oware") {
      found = true;
      EXPECT_EQ(game["play"]["player_keys"][0]["name"].text, "book");
    } else if (game["name"].text == "countdown") {
      EXPECT_EQ(game["play"].kind, Json::Kind::kNull);
    }
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace retro::testing
