// The Plakoto pin endgame as an SVG picture, for `retro explore`
// (PinRules' RenderSvg hook): points P..1 from left to right (the mover
// bears off past point 1, at the right), each with its checker count, the
// mover's checkers light, and on the pin point the pinned opposing checker
// (dark) under the mover's pinning one.
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "plugins/plakoto/rules.h"

namespace retro::plakoto {
namespace {

constexpr int kPoint = 44;  // the width of a point
constexpr int kMargin = 16;
constexpr int kChecker = 19;  // a checker's radius
constexpr int kStacked = 6;   // checkers drawn on a point; more are counted
constexpr int kHeight = 2 * kMargin + (kStacked + 1) * 2 * kChecker + 40;

void DrawChecker(int cx, int cy, bool mover, std::string* svg) {
  absl::StrAppendFormat(svg,
                        "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" stroke=\"#222\" "
                        "stroke-width=\"1.5\"/>",
                        cx, cy, kChecker - 1, mover ? "#f4f1ea" : "#3b2f2f");
}

// Point `point` in column `column`: its triangle, number, checkers (from
// the bottom up; the pinned checker first on the pin point) and count.
void DrawPoint(const Position& p, int point, int column, std::string* svg) {
  const int left = kMargin + column * kPoint, base = kHeight - kMargin - 24;
  absl::StrAppendFormat(svg, "<path d=\"M%d %dL%d %dL%d %dZ\" fill=\"%s\"/>", left, base,
                        left + kPoint / 2, kMargin + 2 * kChecker, left + kPoint, base,
                        point % 2 == 0 ? "#a0522d" : "#d2b48c");
  absl::StrAppendFormat(svg,
                        "<text x=\"%d\" y=\"%d\" font-size=\"13\" fill=\"#333\" "
                        "text-anchor=\"middle\" font-family=\"sans-serif\">%d</text>",
                        left + kPoint / 2, kHeight - kMargin, point);
  const bool pinned = point == p.pin;
  const int checkers = p.board[point] + (pinned ? 1 : 0);
  const int cx = left + kPoint / 2;
  for (int i = 0; i < checkers && i < kStacked; ++i) {
    DrawChecker(cx, base - kChecker - 2 * kChecker * i, !(pinned && i == 0), svg);
  }
  if (p.board[point] > 0) {
    absl::StrAppendFormat(svg,
                          "<text x=\"%d\" y=\"%d\" font-size=\"14\" font-weight=\"bold\" "
                          "fill=\"#222\" text-anchor=\"middle\" font-family=\"sans-serif\">%d"
                          "</text>",
                          cx, kMargin + 12, p.board[point]);
  }
  if (pinned) {
    absl::StrAppendFormat(svg,
                          "<text x=\"%d\" y=\"%d\" font-size=\"10\" fill=\"#f4f1ea\" "
                          "text-anchor=\"middle\" dominant-baseline=\"central\" "
                          "font-family=\"sans-serif\">pin</text>",
                          cx, base - kChecker);
  }
}

}  // namespace

std::string PinRules::RenderSvg(const Position& p) const {
  const int width = 2 * kMargin + p.points * kPoint;
  std::string svg = absl::StrFormat(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
      "height=\"%d\" class=\"board plakoto\"><rect width=\"%d\" height=\"%d\" "
      "fill=\"#f5ecd7\"/>",
      width, kHeight, width, kHeight, width, kHeight);
  for (int point = p.points; point >= 1; --point) {
    DrawPoint(p, point, p.points - point, &svg);
  }
  absl::StrAppend(&svg, "</svg>");
  return svg;
}

}  // namespace retro::plakoto
