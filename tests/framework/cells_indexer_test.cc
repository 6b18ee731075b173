// Tests for retro/cells_indexer.h against boards enumerated by brute force
// and the known count of tic-tac-toe positions.
#include "retro/cells_indexer.h"

#include <bit>
#include <cstdint>
#include <set>
#include <vector>

#include "gtest/gtest.h"

namespace retro {
namespace {

// Every board of `cells` cells of `states` states, counted up with cell 0 the
// fastest-moving digit, as an odometer would.
template <int kCells>
std::vector<CellBoard<kCells>> Odometer(int states) {
  std::vector<CellBoard<kCells>> boards;
  CellBoard<kCells> board;
  while (true) {
    boards.push_back(board);
    int cell = 0;
    while (cell < kCells && board.cells[cell] == states - 1) board.cells[cell++] = 0;
    if (cell == kCells) return boards;
    ++board.cells[cell];
  }
}

TEST(CellsIndexerTest, RanksFollowTheOdometer) {
  using Indexer = CellsIndexer<5, 3>;
  const auto boards = Odometer<5>(3);
  ASSERT_EQ(Indexer::Size(), boards.size());
  for (uint64_t index = 0; index < boards.size(); ++index) {
    ASSERT_EQ(Indexer::Rank(boards[index]), index);
    ASSERT_EQ(Indexer::Unrank(index), boards[index]);
  }
}

TEST(CellsIndexerTest, SideToMoveDoublesTheRange) {
  using Indexer = CellsIndexer<4, 4, /*kSideToMove=*/true>;
  EXPECT_EQ(Indexer::Size(), 512u);
  std::set<uint64_t> seen;
  for (int side = 0; side < 2; ++side) {
    for (CellBoard<4> board : Odometer<4>(4)) {
      board.side_to_move = static_cast<uint8_t>(side);
      const uint64_t index = Indexer::Rank(board);
      ASSERT_LT(index, Indexer::Size());
      EXPECT_TRUE(seen.insert(index).second) << "index " << index << " twice";
      EXPECT_EQ(Indexer::Unrank(index), board);
    }
  }
  EXPECT_EQ(seen.size(), Indexer::Size());
}

// Tic-tac-toe's legal positions (states: 0 empty, 1 x, 2 o), written here
// from the rules: x first, alternate, play stops at the first line.
bool TicTacToeLegal(const CellBoard<9>& board) {
  uint16_t x = 0, o = 0;
  for (int cell = 0; cell < 9; ++cell) {
    if (board.cells[cell] == 1) x |= 1 << cell;
    if (board.cells[cell] == 2) o |= 1 << cell;
  }
  const auto line = [](uint16_t m) {
    for (uint16_t l : {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124}) {
      if ((m & l) == l) return true;
    }
    return false;
  };
  const int xs = std::popcount(x), os = std::popcount(o);
  if (xs != os && xs != os + 1) return false;
  if (line(x) && line(o)) return false;
  if (line(x) && xs == os) return false;
  return !(line(o) && xs == os + 1);
}

TEST(CellsIndexerTest, CountsTicTacToePositions) {
  // 5,478 positions can arise in a game of tic-tac-toe (a published count).
  EXPECT_EQ((CellsIndexer<9, 3>::CountLegal(TicTacToeLegal)), 5478u);
  static_assert(CellsIndexer<9, 3>::Size() == 19683);
}

}  // namespace
}  // namespace retro
