// A stock indexer for boards of n cells, each in one of k states (empty, a
// piece of either side, ...), with an optional side-to-move bit: the board
// read as a base-k number (cell 0 the least significant digit), times two
// when the side to move is part of the position. Every board gets an index,
// legal or not; a game's legality filter picks the positions among them and
// CountLegal counts them, so that no count is written by hand.
//
//   using Board = retro::CellBoard<9>;           // 9 cells
//   retro::CellsIndexer<9, 3> indexer;            // 3^9 = 19,683 indices
//   uint64_t i = indexer.Rank(board);             // board.cells[c] in 0..2
//   Board back = indexer.Unrank(i);
#ifndef RETRO_CELLS_INDEXER_H_
#define RETRO_CELLS_INDEXER_H_

#include <array>
#include <cstdint>

namespace retro {

// A board as the cells indexer sees it: the state of each cell (0..k-1) and
// the side to move (0 or 1; always 0 without a side-to-move bit).
template <int kCells>
struct CellBoard {
  std::array<uint8_t, kCells> cells{};
  uint8_t side_to_move = 0;
  friend constexpr bool operator==(const CellBoard&, const CellBoard&) = default;
};

// k^n boards (times 2 with kSideToMove) onto [0, Size()) and back; see the
// file comment. Requires the count to fit 64 bits.
template <int kCells, int kStates, bool kSideToMove = false>
class CellsIndexer {
 public:
  static_assert(kCells >= 1 && kStates >= 2, "a board has cells of two states or more");
  using Board = CellBoard<kCells>;

  // The number of indices: k^n, times 2 with a side-to-move bit.
  static constexpr uint64_t Size() { return kBoards * (kSideToMove ? 2 : 1); }

  // The index of `board`: sum of cells[c] * k^c, plus k^n when the second
  // side is to move. Requires every cell < k.
  static constexpr uint64_t Rank(const Board& board) {
    uint64_t index = 0;
    for (int cell = kCells - 1; cell >= 0; --cell) index = index * kStates + board.cells[cell];
    if constexpr (kSideToMove) index += board.side_to_move * kBoards;
    return index;
  }

  // The board of index `index` < Size(); the inverse of Rank.
  static constexpr Board Unrank(uint64_t index) {
    Board board;
    if constexpr (kSideToMove) {
      board.side_to_move = index >= kBoards ? 1 : 0;
      index %= kBoards;
    }
    for (int cell = 0; cell < kCells; ++cell, index /= kStates) {
      board.cells[cell] = static_cast<uint8_t>(index % kStates);
    }
    return board;
  }

  // How many indices hold a board for which `is_legal(board)` is true.
  template <typename IsLegal>
  static constexpr uint64_t CountLegal(IsLegal&& is_legal) {
    uint64_t legal = 0;
    for (uint64_t index = 0; index < Size(); ++index) legal += is_legal(Unrank(index)) ? 1 : 0;
    return legal;
  }

 private:
  static constexpr uint64_t Power(int exponent) {
    uint64_t power = 1;
    for (int i = 0; i < exponent; ++i) power *= kStates;
    return power;
  }
  static constexpr uint64_t kBoards = Power(kCells);
};

}  // namespace retro

#endif  // RETRO_CELLS_INDEXER_H_
