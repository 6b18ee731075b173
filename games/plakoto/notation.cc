// Parsing and formatting of positions, rolls and plays.
#include "games/plakoto/notation.h"

#include <string>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace retro::plakoto {
namespace {

constexpr absl::string_view kPositionFormat =
    "expected \"p=<pin 2..6> <x1> ... <xP>\" with 6 or 12 counts, e.g. "
    "\"p=2 13 1 0 0 0 0\"";

// Parses a non-negative decimal integer no larger than `max`.
bool ParseCount(absl::string_view text, int max, int* out) {
  if (text.empty() || text.size() > 3) return false;
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + (c - '0');
  }
  if (value > max) return false;
  *out = value;
  return true;
}

}  // namespace

absl::StatusOr<Position> ParsePosition(absl::string_view text) {
  // The whitespace-separated fields, in an inline vector: probes parse a
  // position at every call.
  const absl::InlinedVector<absl::string_view, 16> fields =
      absl::StrSplit(text, absl::ByAnyChar(" \t\n\v\f\r"), absl::SkipEmpty());
  if (fields.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("empty position; ", kPositionFormat));
  }
  absl::string_view pin_field = fields[0];
  if (!absl::ConsumePrefix(&pin_field, "p=") && !absl::ConsumePrefix(&pin_field, "P=")) {
    return absl::InvalidArgumentError(
        absl::StrCat("position must start with the pin point \"p=<2..6>\", got \"", fields[0],
                     "\"; ", kPositionFormat));
  }
  int pin = 0;
  if (!ParseCount(pin_field, 99, &pin)) {
    return absl::InvalidArgumentError(
        absl::StrCat("pin point \"", pin_field, "\" is not a number; must be an integer in 2..6"));
  }
  if (absl::Status s = ValidatePin(pin); !s.ok()) return s;
  const int points = static_cast<int>(fields.size()) - 1;
  if (points != 6 && points != 12) {
    return absl::InvalidArgumentError(
        absl::StrCat("got ", points,
                     " point counts; must be 6 or 12 values (points 1..6 "
                     "or 1..12); ",
                     kPositionFormat));
  }
  Position position;
  position.points = points;
  position.pin = pin;
  for (int k = 1; k <= points; ++k) {
    int count = 0;
    if (!ParseCount(fields[k], kCheckers, &count)) {
      return absl::InvalidArgumentError(absl::StrCat("count \"", fields[k], "\" on point ", k,
                                                     " is not valid; must be a whole number 0..",
                                                     kCheckers));
    }
    position.board[k] = static_cast<uint8_t>(count);
  }
  if (absl::Status s = ValidatePosition(position); !s.ok()) return s;
  return position;
}

std::string FormatPosition(const Position& position) {
  std::string out = absl::StrCat("p=", position.pin);
  for (int k = 1; k <= position.points; ++k) {
    absl::StrAppend(&out, " ", position.board[k]);
  }
  return out;
}

absl::StatusOr<Roll> ParseRoll(absl::string_view text) {
  std::string digits(text);
  std::erase_if(digits, [](char c) { return c == '-' || c == ' ' || c == ',' || c == '/'; });
  if (digits.size() != 2 || digits[0] < '1' || digits[0] > '6' || digits[1] < '1' ||
      digits[1] > '6') {
    return absl::InvalidArgumentError(absl::StrCat("roll \"", text,
                                                   "\" is not valid; must be two dice 1..6 such as "
                                                   "\"6-5\" or \"33\""));
  }
  const int a = digits[0] - '0';
  const int b = digits[1] - '0';
  return kRolls[RollIndex(a, b)];
}

std::string FormatRoll(Roll roll) { return absl::StrCat(roll.high, "-", roll.low); }

std::string FormatPlay(const Play& play) {
  if (play.num_moves == 0) return "(no move)";
  std::vector<std::string> parts;
  int i = 0;
  while (i < play.num_moves) {
    int repeat = 1;
    while (i + repeat < play.num_moves && play.moves[i + repeat] == play.moves[i]) {
      ++repeat;
    }
    std::string part = absl::StrCat(play.moves[i].from, "/", play.moves[i].to);
    if (repeat > 1) absl::StrAppend(&part, "(", repeat, ")");
    parts.push_back(std::move(part));
    i += repeat;
  }
  return absl::StrJoin(parts, " ");
}

}  // namespace retro::plakoto
