// Small helpers shared by the oware tests: board literals from notation and
// exhaustive enumeration of boards by seed count (by plain recursion, so that
// it does not depend on the indexers under test).
#ifndef TESTS_OWARE_TEST_UTIL_H_
#define TESTS_OWARE_TEST_UTIL_H_

#include <cstdint>
#include <string>

#include "games/oware/board.h"
#include "games/oware/notation.h"
#include "gtest/gtest.h"

namespace retro::oware::test {

// The board written as `text`; fails the test (and returns an empty board)
// if the notation does not parse.
inline Board B(const std::string& text) {
  absl::StatusOr<Board> board = ParseBoard(text);
  EXPECT_TRUE(board.ok()) << board.status();
  return board.ok() ? *board : Board{};
}

namespace internal {
template <typename F>
void Distribute(Board& board, int house, int left, F& f) {
  if (house == kHouses - 1) {
    board.houses[house] = static_cast<uint8_t>(left);
    f(static_cast<const Board&>(board));
    return;
  }
  for (int s = 0; s <= left; ++s) {
    board.houses[house] = static_cast<uint8_t>(s);
    Distribute(board, house + 1, left - s, f);
  }
}
}  // namespace internal

// Calls f(board) for every board with exactly `seeds` seeds.
template <typename F>
void ForEachBoard(int seeds, F f) {
  Board board;
  internal::Distribute(board, 0, seeds, f);
}

}  // namespace retro::oware::test

#endif  // TESTS_OWARE_TEST_UTIL_H_
