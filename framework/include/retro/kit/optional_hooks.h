// Optional members of a rules class that more than one kit understands
// (retro/kit/loopy_wdl_rules.h, retro/kit/finite_horizon_rules.h), detected
// as concepts: the plan's estimates and refusal, a solver adapter of the
// game's own checked against the rules, and how probe and stats label what
// they show. Each kit's rules header documents what it does with them.
#ifndef RETRO_KIT_OPTIONAL_HOOKS_H_
#define RETRO_KIT_OPTIONAL_HOOKS_H_

#include <concepts>
#include <cstdint>
#include <string>

#include "absl/strings/str_format.h"

namespace retro::kit {

template <typename R>
concept HasSizeEstimates = requires(const R& r) {
  { r.EstimateMemoryBytes() } -> std::convertible_to<uint64_t>;
  { r.EstimateFileBytes() } -> std::convertible_to<uint64_t>;
};
template <typename R>
concept HasWhatFits = requires(const R& r, uint64_t bytes) {
  { r.WhatFits(bytes) } -> std::convertible_to<std::string>;
};
template <typename R>
concept HasSolverInconsistency = requires(const R& r, const typename R::Position& p) {
  { r.SolverInconsistency(p) } -> std::convertible_to<std::string>;
};
template <typename R>
concept HasPositionNote = requires(const R& r, const typename R::Position& p) {
  { r.PositionNote(p) } -> std::convertible_to<std::string>;
};
template <typename R>
concept HasStatsTitle = requires(const R& r) {
  { r.StatsTitle() } -> std::convertible_to<std::string>;
};

// "1.2 GiB" from 1 GiB up, else "95 MiB".
inline std::string MemorySize(uint64_t bytes) {
  if (bytes >= (uint64_t{1} << 30)) return absl::StrFormat("%.1f GiB", bytes / 1073741824.0);
  return absl::StrFormat("%.0f MiB", bytes / 1048576.0);
}

}  // namespace retro::kit

#endif  // RETRO_KIT_OPTIONAL_HOOKS_H_
