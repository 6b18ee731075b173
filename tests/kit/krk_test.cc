// The loopy win/draw/loss kit on king and rook against king (krk_rules.h):
// in process, the kit's solving (the loopy solver on each slice's view, in
// order) against an independent forward brute force and, on 8×8, against
// the published counts of the UCI KRK data set; the contract checker on the
// rules and on a broken variant; end to end, the real `retro` with the
// plugin (tests/fixture_plugins/krk_plugin.cc) finds the published longest KRK mate
// on 8×8, mate in 16 moves = 31 plies (Ströhlein 1970), and refuses bad
// sizes and positions.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <utility>
#include <optional>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "absl/strings/str_cat.h"
#include "retro/human_numbers.h"
#include "retro/kit/loopy_wdl_check_view.h"
#include "retro/kit/loopy_wdl_database.h"
#include "retro/kit/loopy_wdl_solve_view.h"
#include "retro/progress.h"
#include "retro/solver/loopy_wdl.h"
#include "retro/testing/contract_matchers.h"
#include "retro/thread_pool.h"
#include "tests/e2e/retro_runner.h"
#include "retro/kit/loopy_wdl_module.h"
#include "tests/framework/json_output.h"
#include "tests/framework/temp_dir.h"
#include "tests/kit/krk_rules.h"
#include "tests/kit/tampered_checkpoint.h"

