// Tests of play generation: hand-made positions for each legality rule, and
// every P = 6 position against an independent brute-force generator.
#include "games/plakoto/move_generator.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "games/plakoto/bearoff_indexer.h"
#include "games/plakoto/lex_indexer.h"
#include "games/plakoto/notation.h"
#include "gtest/gtest.h"
#include "tests/plakoto/brute_force.h"
#include "tests/plakoto/test_positions.h"

namespace retro::plakoto {
namespace {

Position Parse(const std::string& text) {
  absl::StatusOr<Position> position = ParsePosition(text);
  EXPECT_TRUE(position.ok()) << position.status();
  return *position;
}

// The formatted plays of `roll` from `text`, sorted.
std::vector<std::string> Plays(const std::string& text, int a, int b,
                               const MoveRules& rules = {}) {
  std::vector<Play> plays;
  GeneratePlays(Parse(text), kRolls[RollIndex(a, b)], &plays, rules);
  std::vector<std::string> out;
  for (const Play& play : plays) out.push_back(FormatPlay(play));
  std::sort(out.begin(), out.end());
  return out;
}

using Strings = std::vector<std::string>;

TEST(MoveGeneratorTest, RollsTable) {
  double total = 0;
  for (int i = 0; i < kNumRolls; ++i) {
    total += kRolls[i].Probability();
    EXPECT_EQ(RollIndex(kRolls[i].high, kRolls[i].low), i);
    EXPECT_EQ(RollIndex(kRolls[i].low, kRolls[i].high), i);
  }
  EXPECT_NEAR(total, 1.0, 1e-15);
}

TEST(MoveGeneratorTest, BothDiceMustBePlayed) {
  // 3/2 alone would keep the pin, but 3/1 2/1 uses both dice and is forced.
  EXPECT_EQ(Plays("p=2 12 1 1 0 0 0", 2, 1), Strings({"3/1 2/1"}));
  // Either order of the dice; the combined move of one checker counts once.
  EXPECT_EQ(Plays("p=2 12 1 0 0 0 1", 2, 1),
            Strings({"6/4 2/1", "6/4 4/3"}));
}

TEST(MoveGeneratorTest, LargerDieRule) {
  // Only one die can be played (4/1 then nothing, or 4/2 then nothing).
  EXPECT_EQ(Plays("p=2 12 1 0 1 0 0", 3, 2), Strings({"4/1"}));
  MoveRules no_rule;
  no_rule.larger_die_rule = false;
  EXPECT_EQ(Plays("p=2 12 1 0 1 0 0", 3, 2, no_rule),
            Strings({"4/1", "4/2"}));
  // When the larger die cannot be played at all, the smaller one is.
  EXPECT_EQ(Plays("p=2 12 1 0 1 0 0", 5, 2), Strings({"4/2"}));
}

TEST(MoveGeneratorTest, Doubles) {
  // Four moves of 1 shared between the 6-point checker and the pin.
  EXPECT_EQ(Plays("p=2 12 1 0 0 0 1", 1, 1),
            Strings({"6/5 5/4 4/3 2/1", "6/5 5/4 4/3 3/2"}));
  // Only one move of 5 exists; it is played.
  EXPECT_EQ(Plays("p=2 12 1 0 0 0 1", 5, 5), Strings({"6/1"}));
  // Two checkers on the 5-point, 2-2: each can move twice.
  // Every order of the same four moves ends on one board: listed once.
  EXPECT_EQ(Plays("p=3 11 0 1 0 2 0", 2, 2), Strings({"5/3(2) 3/1(2)"}));
}

TEST(MoveGeneratorTest, BlockedNearPointOne) {
  // Everything on point 1 but the pinning checker on 3: only dice 1 and 2
  // move, and q = (4/6)^2.
  const Position position = Parse("p=3 13 0 1 0 0 0");
  std::vector<Play> plays;
  EXPECT_EQ(GeneratePlays(position, kRolls[RollIndex(6, 5)], &plays), 0);
  EXPECT_EQ(GeneratePlays(position, kRolls[RollIndex(3, 3)], &plays), 0);
  EXPECT_FALSE(HasLegalMove(position, kRolls[RollIndex(4, 3)]));
  EXPECT_EQ(GeneratePlays(position, kRolls[RollIndex(2, 2)], &plays), 1);
  EXPECT_EQ(FormatPlay(plays[0]), "3/1");
  EXPECT_FALSE(plays[0].after.PinHolds());
  EXPECT_EQ(GeneratePlays(position, kRolls[RollIndex(6, 1)], &plays), 1);
  EXPECT_EQ(FormatPlay(plays[0]), "3/2");
  EXPECT_DOUBLE_EQ(NoMoveProbability(position), 16.0 / 36);
  EXPECT_DOUBLE_EQ(NoMoveProbability(Parse("p=2 7 1 0 0 0 0 0 0 0 0 0 6")),
                   0.0);
}

TEST(MoveGeneratorTest, PlayFormatting) {
  Play play;
  EXPECT_EQ(FormatPlay(play), "(no move)");
  play.num_moves = 2;
  play.moves[0] = Move{6, 1};
  play.moves[1] = Move{5, 4};
  EXPECT_EQ(FormatPlay(play), "6/1 5/4");
  play.num_moves = 4;
  play.moves = {Move{6, 5}, Move{6, 5}, Move{4, 3}, Move{2, 1}};
  EXPECT_EQ(FormatPlay(play), "6/5(2) 4/3 2/1");
}

void ExpectMatchesBruteForce(const Position& position, bool rule) {
  MoveRules rules;
  rules.larger_die_rule = rule;
  std::vector<Play> plays;
  for (const Roll& roll : kRolls) {
    GeneratePlays(position, roll, &plays, rules);
    std::set<Board> generated;
    for (const Play& play : plays) {
      // Replaying the listed moves must give the listed afterstate.
      Board board = position.board;
      for (int i = 0; i < play.num_moves; ++i) {
        ASSERT_GE(board[play.moves[i].from], 1);
        --board[play.moves[i].from];
        ++board[play.moves[i].to];
      }
      ASSERT_EQ(board, play.after.board);
      generated.insert(play.after.board);
    }
    ASSERT_EQ(generated.size(), plays.size())
        << "duplicate afterstate from " << FormatPosition(position);
    ASSERT_EQ(generated, testing::BruteForceAfterstates(position, roll, rule))
        << FormatPosition(position) << " roll " << FormatRoll(roll);
    ASSERT_EQ(!plays.empty(), HasLegalMove(position, roll));
  }
}

TEST(MoveGeneratorTest, MatchesBruteForceOnEveryP6Position) {
  for (int pin = kMinPin; pin <= kMaxPin; ++pin) {
    testing::ForEachDistribution(6, kFreeCheckers, [&](const Board& free) {
      ExpectMatchesBruteForce(PositionFromFree(6, pin, free), true);
    });
  }
  // The variant without the larger-die rule on p = 2.
  testing::ForEachDistribution(6, kFreeCheckers, [&](const Board& free) {
    ExpectMatchesBruteForce(PositionFromFree(6, 2, free), false);
  });
}

TEST(MoveGeneratorTest, MatchesBruteForceOnRandomP12Positions) {
  std::mt19937 rng(12);
  for (int i = 0; i < 1000; ++i) {
    const int pin = kMinPin + i % 5;
    ExpectMatchesBruteForce(
        PositionFromFree(12, pin,
                         testing::RandomDistribution(12, kFreeCheckers, rng)),
        true);
  }
}

void ExpectEveryMoveLowersRank(int points, const Board& free, int pin) {
  const BearoffIndexer bearoff(points, kFreeCheckers);
  const LexIndexer lex(points, kFreeCheckers);
  const Position position = PositionFromFree(points, pin, free);
  const uint64_t rank = bearoff.Rank(free);
  const uint64_t lex_rank = lex.Rank(free);
  std::vector<Play> plays;
  for (const Roll& roll : kRolls) {
    GeneratePlays(position, roll, &plays);
    for (const Play& play : plays) {
      EXPECT_LT(play.after.PipCount(), position.PipCount());
      if (!play.after.PinHolds()) continue;
      ASSERT_LT(bearoff.Rank(play.after.FreeBoard()), rank)
          << FormatPosition(position) << " -> " << FormatPlay(play);
      ASSERT_LT(lex.Rank(play.after.FreeBoard()), lex_rank);
    }
  }
}

TEST(MoveGeneratorTest, EveryMoveLowersTheBearoffRank) {
  for (int pin = kMinPin; pin <= kMaxPin; ++pin) {
    testing::ForEachDistribution(6, kFreeCheckers, [&](const Board& free) {
      ExpectEveryMoveLowersRank(6, free, pin);
    });
  }
  std::mt19937 rng(7);
  for (int i = 0; i < 2000; ++i) {
    ExpectEveryMoveLowersRank(
        12, testing::RandomDistribution(12, kFreeCheckers, rng),
        kMinPin + i % 5);
  }
}

}  // namespace
}  // namespace retro::plakoto
