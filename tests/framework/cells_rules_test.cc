// Tests for retro/kit/cells_rules.h (with retro/grid_notation.h and
// retro/grid_svg.h) on a small test game: a 2 x 3 grid of empty, a and b
// cells with the side to move in the index, where a board needs a b and at
// most two a's. Indices are checked against base-3 digits computed here,
// counts against a brute force, and the notation against texts written out
// by hand.
#include "retro/kit/cells_rules.h"

#include <array>
#include <cstdint>
#include <regex>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace retro::kit {
namespace {

using ::testing::HasSubstr;

constexpr GridShape kTwoByThree{.rows = 2, .columns = 3, .symbols = ".ab", .sides = "ab"};
constexpr GridShape kOneRowToEscape{.rows = 1, .columns = 3, .symbols = ".<&"};

class TwoByThree : public CellsRules<TwoByThree, kTwoByThree> {
 public:
  const char* Illegality(const Position& p) const {
    if (CountCells(p, 2) == 0) return "there is no b";
    return CountCells(p, 1) > 2 ? "there are more than two a's" : nullptr;
  }
};

// A shape whose symbols need escaping in SVG, and a rules type that says
// IsPosition itself (every board is a position).
class Escaped : public CellsRules<Escaped, kOneRowToEscape> {
 public:
  bool IsPosition(const Position&) const { return true; }
};

const TwoByThree kRules;
using Board = TwoByThree::Position;

Board MakeBoard(std::array<uint8_t, 6> cells, uint8_t side) {
  Board board;
  board.cells = cells;
  board.side_to_move = side;
  return board;
}

TEST(CellsRulesTest, IndexesEveryBoardInOneSlice) {
  ASSERT_EQ(kRules.num_slices(), 1);
  EXPECT_EQ(kRules.slice_name(0), "positions");
  ASSERT_EQ(kRules.slice_size(0), 2u * 729u);  // 3^6 boards, two sides
  for (uint64_t index = 0; index < kRules.slice_size(0); ++index) {
    const Board board = kRules.Unrank(0, index);
    uint64_t rest = index % 729;
    for (int cell = 0; cell < 6; ++cell, rest /= 3) ASSERT_EQ(board.cells[cell], rest % 3) << index;
    ASSERT_EQ(board.side_to_move, index / 729) << index;
    ASSERT_EQ(kRules.Rank(board), (SliceIndex{0, index}));
  }
}

TEST(CellsRulesTest, CountsTheBoardsThatArePositions) {
  uint64_t legal = 0;
  for (int digits = 0; digits < 729; ++digits) {
    int as = 0, bs = 0;
    for (int rest = digits; rest > 0; rest /= 3) {
      as += rest % 3 == 1;
      bs += rest % 3 == 2;
    }
    legal += (bs > 0 && as <= 2) ? 2 : 0;
  }
  uint64_t positions = 0;
  for (uint64_t index = 0; index < kRules.slice_size(0); ++index) {
    positions += kRules.IsPosition(kRules.Unrank(0, index));
  }
  EXPECT_EQ(positions, legal);
}

TEST(CellsRulesTest, FormatsRowsAndTheSideToMove) {
  EXPECT_EQ(kRules.Format(MakeBoard({1, 0, 2, 0, 0, 1}, 1)), "a.b/..a b");
  EXPECT_EQ(kRules.Format(MakeBoard({0, 0, 0, 0, 0, 2}, 0)), ".../..b a");
  EXPECT_EQ(kRules.FormatMove(Board(), 0), "1");
  EXPECT_EQ(kRules.FormatMove(Board(), 5), "6");
  EXPECT_EQ(Escaped().Format({{0, 1, 2}}), ".<&");
}

TEST(CellsRulesTest, ParsesWhatItFormats) {
  uint64_t parsed = 0;
  for (uint64_t index = 0; index < kRules.slice_size(0); ++index) {
    const Board board = kRules.Unrank(0, index);
    const absl::StatusOr<Board> back = kRules.Parse(kRules.Format(board));
    ASSERT_EQ(back.ok(), kRules.IsPosition(board)) << kRules.Format(board);
    if (back.ok()) {
      ASSERT_EQ(*back, board);
      ++parsed;
    }
  }
  EXPECT_EQ(parsed, 948u);  // the legal boards, as counted above
  EXPECT_EQ(*kRules.Parse("A.B/..a b"), MakeBoard({1, 0, 2, 0, 0, 1}, 1));
}

// The message for `text`, which must be refused as InvalidArgument.
std::string Error(const std::string& text) {
  const absl::StatusOr<Board> board = kRules.Parse(text);
  EXPECT_FALSE(board.ok()) << text;
  if (board.ok()) return "";
  EXPECT_EQ(board.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(board.status().message());
}

TEST(CellsRulesTest, RefusesBadTextsSayingWhatIsValid) {
  EXPECT_EQ(Error("a.b/..a"),
            "position 'a.b/..a' does not end in the side to move: a space and a or b");
  EXPECT_THAT(Error("a.b/..a c"), HasSubstr("does not end in the side to move"));
  // The example is the start position, the first index that is one.
  EXPECT_EQ(Error("a.b a"),
            "position 'a.b a' is not two rows of three cells (it has one row): write the "
            "rows top to bottom separated by '/', each cell a, b or . (empty), then a space "
            "and the side to move, e.g. b../... a");
  EXPECT_THAT(Error("a.b/..ab a"), HasSubstr("(row 2 has four cells)"));
  EXPECT_THAT(Error("a.b//..a a"), HasSubstr("(it has three rows)"));
  EXPECT_EQ(Error("a.b/.z. a"),
            "position 'a.b/.z. a' has 'z' in cell 5; each cell is a, b or . "
            "(empty)");
  EXPECT_EQ(Error("aab/a.. a"),
            "position 'aab/a.. a' cannot arise in a game: there are more "
            "than two a's");
  EXPECT_EQ(Error(".../... b"), "position '.../... b' cannot arise in a game: there is no b");
}

TEST(CellsRulesTest, StartsAtTheFirstPosition) {
  EXPECT_EQ(kRules.Format(kRules.StartPosition()), "b../... a");
  EXPECT_EQ(Escaped().Format(Escaped().StartPosition()), "...");
}

TEST(CellsRulesTest, GroupsStatsByPieces) {
  EXPECT_EQ(kRules.stats_group_label(), "pieces");
  EXPECT_EQ(kRules.num_stats_groups(), 7);
  EXPECT_EQ(kRules.StatsKeyOf(MakeBoard({1, 0, 2, 0, 0, 1}, 1)).group, 3);
  EXPECT_EQ(kRules.stats_group_name(3), "3");
}

// The texts of an SVG picture, in document order.
std::vector<std::string> Texts(const std::string& svg) {
  std::vector<std::string> texts;
  const std::regex text("<text[^>]*>([^<]*)</text>");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text); it != std::sregex_iterator();
       ++it) {
    texts.push_back((*it)[1]);
  }
  return texts;
}

TEST(CellsRulesTest, DrawsEachCellsSymbolOrNumber) {
  const std::string svg = kRules.RenderSvg(MakeBoard({1, 0, 2, 0, 0, 1}, 1));
  EXPECT_TRUE(svg.starts_with("<svg ")) << svg;
  EXPECT_TRUE(svg.ends_with("</svg>")) << svg;
  EXPECT_EQ(Texts(svg), (std::vector<std::string>{"a", "2", "b", "4", "5", "a"}));
  EXPECT_EQ(Texts(Escaped().RenderSvg({{0, 1, 2}})),
            (std::vector<std::string>{"1", "&lt;", "&amp;"}));
}

}  // namespace
}  // namespace retro::kit
