// The loopy win/draw/loss kit's extra turns (kMovesMayKeepTurn), on dots
// and boxes (dots_and_boxes_rules.h) in three layouts, in process through
// the kit's module: every record of the solve against an independent
// memoised recursion, verify, the contract check, and probe's move values
// (a move completing a box keeps its child's result).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "retro/database.h"
#include "retro/kit/loopy_wdl_check_view.h"
#include "retro/kit/loopy_wdl_module.h"
#include "retro/plugin.h"
#include "retro/testing/contract_matchers.h"
#include "tests/kit/dots_and_boxes_rules.h"
#include "tests/kit/solved_loopy_module.h"

namespace dots_and_boxes {
namespace {

using retro::Wdl;
using retro::WdlOutcome;
using ::testing::HasSubstr;

// The value of (lines, lead) by a memoised recursion written without the
// kit: over the lines not drawn, a move scoring a box keeps the child's
// result (the same side moves again), any other flips it; either adds a
// ply. Wins prefer the fewest plies, losses the most.
class BruteForce {
 public:
  WdlOutcome Value(uint16_t lines, int lead) {
    const auto key = std::make_pair(lines, lead);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    const int boxes = Boxes(lines), mine = (boxes + lead) / 2;
    WdlOutcome value;
    if (mine >= 3) {
      value = WdlOutcome::Win(0);
    } else if (boxes - mine >= 3) {
      value = WdlOutcome::Loss(0);
    } else if (lines == (1 << kLines) - 1) {
      value = lead > 0 ? WdlOutcome::Win(0) : lead < 0 ? WdlOutcome::Loss(0) : WdlOutcome::Draw();
    } else {
      bool first = true;
      for (int line = 0; line < kLines; ++line) {
        if (lines & (1 << line)) continue;
        const uint16_t next = lines | (1 << line);
        const int scored = Boxes(next) - boxes;
        const WdlOutcome child = scored > 0 ? Value(next, lead + scored) : Value(next, -lead);
        Wdl result = child.result;
        if (scored == 0 && result != Wdl::kDraw) {
          result = result == Wdl::kWin ? Wdl::kLoss : Wdl::kWin;
        }
        const WdlOutcome move{result, result == Wdl::kDraw ? 0 : child.distance + 1};
        if (first || Better(move, value)) value = move;
        first = false;
      }
    }
    return memo_[key] = value;
  }

