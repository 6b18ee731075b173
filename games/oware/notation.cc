// Parsing and formatting of the board notation; see notation.h.
#include "games/oware/notation.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>

#include "absl/container/inlined_vector.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"
#include "games/oware/board.h"
#include "retro/status_macros.h"

namespace retro::oware {
namespace {

// What separates the numbers of the notation (besides the bar), tested
// inline: probes parse boards at every call.
bool IsSeparator(char c) { return c == ' ' || c == '\t' || c == ',' || c == '\n' || c == '\r'; }

// Shortens long user input quoted back in error messages.
std::string Quote(absl::string_view text) {
  constexpr size_t kMaxQuoted = 40;
  if (text.size() <= kMaxQuoted) return absl::StrCat("\"", text, "\"");
  return absl::StrCat("\"", text.substr(0, kMaxQuoted), "...\"");
}

// A token of the notation: a number, or the row separator `|`.
struct Token {
  absl::string_view text;
  bool is_bar;
};

// Splits on separators; `|` is a token of its own even without spaces. A
// board's 13 tokens stay inline (no allocation: probes parse boards at
// every call).
using Tokens = absl::InlinedVector<Token, 16>;
Tokens Tokenize(absl::string_view text) {
  Tokens tokens;
  size_t i = 0;
  while (i < text.size()) {
    if (IsSeparator(text[i])) {
      ++i;
      continue;
    }
    const bool is_bar = text[i] == '|';
    size_t end = i + 1;
    while (!is_bar && end < text.size() && !IsSeparator(text[end]) && text[end] != '|') ++end;
    tokens.push_back({text.substr(i, end - i), is_bar});
    i = end;
  }
  return tokens;
}

// The error of a board holding `total` seeds, if more than kMaxBoardSeeds.
absl::Status CheckTotal(int total) {
  if (total <= kMaxBoardSeeds) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrFormat(
      "the board holds %d seeds in total; at most %d are supported", total, kMaxBoardSeeds));
}

// Parses the seed count of house `house` (0-based) from `token`.
absl::StatusOr<int> ParseSeeds(absl::string_view token, int house) {
  if (token.size() > 1 && token[0] == '-' &&
      std::all_of(token.begin() + 1, token.end(), absl::ascii_isdigit)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("house %d has a negative seed count %s; seed counts must be 0 or more",
                        house, Quote(token)));
  }
  int64_t value = 0;
  for (char c : token) {
    if (!absl::ascii_isdigit(c)) {
      return absl::InvalidArgumentError(
          absl::StrFormat("house %d is %s, which is not a number; each house must be a "
                          "non-negative integer (digits only)",
                          house, Quote(token)));
    }
    // Saturate: anything above the cap is reported the same way.
    if (value <= kMaxBoardSeeds) value = value * 10 + (c - '0');
  }
  if (value > kMaxBoardSeeds) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "house %d has %s seeds; a house can hold at most %d", house, Quote(token), kMaxBoardSeeds));
  }
  return static_cast<int>(value);
}

}  // namespace

absl::StatusOr<Board> ParseBoard(absl::string_view text) {
  const Tokens tokens = Tokenize(text);
  int numbers = 0;
  int bars = 0;
  for (const Token &token : tokens) {
    if (token.is_bar) {
      ++bars;
      if (bars > 1) {
        return absl::InvalidArgumentError(absl::StrFormat(
            "more than one '|' in %s; at most one may separate the two rows", Quote(text)));
      }
      if (numbers != kHousesPerSide) {
        return absl::InvalidArgumentError(
            absl::StrFormat("'|' after %d number(s) in %s; it may only separate the mover's "
                            "6 houses from the opponent's 6 (after the 6th number)",
                            numbers, Quote(text)));
      }
    } else {
      ++numbers;
    }
  }
  if (numbers != kHouses) {
    return absl::InvalidArgumentError(
        absl::StrFormat("found %d house value(s) in %s, but a board needs exactly 12 houses (6 "
                        "per side), e.g. \"4 4 4 4 4 4 | 4 4 4 4 4 4\"",
                        numbers, Quote(text)));
  }
  Board board;
  int house = 0;
  int total = 0;
  for (const Token &token : tokens) {
    if (token.is_bar) continue;
    RETRO_ASSIGN_OR_RETURN(const int seeds, ParseSeeds(token.text, house));
    board.houses[house] = static_cast<uint8_t>(seeds);
    total += seeds;
    ++house;
  }
  RETRO_RETURN_IF_ERROR(CheckTotal(total));
  return board;
}

absl::StatusOr<Board> BoardFromCells(std::span<const int32_t> houses) {
  if (houses.size() != kHouses) {
    return absl::InvalidArgumentError(
        absl::StrFormat("a binary board has %d house counts (the mover's 6, "
                        "then the opponent's), not %d",
                        kHouses, houses.size()));
  }
  // Without a branch a house: the bad houses gathered, named only when
  // there is one.
  Board board;
  int total = 0;
  uint32_t bad = 0;
  for (int house = 0; house < kHouses; ++house) {
    const int32_t seeds = houses[house];
    bad |= uint32_t{static_cast<uint32_t>(seeds) > kMaxBoardSeeds} << house;
    board.houses[house] = static_cast<uint8_t>(seeds);
    total += seeds & 0xFF;
  }
  if (bad != 0) {
    const int house = std::countr_zero(bad);
    return absl::InvalidArgumentError(absl::StrFormat(
        "house %d holds %d seeds; a house holds 0..%d", house, houses[house], kMaxBoardSeeds));
  }
  RETRO_RETURN_IF_ERROR(CheckTotal(total));
  return board;
}

std::string FormatBoard(const Board &board) {
  const auto &h = board.houses;
  return absl::StrFormat("%d %d %d %d %d %d | %d %d %d %d %d %d", h[0], h[1], h[2], h[3], h[4],
                         h[5], h[6], h[7], h[8], h[9], h[10], h[11]);
}

absl::Status CheckSeedsCovered(const Board &board, int max_seeds) {
  const int seeds = TotalSeeds(board);
  if (seeds > max_seeds) {
    return absl::OutOfRangeError(absl::StrFormat(
        "the board holds %d seeds, more than the book covers (at most %d)", seeds, max_seeds));
  }
  return absl::OkStatus();
}

}  // namespace retro::oware
