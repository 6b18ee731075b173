// The tic-tac-toe board as an SVG picture, for `retro explore` (the rules'
// RenderSvg hook): the 3x3 grid with x as a cross and o as a ring, and the
// cells numbered 1..9 as moves are named.
#ifndef TICTACTOE_BOARD_SVG_H_
#define TICTACTOE_BOARD_SVG_H_

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "position.h"

namespace tictactoe {

inline std::string BoardSvg(Position p) {
  constexpr int kCell = 80, kMargin = 10, kSize = 3 * kCell + 2 * kMargin;
  std::string svg = absl::StrFormat(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
      "height=\"%d\" class=\"board tictactoe\"><rect width=\"%d\" height=\"%d\" "
      "fill=\"#fbf7ee\"/>",
      kSize, kSize, kSize, kSize, kSize, kSize);
  // 1. The grid.
  for (int i = 1; i < 3; ++i) {
    const int at = kMargin + i * kCell;
    absl::StrAppendFormat(&svg,
                          "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\" "
                          "stroke-width=\"3\"/><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                          "stroke=\"#333\" stroke-width=\"3\"/>",
                          at, kMargin, at, kSize - kMargin, kMargin, at, kSize - kMargin, at);
  }
  // 2. Each cell: its number when empty, else its piece.
  for (int cell = 0; cell < kCells; ++cell) {
    const int cx = kMargin + (cell % 3) * kCell + kCell / 2;
    const int cy = kMargin + (cell / 3) * kCell + kCell / 2;
    const int r = kCell * 3 / 10;
    if (p.x >> cell & 1) {
      absl::StrAppendFormat(&svg,
                            "<path d=\"M%d %dL%d %dM%d %dL%d %d\" stroke=\"#b03a2e\" "
                            "stroke-width=\"8\" stroke-linecap=\"round\"/>",
                            cx - r, cy - r, cx + r, cy + r, cx - r, cy + r, cx + r, cy - r);
    } else if (p.o >> cell & 1) {
      absl::StrAppendFormat(&svg,
                            "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" "
                            "stroke=\"#1f5f8b\" stroke-width=\"8\"/>",
                            cx, cy, r);
    } else {
      absl::StrAppendFormat(&svg,
                            "<text x=\"%d\" y=\"%d\" font-size=\"16\" fill=\"#aaa\" "
                            "text-anchor=\"middle\" dominant-baseline=\"central\" "
                            "font-family=\"sans-serif\">%d</text>",
                            cx, cy, cell + 1);
    }
  }
  absl::StrAppend(&svg, "</svg>");
  return svg;
}

}  // namespace tictactoe

#endif  // TICTACTOE_BOARD_SVG_H_
