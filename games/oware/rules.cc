// Parsing, formatting and validation of the oware rule variants.
#include "games/oware/rules.h"

#include <iterator>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"

namespace retro::oware {

// The option names, indexed by the enums' values.
constexpr absl::string_view kGrandSlamNames[] = {"forfeit", "capture", "forced-only"};
constexpr absl::string_view kAtLimitNames[] = {"nobody", "own-side"};

absl::StatusOr<GrandSlam> ParseGrandSlam(absl::string_view name) {
  for (int i = 0; i < std::ssize(kGrandSlamNames); ++i) {
    if (name == kGrandSlamNames[i]) return static_cast<GrandSlam>(i);
  }
  return absl::InvalidArgumentError(
      absl::StrCat("unknown grand slam rule \"", name,
                   "\"; valid names are forfeit (default: legal, captures nothing), capture "
                   "(legal, captures all), forced-only (illegal unless every legal move is a "
                   "grand slam)"));
}

absl::string_view GrandSlamName(GrandSlam grand_slam) {
  const int i = static_cast<int>(grand_slam);
  return i >= 0 && i < std::ssize(kGrandSlamNames) ? kGrandSlamNames[i] : "unknown";
}

absl::StatusOr<AtLimit> ParseAtLimit(absl::string_view name) {
  for (int i = 0; i < std::ssize(kAtLimitNames); ++i) {
    if (name == kAtLimitNames[i]) return static_cast<AtLimit>(i);
  }
  return absl::InvalidArgumentError(
      absl::StrCat("unknown at-limit rule \"", name,
                   "\"; valid names are nobody (default: seeds left at the turn limit count "
                   "for nobody) and own-side (each side takes its own seeds)"));
}

absl::string_view AtLimitName(AtLimit at_limit) {
  const int i = static_cast<int>(at_limit);
  return i >= 0 && i < std::ssize(kAtLimitNames) ? kAtLimitNames[i] : "unknown";
}

absl::Status ValidateRules(const Rules& rules) {
  if (GrandSlamName(rules.grand_slam) == "unknown") {
    return absl::InvalidArgumentError(absl::StrFormat(
        "invalid grand slam rule value %d; valid values are forfeit, capture and forced-only",
        static_cast<int>(rules.grand_slam)));
  }
  if (AtLimitName(rules.at_limit) == "unknown") {
    return absl::InvalidArgumentError(
        absl::StrFormat("invalid at-limit rule value %d; valid values are nobody and own-side",
                        static_cast<int>(rules.at_limit)));
  }
  if (rules.turn_limit < 1) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "turn limit %d is not positive; it must be at least 1 ply", rules.turn_limit));
  }
  return absl::OkStatus();
}

std::string FormatRules(const Rules& rules) {
  return absl::StrCat("grand-slam=", GrandSlamName(rules.grand_slam),
                      " at-limit=", AtLimitName(rules.at_limit), " turn-limit=", rules.turn_limit);
}

}  // namespace retro::oware
