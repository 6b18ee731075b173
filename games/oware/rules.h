// The rule set of a book: the grand slam variant, who gets the seeds left on
// the board at the turn limit, and the turn limit itself, with parsing and
// formatting of the option names users type.
#ifndef GAMES_OWARE_RULES_H_
#define GAMES_OWARE_RULES_H_

#include <string>
#include <type_traits>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace retro::oware {

// What a grand slam (a move whose capture would take every seed on the
// opponent's side) does.
enum class GrandSlam {
  // Default (CodinGame abapa): legal, captures nothing; the board stays as
  // sown.
  kForfeit,
  // Legal and captures all the opponent's seeds.
  kCapture,
  // Illegal unless every legal move is a grand slam, in which case it
  // captures (Romein & Bal's awari rules).
  kForcedOnly,
};

// Returns visit(std::integral_constant<GrandSlam, rule>()) for `rule`, so that
// code templated on the rule is instantiated once per rule and picked once.
template <typename Visit>
decltype(auto) VisitGrandSlam(GrandSlam rule, Visit&& visit) {
  switch (rule) {
    case GrandSlam::kCapture:
      return visit(std::integral_constant<GrandSlam, GrandSlam::kCapture>());
    case GrandSlam::kForcedOnly:
      return visit(std::integral_constant<GrandSlam, GrandSlam::kForcedOnly>());
    case GrandSlam::kForfeit:
    default:
      return visit(std::integral_constant<GrandSlam, GrandSlam::kForfeit>());
  }
}

// Who gets the seeds still on the board when the turn limit is reached.
enum class AtLimit {
  // Default: nobody; V_0 = 0.
  kNobody,
  // Each side takes the seeds on its own side; V_0 = own - opponent seeds.
  kOwnSide,
};

// A complete rule set. The default-constructed value is the default rule set
// of the spec (CodinGame "Oware Abapa", 200 plies).
struct Rules {
  GrandSlam grand_slam = GrandSlam::kForfeit;
  AtLimit at_limit = AtLimit::kNobody;
  // Maximum number of plies in a game; must be at least 1.
  int turn_limit = 200;
};

// Parses a grand slam option name: "forfeit", "capture" or "forced-only".
absl::StatusOr<GrandSlam> ParseGrandSlam(absl::string_view name);

// The option name of `grand_slam` ("forfeit", "capture" or "forced-only").
absl::string_view GrandSlamName(GrandSlam grand_slam);

// Parses an at-limit option name: "nobody" or "own-side".
absl::StatusOr<AtLimit> ParseAtLimit(absl::string_view name);

// The option name of `at_limit` ("nobody" or "own-side").
absl::string_view AtLimitName(AtLimit at_limit);

// Checks that `rules` is usable: a known variant of each enum and a turn
// limit of at least 1.
absl::Status ValidateRules(const Rules& rules);

// A one-line description, e.g. "grand-slam=forfeit at-limit=nobody
// turn-limit=200".
std::string FormatRules(const Rules& rules);

}  // namespace retro::oware

#endif  // GAMES_OWARE_RULES_H_
