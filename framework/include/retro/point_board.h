// A board of points joined by lines (a graph: Hare and Hounds, pong hau k'i,
// the mills games), usable as a template argument, and its notation: one
// symbol per point, points 1..n in the board's order, e.g. "xx.oo"; when the
// board names the two sides, a space and the symbol of the side to move
// follow ("xx.oo x"). Moves name points by number: "3" (a point), "1-3"
// (from a point to another). Parse reads a letter in the other case as the
// symbol it matches but for case when no symbol matches exactly, and refuses
// a bad text with an error that names the problem and what is valid.
#ifndef RETRO_POINT_BOARD_H_
#define RETRO_POINT_BOARD_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/board_symbols.h"
#include "retro/cells_indexer.h"

namespace retro {

// A point's place on the board's picture: x to the right, y down, each
// 0..100.
struct PointPlace {
  int x = 0;
  int y = 0;
};

// The board: its points with their places, the lines joining two points
// (at most 64), one character per point state (state 0, the empty point,
// first; up to 15 states), and "" or the two sides' characters.
struct PointBoardShape {
  static constexpr int kMaxPoints = 32;
  static constexpr int kMaxLines = 64;
  int points = 0;
  PointPlace places[kMaxPoints] = {};
  int num_lines = 0;
  int lines[kMaxLines][2] = {};  // the two points (0-based) of each line
  char symbols[16] = {};
  char sides[3] = {};

  constexpr int states() const { return static_cast<int>(std::string_view(symbols).size()); }
  constexpr bool has_sides() const { return sides[0] != '\0'; }
  // True when a line joins points a and b (0-based).
  constexpr bool Joined(int a, int b) const {
    for (int l = 0; l < num_lines; ++l) {
      if ((lines[l][0] == a && lines[l][1] == b) || (lines[l][0] == b && lines[l][1] == a)) {
        return true;
      }
    }
    return false;
  }
  // True for a board the notation can write: 1..32 points with places in
  // 0..100, lines between two distinct points, two or more distinct symbols
  // (none ' '), and no sides or two distinct ones.
  constexpr bool valid() const {
    if (!internal::SymbolsValid(symbols, sides, " ")) return false;
    if (points < 1 || points > kMaxPoints || num_lines < 0 || num_lines > kMaxLines) return false;
    for (int p = 0; p < points; ++p) {
      if (places[p].x < 0 || places[p].x > 100 || places[p].y < 0 || places[p].y > 100) {
        return false;
      }
    }
    for (int l = 0; l < num_lines; ++l) {
      const int a = lines[l][0], b = lines[l][1];
      if (a < 0 || b < 0 || a >= points || b >= points || a == b) return false;
    }
    return true;
  }
};

// The name of point `point` (0-based) in moves and messages: 1, 2, ...
inline std::string PointName(int point) { return std::to_string(point + 1); }

// A move on a point board: onto point `to`, from point `from` (-1: a piece
// placed, not moved). Written "3" or "1-3".
struct PointMove {
  int from = -1;
  int to = 0;
  friend constexpr bool operator==(const PointMove&, const PointMove&) = default;
};
inline std::string FormatPointMove(const PointMove& move) {
  return move.from < 0 ? PointName(move.to)
                       : absl::StrCat(PointName(move.from), "-", PointName(move.to));
}

// `board` in the notation of `shape`.
template <int kPoints>
std::string FormatPoints(const PointBoardShape& shape, const CellBoard<kPoints>& board) {
  std::string text;
  for (int point = 0; point < kPoints; ++point) text += shape.symbols[board.cells[point]];
  if (shape.has_sides()) {
    absl::StrAppend(&text, " ", std::string(1, shape.sides[board.side_to_move]));
  }
  return text;
}

// Parses `text` in the notation of `shape`; the errors begin "position
// '<text>'" and end with what is valid (with `example`).
template <int kPoints>
absl::StatusOr<CellBoard<kPoints>> ParsePoints(const PointBoardShape& shape,
                                               const std::string& text,
                                               std::string_view example) {
  const std::string quoted = absl::StrCat("position '", text, "'");
  CellBoard<kPoints> board;
  // 1. The side to move, after the last space.
  std::string_view points_text = text;
  if (shape.has_sides()) {
    absl::StatusOr<uint8_t> side = internal::TakeSideToMove(&points_text, shape.sides, quoted);
    if (!side.ok()) return side.status();
    board.side_to_move = *side;
  }
  // 2. One symbol a point.
  if (static_cast<int>(points_text.size()) != kPoints) {
    return absl::InvalidArgumentError(absl::StrCat(
        quoted, " has ", points_text.size(), " points where the board has ", kPoints,
        ": write each point 1..", kPoints, " in order as ", internal::SymbolList(shape.symbols),
        shape.has_sides() ? ", then a space and the side to move" : "", ", e.g. ",
        absl::string_view(example.data(), example.size())));
  }
  for (int point = 0; point < kPoints; ++point) {
    const int state = internal::StateOf(shape.symbols, points_text[point]);
    if (state < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(quoted, " has '", std::string(1, points_text[point]), "' on point ",
                       PointName(point), "; each point is ", internal::SymbolList(shape.symbols)));
    }
    board.cells[point] = static_cast<uint8_t>(state);
  }
  return board;
}

}  // namespace retro

#endif  // RETRO_POINT_BOARD_H_