namespace krk {
namespace {

using retro::SliceIndex;
using retro::Wdl;
using retro::WdlOutcome;
using ::testing::HasSubstr;

// The values of every index of every slice, by forward iteration from the
// rules' Outcome and ForEachMove only: round d settles the wins in d plies
// (d odd: a move to a loss in d - 1) and the losses in d plies (d even:
// every move goes to a win); what no round settles is a draw.
std::vector<std::vector<std::optional<WdlOutcome>>> BruteForce(const Rules& rules) {
  const int slices = rules.num_slices();
  std::vector<std::vector<std::optional<WdlOutcome>>> value(slices);
  std::vector<std::vector<std::vector<SliceIndex>>> children(slices);
  std::vector<std::vector<bool>> settled(slices);
  for (int s = 0; s < slices; ++s) {
    value[s].resize(rules.slice_size(s));
    children[s].resize(rules.slice_size(s));
    settled[s].assign(rules.slice_size(s), false);
    for (uint64_t i = 0; i < rules.slice_size(s); ++i) {
      const Position p = rules.Unrank(s, i);
      if (!rules.IsPosition(p)) {
        settled[s][i] = true;  // no value: not a position
      } else if (const std::optional<WdlOutcome> outcome = rules.Outcome(p)) {
        value[s][i] = *outcome;
        settled[s][i] = true;
      } else {
        rules.ForEachMove(p, [&](const Move&, const Position& child) {
          children[s][i].push_back(rules.Rank(child));
        });
      }
    }
  }
  const auto get = [&](SliceIndex at) { return value[at.slice][at.index]; };
  for (int d = 1, quiet = 0; quiet < 2; ++d) {
    bool changed = false;
    for (int s = 0; s < slices; ++s) {
      for (uint64_t i = 0; i < value[s].size(); ++i) {
        if (settled[s][i]) continue;
        bool win = false, all_win = true;
        for (const SliceIndex child : children[s][i]) {
          const std::optional<WdlOutcome> v = get(child);
          win |= v && *v == WdlOutcome::Loss(d - 1);
          all_win &= v && v->result == Wdl::kWin && settled[child.slice][child.index];
        }
        if (d % 2 == 1 && win) {
          value[s][i] = WdlOutcome::Win(d);
          settled[s][i] = changed = true;
        } else if (d % 2 == 0 && all_win) {
          value[s][i] = WdlOutcome::Loss(d);
          settled[s][i] = changed = true;
        }
      }
    }
    quiet = changed ? 0 : quiet + 1;
  }
  for (int s = 0; s < slices; ++s) {
    for (uint64_t i = 0; i < value[s].size(); ++i) {
      if (!settled[s][i]) value[s][i] = WdlOutcome::Draw();
    }
  }
  return value;
}

// The kit's solve (LoopyWdlModule::Solve without the file): each slice in
// order with the finished tables of the earlier ones.
std::vector<std::vector<uint8_t>> SolveWithKit(const Rules& rules, int threads) {
  retro::ThreadPool pool(threads);
  retro::Progress progress;
  std::vector<std::vector<uint8_t>> tables;
  for (int s = 0; s < rules.num_slices(); ++s) {
    absl::StatusOr<std::vector<uint8_t>> table = retro::solver::SolveLoopyWdl(
        retro::kit::LoopyWdlSolveView<Rules>(rules, s, tables),
        {.pool = &pool, .progress = &progress});
    EXPECT_TRUE(table.ok()) << table.status();
    if (!table.ok()) return {};
    tables.push_back(std::move(*table));
  }
  return tables;
}

TEST(KrkSolverTest, KitMatchesForwardBruteForce) {
  for (const int size : {3, 4, 5}) {
    const Rules rules(size);
    const auto expected = BruteForce(rules);
    const auto tables = SolveWithKit(rules, 2);
    ASSERT_EQ(tables.size(), 2u);
    int mismatches = 0, longest_win = 0;
    for (int s = 0; s < 2; ++s) {
      ASSERT_EQ(tables[s].size(), rules.slice_size(s));
      for (uint64_t i = 0; i < tables[s].size(); ++i) {
        if (!expected[s][i]) continue;  // not a position
        const WdlOutcome got = retro::DecodeWdl(tables[s][i]);
        if (expected[s][i]->result == Wdl::kWin) {
          longest_win = std::max(longest_win, expected[s][i]->distance);
        }
        if (got != *expected[s][i] && ++mismatches <= 5) {
          ADD_FAILURE() << "size " << size << ": " << rules.Format(rules.Unrank(s, i))
                        << " solved " << retro::kit::WdlVerdict(got) << ", brute force "
                        << retro::kit::WdlVerdict(*expected[s][i]);
        }
      }
    }
    EXPECT_EQ(mismatches, 0) << "size " << size;
    EXPECT_GT(longest_win, 1) << "size " << size;
  }
}

// KRK with its slices in the wrong order (slice 0 = krk, 1 = kk), so that
// a capture of the rook leads into a later slice: a broken contract.
class KrkSlicesSwapped : public Rules {
 public:
  using Rules::Rules;
  uint64_t slice_size(int slice) const { return Rules::slice_size(1 - slice); }
  std::string slice_name(int slice) const { return Rules::slice_name(1 - slice); }
  Position Unrank(int slice, uint64_t index) const { return Rules::Unrank(1 - slice, index); }
  SliceIndex Rank(const Position& p) const {
    const SliceIndex at = Rules::Rank(p);
    return {1 - at.slice, at.index};
  }
};

TEST(KrkSolverTest, MoveIntoALaterSliceFailsTheSolve) {
  const KrkSlicesSwapped rules(3);
  retro::ThreadPool pool(2);
  const retro::kit::LoopyWdlSolveView<KrkSlicesSwapped> view(rules, 0, {});
  const absl::StatusOr<std::vector<uint8_t>> table =
      retro::solver::SolveLoopyWdl(view, {.pool = &pool});
  ASSERT_TRUE(table.ok()) << table.status();  // the solver itself cannot tell
  EXPECT_THAT(view.ContractViolation(), HasSubstr("broken plugin contract: a move from "));
  EXPECT_THAT(view.ContractViolation(), HasSubstr("(slice krk) leads to slice 1"));
  // The correct order has none.
  const Rules good(3);
  const retro::kit::LoopyWdlSolveView<Rules> good_view(good, 0, {});
  ASSERT_TRUE(retro::solver::SolveLoopyWdl(good_view, {.pool = &pool}).ok());
  EXPECT_EQ(good_view.ContractViolation(), "");
}

// A checkpoint slice marking a position as none (byte 255; its checksums
// valid) is refused as the database reader refuses such a slice, naming
// its file, not restored into the solve.
TEST(KrkCheckpointTest, ACheckpointSliceIsCheckedLikeADatabaseSlice) {
  const std::unique_ptr<retro::GameModule> module = retro::kit::MakeLoopyWdlModule<Rules>(
      {.name = "krk", .summary = "krk", .codec = "krk-wdl-byte-v1", .data_version = 1});
  const retro::testing::TempDir dir;
  const absl::Status resumed = retro::testing::ResolveWithEditedSlice(
      *module, {{"size", "4"}}, dir.File("k.retro"), "kk", [](std::vector<uint8_t>& table) {
        // The first position's value.
        *std::find_if(table.begin(), table.end(), [](uint8_t b) { return b != 255; }) = 255;
      });
  EXPECT_EQ(resumed.code(), absl::StatusCode::kFailedPrecondition) << resumed;
  EXPECT_THAT(std::string(resumed.message()),
              HasSubstr("k.retro.checkpoint/kk.slice is damaged: slice 'kk' holds byte 255"));
  EXPECT_THAT(std::string(resumed.message()), HasSubstr("as not a position"));
}

// The square `square` of an N×N board under symmetry `t` (0..7: the
// reflections of files, ranks and the diagonal).
int Transform(int square, int n, int t) {
  int f = square % n, r = square / n;
  if (t & 1) f = n - 1 - f;
  if (t & 2) r = n - 1 - r;
  if (t & 4) std::swap(f, r);
  return r * n + f;
}

// The 8×8 values with black to move, up to symmetry, against the UCI
// machine-learning repository's "Chess (King-Rook vs. King)" data set (Bain
// 1994): 28,056 positions, 2,796 draws, and per number of moves to mate, 0
// (mated on the board) to 16, the count of positions.
TEST(KrkSolverTest, Size8MatchesThePublishedCountsWithBlackToMove) {
  const Rules rules(8);
  const auto tables = SolveWithKit(rules, 2);
  ASSERT_EQ(tables.size(), 2u);
  std::vector<uint64_t> mates_in(17, 0);
  uint64_t positions = 0, draws = 0;
  for (uint64_t i = 0; i < tables[1].size(); ++i) {
    const Position p = rules.Unrank(1, i);
    if (p.white_to_move || !rules.IsPosition(p)) continue;
    bool canonical = true;
    for (int t = 1; t < 8 && canonical; ++t) {
      const Position q{Transform(p.wk, 8, t), Transform(p.wr, 8, t), Transform(p.bk, 8, t),
                       false};
      canonical = rules.Rank(q).index >= i;
    }
    if (!canonical) continue;
    ++positions;
    const WdlOutcome value = retro::DecodeWdl(tables[1][i]);
    if (value.result == Wdl::kDraw) {
      ++draws;
    } else {
      ASSERT_EQ(value.result, Wdl::kLoss) << rules.Format(p);
      ASSERT_EQ(value.distance % 2, 0);
      ASSERT_LE(value.distance, 32) << rules.Format(p);
      ++mates_in[value.distance / 2];
    }
  }
  EXPECT_EQ(positions, 28056u);
  EXPECT_EQ(draws, 2796u);
  EXPECT_THAT(mates_in, ::testing::ElementsAre(27, 78, 246, 81, 198, 471, 592, 683, 1433, 1712,
                                               1985, 2854, 3597, 4194, 4553, 2166, 390));
}

TEST(KrkRulesTest, MovesAndOutcomes) {
  const Rules rules(8);
  const auto parse = [&](const std::string& text) {
    absl::StatusOr<Position> p = rules.Parse(text);
    EXPECT_TRUE(p.ok()) << p.status();
    return p.value_or(Position{});
  };
  const auto moves = [&](const Position& p) {
    std::vector<std::string> names;
    rules.ForEachMove(p, [&](const Move& m, const Position&) {
      names.push_back(rules.FormatMove(p, m));
    });
    return names;
  };
  // Checkmate, stalemate, bare kings.
  EXPECT_EQ(rules.Outcome(parse("Kb6 Rh8 ka8 b")), WdlOutcome::Loss(0));
  EXPECT_EQ(rules.GameOverNote(parse("Kb6 Rh8 ka8 b")), "checkmate");
  EXPECT_EQ(rules.Outcome(parse("Kb6 Rb7 ka8 b")), WdlOutcome::Draw());
  EXPECT_EQ(rules.GameOverNote(parse("Kb6 Rb7 ka8 b")), "stalemate");
  EXPECT_EQ(rules.Outcome(parse("Kb6 ka8 w")), WdlOutcome::Draw());
  EXPECT_EQ(rules.GameOverNote(parse("Kb6 ka8 w")), "only the kings are left");
  // The black king may not step back along the rook's line (no x-ray
  // shelter), takes an unprotected rook, and leaves a protected one.
  EXPECT_THAT(moves(parse("Ka1 Rh4 kd4 b")),
              ::testing::UnorderedElementsAre("kc3", "kd3", "ke3", "kc5", "kd5", "ke5"));
  EXPECT_THAT(moves(parse("Ka1 Rd5 kd4 b")),
              ::testing::UnorderedElementsAre("kc3", "ke3", "kc4", "ke4", "kxd5"));
  EXPECT_THAT(moves(parse("Ke6 Rd5 kd4 b")),
              ::testing::UnorderedElementsAre("kc3", "ke3", "kc4", "ke4"));
  // The rook stops at its own king; the white king keeps off the black one.
  EXPECT_THAT(moves(parse("Kc5 Rc3 kc7 w")),
              ::testing::UnorderedElementsAre("Kb4", "Kc4", "Kd4", "Kb5", "Kd5", "Rc4", "Rc2",
                                              "Rc1", "Rb3", "Ra3", "Rd3", "Re3", "Rf3", "Rg3",
                                              "Rh3"));
  EXPECT_THAT(moves(parse("Kc3 Rh1 ka5 w")), ::testing::Contains("Kb3"));
  EXPECT_THAT(moves(parse("Kc3 Rh1 ka5 w")), ::testing::Not(::testing::Contains("Kb4")));
}

TEST(KrkRulesTest, ParseRefusesWithAReason) {
  const Rules rules(4);
  const auto error = [&](const std::string& text) {
    const absl::StatusOr<Position> p = rules.Parse(text);
    EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument) << text;
    return std::string(p.status().message());
  };
  EXPECT_THAT(error("Ke5 Rc3 ka1 w"), HasSubstr("square 'e5' is off the board; the 4x4 board"));
  EXPECT_THAT(error("Ka1 Rc3 ka1 w"), HasSubstr("two pieces share a square"));
  EXPECT_THAT(error("Ka1 Rc3 kb2 w"), HasSubstr("the kings are next to each other"));
  EXPECT_THAT(error("Ka1 Rc3 kc1 w"), HasSubstr("black is in check with white to move"));
  EXPECT_THAT(error("Ka1 Rc3 kd4 x"), HasSubstr("the side to move is w (white) or b (black)"));
  EXPECT_THAT(error("Ka1 Rc3 kd4"), HasSubstr("expected a piece 'k'"));
  EXPECT_THAT(error("Ka1 kd4 Rc3 w"), HasSubstr("expected a piece 'R'"));
  EXPECT_THAT(error("Ka1"), HasSubstr("is not 'K<square> [R<square>] k<square> <w|b>'"));
  EXPECT_THAT(error("Ka1 Rc0 kd4 w"), HasSubstr("'c0' is not a square like c3"));
  EXPECT_THAT(error("Ka1 R3c kd4 w"), HasSubstr("'3c' is not a square like c3"));
  // Every index that is a position formats and parses back.
  for (int s = 0; s < rules.num_slices(); ++s) {
    for (uint64_t i = 0; i < rules.slice_size(s); ++i) {
      const Position p = rules.Unrank(s, i);
      if (!rules.IsPosition(p)) continue;
      const absl::StatusOr<Position> back = rules.Parse(rules.Format(p));
      ASSERT_TRUE(back.ok()) << rules.Format(p) << ": " << back.status();
      EXPECT_EQ(*back, p);
    }
  }
}

using ContractView = retro::kit::LoopyWdlCheckView<Rules>;

TEST(KrkContractTest, HoldsOnEveryIndex) {
  for (const int size : {3, 4, 5}) {
    const Rules rules(size);
    retro::testing::ExpectContractHolds(ContractView(rules), {}, 2);
  }
}

// Take-backs that forget the rook's un-moves of two squares or more: the
// solver would never count down the parents of those rook moves.
class ShortRookTakeBacks : public ContractView {
 public:
  explicit ShortRookTakeBacks(const Rules& rules) : ContractView(rules), n_(rules.size()) {}
  template <typename Visit>
  void ForEachParent(const Position& p, Visit&& visit) const {
    ContractView::ForEachParent(p, [&](const Position& q) {
      const int distance = std::abs(q.wr % n_ - p.wr % n_) + std::abs(q.wr / n_ - p.wr / n_);
      if (distance < 2) visit(q);
    });
  }

