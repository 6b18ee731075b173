// Parsing, formatting and validation of the oware rule variants.
#include "games/oware/rules.h"

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"

namespace retro::oware {

absl::StatusOr<GrandSlam> ParseGrandSlam(absl::string_view name) {
  if (name == "forfeit") return GrandSlam::kForfeit;
  if (name == "capture") return GrandSlam::kCapture;
  if (name == "forced-only") return GrandSlam::kForcedOnly;
  return absl::InvalidArgumentError(
      absl::StrCat("unknown grand slam rule \"", name,
                   "\"; valid names are forfeit (default: legal, captures "
                   "nothing), capture (legal, captures all), forced-only "
                   "(illegal unless every legal move is a grand slam)"));
}

absl::string_view GrandSlamName(GrandSlam grand_slam) {
  switch (grand_slam) {
    case GrandSlam::kForfeit:
      return "forfeit";
    case GrandSlam::kCapture:
      return "capture";
    case GrandSlam::kForcedOnly:
      return "forced-only";
  }
  return "unknown";
}

absl::StatusOr<AtLimit> ParseAtLimit(absl::string_view name) {
  if (name == "nobody") return AtLimit::kNobody;
  if (name == "own-side") return AtLimit::kOwnSide;
  return absl::InvalidArgumentError(absl::StrCat(
      "unknown at-limit rule \"", name,
      "\"; valid names are nobody (default: seeds left at the turn limit "
      "count for nobody) and own-side (each side takes its own seeds)"));
}

absl::string_view AtLimitName(AtLimit at_limit) {
  switch (at_limit) {
    case AtLimit::kNobody:
      return "nobody";
    case AtLimit::kOwnSide:
      return "own-side";
  }
  return "unknown";
}

absl::Status ValidateRules(const Rules& rules) {
  switch (rules.grand_slam) {
    case GrandSlam::kForfeit:
    case GrandSlam::kCapture:
    case GrandSlam::kForcedOnly:
      break;
    default:
      return absl::InvalidArgumentError(absl::StrFormat(
          "invalid grand slam rule value %d; valid values are forfeit, "
          "capture and forced-only",
          static_cast<int>(rules.grand_slam)));
  }
  switch (rules.at_limit) {
    case AtLimit::kNobody:
    case AtLimit::kOwnSide:
      break;
    default:
      return absl::InvalidArgumentError(absl::StrFormat(
          "invalid at-limit rule value %d; valid values are nobody and "
          "own-side",
          static_cast<int>(rules.at_limit)));
  }
  if (rules.turn_limit < 1) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "turn limit %d is not positive; it must be at least 1 ply",
        rules.turn_limit));
  }
  return absl::OkStatus();
}

std::string FormatRules(const Rules& rules) {
  return absl::StrCat("grand-slam=", GrandSlamName(rules.grand_slam),
                      " at-limit=", AtLimitName(rules.at_limit),
                      " turn-limit=", rules.turn_limit);
}

}  // namespace retro::oware
