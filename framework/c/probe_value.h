// The number retro_probe_value gives (retro/c/retro.h), read from a probe's
// JSON answer, for every family of game.
#ifndef RETRO_FRAMEWORK_C_PROBE_VALUE_H_
#define RETRO_FRAMEWORK_C_PROBE_VALUE_H_

#include <string_view>

#include "absl/status/statusor.h"

namespace retro::c_api {

// The value of the position whose probe answer is `json`:
//   "result" ("win", "draw", "loss") with "distance" d: +-(RETRO_WDL_WIN - d)
//     for a win or a loss, 0 for a draw (win/draw/loss games);
//   else "value", when it is a number (oware's net score);
//   else the first member that is a number (a chance game's expectation,
//     which it names itself: plakoto's "expected_turns").
// NotFound when the answer holds none of these.
absl::StatusOr<double> ProbeValueFromJson(std::string_view json);

}  // namespace retro::c_api

#endif  // RETRO_FRAMEWORK_C_PROBE_VALUE_H_
