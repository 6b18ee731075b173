// What the rules concepts of the three value-family kits share
// (LoopyWdlRules, FiniteHorizonRules, ChanceRules in retro/kit/*_rules.h):
// the slices, the indexer and the notation, each group its own concept so
// that a family's concept refines it with its own members and its
// static_assert names what a game lacks. All required, in every family.
#ifndef RETRO_KIT_SLICED_RULES_H_
#define RETRO_KIT_SLICED_RULES_H_

#include <concepts>
#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "retro/contract/checkable_game.h"

namespace retro::kit {

// The types Position and Move, and the slices: num_slices(), slice_size(s)
// (indices 0 .. size - 1) and slice_name(s) (the slice's name in the file).
template <typename R>
concept SlicedRulesHaveSlices = requires(const R& r, int slice) {
  typename R::Position;
  typename R::Move;
  { r.num_slices() } -> std::convertible_to<int>;
  { r.slice_size(slice) } -> std::convertible_to<uint64_t>;
  { r.slice_name(slice) } -> std::convertible_to<std::string>;
};

// The indexer: Unrank(slice, index) -> Position and its inverse
// Rank(position) -> retro::SliceIndex (retro/contract/checkable_game.h).
template <typename R>
concept SlicedRulesHaveIndexer =
    requires(const R& r, int slice, uint64_t index, const typename R::Position& p) {
      { r.Unrank(slice, index) } -> std::convertible_to<typename R::Position>;
      { r.Rank(p) } -> std::same_as<SliceIndex>;
    };

// The notation: Format(position), Parse(text) -> absl::StatusOr<Position>
// (InvalidArgument naming the problem) and FormatMove(position, move).
template <typename R>
concept SlicedRulesHaveNotation =
    requires(const R& r, const typename R::Position& p, const typename R::Move& m,
             const std::string& text) {
      { r.Format(p) } -> std::convertible_to<std::string>;
      { r.Parse(text) } -> std::same_as<absl::StatusOr<typename R::Position>>;
      { r.FormatMove(p, m) } -> std::convertible_to<std::string>;
    };

// Rules with slices, an indexer and a notation: what every family's rules
// concept refines.
template <typename R>
concept SlicedRules =
    SlicedRulesHaveSlices<R> && SlicedRulesHaveIndexer<R> && SlicedRulesHaveNotation<R>;

}  // namespace retro::kit

#endif  // RETRO_KIT_SLICED_RULES_H_
