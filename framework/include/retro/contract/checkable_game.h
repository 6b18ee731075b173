// The concept a game adapter implements to be checked by
// retro::CheckContract (retro/contract/check_contract.h): its slices, its
// indexer, its notation and its moves, seen one position at a time.
//
// Required members of `const G& g` (a `Position` is G::Position, copyable):
//   int num_slices()                          slices 0 .. num_slices() - 1
//   uint64_t slice_size(int slice)            indices 0 .. size - 1
//   std::string slice_name(int slice)         for messages, e.g. "5 seeds"
//   Position Unrank(int slice, uint64_t index)
//   retro::SliceIndex Rank(const Position&)
//   bool IsPosition(const Position&)          false: an index that is not a
//                                             position (illegal board); only
//                                             the bijection is checked there
//   std::string Format(const Position&)       the notation
//   absl::StatusOr<Position> Parse(const std::string&)
//   void ForEachChild(const Position&, visit) visit(const Position& child)
//                                             once per legal move
//   bool ChildSliceAllowed(int from, int to)  may a move go from slice
//                                             `from` to slice `to`?
// Optional members (checked when present):
//   void ForEachParent(const Position&, visit)  visit(const Position&) once
//       per take-back into the same slice, exactly as the solver enumerates
//       predecessors: a child c of p in p's slice must list p among its
//       parents as often as p lists c among its children, and conversely.
//   std::string Inconsistency(const Position&)  empty when the position's
//       terminal status / value is consistent with its moves, else what is
//       wrong (e.g. "game over but has 3 moves").
// Every member is const and called from several threads at once.
#ifndef RETRO_CONTRACT_CHECKABLE_GAME_H_
#define RETRO_CONTRACT_CHECKABLE_GAME_H_

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace retro {

// A position's number: its slice and its index in the slice.
struct SliceIndex {
  int slice = 0;
  uint64_t index = 0;
  friend bool operator==(const SliceIndex&, const SliceIndex&) = default;
};

namespace internal {

// A visitor of positions, standing in for the checker's lambdas.
template <typename P>
struct PositionVisitor {
  void operator()(const P&) const {}
};

}  // namespace internal

// Each required member as its own concept, so that a missing one is named in
// the static_assert of CheckContract.
template <typename G>
concept HasCheckSlices = requires(const G& g, int slice) {
  typename G::Position;
  { g.num_slices() } -> std::convertible_to<int>;
  { g.slice_size(slice) } -> std::convertible_to<uint64_t>;
  { g.slice_name(slice) } -> std::convertible_to<std::string>;
};

template <typename G>
concept HasCheckIndexer =
    requires(const G& g, int slice, uint64_t index, const typename G::Position& p) {
      { g.Unrank(slice, index) } -> std::convertible_to<typename G::Position>;
      { g.Rank(p) } -> std::same_as<SliceIndex>;
      { g.IsPosition(p) } -> std::convertible_to<bool>;
    };

template <typename G>
concept HasCheckNotation =
    requires(const G& g, const typename G::Position& p, const std::string& text) {
      { g.Format(p) } -> std::convertible_to<std::string>;
      { g.Parse(text) } -> std::same_as<absl::StatusOr<typename G::Position>>;
    };

    template <typename G>
    concept HasCheckMoves = requires(const G& g, const typename G::Position& p, int slice,
                                     internal::PositionVisitor<typename G::Position> v) {
      g.ForEachChild(p, v);
      { g.ChildSliceAllowed(slice, slice) } -> std::convertible_to<bool>;
    };

    template <typename G>
    concept HasCheckTakeBacks = requires(const G& g, const typename G::Position& p,
                                         internal::PositionVisitor<typename G::Position> v) {
      g.ForEachParent(p, v);
    };

template <typename G>
concept HasCheckConsistency = requires(const G& g, const typename G::Position& p) {
  { g.Inconsistency(p) } -> std::convertible_to<std::string>;
};

// A game the contract checker can check.
template <typename G>
concept CheckableGame =
    HasCheckSlices<G> && HasCheckIndexer<G> && HasCheckNotation<G> && HasCheckMoves<G>;

}  // namespace retro

#endif  // RETRO_CONTRACT_CHECKABLE_GAME_H_
