// CheckGameDescription: the host's requirements on a plugin's description.
#include "retro/host/game_description_check.h"

#include <algorithm>
#include <array>
#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace retro {
namespace {

constexpr std::array<const char*, 18> kHostOptions = {
    "game",   "plugin-dir", "out",    "threads", "json",     "no-check",
    "resume", "no-checkpoint", "checkpoint-interval", "scratch", "sample",
    "seed",   "db",         "position", "help", "progress", "expected",
    "relative-tolerance"};

// Lower-case letters, digits and '-', starting with a letter, not ending
// with '-'.
bool WellFormed(const std::string& name) {
  if (name.empty() || name.front() < 'a' || name.front() > 'z' || name.back() == '-') {
    return false;
  }
  return name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") == std::string::npos;
}

absl::Status CheckList(const std::vector<ParameterSpec>& specs, const char* kind) {
  std::set<std::string> seen;
  for (const ParameterSpec& spec : specs) {
    if (!WellFormed(spec.name)) {
      return absl::FailedPreconditionError(absl::StrCat(
          "describes a ", kind, " parameter named '", spec.name,
          "'; a parameter's name is lower-case letters, digits and inner '-', "
          "starting with a letter"));
    }
    if (!seen.insert(spec.name).second) {
      return absl::FailedPreconditionError(absl::StrCat(
          "describes the ", kind, " parameter --", spec.name,
          " twice (a kit adds its own parameters to the game's: rename the game's)"));
    }
    if (std::ranges::find(kHostOptions, spec.name) != kHostOptions.end()) {
      return absl::FailedPreconditionError(absl::StrCat(
          "describes a ", kind, " parameter --", spec.name,
          ", which retro reads as its own option; rename it (retro's own: --",
          absl::StrJoin(kHostOptions, ", --"), ")"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

std::span<const char* const> HostOptionNames() { return kHostOptions; }

absl::Status CheckGameDescription(const GameDescription& game) {
  if (absl::Status s = CheckList(game.solve_parameters, "solve"); !s.ok()) return s;
  return CheckList(game.probe_parameters, "probe");
}

}  // namespace retro
