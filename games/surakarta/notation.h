// Text notation for Surakarta: squares ("a1".."f6"), positions (six rows of
// six characters from rank 1 up, separated by '/', then the side to move,
// e.g. "XXXXXX/XXXXXX/....../....../OOOOOO/OOOOOO X") and moves ("b2-b3" for a
// step, "b2xd5" for a capture). Parsing never crashes: bad input gives an
// InvalidArgument status naming the problem and what would be valid.
#ifndef GAMES_SURAKARTA_NOTATION_H_
#define GAMES_SURAKARTA_NOTATION_H_

#include <cstdint>
#include <span>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "games/surakarta/move.h"
#include "games/surakarta/position.h"

namespace retro::surakarta {

// "a1" .. "f6" for squares 0 .. 35.
std::string SquareName(int square);

// Parses a square name such as "c3".
absl::StatusOr<int> ParseSquare(absl::string_view text);

// The notation of `p`, e.g. "XXXXXX/XXXXXX/....../....../OOOOOO/OOOOOO X".
std::string FormatPosition(const Position& p);

// Parses a position in the notation of FormatPosition. Leading and trailing
// whitespace is ignored.
absl::StatusOr<Position> ParsePosition(absl::string_view text);

// Reads a position from its binary form, 37 integers: the 36 squares in the
// text's order (a1..f1, then rank 2, ... up to f6), each 0 (empty), 1 (X)
// or 2 (O), then the side to move, 1 (X) or 2 (O). InvalidArgument, naming
// the integer, on another count or a value out of range.
absl::StatusOr<Position> PositionFromCells(std::span<const int32_t> cells);

// "b2-b3" for a step, "b2xd5" for a capture.
std::string FormatMove(Move move);

// Parses the syntax of a move ("b2-b3" or "b2xd5") without checking that it
// is legal anywhere.
absl::StatusOr<Move> ParseMove(absl::string_view text);

// Parses a move and checks that it is legal in `p`; the error lists the legal
// moves.
absl::StatusOr<Move> ParseLegalMove(const Position& p, absl::string_view text);

}  // namespace retro::surakarta

#endif  // GAMES_SURAKARTA_NOTATION_H_
