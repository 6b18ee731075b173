// Tests for retro/kit/points_rules.h (with retro/point_board.h and
// retro/point_board_svg.h) on pong hau k'i: five points, the four corners
// joined to the centre and the left, right and bottom edges drawn; two
// pieces a side slide along a line to the empty point, and a side without
// a move loses (its Outcome). The notation against texts
// written out by hand, the picture's lines and points, the neighbours, and
// the kit's solve against a brute force by levels.
#include "retro/kit/points_rules.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/database.h"
#include "retro/kit/loopy_wdl_check_view.h"
#include "retro/kit/loopy_wdl_module.h"
#include "retro/plugin.h"
#include "retro/testing/contract_matchers.h"

namespace retro::kit {
namespace {

using ::testing::HasSubstr;

// Points: 1 top left, 2 top right, 3 centre, 4 bottom left, 5 bottom right.
constexpr PointBoardShape kPongHauKi{
    .points = 5,
    .places = {{0, 0}, {100, 0}, {50, 50}, {0, 100}, {100, 100}},
    .num_lines = 7,
    .lines = {{0, 2}, {1, 2}, {2, 3}, {2, 4}, {0, 3}, {1, 4}, {3, 4}},
    .symbols = ".xo",
    .sides = "xo"};

class PongHauKi : public PointsRules<PongHauKi, kPongHauKi> {
 public:
  const char* Illegality(const Position& p) const {
    return CountCells(p, 1) == 2 && CountCells(p, 2) == 2 ? nullptr : "each side has two pieces";
  }
  // A side without a move loses.
  std::optional<WdlOutcome> Outcome(const Position& p) const {
    bool moved = false;
    ForEachMove(p, [&](const Move&, const Position&) { moved = true; });
    return moved ? std::nullopt : std::optional(WdlOutcome::Loss(0));
  }
  template <typename Visit>
  void ForEachMove(const Position& p, Visit&& visit) const {
    for (int from = 0; from < kCells; ++from) {
      if (p.cells[from] != p.side_to_move + 1) continue;
      ForEachNeighbour(from, [&](int to) {
        if (p.cells[to] != 0) return;
        Position child = p;
        child.cells[to] = child.cells[from];
        child.cells[from] = 0;
        child.side_to_move ^= 1;
        visit(Move{from, to}, child);
      });
    }
  }
};

const PongHauKi kRules;

TEST(PointsRulesTest, WritesAndReadsOneSymbolAPoint) {
  const auto start = kRules.Parse("xx.oo x");
  ASSERT_TRUE(start.ok()) << start.status();
  EXPECT_EQ(start->cells[0], 1);
  EXPECT_EQ(start->cells[2], 0);
  EXPECT_EQ(start->cells[4], 2);
  EXPECT_EQ(start->side_to_move, 0);
  EXPECT_EQ(kRules.Format(*start), "xx.oo x");
  EXPECT_EQ(kRules.Format(*kRules.Parse("OX.XO o")), "ox.xo o");  // case folded
  EXPECT_EQ(kRules.FormatMove(*start, {0, 2}), "1-3");
  EXPECT_EQ(FormatPointMove({-1, 4}), "5");
}

TEST(PointsRulesTest, RefusesBadTextsSayingWhatIsValid) {
  EXPECT_THAT(kRules.Parse("xx.o x").status().message(),
              HasSubstr("position 'xx.o x' has 4 points where the board has 5: write each point "
                        "1..5 in order as x, o or . (empty), then a space and the side to move"));
  EXPECT_THAT(kRules.Parse("xx?oo x").status().message(),
              HasSubstr("has '?' on point 3; each point is x, o or . (empty)"));
  EXPECT_THAT(kRules.Parse("xx.oo").status().message(),
              HasSubstr("does not end in the side to move: a space and x or o"));
  EXPECT_THAT(kRules.Parse("xxxo. o").status().message(),
              HasSubstr("cannot arise in a game: each side has two pieces"));
}

TEST(PointsRulesTest, KnowsTheLines) {
  std::vector<int> centre, corner;
  PongHauKi::ForEachNeighbour(2, [&](int n) { centre.push_back(n); });
  PongHauKi::ForEachNeighbour(0, [&](int n) { corner.push_back(n); });
  EXPECT_EQ(centre, (std::vector<int>{0, 1, 3, 4}));
  EXPECT_EQ(corner, (std::vector<int>{2, 3}));
  EXPECT_TRUE(PongHauKi::Joined(3, 4));
  EXPECT_FALSE(PongHauKi::Joined(0, 1));
}

TEST(PointsRulesTest, DrawsTheLinesAndThePoints) {
  const std::string svg = kRules.RenderSvg(*kRules.Parse("xx.oo x"));
  const auto count = [&](const std::string& pattern) {
    const std::regex re(pattern);
    return std::distance(std::sregex_iterator(svg.begin(), svg.end(), re), std::sregex_iterator());
  };
  EXPECT_EQ(count("<line "), 7);
  EXPECT_EQ(count("<circle "), 5);
  EXPECT_EQ(count(">x</text>"), 2);
  EXPECT_EQ(count(">3</text>"), 1);  // the empty centre, by its number
  EXPECT_THAT(svg, HasSubstr("class=\"board points\""));
}

TEST(PointsRulesTest, IndexesTheBoardsAndStartsAtAPosition) {
  EXPECT_EQ(kRules.slice_size(0), 2u * 243u);
  uint64_t positions = 0;
  for (uint64_t i = 0; i < kRules.slice_size(0); ++i) {
    positions += kRules.IsPosition(kRules.Unrank(0, i));
    EXPECT_EQ(kRules.Rank(kRules.Unrank(0, i)).index, i);
  }
  EXPECT_EQ(positions, 2u * 30u);  // 5! / (2! 2! 1!) boards, either side to move
  EXPECT_TRUE(kRules.IsPosition(kRules.StartPosition()));
}

// The value of every position by levels, written without the kit: level d
// settles the losses in d plies (every move to a win settled below d, or no
// move) and the wins in d plies (a move to a loss in d - 1); the rest draw.
std::map<uint64_t, WdlOutcome> BruteForce() {
  std::map<uint64_t, WdlOutcome> value;
  for (int d = 0; d < 64; ++d) {
    std::map<uint64_t, WdlOutcome> found;
    for (uint64_t i = 0; i < kRules.slice_size(0); ++i) {
      const PongHauKi::Position p = kRules.Unrank(0, i);
      if (!kRules.IsPosition(p) || value.contains(i)) continue;
      bool win = false, all_wins = true;
      int longest = -1;
      kRules.ForEachMove(p, [&](const PointMove&, const PongHauKi::Position& child) {
        const auto it = value.find(kRules.Rank(child).index);
        const bool child_won = it != value.end() && it->second.result == Wdl::kWin;
        win = win || (it != value.end() && it->second.result == Wdl::kLoss &&
                      it->second.distance == d - 1);
        all_wins = all_wins && child_won;
        if (child_won) longest = std::max(longest, it->second.distance);
      });
      if (win) found[i] = WdlOutcome::Win(d);
      if (!win && all_wins && longest + 1 == d) found[i] = WdlOutcome::Loss(d);
    }
    value.merge(found);
  }
  return value;
}

TEST(PointsRulesTest, TheLoopyKitSolvesItAsTheBruteForceDoes) {
  ThreadPool pool(2);
  Progress progress;
  const WorkContext context{&pool, &progress};
  std::unique_ptr<GameModule> module = MakeLoopyWdlModule<PongHauKi>(
      {.name = "ponghauki", .codec = "ponghauki-v1", .data_version = 1});
  DatabaseBuilder builder;
  ASSERT_TRUE(module->Solve({}, context, builder).ok());
  const std::vector<uint8_t> bytes =
      SerializeDatabase({"ponghauki", kPluginAbiVersion, 1, builder.codec()}, builder);
  absl::StatusOr<std::unique_ptr<DatabaseFile>> file = DatabaseFile::FromBytes(bytes, false);
  ASSERT_TRUE(file.ok()) << file.status();
  const std::span<const uint8_t> records = (*file)->SliceBytes(0);
  const std::map<uint64_t, WdlOutcome> decided = BruteForce();
  int draws = 0;
  for (uint64_t i = 0; i < records.size(); ++i) {
    if (!kRules.IsPosition(kRules.Unrank(0, i))) continue;
    const auto it = decided.find(i);
    const WdlOutcome expected = it == decided.end() ? WdlOutcome::Draw() : it->second;
    draws += expected.result == Wdl::kDraw;
    EXPECT_EQ(DecodeWdl(records[i]), expected) << kRules.Format(kRules.Unrank(0, i));
  }
  EXPECT_GT(draws, 0);
  EXPECT_FALSE(decided.empty());
  retro::testing::ExpectContractHolds(LoopyWdlCheckView<PongHauKi>(kRules), {}, 2);
}

}  // namespace
}  // namespace retro::kit
