// Typed value probes across the plugin boundary: a position's value alone,
// with no move list and no text, for callers that probe at every node of a
// search (the C API's retro_probe_value, the Python module's value and
// values_many). OpenDatabase::PrepareValues (retro/game_module.h) makes a
// ValueProbe for one set of probe options; the JSON probe stays the full
// answer.
#ifndef RETRO_VALUE_PROBE_H_
#define RETRO_VALUE_PROBE_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "absl/status/status.h"

namespace retro {

// The number a win/draw/loss result is given in PositionValue::value: a win
// in d plies is kWdlWinValue - d, a loss in d plies -(kWdlWinValue - d), a
// draw 0, so that a larger value is better for the side to move (the C
// API's RETRO_WDL_WIN).
inline constexpr double kWdlWinValue = 1000000.0;

// A position's value for the side to move, by the game's value family.
struct PositionValue {
  enum class Kind : uint8_t {
    kScore,        // a finite-horizon game's value (oware: net seeds gained)
    kWin,          // a win/draw/loss game's result, `distance` plies away
    kDraw,         //   (0 for a draw)
    kLoss,
    kExpectation,  // a chance game's expected value (plakoto: turns)
  };
  Kind kind = Kind::kScore;
  int32_t distance = 0;  // kWin, kLoss: plies to the result; else 0
  // The value as one number: the score, the expectation, or a result in
  // kWdlWinValue's encoding.
  double value = 0;

  static constexpr PositionValue Score(int score) { return {Kind::kScore, 0, double(score)}; }
  static constexpr PositionValue Expectation(double value) {
    return {Kind::kExpectation, 0, value};
  }
  static constexpr PositionValue Win(int plies) {
    return {Kind::kWin, plies, kWdlWinValue - plies};
  }
  static constexpr PositionValue Loss(int plies) {
    return {Kind::kLoss, plies, -(kWdlWinValue - plies)};
  }
  static constexpr PositionValue Draw() { return {Kind::kDraw, 0, 0}; }
  bool operator==(const PositionValue&) const = default;
};

// The answer for one position of a batch: its value when `status` is OK,
// else the reason (InvalidArgument or OutOfRange: the position is not in the
// game's notation or not in the database; DataLoss: the database is
// damaged).
struct ValueAnswer {
  absl::Status status;
  PositionValue value;

  static ValueAnswer Of(PositionValue value) { return {absl::OkStatus(), value}; }
  static ValueAnswer Failed(absl::Status status) { return {std::move(status), {}}; }
};

// How a game's positions are written in binary: a fixed number of 32-bit
// integers a position (oware: the 12 houses), described for users of the C
// API and the Python module; count 0 when the game has no binary form.
struct PositionCells {
  int count = 0;
  std::string syntax = {};  // what each integer is, with an example
};

// A value-only prober of one open database for one set of probe options,
// made by OpenDatabase::PrepareValues; valid while the database lives.
// Thread safety: any number of threads at once (it only reads).
class ValueProbe {
 public:
  virtual ~ValueProbe();

  // The values of `positions`, in the game's notation, into `out` (of the
  // same size), each with its own status.
  //   Cost: the game's parse and one lookup a position; no allocation.
  virtual void Values(std::span<const std::string_view> positions,
                      std::span<ValueAnswer> out) const = 0;

  // The values of positions in the game's binary form (PositionCells):
  // `cells` holds out.size() positions of `cells_per_position` integers
  // each. A wrong cells_per_position or an integer out of range is the
  // position's InvalidArgument. The default: Unimplemented for each (the
  // game has no binary form).
  virtual void ValuesOfCells(std::span<const int32_t> cells, size_t cells_per_position,
                             std::span<ValueAnswer> out) const;

  // One position: Values of a batch of one.
  ValueAnswer Value(std::string_view position) const {
    ValueAnswer answer;
    Values({&position, 1}, {&answer, 1});
    return answer;
  }
  ValueAnswer ValueOfCells(std::span<const int32_t> cells) const {
    ValueAnswer answer;
    ValuesOfCells(cells, cells.size(), {&answer, 1});
    return answer;
  }
};

}  // namespace retro

#endif  // RETRO_VALUE_PROBE_H_
