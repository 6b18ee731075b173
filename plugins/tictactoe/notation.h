// The tic-tac-toe position notation: the three rows from top to bottom,
// separated by '/', each cell written x, o or . (empty), e.g.
//
//   x.o/.x./..o      x . o
//                    . x .     (x to move: both have two pieces)
//                    . . o
//
// Upper case X and O are accepted and printed in lower case. The side to
// move is not written: x moves first, so it follows from the counts. Moves
// are named by their cell, 1..9 row by row from the top left (position.h).
// Parsing refuses, with a message saying what is wrong, anything that is not
// a position reachable in a game.
#ifndef TICTACTOE_NOTATION_H_
#define TICTACTOE_NOTATION_H_

#include <bit>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "position.h"

namespace tictactoe {

inline constexpr char kNotationExample[] = "x.o/.x./..o";

// "x" or "o".
inline std::string PlayerName(Player player) {
  return player == Player::kX ? "x" : "o";
}

// The name of a move onto `cell` (0..8): "1".."9".
inline std::string CellName(int cell) { return std::to_string(cell + 1); }

// `p` in the notation above.
inline std::string FormatPosition(Position p) {
  std::string text;
  for (int cell = 0; cell < kCells; ++cell) {
    if (cell > 0 && cell % 3 == 0) text += '/';
    const uint16_t bit = CellBit(cell);
    text += (p.x & bit) ? 'x' : (p.o & bit) ? 'o' : '.';
  }
  return text;
}

// Parses `text`; the error names the first problem found, in the order:
// shape (rows, cells, characters), then legality.
inline absl::StatusOr<Position> ParsePosition(const std::string& text) {
  const std::string quoted = absl::StrCat("'", text, "'");
  const std::string help = absl::StrCat(
      "write the three rows top to bottom separated by '/', each cell x, o "
      "or ., e.g. ",
      kNotationExample);
  if (text.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("empty position; ", help));
  }
  const std::string_view view = text;  // rows are views into `text`
  std::vector<std::string_view> rows;
  for (size_t start = 0;;) {
    const size_t slash = view.find('/', start);
    rows.push_back(view.substr(start, slash - start));
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  if (rows.size() != 3) {
    return absl::InvalidArgumentError(
        absl::StrCat("position ", quoted, " has ", rows.size(), " row",
                     rows.size() == 1 ? "" : "s", "; expected 3: ", help));
  }
  Position p;
  for (int r = 0; r < 3; ++r) {
    if (rows[r].size() != 3) {
      return absl::InvalidArgumentError(absl::StrCat(
          "row ", r + 1, " of position ", quoted, " has ", rows[r].size(),
          " cell", rows[r].size() == 1 ? "" : "s", "; expected 3: ", help));
    }
    for (int c = 0; c < 3; ++c) {
      const char ch = rows[r][c];
      const uint16_t bit = CellBit(3 * r + c);
      if (ch == 'x' || ch == 'X') {
        p.x |= bit;
      } else if (ch == 'o' || ch == 'O') {
        p.o |= bit;
      } else if (ch != '.') {
        return absl::InvalidArgumentError(
            absl::StrCat("row ", r + 1, " of position ", quoted, " has '",
                         std::string(1, ch), "' in column ", c + 1,
                         "; each cell is x, o or . (empty)"));
      }
    }
  }
  const int xs = std::popcount(p.x), os = std::popcount(p.o);
  switch (CheckLegal(p)) {
    case Illegality::kNone:
      return p;
    case Illegality::kBadCounts:
      return absl::InvalidArgumentError(absl::StrCat(
          "position ", quoted, " cannot arise in a game: x has ", xs, " piece",
          xs == 1 ? "" : "s", " and o has ", os,
          ", but x moves first, so x has as many pieces as o or one more"));
    case Illegality::kBothLines:
      return absl::InvalidArgumentError(absl::StrCat(
          "position ", quoted,
          " cannot arise in a game: both x and o have three in a row (the "
          "game ends at the first line)"));
    case Illegality::kPlayedAfterXWon:
      return absl::InvalidArgumentError(absl::StrCat(
          "position ", quoted,
          " cannot arise in a game: x has three in a row, but o has as many "
          "pieces, so o would have moved after the game ended"));
    case Illegality::kPlayedAfterOWon:
      return absl::InvalidArgumentError(absl::StrCat(
          "position ", quoted,
          " cannot arise in a game: o has three in a row, but x has one piece "
          "more, so x would have moved after the game ended"));
    case Illegality::kOverlap:
    default:
      break;
  }
  return absl::InternalError("unreachable: a parsed cell holds two pieces");
}

}  // namespace tictactoe

#endif  // TICTACTOE_NOTATION_H_