 private:
  static bool Better(WdlOutcome a, WdlOutcome b) {
    if (a.result != b.result) return static_cast<int>(a.result) > static_cast<int>(b.result);
    if (a.result == Wdl::kWin) return a.distance < b.distance;
    return a.result == Wdl::kLoss && a.distance > b.distance;
  }
  std::map<std::pair<uint16_t, int>, WdlOutcome> memo_;
};

// The kit's module for the rules, solved into a database held in memory.
template <typename R>
class Solved : public retro::testing::SolvedLoopyModule<R> {
 public:
  Solved()
      : retro::testing::SolvedLoopyModule<R>({.name = "dotsandboxes",
                                              .summary = "dots and boxes, 2 x 2",
                                              .codec = "dots-wdl-v1",
                                              .data_version = 1,
                                              .position_syntax = "\"0b000000000000 +0\"",
                                              .default_file_name = ""}) {}
};

// Every record against the brute force (wins, draws and losses at several
// distances among them), then verify and the contract check.
template <Layout kLayout>
void ExpectSolveMatchesBruteForce() {
  const Rules<kLayout> rules;
  Solved<Rules<kLayout>> solved;
  BruteForce brute_force;
  std::map<std::pair<Wdl, int>, int> seen;
  for (int s = 0; s < rules.num_slices(); ++s) {
    const std::span<const uint8_t> records = solved.records(s);
    ASSERT_EQ(records.size(), rules.slice_size(s));
    for (uint64_t i = 0; i < records.size(); ++i) {
      const Position p = rules.Unrank(s, i);
      if (!rules.IsPosition(p)) {
        EXPECT_EQ(records[i], retro::kit::kNotAPositionByte) << rules.Format(p);
        continue;
      }
      const WdlOutcome expected = brute_force.Value(p.lines, p.lead);
      EXPECT_EQ(retro::DecodeWdl(records[i]), expected)
          << rules.Format(p) << ": kit " << retro::kit::WdlVerdict(retro::DecodeWdl(records[i]))
          << ", brute force " << retro::kit::WdlVerdict(expected);
      ++seen[{expected.result, expected.distance}];
    }
  }
  EXPECT_TRUE(seen.contains({Wdl::kDraw, 0}));
  EXPECT_TRUE(seen.contains({Wdl::kWin, 5}));
  EXPECT_TRUE(seen.contains({Wdl::kLoss, 6}));
  absl::StatusOr<retro::VerifyResult> verify = solved.db().Verify({}, solved.context());
  ASSERT_TRUE(verify.ok()) << verify.status();
  EXPECT_EQ(verify->mismatches, 0u) << verify->first_mismatch;
  retro::testing::ExpectContractHolds(retro::kit::LoopyWdlCheckView<Rules<kLayout>>(rules), {},
                                      2);
}

TEST(ExtraTurnsTest, OneSliceMatchesBruteForce) {
  ExpectSolveMatchesBruteForce<Layout::kOneSlice>();
}
TEST(ExtraTurnsTest, TakeBacksMatchBruteForce) {
  ExpectSolveMatchesBruteForce<Layout::kTakeBacks>();
}
TEST(ExtraTurnsTest, ConversionsMatchBruteForce) {
  ExpectSolveMatchesBruteForce<Layout::kByLines>();
}

// The first position (in index order) with a move that completes a box into
// a child won or lost: probe's JSON gives that move the child's own result,
// one ply longer, and says it keeps the turn; every other move flips its
// child's result.
TEST(ExtraTurnsTest, ProbeValuesAKeptTurnAsTheChildsOwn) {
  Solved<Rules<Layout::kOneSlice>> solved;
  const Rules<Layout::kOneSlice> rules;
  BruteForce brute_force;
  for (uint64_t i = 0; i < rules.slice_size(0); ++i) {
    const Position p = rules.Unrank(0, i);
    if (!rules.IsPosition(p) || rules.Outcome(p)) continue;
    int kept = -1;
    for (int line = 0; line < kLines && kept < 0; ++line) {
      const uint16_t next = p.lines | (1 << line);
      const int scored = Boxes(next) - Boxes(p.lines);
      if (next != p.lines && scored > 0 &&
          brute_force.Value(next, p.lead + scored).result != Wdl::kDraw) {
        kept = line;
      }
    }
    if (kept < 0) continue;
    absl::StatusOr<retro::Report> report = solved.db().Probe(rules.Format(p), {});
    ASSERT_TRUE(report.ok()) << report.status();
    const nlohmann::json json = nlohmann::json::parse(report->json);
    ASSERT_EQ(json["moves"].size(), static_cast<size_t>(kLines - std::popcount(p.lines)));
    for (const nlohmann::json& move : json["moves"]) {
      const int line = std::stoi(move["move"].get<std::string>());
      const uint16_t next = p.lines | (1 << line);
      const int scored = Boxes(next) - Boxes(p.lines);
      const WdlOutcome child = brute_force.Value(next, scored > 0 ? p.lead + scored : -p.lead);
      const WdlOutcome expected = scored > 0 ? WdlOutcome::AfterMoveKeepingTurn(child)
                                             : WdlOutcome::AfterMove(child);
      EXPECT_EQ(move["result"], retro::kit::WdlName(expected.result)) << move.dump();
      EXPECT_EQ(move["keeps_turn"], scored > 0) << move.dump();
    }
    EXPECT_THAT(report->text, HasSubstr("(moves again)"));
    return;
  }
  FAIL() << "no position has a kept turn into a decided child";
}

}  // namespace
}  // namespace dots_and_boxes
