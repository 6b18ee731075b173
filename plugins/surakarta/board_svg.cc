// The Surakarta board as an SVG picture, for `retro explore`
// (SurakartaRules' RenderSvg hook): the 6x6 points with rank 1 at the
// bottom and file a at the left, the two capture circuits with their corner
// loops in two colours (games/surakarta/circuits.h), and the pieces, X dark
// and O light.
#include <cmath>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "games/surakarta/circuits.h"
#include "games/surakarta/notation.h"
#include "plugins/surakarta/rules.h"

namespace retro::surakarta {
namespace {

constexpr int kCell = 56;
// Room for the loops (two cells round each corner) and the coordinates.
constexpr int kMargin = 2 * kCell + 24;
constexpr int kSize = (kColumns - 1) * kCell + 2 * kMargin;
// Circuit 0 (ranks 2 and 5, files b and e) and circuit 1 (ranks 3, 4, files
// c, d), as in circuits.h.
constexpr const char* kCircuitColours[kCircuitCount] = {"#2e86c1", "#c0392b"};

double X(int square) { return kMargin + ColumnOf(square) * kCell; }
double Y(int square) { return kMargin + (kRows - 1 - RowOf(square)) * kCell; }

bool OnRowEdge(int square) { return RowOf(square) == 0 || RowOf(square) == kRows - 1; }

// The loop joining circuit entries `from` and `to` (one on a row edge, one
// on a column edge): three quarters of a circle round the corner between
// them, outside the board.
void DrawLoop(int from, int to, const char* colour, std::string* svg) {
  const int on_row_edge = OnRowEdge(from) ? from : to;
  const int on_column_edge = on_row_edge == from ? to : from;
  const double cx = X(on_column_edge), cy = Y(on_row_edge);  // the corner
  const double r = std::hypot(X(from) - cx, Y(from) - cy);
  // Out of the board: away from its centre.
  const double middle = kMargin + (kColumns - 1) * kCell / 2.0;
  const double out = std::atan2(cy - middle, cx - middle);
  const double start = std::atan2(Y(from) - cy, X(from) - cx);
  const double end = std::atan2(Y(to) - cy, X(to) - cx);
  const auto turn = [](double angle) { return std::fmod(angle + 4 * M_PI, 2 * M_PI); };
  // SVG's sweep flag 1 turns towards growing angles (y points down).
  const int sweep = turn(out - start) < turn(end - start) ? 1 : 0;
  absl::StrAppendFormat(svg,
                        "<path d=\"M%.1f %.1fA%.1f %.1f 0 1 %d %.1f %.1f\" fill=\"none\" "
                        "stroke=\"%s\" stroke-width=\"3\"/>",
                        X(from), Y(from), r, r, sweep, X(to), Y(to), colour);
}

// A straight run of circuit `c` between entries `first` and `last`.
void DrawRun(int from, int to, const char* colour, std::string* svg) {
  absl::StrAppendFormat(svg,
                        "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                        "stroke-width=\"3\"/>",
                        X(from), Y(from), X(to), Y(to), colour);
}

void DrawPiece(int square, bool x, std::string* svg) {
  absl::StrAppendFormat(svg,
                        "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"%s\" stroke=\"#222\" "
                        "stroke-width=\"2\"><title>%s %s</title></circle>",
                        X(square), Y(square), kCell * 3 / 10, x ? "#3b2f2f" : "#f4f1ea",
                        x ? "X" : "O", SquareName(square));
}

}  // namespace

std::string SurakartaRules::RenderSvg(const Position& position) const {
  std::string svg = absl::StrFormat(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
      "height=\"%d\" class=\"board surakarta\"><rect width=\"%d\" height=\"%d\" "
      "fill=\"#fbf7ee\"/>",
      kSize, kSize, kSize, kSize, kSize, kSize);
  // 1. The outer lines (ranks 1, 6 and files a, f), on no circuit.
  const int low = MakeSquare(0, 0), high = MakeSquare(kRows - 1, kColumns - 1);
  absl::StrAppendFormat(&svg,
                        "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                        "fill=\"none\" stroke=\"#999\" stroke-width=\"2\"/>",
                        X(low), Y(high), X(high) - X(low), Y(low) - Y(high));
  // 2. Each circuit: its four straight runs and four corner loops.
  for (int c = 0; c < kCircuitCount; ++c) {
    for (int k = 0; k < 4; ++k) {
      DrawRun(kCircuits[c][6 * k], kCircuits[c][6 * k + 5], kCircuitColours[c], &svg);
      DrawLoop(kCircuits[c][6 * k + 5], kCircuits[c][(6 * k + 6) % kCircuitLength],
               kCircuitColours[c], &svg);
    }
  }
  // 3. The coordinates: files under the board, ranks at its left.
  for (int i = 0; i < kColumns; ++i) {
    absl::StrAppendFormat(&svg,
                          "<text x=\"%.1f\" y=\"%d\" font-size=\"14\" fill=\"#555\" "
                          "text-anchor=\"middle\" font-family=\"sans-serif\">%c</text>",
                          X(MakeSquare(0, i)), kSize - 6, 'a' + i);
    absl::StrAppendFormat(&svg,
                          "<text x=\"10\" y=\"%.1f\" font-size=\"14\" fill=\"#555\" "
                          "dominant-baseline=\"central\" font-family=\"sans-serif\">%d</text>",
                          Y(MakeSquare(i, 0)), i + 1);
  }
  // 4. The pieces.
  const Bitboard x = position.pieces(Color::kX), o = position.pieces(Color::kO);
  for (int square = 0; square < kSquares; ++square) {
    if (x & SquareBit(square)) DrawPiece(square, true, &svg);
    if (o & SquareBit(square)) DrawPiece(square, false, &svg);
  }
  absl::StrAppend(&svg, "</svg>");
  return svg;
}

}  // namespace retro::surakarta
