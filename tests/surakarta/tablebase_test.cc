// Surakarta tablebases: the specification's 2-piece numbers, agreement with
// the slow reference solver, symmetry invariance, move probing and errors.
#include "plugins/surakarta/tablebase.h"

#include <random>
#include <string>
#include <vector>

#include "games/surakarta/fuchou_indexer.h"
#include "games/surakarta/notation.h"
#include "games/surakarta/symmetry.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "plugins/surakarta/verify.h"
#include "tests/framework/expect_status.h"
#include "tests/surakarta/reference_solver.h"

namespace retro::surakarta {
namespace {

using ::retro::testing::HasStatus;
using ::testing::HasSubstr;

// Built once: tables up to 4 pieces under both no-move rules.
const Tablebase& Tables(NoMoveRule rule) {
  static const Tablebase* loss =
      new Tablebase(*Tablebase::Build({.max_pieces = 4, .threads = 2}));
  static const Tablebase* count = new Tablebase(*Tablebase::Build(
      {.max_pieces = 4, .no_move_rule = NoMoveRule::kCount, .threads = 2}));
  return rule == NoMoveRule::kLoss ? *loss : *count;
}

TEST(TablebaseTest, TwoPieceNumbersOfTheSpecification) {
  const Tablebase& tb = Tables(NoMoveRule::kLoss);
  const FuChouIndexer indexer = *FuChouIndexer::Create(2);
  int wins = 0, losses = 0, draws = 0, longest_win = 0;
  for (uint64_t i = 0; i < indexer.Size(); ++i) {
    const Position p = indexer.Unrank(i);
    if (PopCount(p.us) != 1) continue;
    const WdlOutcome v = *tb.Probe(p);
    wins += v.result == Wdl::kWin;
    losses += v.result == Wdl::kLoss;
    draws += v.result == Wdl::kDraw;
    if (v.result == Wdl::kWin) longest_win = std::max(longest_win, v.distance);
  }
  EXPECT_EQ(wins, 844);
  EXPECT_EQ(losses, 80);
  EXPECT_EQ(draws, 336);
  EXPECT_EQ(longest_win, 3);
  const TableSummary summary = Summarize(tb.table(2));
  EXPECT_EQ(summary.wins + summary.draws + summary.losses, 2520u);
}

// Every position of every table against the slow solver (up to 4 pieces).
void ExpectAgreesWithReference(NoMoveRule rule, int max_pieces) {
  const Tablebase& tb = Tables(rule);
  const std::vector<reference::ValueMap> expected =
      reference::SolveAll(max_pieces, rule == NoMoveRule::kCount);
  for (int n = 1; n <= max_pieces; ++n) {
    ASSERT_EQ(expected[n].size(), TableSize(n));
    for (const auto& [key, value] : expected[n]) {
      Position p;
      p.us = key.first;
      p.them = key.second;
      const WdlOutcome got = *tb.Probe(p);
      ASSERT_EQ(got, value)
          << FormatPosition(p) << " got " << static_cast<int>(got.result) << "/"
          << got.distance << " expected " << static_cast<int>(value.result)
          << "/" << value.distance;
    }
  }
}

TEST(TablebaseTest, AgreesWithSlowSolverUpToFourPieces) {
  ExpectAgreesWithReference(NoMoveRule::kLoss, 4);
}

TEST(TablebaseTest, CountRuleAgreesWithSlowSolverUpToThreePieces) {
  ExpectAgreesWithReference(NoMoveRule::kCount, 3);
}

TEST(TablebaseTest, InvariantUnderSymmetriesAndColourSwap) {
  for (NoMoveRule rule : {NoMoveRule::kLoss, NoMoveRule::kCount}) {
    const Tablebase& tb = Tables(rule);
    for (int n = 1; n <= tb.max_pieces(); ++n) {
      const FuChouIndexer indexer = *FuChouIndexer::Create(n);
      const std::vector<uint8_t>& table = tb.table(n);
      for (uint64_t i = 0; i < indexer.Size(); ++i) {
        const Position p = indexer.Unrank(i);
        for (int k = 1; k < kSymmetries; ++k) {
          const Position q = TransformPosition(k, p);
          ASSERT_EQ(table[indexer.Rank(q)], table[i])
              << FormatPosition(p) << " symmetry " << k;
        }
      }
    }
    // The colour swap through notation.
    const Position p =
        *ParsePosition("....../.X.X../.O..../....../....O./...... X");
    const Position q =
        *ParsePosition("....../.O.O../.X..../....../....X./...... O");
    EXPECT_EQ(*tb.Probe(p), *tb.Probe(q));
    EXPECT_EQ(*tb.Probe(p), *tb.Probe(SwapColors(p)));
  }
}

TEST(TablebaseTest, ValueIsBestMoveValue) {
  const Tablebase& tb = Tables(NoMoveRule::kLoss);
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 20000; ++trial) {
    const int n = 2 + trial % 3;
    const FuChouIndexer indexer = *FuChouIndexer::Create(n);
    const Position p = indexer.Unrank(rng() % indexer.Size());
    const WdlOutcome value = *tb.Probe(p);
    const std::vector<MoveValue> moves = *tb.ProbeMoves(p);
    if (p.us == 0 || p.them == 0 || moves.empty()) {
      EXPECT_EQ(value.distance, 0);
      EXPECT_NE(value.result, Wdl::kDraw);
      continue;
    }
    WdlOutcome best = moves[0].value;
    for (const MoveValue& m : moves) {
      if (BetterForMover(m.value, best)) best = m.value;
      if (m.move.capture && m.value.result != Wdl::kDraw) {
        EXPECT_EQ(m.value.distance, 1);
      }
    }
    ASSERT_EQ(best, value) << FormatPosition(p);
  }
}

TEST(TablebaseTest, KnownPositions) {
  const Tablebase& tb = Tables(NoMoveRule::kLoss);
  // c2xc3 captures the last enemy piece.
  const Position p =
      *ParsePosition("....../..X.../..O.../....../....../...... X");
  EXPECT_EQ(*tb.Probe(p), WdlOutcome::Win(1));
  // A lone piece in a corner, boxed in by enemies that cannot capture it.
  const Position boxed =
      *ParsePosition("XO..../OO..../....../....../....../...... X");
  EXPECT_EQ(*tb.Probe(boxed), WdlOutcome::Loss(0));
  EXPECT_TRUE(tb.ProbeMoves(boxed)->empty());
  // Same under the count rule: fewer pieces loses, not more.
  EXPECT_EQ(*Tables(NoMoveRule::kCount).Probe(boxed), WdlOutcome::Loss(0));
  const Position lone_corner =
      *ParsePosition("OX..../XX..../....../....../....../...... O");
  EXPECT_EQ(*Tables(NoMoveRule::kCount).Probe(lone_corner),
            WdlOutcome::Loss(0));
}

TEST(TablebaseTest, NoMoveRulesAgreeWhileTheBoxedSideIsOutnumbered) {
  // With at most 4 pieces a side without moves always has fewer pieces.
  for (int n = 1; n <= 4; ++n) {
    EXPECT_EQ(Tables(NoMoveRule::kLoss).table(n),
              Tables(NoMoveRule::kCount).table(n));
  }
}

TEST(TablebaseTest, ThreadCountDoesNotMatter) {
  const Tablebase one = *Tablebase::Build({.max_pieces = 4, .threads = 1});
  const Tablebase three = *Tablebase::Build({.max_pieces = 4, .threads = 3});
  for (int n = 1; n <= 4; ++n) {
    EXPECT_EQ(one.table(n), Tables(NoMoveRule::kLoss).table(n));
    EXPECT_EQ(three.table(n), Tables(NoMoveRule::kLoss).table(n));
  }
}

TEST(TablebaseTest, VerifierAcceptsTablesAndFindsCorruption) {
  ThreadPool pool(2);
  for (NoMoveRule rule : {NoMoveRule::kLoss, NoMoveRule::kCount}) {
    const Tablebase& tb = Tables(rule);
    for (int n = 1; n <= tb.max_pieces(); ++n) {
      EXPECT_TRUE(VerifyTable(n, rule, tb.table(n),
                              n > 1 ? &tb.table(n - 1) : nullptr, pool, nullptr)
                      .ok())
          << n;
    }
  }
  const Tablebase& tb = Tables(NoMoveRule::kLoss);
  // A wrong distance or result, and a byte the solver never leaves.
  for (const uint64_t index : {uint64_t{1000}, uint64_t{77777}}) {
    std::vector<uint8_t> bad = tb.table(4);
    const WdlOutcome v = DecodeWdl(bad[index]);
    bad[index] = EncodeWdl(v.result == Wdl::kDraw
                               ? WdlOutcome::Win(1)
                               : WdlOutcome{v.result, v.distance + 1});
    const absl::Status status =
        VerifyTable(4, NoMoveRule::kLoss, bad, &tb.table(3), pool, nullptr);
    EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss);
    EXPECT_THAT(std::string(status.message()),
                HasSubstr(absl::StrCat("index ", index)));
  }
  std::vector<uint8_t> unknown = tb.table(3);
  unknown[5] = kWdlUnknownByte;
  EXPECT_EQ(
      VerifyTable(3, NoMoveRule::kLoss, unknown, &tb.table(2), pool, nullptr)
          .code(),
      absl::StatusCode::kDataLoss);
  EXPECT_EQ(VerifyTable(3, NoMoveRule::kLoss, tb.table(2), &tb.table(2), pool,
                        nullptr)
                .code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(TablebaseTest, Errors) {
  const Tablebase& tb = Tables(NoMoveRule::kLoss);
  EXPECT_TRUE(
      HasStatus(tb.Probe(Position{}).status(), absl::StatusCode::kOutOfRange, {"has no pieces"}));
  EXPECT_TRUE(HasStatus(tb.Probe(StartPosition()).status(), absl::StatusCode::kOutOfRange,
                        {"has 24 pieces; this tablebase holds positions of 1 to 4 pieces"}));
  EXPECT_TRUE(HasStatus(tb.ProbeMoves(StartPosition()).status(), absl::StatusCode::kOutOfRange,
                        {"has 24 pieces; this tablebase holds positions of 1 to 4 pieces"}));
  EXPECT_TRUE(HasStatus(Tablebase::Build({.max_pieces = 0}).status(),
                        absl::StatusCode::kInvalidArgument, {"bad piece count 0"}));
  EXPECT_TRUE(HasStatus(Tablebase::Build({.max_pieces = 8}).status(),
                        absl::StatusCode::kInvalidArgument, {"bad piece count 8"}));
  ThreadPool pool(1);
  EXPECT_TRUE(HasStatus(BuildTable(3, NoMoveRule::kLoss, nullptr, pool, nullptr).status(),
                        absl::StatusCode::kInvalidArgument,
                        {"the 3-piece table needs the solved 2-piece"}));
  EXPECT_TRUE(HasStatus(BuildTable(3, NoMoveRule::kLoss, &tb.table(1), pool, nullptr).status(),
                        absl::StatusCode::kInvalidArgument,
                        {"the 3-piece table needs the solved 2-piece"}));
  EXPECT_TRUE(HasStatus(Tablebase::FromTables(NoMoveRule::kLoss, {}).status(),
                        absl::StatusCode::kInvalidArgument, {"not 0"}));
  EXPECT_TRUE(
      HasStatus(Tablebase::FromTables(NoMoveRule::kLoss, {std::vector<uint8_t>(71)}).status(),
                absl::StatusCode::kInvalidArgument, {"the game's indexer numbers"}));
  EXPECT_TRUE(
      Tablebase::FromTables(NoMoveRule::kLoss, {tb.table(1), tb.table(2)})
          .ok());
  EXPECT_EQ(*ParseNoMoveRule("count"), NoMoveRule::kCount);
  EXPECT_EQ(FormatOutcome(WdlOutcome::Win(3)), "win in 3");
  EXPECT_EQ(FormatOutcome(WdlOutcome::Loss(0)), "loss in 0");
  EXPECT_EQ(FormatOutcome(WdlOutcome::Draw()), "draw");
  EXPECT_TRUE(HasStatus(ParseNoMoveRule("draw").status(), absl::StatusCode::kInvalidArgument,
                        {"bad no-move rule 'draw'"}));
}

}  // namespace
}  // namespace retro::surakarta
