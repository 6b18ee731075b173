// The benchmarks' change floor (benchmarks/oware_change_floor.h) and retro's
// book agree on every value of every board with up to 7 seeds at every t =
// 0..200 (and of smaller books under the variants) and on the changes each
// seed count stores, so the floor the docs set beside retro's solve computes
// the same book by the same method.
#include "benchmarks/oware_change_floor.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "games/oware/colex_indexer.h"
#include "gtest/gtest.h"
#include "plugins/oware/book.h"
#include "tests/oware/solved_book.h"

namespace retro::oware {
namespace {

// Each seed count of the floor stores as many changes as the book's, and
// the two stop changing at the same layer.
void ExpectSameChanges(const floor::ChangeFloor& floor, const Book& book) {
  uint32_t last_change = 0;
  for (int n = 0; n <= book.seeds(); ++n) {
    EXPECT_EQ(floor.ChangesWithSeeds(n), book.store(n).entries()) << n << " seeds";
    last_change = std::max(last_change, book.store(n).last_change());
  }
  EXPECT_EQ(floor.last_change(), static_cast<int>(last_change));
}

// Every value, every seed count's change count and the states of the floor
// for `rules` against retro's book.
void ExpectAgreement(int seeds, const Rules& rules) {
  const floor::ChangeFloor floor(seeds, rules);
  const std::unique_ptr<OpenedBook> solved = SolveOpenedBook(seeds, rules);
  ASSERT_NE(solved->book, nullptr);
  const Book& book = *solved->book;
  ExpectSameChanges(floor, book);
  const ColexIndexer& indexer = book.indexer();
  uint64_t states = 0;
  for (int n = 0; n <= seeds; ++n) {
    states += indexer.Size(n);
    for (uint64_t r = 0; r < indexer.Size(n); ++r) {
      const Board board = indexer.Unrank(n, r);
      for (int t = 0; t <= rules.turn_limit; ++t) {
        ASSERT_EQ(book.Value(board, t), floor.Value(board, t)) << n << " " << r << " " << t;
      }
    }
  }
  EXPECT_EQ(floor.states(), states);
}

TEST(ChangeFloorTest, AgreesWithTheBookEverywhere) { ExpectAgreement(7, {}); }

TEST(ChangeFloorTest, AgreesUnderEveryVariant) {
  ExpectAgreement(6, {.grand_slam = GrandSlam::kCapture});
  ExpectAgreement(6, {.grand_slam = GrandSlam::kForcedOnly, .at_limit = AtLimit::kOwnSide});
  ExpectAgreement(5, {.at_limit = AtLimit::kOwnSide, .turn_limit = 60});
}

TEST(ChangeFloorTest, NineSeedsStopWhereTheSpecSays) {
  // The spec: for N = 9 no value changes for t >= 146. And each seed count
  // stores as many changes as retro's solve of the same book.
  const floor::ChangeFloor floor(9, {});
  EXPECT_EQ(floor.last_change(), 145);
  const std::unique_ptr<OpenedBook> solved = SolveOpenedBook(9, {});
  ASSERT_NE(solved->book, nullptr);
  ExpectSameChanges(floor, *solved->book);
}

}  // namespace
}  // namespace retro::oware
