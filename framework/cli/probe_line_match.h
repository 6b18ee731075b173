// Whether a probe's one-line answer says what a reference listing expects
// (retro compare, and through it retro_add_game_tests' brute-force test):
// field by field, text equal, or, for decimal numbers, equal within a
// relative tolerance.
#ifndef RETRO_CLI_PROBE_LINE_MATCH_H_
#define RETRO_CLI_PROBE_LINE_MATCH_H_

#include <string>

namespace retro::cli {

// True when the whitespace-separated fields of `expected` are the first
// fields of `probed`, each pair alike: the same text, or two numbers of
// which at least one is written with a decimal point or an exponent and
// which differ by at most `relative_tolerance` times the larger of their
// magnitudes and 1 (so below 1, probabilities say, the tolerance is
// absolute). A field may carry
// a name, "D=3.27": the names must be the same text and the numbers after
// the '=' are compared. Whole numbers (distances, plies) compare exactly.
bool ProbeLineMatches(const std::string& expected, const std::string& probed,
                      double relative_tolerance);

}  // namespace retro::cli

#endif  // RETRO_CLI_PROBE_LINE_MATCH_H_
