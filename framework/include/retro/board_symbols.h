// What the notations and pictures of boards of cells share (a rectangular
// grid, retro/grid_notation.h and grid_svg.h; points joined by lines,
// retro/point_board.h and point_board_svg.h): the symbols of the cell
// states (state 0, the empty cell, first) checked, read back from text,
// listed in messages and written into SVG, and the side to move written
// after the board.
#ifndef RETRO_BOARD_SYMBOLS_H_
#define RETRO_BOARD_SYMBOLS_H_

#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"

namespace retro::internal {

// True for symbols a notation can write: two or more, all distinct, none of
// `reserved` (the notation's own separators); and sides "" or two distinct
// characters.
constexpr bool SymbolsValid(std::string_view symbols, std::string_view sides,
                            std::string_view reserved) {
  for (size_t i = 0; i < symbols.size(); ++i) {
    if (reserved.find(symbols[i]) != std::string_view::npos ||
        symbols.find(symbols[i], i + 1) != std::string_view::npos) {
      return false;
    }
  }
  return symbols.size() >= 2 && (sides.empty() || (sides.size() == 2 && sides[0] != sides[1]));
}

// `c` as SVG text.
inline std::string SvgEscaped(char c) {
  return c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : std::string(1, c);
}

// The pieces' symbols, then the empty cell's: "x, o or . (empty)".
inline std::string SymbolList(std::string_view symbols) {
  std::string list;
  for (size_t state = 1; state < symbols.size(); ++state) {
    absl::StrAppend(&list, std::string(1, symbols[state]),
                    state + 1 < symbols.size() ? ", " : " or ");
  }
  return absl::StrCat(list, std::string(1, symbols[0]), " (empty)");
}

// The state written `c`: its symbol, else the one symbol equal to it but for
// case; -1 when none.
inline int StateOf(std::string_view symbols, char c) {
  if (const size_t at = symbols.find(c); at != std::string_view::npos) return static_cast<int>(at);
  const auto folded = [](char s) { return std::tolower(static_cast<unsigned char>(s)); };
  int found = -1;
  for (size_t state = 0; state < symbols.size(); ++state) {
    if (folded(symbols[state]) != folded(c)) continue;
    if (found >= 0) return -1;
    found = static_cast<int>(state);
  }
  return found;
}

// The side to move written after the last space of `*text` (0 for sides[0],
// 1 for sides[1]); `*text` becomes the board before that space. The error
// begins with `quoted` ("position '<text>'").
inline absl::StatusOr<uint8_t> TakeSideToMove(std::string_view* text, std::string_view sides,
                                              const std::string& quoted) {
  const size_t space = text->rfind(' ');
  const std::string_view side = space == std::string_view::npos ? "" : text->substr(space + 1);
  const size_t at = sides.find(side);
  if (side.size() != 1 || at == std::string_view::npos) {
    return absl::InvalidArgumentError(
        absl::StrCat(quoted, " does not end in the side to move: a space and ",
                     std::string(1, sides[0]), " or ", std::string(1, sides[1])));
  }
  *text = text->substr(0, space);
  return static_cast<uint8_t>(at);
}

}  // namespace retro::internal

#endif  // RETRO_BOARD_SYMBOLS_H_
