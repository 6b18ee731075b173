// The loopy win/draw/loss kit's rule for a side without a legal move
// (retro/kit/no_legal_move.h), on the stuck-tokens game of
// stuck_tokens_rules.h under each rule (kLoses, kDraws, kPasses), in
// process through the kit's module: every record of the solve against an
// independent brute force that applies the rule itself, the contract check,
// probe (a pass is the move "pass"; a lost or drawn position without a move
// is over, "x has no legal move"), verify, and perft against a brute-force
// count that plays the pass itself.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/database.h"
#include "retro/kit/loopy_wdl_check_view.h"
#include "retro/kit/loopy_wdl_module.h"
#include "retro/plugin.h"
#include "retro/testing/contract_matchers.h"
#include "retro/testing/without_take_backs.h"
#include "tests/kit/solved_loopy_module.h"
#include "tests/kit/stuck_tokens_rules.h"

namespace stuck_tokens {
namespace {

using retro::Wdl;
using retro::WdlOutcome;
using retro::kit::NoLegalMove;
using ::testing::HasSubstr;

// The children of `p` under `rule`, without the kit: the rules' moves, or
// the pass (the other side to move) when there is none and the rule passes.
template <typename Rules>
std::vector<Position> Children(const Rules& rules, const Position& p) {
  std::vector<Position> children;
  rules.ForEachMove(p, [&](const Move&, const Position& child) { children.push_back(child); });
  if (children.empty() && Rules::kNoLegalMove == NoLegalMove::kPasses) {
    Position passed = p;
    passed.x_to_move = !p.x_to_move;
    children.push_back(passed);
  }
  return children;
}

// The value of every index (nullopt: no position) by forward rounds: round
// d settles wins in d plies (d odd: a move to a loss in d - 1) and losses
// in d plies (d even: every move to a settled win); the rest are draws.
template <typename Rules>
std::vector<std::optional<WdlOutcome>> BruteForce(const Rules& rules) {
  const uint64_t size = rules.slice_size(0);
  std::vector<std::optional<WdlOutcome>> value(size);
  std::vector<bool> settled(size, true);
  std::vector<std::vector<uint64_t>> children(size);
  for (uint64_t i = 0; i < size; ++i) {
    const Position p = rules.Unrank(0, i);
    if (!rules.IsPosition(p)) continue;
    if (const std::optional<WdlOutcome> outcome = rules.Outcome(p)) {
      value[i] = *outcome;
      continue;
    }
    for (const Position& child : Children(rules, p)) children[i].push_back(rules.Rank(child).index);
    if (children[i].empty()) {  // kLoses or kDraws: over without a move
      value[i] = Rules::kNoLegalMove == NoLegalMove::kLoses ? WdlOutcome::Loss(0)
                                                            : WdlOutcome::Draw();
      continue;
    }
    settled[i] = false;
  }
  for (int d = 1, quiet = 0; quiet < 2; ++d) {
    bool changed = false;
    for (uint64_t i = 0; i < size; ++i) {
      if (settled[i]) continue;
      bool win = false, all_win = true;
      for (const uint64_t c : children[i]) {
        win |= value[c] && *value[c] == WdlOutcome::Loss(d - 1);
        all_win &= settled[c] && value[c] && value[c]->result == Wdl::kWin;
      }
      if (d % 2 == 1 && win) value[i] = WdlOutcome::Win(d);
      if (d % 2 == 0 && all_win) value[i] = WdlOutcome::Loss(d);
      if (value[i]) settled[i] = changed = true;
    }
    quiet = changed ? 0 : quiet + 1;
  }
  for (uint64_t i = 0; i < size; ++i) {
    if (!settled[i]) value[i] = WdlOutcome::Draw();
  }
  return value;
}

// Leaves of the game tree to `depth` plies, the pass played as a move.
template <typename Rules>
uint64_t BruteForcePerft(const Rules& rules, const Position& p, int depth) {
  if (depth == 0) return 1;
  if (rules.Outcome(p)) return 0;
  uint64_t leaves = 0;
  for (const Position& child : Children(rules, p)) {
    leaves += BruteForcePerft(rules, child, depth - 1);
  }
  return leaves;
}

// The kit's module for the rules, solved into a database held in memory.
template <typename Rules>
class Solved : public retro::testing::SolvedLoopyModule<Rules> {
 public:
  Solved()
      : retro::testing::SolvedLoopyModule<Rules>(
            {.name = "stucktokens", .summary = "two tokens on a line", .codec = "stuck-wdl-v1",
             .data_version = 1, .position_syntax = "\"X O side\"", .default_file_name = ""}) {}
};

// Every record of the kit's solve against the brute force; the values
// reached must include wins and losses (and draws under kDraws).
template <typename Rules>
void ExpectSolveMatchesBruteForce() {
  const Rules rules;
  Solved<Rules> solved;
  const std::vector<std::optional<WdlOutcome>> expected = BruteForce(rules);
  const std::span<const uint8_t> records = solved.records();
  ASSERT_EQ(records.size(), expected.size());
  int wins = 0, draws = 0, losses = 0;
  for (uint64_t i = 0; i < expected.size(); ++i) {
    const std::string name = rules.Format(rules.Unrank(0, i));
    if (!expected[i]) {
      EXPECT_EQ(records[i], retro::kit::kNotAPositionByte) << name;
      continue;
    }
    EXPECT_EQ(retro::DecodeWdl(records[i]), *expected[i])
        << name << ": kit " << retro::kit::WdlVerdict(retro::DecodeWdl(records[i]))
        << ", brute force " << retro::kit::WdlVerdict(*expected[i]);
    wins += expected[i]->result == Wdl::kWin;
    draws += expected[i]->result == Wdl::kDraw;
    losses += expected[i]->result == Wdl::kLoss;
  }
  EXPECT_GT(wins, 0);
  EXPECT_GT(losses, 0);
  EXPECT_EQ(draws > 0, Rules::kNoLegalMove == NoLegalMove::kDraws);
  absl::StatusOr<retro::VerifyResult> verify = solved.db().Verify({}, solved.context());
  ASSERT_TRUE(verify.ok()) << verify.status();
  EXPECT_EQ(verify->mismatches, 0u) << verify->first_mismatch;
  EXPECT_EQ(verify->records_checked, expected.size());
}

// Perft from the start and from a blocked position, against the brute force.
template <typename Rules>
void ExpectPerftMatchesBruteForce() {
  const Rules rules;
  Solved<Rules> solved;
  for (const std::string start : {"0 6 x", "5 6 x", "0 1 o", "3 2 o"}) {
    for (int depth = 0; depth <= 7; ++depth) {
      absl::StatusOr<uint64_t> leaves = solved.module().Perft({}, start, depth, solved.context());
      ASSERT_TRUE(leaves.ok()) << leaves.status();
      EXPECT_EQ(*leaves, BruteForcePerft(rules, *rules.Parse(start), depth))
          << start << " depth " << depth;
    }
  }
}

using Loses = StuckTokensRules<NoLegalMove::kLoses>;
using Draws = StuckTokensRules<NoLegalMove::kDraws>;
using Passes = StuckTokensRules<NoLegalMove::kPasses>;

TEST(NoLegalMoveTest, LosesMatchesBruteForce) { ExpectSolveMatchesBruteForce<Loses>(); }
TEST(NoLegalMoveTest, DrawsMatchesBruteForce) { ExpectSolveMatchesBruteForce<Draws>(); }
TEST(NoLegalMoveTest, PassesMatchesBruteForce) { ExpectSolveMatchesBruteForce<Passes>(); }

// The same rules with their take-backs hidden, solved through predecessor
// lists from a forward pass (forward_predecessors.h, which must list the
// pass too): the same records byte for byte.
template <typename Rules>
void ExpectForwardPassMatchesTakeBacks() {
  Solved<Rules> with_take_backs;
  Solved<retro::testing::WithoutTakeBacks<Rules>> without;
  static_assert(!retro::kit::HasTakeBacks<retro::testing::WithoutTakeBacks<Rules>>);
  const std::span<const uint8_t> a = with_take_backs.records(), b = without.records();
  EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin(), b.end()));
}

