// The text form of a board, used by every command's input and output:
// "4 4 4 4 4 4 | 4 4 4 4 4 4", the mover's houses 0..5 then the opponent's
// houses 6..11, each in sowing order.
#ifndef GAMES_OWARE_NOTATION_H_
#define GAMES_OWARE_NOTATION_H_

#include <cstdint>
#include <span>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "games/oware/board.h"

namespace retro::oware {

// Parses a board: 12 non-negative integers separated by spaces, tabs or
// commas, optionally with one `|` right after the 6th number (spaces around
// it are optional). Leading and trailing separators are ignored. Fails with
// InvalidArgument, naming the problem, on a wrong number of houses, a negative
// or non-numeric value, a house above kMaxBoardSeeds, a total above
// kMaxBoardSeeds, or a misplaced or repeated `|`. Never throws or crashes.
absl::StatusOr<Board> ParseBoard(absl::string_view text);

// Reads a board from its binary form: the 12 house counts in the order of
// the text form (the mover's houses 0..5, then the opponent's). Fails with
// InvalidArgument, naming the problem, on another number of houses, a
// negative house or one above kMaxBoardSeeds, or a total above
// kMaxBoardSeeds.
absl::StatusOr<Board> BoardFromCells(std::span<const int32_t> houses);

// Formats a board as "a b c d e f | g h i j k l".
std::string FormatBoard(const Board& board);

// OK if `board` holds at most `max_seeds` seeds (the largest seed count a
// book covers); otherwise OutOfRange naming both numbers.
absl::Status CheckSeedsCovered(const Board& board, int max_seeds);

}  // namespace retro::oware

#endif  // GAMES_OWARE_NOTATION_H_
