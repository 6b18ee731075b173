// The oware board drawn as SVG.
#include "plugins/oware/board_svg.h"

#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace retro::oware {
namespace {

constexpr int kPit = 64;       // the width of a house
constexpr int kMargin = 24;
constexpr int kLabel = 22;     // the room for a row's label
constexpr int kWidth = kHousesPerSide * kPit + 2 * kMargin;
constexpr int kHeight = 2 * kPit + 2 * kMargin + 2 * kLabel;
constexpr int kMostDots = 24;  // more seeds than this: the count alone

// House `house` with `seeds` seeds centred at (cx, cy): a hollow, up to
// kMostDots seeds as dots round the centre, and the count.
void DrawHouse(int cx, int cy, int seeds, bool mover, std::string* svg) {
  absl::StrAppendFormat(svg,
                        "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" stroke=\"#6b4a26\" "
                        "stroke-width=\"2\"/>",
                        cx, cy, kPit * 2 / 5, mover ? "#e9cf9f" : "#dcc090");
  if (seeds <= kMostDots) {
    for (int s = 0; s < seeds; ++s) {
      // Two rings: 12 seeds on the outer one, the rest inside.
      const bool outer = s < 12;
      const int on_ring = outer ? (seeds < 12 ? seeds : 12) : seeds - 12;
      const double angle = 2 * M_PI * (outer ? s : s - 12) / on_ring - M_PI / 2;
      const double radius = outer ? kPit * 0.27 : kPit * 0.15;
      absl::StrAppendFormat(svg, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"#5b3a1a\"/>",
                            cx + radius * std::cos(angle), cy + radius * std::sin(angle));
    }
  }
  absl::StrAppendFormat(svg,
                        "<text x=\"%d\" y=\"%d\" font-size=\"18\" font-weight=\"bold\" "
                        "fill=\"#222\" text-anchor=\"middle\" dominant-baseline=\"central\" "
                        "font-family=\"sans-serif\">%d</text>",
                        cx, cy, seeds);
}

}  // namespace

std::string BoardSvg(const Board& board) {
  std::string svg = absl::StrFormat(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
      "height=\"%d\" class=\"board oware\"><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
      "rx=\"24\" fill=\"#b98a52\"/>",
      kWidth, kHeight, kWidth, kHeight, kMargin / 2, kLabel + kMargin / 2, kWidth - kMargin,
      2 * kPit + kMargin);
  // 1. The labels of the two rows.
  for (const auto& [y, label] : {std::pair{kLabel - 6, "opponent: houses 6..11, right to left"},
                                 std::pair{kHeight - 6, "to move: houses 0..5 (the moves)"}}) {
    absl::StrAppendFormat(&svg,
                          "<text x=\"%d\" y=\"%d\" font-size=\"13\" fill=\"#555\" "
                          "font-family=\"sans-serif\">%s</text>",
                          kMargin, y, label);
  }
  // 2. The houses: the mover's row at the bottom, left to right; the
  // opponent's at the top, right to left.
  for (int house = 0; house < kHouses; ++house) {
    const bool mover = house < kHousesPerSide;
    const int column = mover ? house : kHouses - 1 - house;
    const int cx = kMargin + column * kPit + kPit / 2;
    const int cy = kLabel + kMargin + (mover ? 1 : 0) * kPit + kPit / 2;
    DrawHouse(cx, cy, board.houses[house], mover, &svg);
    if (mover) {
      absl::StrAppendFormat(&svg,
                            "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#f7ecd8\" "
                            "text-anchor=\"middle\" font-family=\"sans-serif\">%d</text>",
                            cx, cy + kPit / 2 + 4, house);
    }
  }
  absl::StrAppend(&svg, "</svg>");
  return svg;
}

}  // namespace retro::oware
