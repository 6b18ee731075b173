// The notation of a board of cells on a rectangular grid (a CellBoard, see
// retro/cells_indexer.h): the rows top to bottom separated by '/', one
// symbol per cell, e.g. "x.o/.x./..o"; when the grid's shape names the two
// sides, a space and the symbol of the side to move follow ("x.o/.x./..o x").
// Cells are numbered 1..rows*columns row by row from the top left, as moves
// that name a cell are written. Parse reads a letter in the other case as
// the symbol it matches but for case when no symbol matches exactly ("X" for
// "x"), and refuses a bad text with an error that names the problem (the
// shape, a character and its cell, the side) and what is valid.
#ifndef RETRO_GRID_NOTATION_H_
#define RETRO_GRID_NOTATION_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/board_symbols.h"
#include "retro/cells_indexer.h"

namespace retro {

// A grid's shape and symbols, usable as a template argument: rows and
// columns, one character per cell state (state 0, the empty cell, first,
// e.g. ".xo"; up to 15 states), and "" or the two sides' characters when
// the side to move is part of the position (e.g. "xo").
struct GridShape {
  int rows = 0;
  int columns = 0;
  char symbols[16] = {};
  char sides[3] = {};

  constexpr int cells() const { return rows * columns; }
  constexpr int states() const { return static_cast<int>(std::string_view(symbols).size()); }
  constexpr bool has_sides() const { return sides[0] != '\0'; }
  // True for a shape the notation can write: rows and columns of one cell
  // or more, two or more distinct symbols, none '/' or ' ', and no sides or
  // two distinct ones.
  constexpr bool valid() const {
    return rows >= 1 && columns >= 1 && internal::SymbolsValid(symbols, sides, "/ ");
  }
};

// The name of cell `cell` (0-based) in moves and messages: 1, 2, ...
inline std::string GridCellName(int cell) { return std::to_string(cell + 1); }

// `board` in the grid notation of `shape`.
template <int kCells>
std::string FormatGrid(const GridShape& shape, const CellBoard<kCells>& board) {
  std::string text;
  for (int cell = 0; cell < kCells; ++cell) {
    if (cell > 0 && cell % shape.columns == 0) text += '/';
    text += shape.symbols[board.cells[cell]];
  }
  if (shape.has_sides()) {
    absl::StrAppend(&text, " ", std::string(1, shape.sides[board.side_to_move]));
  }
  return text;
}

namespace internal {

// "three rows", "one cell", "13 cells".
inline std::string CountOf(int count, std::string_view noun) {
  static constexpr const char* kWords[] = {"no",   "one",    "two",   "three", "four",
                                           "five", "six",    "seven", "eight", "nine",
                                           "ten",  "eleven", "twelve"};
  return absl::StrCat(count <= 12 ? std::string(kWords[count]) : std::to_string(count), " ",
                      absl::string_view(noun.data(), noun.size()), count == 1 ? "" : "s");
}

// The rows of `text`: its parts between slashes.
inline std::vector<std::string_view> SplitRows(std::string_view text) {
  std::vector<std::string_view> rows;
  for (size_t begin = 0, slash = 0; slash != std::string_view::npos; begin = slash + 1) {
    slash = text.find('/', begin);
    rows.push_back(text.substr(begin, slash == std::string_view::npos ? slash : slash - begin));
  }
  return rows;
}

// What is wrong with the shape of `rows` ("it has two rows", "row 2 has four
// cells"), or "" when it is the grid's.
inline std::string ShapeProblem(const GridShape& shape, const std::vector<std::string_view>& rows) {
  if (static_cast<int>(rows.size()) != shape.rows) {
    return absl::StrCat("it has ", CountOf(static_cast<int>(rows.size()), "row"));
  }
  for (size_t row = 0; row < rows.size(); ++row) {
    if (static_cast<int>(rows[row].size()) == shape.columns) continue;
    return absl::StrCat("row ", row + 1, " has ",
                        CountOf(static_cast<int>(rows[row].size()), "cell"));
  }
  return "";
}

}  // namespace internal

// Parses `text` in the grid notation of `shape`; the errors begin "position
// '<text>'" and end with what is valid (the shape's one with `example`).
template <int kCells>
absl::StatusOr<CellBoard<kCells>> ParseGrid(const GridShape& shape, const std::string& text,
                                            std::string_view example) {
  const std::string quoted = absl::StrCat("position '", text, "'");
  CellBoard<kCells> board;
  // 1. The side to move, after the last space.
  std::string_view rows_text = text;
  if (shape.has_sides()) {
    absl::StatusOr<uint8_t> side = internal::TakeSideToMove(&rows_text, shape.sides, quoted);
    if (!side.ok()) return side.status();
    board.side_to_move = *side;
  }
  // 2. The rows, each of `columns` cells.
  const std::vector<std::string_view> rows = internal::SplitRows(rows_text);
  if (const std::string wrong = internal::ShapeProblem(shape, rows); !wrong.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        quoted, " is not ", internal::CountOf(shape.rows, "row"), " of ",
        internal::CountOf(shape.columns, "cell"), " (", wrong,
        "): write the rows top to bottom separated by '/', each cell ",
        internal::SymbolList(shape.symbols),
        shape.has_sides() ? ", then a space and the side to move" : "", ", e.g. ",
        absl::string_view(example.data(), example.size())));
  }
  // 3. Each cell's state.
  for (int cell = 0; cell < kCells; ++cell) {
    const char c = rows[cell / shape.columns][cell % shape.columns];
    const int state = internal::StateOf(shape.symbols, c);
    if (state < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(quoted, " has '", std::string(1, c), "' in cell ", GridCellName(cell),
                       "; each cell is ", internal::SymbolList(shape.symbols)));
    }
    board.cells[cell] = static_cast<uint8_t>(state);
  }
  return board;
}

}  // namespace retro

#endif  // RETRO_GRID_NOTATION_H_
