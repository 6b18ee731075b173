// Optional members of a rules class that more than one value-family kit
// (retro/kit/*_rules.h) understands in the same form, detected as concepts
// the kits test with `if constexpr`: the solve parameters and default file
// name (with how they are read, in rules_parameters.h), the position count,
// the plan's estimates and refusal, a solver adapter of the game's own
// checked against the rules, how probe and stats label what they show, and
// what `retro explore` draws and starts from.
// Each kit's rules header documents what it does with them.
#ifndef RETRO_KIT_RULES_HOOKS_H_
#define RETRO_KIT_RULES_HOOKS_H_

#include <concepts>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "retro/kit/rules_parameters.h"

namespace retro::kit {

// uint64_t CountPositions(): the number of positions (default: the sum of
// the slice sizes).
template <typename R>
concept HasCountPositions = requires(const R& r) {
  { r.CountPositions() } -> std::convertible_to<uint64_t>;
};

// std::string WhatFits(uint64_t available_bytes): what would fit in memory,
// for the plan's refusal ("the largest book that fits is --seeds 19").
template <typename R>
concept HasWhatFits = requires(const R& r, uint64_t bytes) {
  { r.WhatFits(bytes) } -> std::convertible_to<std::string>;
};

// uint64_t EstimateMemoryBytes(), uint64_t EstimateFileBytes(): the plan's.
template <typename R>
concept HasSizeEstimates = requires(const R& r) {
  { r.EstimateMemoryBytes() } -> std::convertible_to<uint64_t>;
  { r.EstimateFileBytes() } -> std::convertible_to<uint64_t>;
};

// uint64_t EstimateReplicatedMemoryBytes(): of the memory estimate, what a
// rank of a distributed solve holds beyond its 1/R share, the most any
// rank does (default: the family's rule, e.g. the finished tables every
// rank keeps, or the file rank 0 gathers).
template <typename R>
concept HasReplicatedEstimate = requires(const R& r) {
  { r.EstimateReplicatedMemoryBytes() } -> std::convertible_to<uint64_t>;
};

// std::string SolverInconsistency(const Position&): what the game's own
// solver adapter reports for a position against the rules ("" if it agrees).
template <typename R>
concept HasSolverInconsistency = requires(const R& r, const typename R::Position& p) {
  { r.SolverInconsistency(p) } -> std::convertible_to<std::string>;
};

// std::string PositionNote(const Position&): probe's note on a position.
template <typename R>
concept HasPositionNote = requires(const R& r, const typename R::Position& p) {
  { r.PositionNote(p) } -> std::convertible_to<std::string>;
};

// std::string StatsTitle(): the first line of `retro stats`.
template <typename R>
concept HasStatsTitle = requires(const R& r) {
  { r.StatsTitle() } -> std::convertible_to<std::string>;
};

// absl::Status Covers(const Position&): OK when the tables cover `p` (e.g. a
// board with no more seeds than the book), else InvalidArgument saying what
// they cover.
template <typename R>
concept HasCovers = requires(const R& r, const typename R::Position& p) {
  { r.Covers(p) } -> std::same_as<absl::Status>;
};

// std::string RenderSvg(const Position&): a picture of the position as one
// standalone SVG element, for `retro explore` (OpenDatabase::RenderSvg).
template <typename R>
concept HasRenderSvg = requires(const R& r, const typename R::Position& p) {
  { r.RenderSvg(p) } -> std::convertible_to<std::string>;
};

// Position StartPosition(): a position of the database to start exploring
// from (OpenDatabase::StartPosition).
template <typename R>
concept HasStartPosition = requires(const R& r) {
  { r.StartPosition() } -> std::convertible_to<typename R::Position>;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_RULES_HOOKS_H_
