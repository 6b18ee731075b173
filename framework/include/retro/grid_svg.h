// A picture of a board of cells on a rectangular grid (retro/grid_notation.h)
// as one SVG element, for `retro explore`: a square per cell holding its
// state's symbol, or, when empty, its number (1.. row by row, as moves name
// cells) in grey.
#ifndef RETRO_GRID_SVG_H_
#define RETRO_GRID_SVG_H_

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "retro/board_symbols.h"
#include "retro/cells_indexer.h"
#include "retro/grid_notation.h"

namespace retro {

// The SVG picture of `board`; see the file comment.
template <int kCells>
std::string GridSvg(const GridShape& shape, const CellBoard<kCells>& board) {
  constexpr int kCell = 60, kMargin = 10;
  const int width = shape.columns * kCell + 2 * kMargin, height = shape.rows * kCell + 2 * kMargin;
  // 1. The frame.
  std::string svg = absl::StrFormat(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
      "height=\"%d\" class=\"board grid\"><rect width=\"%d\" height=\"%d\" fill=\"#fbf7ee\"/>",
      width, height, width, height, width, height);
  // 2. Each cell: its square, then its symbol or, when empty, its number.
  for (int cell = 0; cell < kCells; ++cell) {
    const int x = kMargin + (cell % shape.columns) * kCell,
              y = kMargin + (cell / shape.columns) * kCell;
    const bool empty = board.cells[cell] == 0;
    absl::StrAppendFormat(
        &svg,
        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#333\" "
        "stroke-width=\"2\"/><text x=\"%d\" y=\"%d\" font-size=\"%d\" fill=\"%s\" "
        "text-anchor=\"middle\" dominant-baseline=\"central\" font-family=\"sans-serif\">%s</text>",
        x, y, kCell, kCell, x + kCell / 2, y + kCell / 2, empty ? 14 : 36, empty ? "#aaa" : "#222",
        empty ? GridCellName(cell) : internal::SvgEscaped(shape.symbols[board.cells[cell]]));
  }
  absl::StrAppend(&svg, "</svg>");
  return svg;
}

}  // namespace retro

#endif  // RETRO_GRID_SVG_H_
