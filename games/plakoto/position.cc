// Validation and construction helpers for the Plakoto position.
#include "games/plakoto/position.h"

#include "absl/strings/str_cat.h"

namespace retro::plakoto {

Position PositionFromFree(int points, int pin, const Board& free) {
  Position position;
  position.points = points;
  position.pin = pin;
  position.board = free;
  ++position.board[pin];
  return position;
}

absl::Status ValidatePoints(int points) {
  if (points != 6 && points != 12) {
    return absl::InvalidArgumentError(absl::StrCat(
        "unsupported number of points ", points, "; must be 6 or 12"));
  }
  return absl::OkStatus();
}

absl::Status ValidatePin(int pin) {
  if (pin < kMinPin || pin > kMaxPin) {
    return absl::InvalidArgumentError(absl::StrCat(
        "pin point ", pin, " is out of range; must be in ", kMinPin, "..",
        kMaxPin));
  }
  return absl::OkStatus();
}

absl::Status ValidatePosition(const Position& position) {
  if (absl::Status s = ValidatePoints(position.points); !s.ok()) return s;
  if (absl::Status s = ValidatePin(position.pin); !s.ok()) return s;
  int total = 0;
  for (int k = 1; k <= kMaxPoints; ++k) {
    if (k > position.points && position.board[k] != 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "checkers on point ", k, " beyond the last point ",
          position.points));
    }
    total += position.board[k];
  }
  if (position.board[0] != 0) {
    return absl::InvalidArgumentError("checkers on point 0");
  }
  if (total != kCheckers) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the position has ", total, " checkers; it must have exactly ",
        kCheckers, " (13 free ones plus the pinning one)"));
  }
  if (position.board[position.pin] == 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "no checker on the pin point ", position.pin,
        "; at least one (the pinning checker) must stand there"));
  }
  return absl::OkStatus();
}

}  // namespace retro::plakoto