 private:
  int n_;
};

TEST(KrkContractTest, RejectsForgottenLongRookTakeBacks) {
  const Rules rules(4);
  const retro::CheckResult result =
      retro::testing::RunContractCheck(ShortRookTakeBacks(rules), {}, 2);
  ASSERT_FALSE(result.ok);
  EXPECT_EQ(result.failed_check, "take-backs");
  EXPECT_THAT(result.first_failure, HasSubstr("take-backs: slice 1 (krk)"));
  EXPECT_THAT(result.first_failure, HasSubstr("but it lists 0 take-back(s) to the position"));
}

// End to end with the real `retro` and the plugin.
class KrkCliTest : public retro::testing::RetroTest {};

TEST_F(KrkCliTest, Size8HasThePublishedLongestMate) {
  const retro::testing::RunResult solve = Retro({"solve", "--game", "krk", "--size", "8"});
  ASSERT_EQ(solve.exit_code, 0) << solve;
  EXPECT_THAT(solve.out, HasSubstr("wrote krk-8.retro"));
  const std::string path = work_.File("krk-8.retro");

  const retro::testing::RunResult stats = Retro({"stats", "--db", path, "--json"});
  ASSERT_EQ(stats.exit_code, 0) << stats;
  const nlohmann::json json = retro::testing::ResultOrFail(stats.out);
  EXPECT_EQ(json.at("family"), "wdl");
  // Mate in 16 moves with white to move; black never wins.
  EXPECT_EQ(json.at("total").at("wdl").at("longest_win"), 31) << stats.out;
  const nlohmann::json& slices = json.at("slices");
  ASSERT_EQ(slices.size(), 2u);
  EXPECT_EQ(slices.at(0).at("name"), "kk");
  EXPECT_EQ(slices.at(0).at("wdl").at("wins"), 0);
  EXPECT_EQ(slices.at(0).at("wdl").at("losses"), 0);
  EXPECT_TRUE(slices.at(0).at("wdl").at("longest_win").is_null()) << stats.out;
  EXPECT_EQ(slices.at(1).at("name"), "krk");
  EXPECT_EQ(slices.at(1).at("wdl").at("longest_win"), 31);

  const retro::testing::RunResult verify = Retro({"verify", "--db", path});
  EXPECT_EQ(verify.exit_code, 0) << verify;
  EXPECT_THAT(verify.out, HasSubstr("consistency: ok"));

  // Mate in one: only Rh8 mates (Ra1 lets the king out to b8).
  const retro::testing::RunResult probe =
      Retro({"probe", "--db", path, "--position", "Kb6 Rh1 ka8 w", "--json"});
  ASSERT_EQ(probe.exit_code, 0) << probe;
  const nlohmann::json line = retro::testing::ResultOrFail(probe.out);
  EXPECT_EQ(line.at("result"), "win");
  EXPECT_EQ(line.at("distance"), 1);
  EXPECT_EQ(line.at("to_move"), "white");
  ASSERT_EQ(line.at("best").size(), 1u) << probe.out;
  EXPECT_EQ(line.at("best").at(0), "Rh8");

  const retro::testing::RunResult mated =
      Retro({"probe", "--db", path, "--position", "Kb6 Rh8 ka8 b"});
  ASSERT_EQ(mated.exit_code, 0) << mated;
  EXPECT_EQ(mated.out,
            "Kb6 Rh8 ka8 b  (black to move)\n"
            "result: loss in 0 plies  (game over: checkmate)\n");
}

// KRK gives no count of positions (SizeEstimates::positions): `retro solve` reports the positions, not the
// indices, counted here by the brute force (the indices it values).
TEST_F(KrkCliTest, SolveReportsPositionsNotIndices) {
  const Rules rules(5);
  uint64_t positions = 0, indices = 0;
  for (const auto& slice : BruteForce(rules)) {
    indices += slice.size();
    for (const std::optional<WdlOutcome>& value : slice) positions += value.has_value();
  }
  ASSERT_LT(positions, indices);
  const retro::testing::RunResult solve =
      Retro({"solve", "--game", "krk", "--size", "5", "--json"});
  ASSERT_EQ(solve.exit_code, 0) << solve;
  EXPECT_EQ(retro::testing::ResultOrFail(solve.out).at("positions"), positions) << solve.out;
  const retro::testing::RunResult text =
      Retro({"solve", "--game", "krk", "--size", "5", "--out", work_.File("text.retro")});
  ASSERT_EQ(text.exit_code, 0) << text;
  EXPECT_THAT(text.out, HasSubstr(absl::StrCat(": ", retro::Grouped(positions), " positions in")))
      << text.out;
}

TEST_F(KrkCliTest, CheckPasses) {
  const retro::testing::RunResult check =
      Retro({"check", "--game", "krk", "--size", "5", "--threads", "2"});
  EXPECT_EQ(check.exit_code, 0) << check;
  EXPECT_THAT(check.out, HasSubstr("take-backs: ok"));
}

TEST_F(KrkCliTest, SizeOutOfRangeIsRefused) {
  for (const std::string size : {"9", "2"}) {
    ExpectError(Retro({"solve", "--game", "krk", "--size", size}), 2,
                {"--size " + size + " is out of range; valid: 3..8"});
  }
  EXPECT_TRUE(work_.List().empty());
}

TEST_F(KrkCliTest, ProbeOfTheDefaultSizeAndBadPositions) {
  const retro::testing::RunResult solve = Retro({"solve", "--game", "krk"});
  ASSERT_EQ(solve.exit_code, 0) << solve;
  const std::string path = work_.File("krk-4.retro");
  // The rook's capture converts to bare kings: a draw.
  const retro::testing::RunResult capture =
      Retro({"probe", "--db", path, "--position", "Ka1 Rc3 kd4 b"});
  ASSERT_EQ(capture.exit_code, 0) << capture;
  EXPECT_THAT(capture.out, HasSubstr("result: draw\n"));
  EXPECT_THAT(capture.out, HasSubstr("kxc3  Ka1 kc3 w"));
  ExpectError(Retro({"probe", "--db", path, "--position", "Ka1 Rc3 ke5 b"}), 2,
              {"square 'e5' is off the board; the 4x4 board has files a-d and ranks 1-4"});
  ExpectError(Retro({"probe", "--db", path, "--position", "Ka1 Rc3 kb2 b"}), 2,
              {"the kings are next to each other"});
  ExpectError(Retro({"probe", "--db", path, "--position", "Ka1 Rc3 kc1 w"}), 2,
              {"black is in check with white to move"});
}

}  // namespace
}  // namespace krk
