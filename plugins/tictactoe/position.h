// Tic-tac-toe as plain C++: the board (retro's stock CellBoard, cells 0..8
// row by row from the top left, each empty, x or o), its lines and legality.
// x moves first, so the side to move follows from the piece counts.
#ifndef TICTACTOE_POSITION_H_
#define TICTACTOE_POSITION_H_

#include <algorithm>
#include <cstdint>

#include "retro/cells_indexer.h"

namespace tictactoe {

enum Cell : uint8_t { kEmpty, kX, kO };  // a cell's state, and a player
using Board = retro::CellBoard<9>;

constexpr int Count(const Board& b, Cell c) { return std::ranges::count(b.cells, c); }
constexpr Cell Opponent(Cell player) { return player == kX ? kO : kX; }
constexpr Cell ToMove(const Board& b) { return Count(b, kX) == Count(b, kO) ? kX : kO; }

// True when `player` holds one of the eight lines of three.
constexpr bool HasLine(const Board& b, Cell player) {
  constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
  for (const auto& [i, j, k] : kLines) {
    if (b.cells[i] == player && b.cells[j] == player && b.cells[k] == player) return true;
  }
  return false;
}

// Why `b` cannot arise in a game, or nullptr when it can: the counts fit "x
// first, then alternate", and at most the player who moved last has a line.
constexpr const char* Illegality(const Board& b) {
  const int xs = Count(b, kX), os = Count(b, kO);
  if (xs != os && xs != os + 1) return "x moves first, so x has as many pieces as o or one more";
  if (HasLine(b, kX) && HasLine(b, kO)) return "both x and o have three in a row";
  if (HasLine(b, kX) && xs == os) return "x has three in a row, but o moved after it";
  if (HasLine(b, kO) && xs == os + 1) return "o has three in a row, but x moved after it";
  return nullptr;
}

}  // namespace tictactoe

#endif  // TICTACTOE_POSITION_H_
