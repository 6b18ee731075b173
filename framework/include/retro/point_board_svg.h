// A picture of a board of points joined by lines (retro/point_board.h) as
// one SVG element, for `retro explore`: the lines, a small circle on each
// empty point with its number (as moves name points) in grey, and each
// piece a disc holding its symbol.
#ifndef RETRO_POINT_BOARD_SVG_H_
#define RETRO_POINT_BOARD_SVG_H_

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "retro/board_symbols.h"
#include "retro/cells_indexer.h"
#include "retro/point_board.h"

namespace retro {

// The SVG picture of `board`; see the file comment.
template <int kPoints>
std::string PointBoardSvg(const PointBoardShape& shape, const CellBoard<kPoints>& board) {
  constexpr int kScale = 3, kMargin = 30, kSize = 100 * kScale + 2 * kMargin;
  const auto at = [&](int point) {
    return std::pair(kMargin + shape.places[point].x * kScale,
                     kMargin + shape.places[point].y * kScale);
  };
  // 1. The frame and the lines.
  std::string svg = absl::StrFormat(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
      "height=\"%d\" class=\"board points\"><rect width=\"%d\" height=\"%d\" fill=\"#fbf7ee\"/>",
      kSize, kSize, kSize, kSize, kSize, kSize);
  for (int l = 0; l < shape.num_lines; ++l) {
    const auto [x1, y1] = at(shape.lines[l][0]);
    const auto [x2, y2] = at(shape.lines[l][1]);
    absl::StrAppendFormat(&svg,
                          "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\" "
                          "stroke-width=\"3\"/>",
                          x1, y1, x2, y2);
  }
  // 2. Each point: its number on a small circle, or its piece on a disc.
  for (int point = 0; point < kPoints; ++point) {
    const auto [x, y] = at(point);
    const bool empty = board.cells[point] == 0;
    absl::StrAppendFormat(
        &svg,
        "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" stroke=\"#333\" stroke-width=\"2\"/>"
        "<text x=\"%d\" y=\"%d\" font-size=\"%d\" fill=\"%s\" text-anchor=\"middle\" "
        "dominant-baseline=\"central\" font-family=\"sans-serif\">%s</text>",
        x, y, empty ? 12 : 22, empty ? "#fbf7ee" : "#e8dcc0", x, y, empty ? 12 : 26,
        empty ? "#aaa" : "#222",
        empty ? PointName(point) : internal::SvgEscaped(shape.symbols[board.cells[point]]));
  }
  absl::StrAppend(&svg, "</svg>");
  return svg;
}

}  // namespace retro

#endif  // RETRO_POINT_BOARD_SVG_H_
