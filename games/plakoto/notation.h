// Text notation of the pin endgame.
//
//   position: "p=<pin> <x1> <x2> ... <xP>", the checker counts on points 1..P
//             (6 or 12 of them), the pinning checker included, e.g.
//             "p=2 13 1 0 0 0 0".
//   roll:     two digits 1..6, optionally separated: "65", "6-5", "6 5".
//   play:     the single-die moves as "from/to", e.g. "6/1 5/4"; a move made
//             more than once is written once with a count, "6/5(2)"; a roll
//             with no move is "(no move)".
//
// Parsing never crashes on user input: errors are InvalidArgument statuses
// naming the problem and what would be valid.
#ifndef GAMES_PLAKOTO_NOTATION_H_
#define GAMES_PLAKOTO_NOTATION_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "games/plakoto/move_generator.h"
#include "games/plakoto/position.h"
#include "games/plakoto/roll.h"

namespace retro::plakoto {

// Parses a position and validates it (ValidatePosition).
absl::StatusOr<Position> ParsePosition(absl::string_view text);

// Formats a position in the notation ParsePosition reads.
std::string FormatPosition(const Position& position);

// Parses a roll such as "65", "6-5", "5 6" or "3-3".
absl::StatusOr<Roll> ParseRoll(absl::string_view text);

// Formats a roll as "6-5".
std::string FormatRoll(Roll roll);

// Formats the moves of a play, e.g. "6/1 5/4" or "6/5(2) 4/3(2)".
std::string FormatPlay(const Play& play);

}  // namespace retro::plakoto

#endif  // GAMES_PLAKOTO_NOTATION_H_
