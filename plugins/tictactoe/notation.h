// The tic-tac-toe notation: the rows top to bottom separated by '/', each
// cell x, o or . (empty), e.g. "x.o/.x./..o" (X and O are accepted too). The
// side to move follows from the counts. Moves are named by cell, 1..9.
#ifndef TICTACTOE_NOTATION_H_
#define TICTACTOE_NOTATION_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "position.h"

namespace tictactoe {

inline constexpr char kNotationExample[] = "x.o/.x./..o";

inline std::string PlayerName(Player p) { return p == Player::kX ? "x" : "o"; }
inline std::string CellName(int cell) { return std::to_string(cell + 1); }

inline std::string FormatPosition(Position p) {
  std::string text;
  for (int cell = 0; cell < kCells; ++cell) {
    if (cell > 0 && cell % 3 == 0) text += '/';
    text += (p.x >> cell & 1) ? 'x' : (p.o >> cell & 1) ? 'o' : '.';
  }
  return text;
}

// Parses `text`; the error names the shape, a character or the illegality.
inline absl::StatusOr<Position> ParsePosition(const std::string& text) {
  const std::string quoted = absl::StrCat("position '", text, "'");
  if (text.size() != 11 || text[3] != '/' || text[7] != '/') {
    return absl::InvalidArgumentError(absl::StrCat(
        quoted, " is not three rows of three cells: write the rows top to bottom "
        "separated by '/', each cell x, o or ., e.g. ", kNotationExample));
  }
  Position p;
  for (int cell = 0; cell < kCells; ++cell) {
    const char c = text[cell + cell / 3];
    const uint16_t bit = static_cast<uint16_t>(1u << cell);
    if (c == 'x' || c == 'X') {
      p.x |= bit;
    } else if (c == 'o' || c == 'O') {
      p.o |= bit;
    } else if (c != '.') {
      return absl::InvalidArgumentError(absl::StrCat(quoted, " has '", std::string(1, c),
                                                     "' in cell ", cell + 1,
                                                     "; each cell is x, o or . (empty)"));
    }
  }
  if (const char* why = Illegality(p)) {
    return absl::InvalidArgumentError(absl::StrCat(quoted, " cannot arise in a game: ", why));
  }
  return p;
}

}  // namespace tictactoe

#endif  // TICTACTOE_NOTATION_H_
