// Oware's play capability (plugins/oware/play.h) loaded from the real plugin,
// and the framework's match runner (retro/host/match.h) driving it: player specs,
// openings, whole games, and matches whose tally adds up and does not depend
// on the thread count.
#include "retro/play.h"

#include <fstream>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/host/match.h"
#include "tests/framework/build_path.h"
#include "tests/framework/crafted_database.h"
#include "tests/framework/temp_dir.h"

namespace retro::testing {
namespace {

using ::testing::HasSubstr;

class OwarePlayTest : public ::testing::Test {
 protected:
  OwarePlayTest() : plugin_(BuildPath(RETRO_PLUGIN_FILE)) {}

  PlayCapability& play() {
    PlayCapability* play = plugin_.module().Play();
    EXPECT_NE(play, nullptr);
    return *play;
  }

  std::unique_ptr<Player> Create(const std::string& text) {
    auto spec = ParsePlayerSpec(text);
    EXPECT_TRUE(spec.ok()) << spec.status();
    EXPECT_TRUE(CheckPlayerSpec(play().DescribePlay(), *spec, "test").ok());
    auto player = play().CreatePlayer(*spec);
    EXPECT_TRUE(player.ok()) << text << ": " << player.status();
    return player.ok() ? *std::move(player) : nullptr;
  }

  absl::Status CreateError(const std::string& text) {
    auto spec = ParsePlayerSpec(text);
    if (!spec.ok()) return spec.status();
    if (absl::Status s = CheckPlayerSpec(play().DescribePlay(), *spec, "test"); !s.ok()) return s;
    return play().CreatePlayer(*spec).status();
  }

  // The 6-seed book, solved in process and written to the test's directory.
  std::string SixSeedBook() {
    const std::vector<uint8_t> bytes = plugin_.Solve({{"seeds", "6"}});
    const std::string path = dir_.File("oware-6.retro");
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    return path;
  }

  MatchResult Match(const Player& a, const Player& b, uint64_t games, uint64_t seed, int threads) {
    ThreadPool pool(threads);
    Progress progress;
    auto result = RunMatch(play(), a, b, {.games = games, .seed = seed}, pool, &progress);
    EXPECT_TRUE(result.ok()) << result.status();
    EXPECT_EQ(progress.Read().done, games);
    return result.ok() ? *std::move(result) : MatchResult{};
  }

  PluginUnderTest plugin_;
  TempDir dir_;
};

TEST_F(OwarePlayTest, OtherGamesMayOfferNoPlay) {
  // The default of GameModule::Play; oware overrides it.
  EXPECT_NE(plugin_.module().Play(), nullptr);
  EXPECT_EQ(play().DescribePlay().database_key, "book");
}

TEST_F(OwarePlayTest, RefusesBadPlayerSpecs) {
  const struct {
    const char* spec;
    const char* message;
  } cases[] = {
      {"dept=3", "valid keys: book, eval, depth, nodes, time-ms, hash-mb"},
      {"eval=best", "valid: material, evolved3, evolved5"},
      {"depth=0", "depth must be a whole number in 1..100"},
      {"depth=101", "1..100"},
      {"depth=3x", "depth=3x"},
      {"nodes=-5", "nodes must be a whole number"},
      {"time-ms=0", "time-ms must be a whole number in 1..86400000"},
      {"hash-mb=0", "hash-mb"},
      {"depth=3,nodes=100",
       "give one budget per move, depth, nodes or time-ms; got depth and nodes"},
      {"nodes=100,time-ms=5", "got nodes and time-ms"},
      {"book=no-such-file.retro", "book=no-such-file.retro is not a usable oware book"},
  };
  for (const auto& c : cases) {
    const absl::Status status = CreateError(c.spec);
    EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument) << c.spec << ": " << status;
    EXPECT_THAT(status.message(), HasSubstr(c.message)) << c.spec;
  }
}

TEST_F(OwarePlayTest, OpeningsAreRandomLegalAndReproducible) {
  std::set<std::string> seen;
  for (uint64_t seed = 0; seed < 50; ++seed) {
    const std::string opening = play().RandomOpening(seed);
    EXPECT_EQ(opening, play().RandomOpening(seed));
    const std::vector<std::string> moves = absl::StrSplit(opening, ' ');
    EXPECT_EQ(moves.size(), 6u) << opening;
    seen.insert(opening);
  }
  EXPECT_GT(seen.size(), 45u);
}

TEST_F(OwarePlayTest, WholeGameIsConsistent) {
  auto a = Create("depth=3");
  auto b = Create("depth=2,eval=evolved5");
  const std::string opening = play().RandomOpening(3);
  auto game = play().PlayGame(*a, *b, opening);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_LE(game->first_score + game->second_score, 48);
  EXPECT_GE(game->first_score, 0);
  const int diff = game->first_score - game->second_score;
  EXPECT_EQ(static_cast<int>(game->outcome), diff > 0 ? 1 : diff < 0 ? -1 : 0);
  EXPECT_LE(game->plies, 200);
  // Every ply after the opening's six was a search of the player to move.
  EXPECT_EQ(game->first.moves + game->second.moves, static_cast<uint64_t>(game->plies - 6));
  const std::vector<std::string> moves = absl::StrSplit(game->moves, ' ');
  EXPECT_EQ(moves.size(), game->first.moves + game->second.moves);
  EXPECT_GT(game->first.nodes, 0u);
  EXPECT_EQ(game->first.book_hits, 0u);
  // Deterministic with depth budgets.
  auto again = play().PlayGame(*a, *b, opening);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->moves, game->moves);
  EXPECT_EQ(again->first.nodes, game->first.nodes);
}

