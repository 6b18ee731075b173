// The tic-tac-toe notation (the grid notation of retro/kit/cells_rules.h
// with the game's legality): every legal position round-trips, upper case
// is accepted, and each kind of bad input is refused with a message saying
// what is wrong.
#include <array>
#include <cstdint>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "plugins/tictactoe/rules.h"

namespace tictactoe {
namespace {

using ::testing::HasSubstr;
using Position = Rules::Position;

const Rules kRules;

TEST(TicTacToeNotationTest, EveryLegalPositionRoundTrips) {
  int legal = 0;
  for (uint64_t i = 0; i < kRules.slice_size(0); ++i) {
    const Position p = kRules.Unrank(0, i);
    const std::string text = kRules.Format(p);
    const absl::StatusOr<Position> parsed = kRules.Parse(text);
    ASSERT_EQ(parsed.ok(), kRules.IsPosition(p)) << text;
    if (parsed.ok()) {
      EXPECT_EQ(*parsed, p) << text;
      ++legal;
    }
  }
  EXPECT_EQ(legal, 5478);
}

TEST(TicTacToeNotationTest, ReadsTheExample) {
  const absl::StatusOr<Position> p = kRules.Parse("x.o/.x./..o");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->cells,
            (std::array<uint8_t, 9>{kX, kEmpty, kO, kEmpty, kX, kEmpty, kEmpty, kEmpty, kO}));
  EXPECT_EQ(ToMove(*p), kX);
  EXPECT_EQ(kRules.SideToMove(*p), "x");
  EXPECT_EQ(kRules.Format(*p), "x.o/.x./..o");
  EXPECT_EQ(*kRules.Parse("X.O/.X./..O"), *p);
  EXPECT_EQ(*kRules.Parse(".../.../..."), Position());
  EXPECT_EQ(kRules.FormatMove(*p, 0), "1");
  EXPECT_EQ(kRules.FormatMove(*p, 8), "9");
}

// The message for `text`, which must be refused as InvalidArgument.
std::string Error(const std::string& text) {
  const absl::StatusOr<Position> p = kRules.Parse(text);
  EXPECT_FALSE(p.ok()) << text;
  if (p.ok()) return "";
  EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(p.status().message());
}

TEST(TicTacToeNotationTest, RefusesBadShapes) {
  for (const std::string text : {"", "x.o.x...o", "x.o/.x.", "x.o/.x./..o/", "x.o/.x/..o",
                                  "x.o/.x../..o", "x.o/.x./..o ", "xo"}) {
    // Every shape error says how to write a position.
    EXPECT_THAT(Error(text), HasSubstr("is not three rows of three cells")) << text;
    EXPECT_THAT(Error(text), HasSubstr("e.g. x.o/.x./..o")) << text;
  }
  EXPECT_THAT(Error("x.o/.z./..o"),
              HasSubstr("position 'x.o/.z./..o' has 'z' in cell 5; each cell is x, o or ."));
  EXPECT_THAT(Error("x-o/.x./..o"), HasSubstr("each cell is x, o or ."));
}

TEST(TicTacToeNotationTest, RefusesPositionsThatCannotArise) {
  EXPECT_THAT(Error("xx./.../..."),
              HasSubstr("cannot arise in a game: x moves first, so x has as many pieces as o "
                        "or one more"));
  EXPECT_THAT(Error("o../.../..."), HasSubstr("x has as many pieces as o or one more"));
  EXPECT_THAT(Error("xxx/ooo/x.."),
              HasSubstr("both x and o have three in a row"));
  EXPECT_THAT(Error("xxx/oo./o.."),
              HasSubstr("x has three in a row, but o moved after it"));
  EXPECT_THAT(Error("ooo/xx./x.x"),
              HasSubstr("o has three in a row, but x moved after it"));
}

}  // namespace
}  // namespace tictactoe
