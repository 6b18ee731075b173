// Helpers shared by the Plakoto tests: enumerating every distribution of
// checkers over a board, and random positions.
#ifndef TESTS_PLAKOTO_TEST_POSITIONS_H_
#define TESTS_PLAKOTO_TEST_POSITIONS_H_

#include <functional>
#include <random>

#include "games/plakoto/position.h"

namespace retro::plakoto::testing {

// Calls fn(board) for every distribution of `checkers` checkers over points
// 1..points (plain nested recursion, independent of the indexers).
inline void ForEachDistribution(int points, int checkers,
                                const std::function<void(const Board&)>& fn) {
  Board board{};
  std::function<void(int, int)> place = [&](int point, int left) {
    if (point == points) {
      board[point] = static_cast<uint8_t>(left);
      fn(board);
      board[point] = 0;
      return;
    }
    for (int x = 0; x <= left; ++x) {
      board[point] = static_cast<uint8_t>(x);
      place(point + 1, left - x);
    }
    board[point] = 0;
  };
  place(1, checkers);
}

// A random distribution of `checkers` checkers over points 1..points (each
// checker on a uniformly random point).
inline Board RandomDistribution(int points, int checkers, std::mt19937& rng) {
  Board board{};
  std::uniform_int_distribution<int> point(1, points);
  for (int i = 0; i < checkers; ++i) ++board[point(rng)];
  return board;
}

}  // namespace retro::plakoto::testing

#endif  // TESTS_PLAKOTO_TEST_POSITIONS_H_