TEST_F(OwarePlayTest, RefusesABadOpening) {
  auto a = Create("depth=1");
  for (const char* opening : {"6", "x", "-1", "0 0 7"}) {
    auto game = play().PlayGame(*a, *a, opening);
    EXPECT_EQ(game.status().code(), absl::StatusCode::kInvalidArgument) << opening;
    EXPECT_THAT(game.status().message(), HasSubstr("is not a legal move")) << opening;
  }
  EXPECT_TRUE(play().PlayGame(*a, *a, "0 0").ok());  // each side's house 0
  EXPECT_TRUE(play().PlayGame(*a, *a, "").ok());     // from the start
}

TEST_F(OwarePlayTest, MatchTallyAddsUpAndIsReproducible) {
  auto a = Create("depth=3");
  auto b = Create("depth=2");
  const MatchResult one = Match(*a, *b, 12, 7, 1);
  ASSERT_EQ(one.games.size(), 12u);
  EXPECT_EQ(one.a.games(), 12u);
  EXPECT_EQ(one.a_first.games(), 6u);
  EXPECT_EQ(one.a_second.games(), 6u);
  EXPECT_EQ(one.a.wins, one.a_first.wins + one.a_second.wins);
  EXPECT_EQ(one.a.draws, one.a_first.draws + one.a_second.draws);
  EXPECT_EQ(one.a.losses, one.a_first.losses + one.a_second.losses);
  uint64_t a_moves = 0;
  for (size_t i = 0; i < one.games.size(); ++i) {
    EXPECT_EQ(one.games[i].a_first, i % 2 == 0);
    // Both games of a pair start from the same opening.
    EXPECT_EQ(one.games[i].opening, one.games[i ^ 1].opening);
    a_moves += one.games[i].a_first ? one.games[i].record.first.moves
                                    : one.games[i].record.second.moves;
  }
  EXPECT_EQ(one.a_totals.moves, a_moves);
  EXPECT_NE(one.games[0].opening, one.games[2].opening);

  // The same seed gives the same match on 1 or 2 threads.
  const MatchResult two = Match(*a, *b, 12, 7, 2);
  EXPECT_EQ(two.Outcomes(), one.Outcomes());
  EXPECT_EQ(two.a, one.a);
  EXPECT_EQ(two.a_totals.nodes, one.a_totals.nodes);
  EXPECT_EQ(two.b_totals.nodes, one.b_totals.nodes);
  for (size_t i = 0; i < one.games.size(); ++i) {
    EXPECT_EQ(two.games[i].record.moves, one.games[i].record.moves) << i;
  }
  // Another seed, other openings.
  const MatchResult other = Match(*a, *b, 12, 8, 2);
  EXPECT_NE(other.games[0].opening, one.games[0].opening);
}

TEST_F(OwarePlayTest, SelfPlayIsSymmetric) {
  // Identical deterministic players play the same game twice per opening,
  // so A wins one game of a pair exactly when it loses the other.
  auto a = Create("nodes=2000");
  auto b = Create("nodes=2000");
  const MatchResult r = Match(*a, *b, 10, 3, 2);
  EXPECT_EQ(r.a.wins, r.a.losses);
  EXPECT_EQ(r.a_first.wins, r.a_second.losses);
}

TEST_F(OwarePlayTest, MatchRefusesOddOrNoGames) {
  auto a = Create("depth=1");
  ThreadPool pool(1);
  for (uint64_t games : {0, 3}) {
    auto result = RunMatch(play(), *a, *a, {.games = games, .seed = 1}, pool, nullptr);
    EXPECT_EQ(result.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(result.status().message(), HasSubstr("even number of games"));
  }
}

TEST_F(OwarePlayTest, BookIsProbedAndShared) {
  const std::string book = SixSeedBook();
  auto with = Create("book=" + book + ",depth=3");
  auto without = Create("depth=3");
  const MatchResult r = Match(*with, *without, 4, 1, 2);
  EXPECT_GT(r.a_totals.book_hits, 0u);
  EXPECT_EQ(r.b_totals.book_hits, 0u);
  // A second player with the same book reuses the opened book.
  auto again = Create("book=" + book + ",nodes=500");
  EXPECT_NE(again, nullptr);
  // A file that is not an oware book.
  std::ofstream(dir_.File("junk.retro")) << "not a database";
  const absl::Status junk = CreateError("book=" + dir_.File("junk.retro"));
  EXPECT_EQ(junk.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(junk.message(), HasSubstr("is not a usable oware book"));
}

}  // namespace
}  // namespace retro::testing
