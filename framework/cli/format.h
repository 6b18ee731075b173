// Number formatting for the tidy human-readable output of `retro`; byte
// sizes and grouped counts come from retro/human_numbers.h.
#ifndef RETRO_CLI_FORMAT_H_
#define RETRO_CLI_FORMAT_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "retro/human_numbers.h"

namespace retro::cli {

// 1234567 -> "1.23 M".
std::string HumanCount(uint64_t value);
// 0.0421 -> "42.1 ms", 75 -> "1m15s".
std::string HumanSeconds(double seconds);
// `text` safe to print on one line of a terminal: control bytes (NUL,
// newline, escape, DEL, ...) become escapes as in JSON strings (\n, \t,
// \u001b), so that input echoed in a message cannot end the line early or
// drive the terminal.
std::string EscapeControl(std::string_view text);

}  // namespace retro::cli

#endif  // RETRO_CLI_FORMAT_H_
