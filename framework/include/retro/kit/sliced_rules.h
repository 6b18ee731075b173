// What the rules concepts of the three value-family kits share
// (LoopyWdlRules, FiniteHorizonRules, ChanceRules in retro/kit/*_rules.h):
// the slices, the indexer and the notation, each member its own concept so
// that a family's concept refines them with its own members and its
// static_asserts name the member a game lacks. All required, in every family.
#ifndef RETRO_KIT_SLICED_RULES_H_
#define RETRO_KIT_SLICED_RULES_H_

#include <concepts>
#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "retro/contract/checkable_game.h"

namespace retro::kit {

// Each required member its own concept, so that the kits' static_asserts
// name exactly the member a game lacks (AssertSlicedRules).

// using Position = ...; and using Move = ...; copyable value types.
template <typename R>
concept RulesHavePositionType = requires {
  typename R::Position;
};
template <typename R>
concept RulesHaveMoveType = requires {
  typename R::Move;
};

// The slices: num_slices(), slice_size(s) (indices 0 .. size - 1) and
// slice_name(s) (the slice's name in the file).
template <typename R>
concept RulesHaveNumSlices = requires(const R& r) {
  { r.num_slices() } -> std::convertible_to<int>;
};
template <typename R>
concept RulesHaveSliceSize = requires(const R& r, int slice) {
  { r.slice_size(slice) } -> std::convertible_to<uint64_t>;
};
template <typename R>
concept RulesHaveSliceName = requires(const R& r, int slice) {
  { r.slice_name(slice) } -> std::convertible_to<std::string>;
};

// The indexer: Unrank(slice, index) -> Position and its inverse
// Rank(position) -> retro::SliceIndex (retro/contract/checkable_game.h).
template <typename R>
concept RulesHaveUnrank = requires(const R& r, int slice, uint64_t index) {
  { r.Unrank(slice, index) } -> std::convertible_to<typename R::Position>;
};
template <typename R>
concept RulesHaveRank = requires(const R& r, const typename R::Position& p) {
  { r.Rank(p) } -> std::same_as<SliceIndex>;
};

// The notation: Format(position), Parse(text) -> absl::StatusOr<Position>
// (InvalidArgument naming the problem) and FormatMove(position, move).
template <typename R>
concept RulesHaveFormat = requires(const R& r, const typename R::Position& p) {
  { r.Format(p) } -> std::convertible_to<std::string>;
};
template <typename R>
concept RulesHaveParse = requires(const R& r, const std::string& text) {
  { r.Parse(text) } -> std::same_as<absl::StatusOr<typename R::Position>>;
};
template <typename R>
concept RulesHaveFormatMove = requires(const R& r, const typename R::Position& p,
                                       const typename R::Move& m) {
  { r.FormatMove(p, m) } -> std::convertible_to<std::string>;
};

// The slices, the indexer and the notation, as groups.
template <typename R>
concept SlicedRulesHaveSlices = RulesHavePositionType<R> && RulesHaveMoveType<R> &&
    RulesHaveNumSlices<R> && RulesHaveSliceSize<R> && RulesHaveSliceName<R>;
template <typename R>
concept SlicedRulesHaveIndexer = RulesHaveUnrank<R> && RulesHaveRank<R>;
template <typename R>
concept SlicedRulesHaveNotation = RulesHaveFormat<R> && RulesHaveParse<R> && RulesHaveFormatMove<R>;

// Rules with slices, an indexer and a notation: what every family's rules
// concept refines.
template <typename R>
concept SlicedRules =
    SlicedRulesHaveSlices<R> && SlicedRulesHaveIndexer<R> && SlicedRulesHaveNotation<R>;

// True when R declares Position and Move, without which no other member can
// be checked (the kits check the others only then, so that a missing type
// gives one error, not one per member).
template <typename R>
constexpr bool HasPositionAndMoveTypes() {
  return RulesHavePositionType<R> && RulesHaveMoveType<R>;
}

// Fails to compile with one error per missing member that every kit needs,
// each naming the member ("the rules lack `num_slices()`"); the compiler's
// note above it names the kit that asked (Assert<Kit>Rules).
template <typename R>
constexpr bool AssertSlicedRules() {
  static_assert(RulesHavePositionType<R>, "retro kit: the rules lack `using Position = ...;`");
  static_assert(RulesHaveMoveType<R>, "retro kit: the rules lack `using Move = ...;`");
  if constexpr (HasPositionAndMoveTypes<R>()) {
    static_assert(RulesHaveNumSlices<R>, "retro kit: the rules lack `int num_slices()`");
    static_assert(RulesHaveSliceSize<R>,
                  "retro kit: the rules lack `uint64_t slice_size(int slice)`");
    static_assert(RulesHaveSliceName<R>,
                  "retro kit: the rules lack `std::string slice_name(int slice)`");
    static_assert(RulesHaveUnrank<R>,
                  "retro kit: the rules lack `Position Unrank(int slice, uint64_t index)`");
    static_assert(RulesHaveRank<R>,
                  "retro kit: the rules lack `retro::SliceIndex Rank(const Position&)`");
    static_assert(RulesHaveFormat<R>,
                  "retro kit: the rules lack `std::string Format(const Position&)`");
    static_assert(RulesHaveParse<R>,
                  "retro kit: the rules lack "
                  "`absl::StatusOr<Position> Parse(const std::string&)`");
    static_assert(RulesHaveFormatMove<R>,
                  "retro kit: the rules lack "
                  "`std::string FormatMove(const Position&, const Move&)`");
  }
  return SlicedRules<R>;
}

}  // namespace retro::kit

#endif  // RETRO_KIT_SLICED_RULES_H_
