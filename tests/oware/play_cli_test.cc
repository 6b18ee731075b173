// `retro play` and `retro match` end to end through the real binary with the
// oware plugin: text and JSON output, a book in play, reproducible matches on
// one or two threads, and every bad input refused with exit status 2.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/retro_runner.h"
#include "tests/framework/json_output.h"

namespace retro::testing {
namespace {

using ::testing::HasSubstr;

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
  const nlohmann::json json = ResultOrFail(r.out);
  EXPECT_EQ(json.at("position"), "4 4 4 4 4 4 | 4 4 4 4 4 4");
  EXPECT_GE(json.at("best_move"), 0);
  EXPECT_LE(json.at("best_move"), 5);
  EXPECT_EQ(json.at("depth"), 5);
  EXPECT_EQ(json.at("pv").size(), 5u);
  EXPECT_EQ(json.at("pv").at(0), json.at("best_move"));
  EXPECT_EQ(json.at("exact"), false);
  EXPECT_EQ(json.at("eval"), "evolved5");
  EXPECT_TRUE(json.at("heuristic").is_number()) << r.out;
  EXPECT_TRUE(json.at("result").is_null()) << r.out;
  EXPECT_GT(json.at("nodes"), 0);
  EXPECT_EQ(json.at("book_hits"), 0);
}

TEST_F(OwarePlayCliTest, PlaysWithABook) {
  const std::string book = SolveSix();
  // Two seeds, three plies left: the book's +2 (tests/oware/cli_test.cc)
  // decides a 23-23 game.
  const RunResult r = Retro({"play", "--game", "oware", "--db", book, "--position",
                             "0 0 0 1 0 0 | 0 0 0 0 0 1", "--score", "23-23", "--plies-played",
                             "197", "--nodes", "10000", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const nlohmann::json json = ResultOrFail(r.out);
  EXPECT_EQ(json.at("exact"), true);
  EXPECT_EQ(json.at("result"), "win");
  EXPECT_EQ(json.at("final_difference"), 2);
  EXPECT_EQ(json.at("best_move"), 3);
  EXPECT_GT(json.at("book_hits"), 0);
  EXPECT_EQ(json.at("score").at(0), 23);
  EXPECT_EQ(json.at("plies_played"), 197);

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
  const nlohmann::json a = ResultOrFail(r1.out);
  const nlohmann::json b = ResultOrFail(r2.out);
  const auto tally = [](const nlohmann::json& side, const char* key) {
    return side.at(key).get<double>();
  };
  EXPECT_EQ(a.at("games"), 8);
  EXPECT_EQ(tally(a, "wins") + tally(a, "draws") + tally(a, "losses"), 8);
  for (const char* key : {"wins", "draws", "losses"}) {
    EXPECT_EQ(tally(a.at("a_first"), key) + tally(a.at("a_second"), key), tally(a, key)) << key;
  }
  EXPECT_EQ(tally(a.at("a_first"), "wins") + tally(a.at("a_first"), "draws") +
                tally(a.at("a_first"), "losses"),
            4);
  EXPECT_EQ(a.at("outcomes").get<std::string>().size(), 8u);
  const double score = (tally(a, "wins") + 0.5 * tally(a, "draws")) / 8;
  EXPECT_DOUBLE_EQ(a.at("score").get<double>(), score);
  EXPECT_LE(a.at("score_low").get<double>(), score);
  EXPECT_GE(a.at("score_high").get<double>(), score);
  EXPECT_EQ(a.at("a").at("spec"), "depth=3");
  EXPECT_EQ(a.at("b").at("spec"), "depth=2,eval=evolved3");
  EXPECT_EQ(a.at("a").at("book_hits"), 0);
  // Threads change nothing but the time.
  EXPECT_EQ(b.at("outcomes"), a.at("outcomes"));
  EXPECT_EQ(b.at("a").at("nodes"), a.at("a").at("nodes"));
  EXPECT_EQ(b.at("b").at("nodes"), a.at("b").at("nodes"));
  EXPECT_EQ(b.at("a").at("moves"), a.at("a").at("moves"));
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
  ExpectError(Play({"--player", "depth=3", "--depth", "4"}), 2,
              {"the player's depth is given twice, in --player and as --depth; give it once"});
  // --db is another name for --book: both at once name one thing twice.
  for (const std::string& book : {std::string("a.retro"), std::string("b.retro")}) {
    const RunResult both = Play({"--book", "a.retro", "--db", book});
    ExpectError(both, 2, {"--book and --db name the same thing, the player's book (--db is "
                          "another name for --book); give one"});
    EXPECT_THAT(both.err, ::testing::Not(::testing::HasSubstr("given twice"))) << both;
  }
  ExpectError(Play({"--player", "book=a.retro", "--db", "b.retro"}), 2,
              {"the player's book is given twice, in --player and as --db; give it once"});
  ExpectError(Play({"--player", "dept=3"}), 2, {"unknown key 'dept'", "valid keys: book, eval"});
  ExpectError(Play({"--colour", "red"}), 2, {"unknown option --colour", "--score"});
  ExpectError(Play({"--db", "missing.retro"}), 2,
              {"book=missing.retro is not a usable oware book"});
  const std::string countdown = Solve("countdown.retro");
  ExpectError(Play({"--db", countdown}), 2,
              {"is not a usable oware book", "not an oware book: it was made by game 'countdown'"});
  ExpectError(Retro({"play", "--game", "countdown"}), 2,
              {"game countdown does not offer play"});
  ExpectError(Retro({"play", "--game", "tictactoe", "--plugin-dir", BuildPath(RETRO_TICTACTOE_PLUGIN_DIR)}),
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
  const nlohmann::json json = ResultOrFail(r.out);
  bool found = false;
  for (const nlohmann::json& game : json.at("games")) {
    if (game.at("name") == "oware") {
      found = true;
      EXPECT_EQ(game.at("play").at("player_keys").at(0).at("name"), "book");
    } else if (game.at("name") == "countdown") {
      EXPECT_TRUE(game.at("play").is_null()) << r.out;
    }
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace retro::testing
