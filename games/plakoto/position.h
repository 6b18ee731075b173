// The one-sided Plakoto pin-endgame position: the mover's 14 checkers on
// points 1..P (P = 6 or 12), one of them pinning an opposing checker on the
// pin point p (2..6). The position knows nothing about dice or indexing; see
// move_generator.h, bearoff_indexer.h and notation.h for those.
#ifndef GAMES_PLAKOTO_POSITION_H_
#define GAMES_PLAKOTO_POSITION_H_

#include <array>
#include <cstdint>

#include "absl/status/status.h"

namespace retro::plakoto {

// The largest board the databases cover (points 1..12).
inline constexpr int kMaxPoints = 12;
// The mover's checkers in the endgame, the pinning one included.
inline constexpr int kCheckers = 14;
// The checkers other than the one that must stay on the pin point.
inline constexpr int kFreeCheckers = kCheckers - 1;
// The range of pin points.
inline constexpr int kMinPin = 2;
inline constexpr int kMaxPin = 6;

// Checker counts indexed by point number: board[k] is the number of checkers
// on point k (1 <= k <= kMaxPoints). board[0] is unused and always 0.
using Board = std::array<uint8_t, kMaxPoints + 1>;

// A position: the number of points P, the pin point p and the checker counts
// on points 1..P with the pinning checker included. A valid position has
// P in {6, 12}, p in 2..6, 14 checkers in total and board[p] >= 1; a position
// with board[p] == 0 is a released pin (used for afterstates only).
struct Position {
  int points = 6;
  int pin = 2;
  Board board{};

  // True while at least one checker stands on the pin point.
  bool PinHolds() const { return board[pin] > 0; }

  // The counts of the 13 free checkers: the board with one checker removed
  // from the pin point. Requires PinHolds().
  Board FreeBoard() const {
    Board free = board;
    --free[pin];
    return free;
  }

  // The sum over checkers of their point numbers (the "pip count"). Every
  // move lowers it by the number on the die.
  int PipCount() const {
    int pips = 0;
    for (int k = 1; k <= points; ++k) pips += k * board[k];
    return pips;
  }

  friend bool operator==(const Position&, const Position&) = default;
};

// Builds the position whose free checkers are `free` (13 checkers on points
// 1..points) with the pinning checker added on `pin`.
Position PositionFromFree(int points, int pin, const Board& free);

// OK when `points` is a supported board size (6 or 12); otherwise an
// InvalidArgument error naming the valid sizes.
absl::Status ValidatePoints(int points);

// OK when `pin` is a valid pin point (2..6); otherwise InvalidArgument.
absl::Status ValidatePin(int pin);

// OK when `position` is a valid endgame position (see Position); otherwise an
// InvalidArgument error that says what is wrong and what would be valid.
absl::Status ValidatePosition(const Position& position);

}  // namespace retro::plakoto

#endif  // GAMES_PLAKOTO_POSITION_H_