TEST(NoLegalMoveTest, ForwardPassMatchesTakeBacks) {
  ExpectForwardPassMatchesTakeBacks<Loses>();
  ExpectForwardPassMatchesTakeBacks<Draws>();
  ExpectForwardPassMatchesTakeBacks<Passes>();
}

TEST(NoLegalMoveTest, PerftPlaysThePass) {
  ExpectPerftMatchesBruteForce<Loses>();
  ExpectPerftMatchesBruteForce<Passes>();
  // The pass is a ply: "5 6 x" (x blocked) passes on, or is over.
  Solved<Passes> passes;
  EXPECT_EQ(*passes.module().Perft({}, "5 6 x", 1, passes.context()), 1u);
  Solved<Loses> loses;
  EXPECT_EQ(*loses.module().Perft({}, "5 6 x", 1, loses.context()), 0u);
}

TEST(NoLegalMoveTest, ContractHoldsUnderEachRule) {
  retro::testing::ExpectContractHolds(retro::kit::LoopyWdlCheckView<Loses>(Loses()), {}, 2);
  retro::testing::ExpectContractHolds(retro::kit::LoopyWdlCheckView<Draws>(Draws()), {}, 2);
  retro::testing::ExpectContractHolds(retro::kit::LoopyWdlCheckView<Passes>(Passes()), {}, 2);
}

TEST(NoLegalMoveTest, ProbeNamesTheRule) {
  // x at 5 is blocked by o on 6 (the last cell); o at 1 by x on 0.
  Solved<Loses> loses;
  EXPECT_THAT(loses.ProbeLine("5 6 x"),
              HasSubstr("result: loss in 0 plies  (game over: x has no legal move)"));
  EXPECT_THAT(loses.ProbeLine("0 1 o"), HasSubstr("(game over: o has no legal move)"));
  Solved<Draws> draws;
  EXPECT_THAT(draws.ProbeLine("5 6 x"), HasSubstr("(game over: x has no legal move)"));
  EXPECT_THAT(draws.ProbeLine("5 6 x"), HasSubstr("\n5 6 x draw 0 game-over"));
  // Passing: x passes, o must jump to 4, and x reaches 6: a win in 3.
  Solved<Passes> passes;
  const std::string blocked = passes.ProbeLine("5 6 x");
  EXPECT_THAT(blocked, HasSubstr("result: win in 3 plies"));
  EXPECT_THAT(blocked, HasSubstr("pass  5 6 o"));
  EXPECT_THAT(blocked, HasSubstr("\n5 6 x win 3 best pass"));
}

}  // namespace
}  // namespace stuck_tokens
