// The game contract of the finite-horizon score kit (retro/kit/
// finite_horizon_module.h), as the C++20 concept FiniteHorizonRules: what a
// plugin writes for a game scored by a number under a limit on the plies
// (oware's net score with t plies left). From it the kit derives the
// solver's view, the contract checker's view, the tables an engine probes
// (retro/kit/finite_horizon_reader.h) and the whole plugin: plan, solve,
// probe, stats, verify, perft and check.
//
// The value (retro/solver/finite_horizon.h): V_0(p) = LimitValue(p); for
// t >= 1, V_t(p) = TerminalValue(p) when p has no move, else the maximum over
// moves of reward - V_{t-1}(child). Values and rewards fit in int8.
//
// Who moves next: a move passes the turn, unless the rules declare
// `static constexpr bool kMovesMayKeepTurn = true`. ForEachMove's visit
// then takes a fourth argument, `bool keeps_turn`: a move that keeps it
// (Kalah's last seed in the store, a completed box) counts reward +
// V_{t-1}(child), the child's value being the same player's. Every ply is
// a move, kept turn or not: t counts them all.
//
// Required members of `const R& rules` (all const, safe to call from several
// threads at once; Position and Move are copyable value types):
//
//   using Position = ...;  using Move = ...;
//   static constexpr int kMaxMoves;       the most moves of a position
//   int num_slices()                      slices, solved in order 0, 1, ...
//                                         (at most 256)
//   uint64_t slice_size(int slice)        indices 0 .. size - 1 (< 2^32)
//   std::string slice_name(int slice)     the slice's name in the file
//   Position Unrank(int slice, uint64_t index)
//   retro::SliceIndex Rank(const Position&)   (retro/contract/checkable_game.h)
//   int horizon()                         T: the solve computes V_0 .. V_T
//   int LimitValue(const Position&)       V_0
//   int TerminalValue(const Position&)    V_t (t >= 1) of a position with no move
//   void ForEachMove(const Position&, visit)
//                                         visit(const Move&, const Position&
//                                         child, int reward) once per legal
//                                         move (and bool keeps_turn, under
//                                         kMovesMayKeepTurn); a child lies in
//                                         the same or an earlier slice
//   int MinValue(int slice), MaxValue(int slice)
//                                         bounds of every value in the slice
//                                         (opening a file refuses others)
//   std::string Format(const Position&)   the notation
//   absl::StatusOr<Position> Parse(const std::string&)
//   std::string FormatMove(const Position&, const Move&)
//
// Optional members, each used when present and documented where its
// concept is declared:
//   rules_hooks.h   kMovesMayKeepTurn (above), EstimateSizes, Inconsistency
//                (a solve of the game's own, lent to the module as
//                FiniteHorizonParts, against the rules' moves), PositionNote
//                (probe's header, "9 seeds"), GameOverNote (p has no move),
//                StatsTitle, Covers, RenderSvg with StartPosition,
//                kPositionCells with FromCells
//   rules_parameters.h   Parameters with Create, canonical_parameters with
//                OptionalHeaderParameters, default_file_name
//   finite_horizon_database.h   words(): probe's reward column
//                ("captures") and what the slice number counts ("seeds")
// Without EstimateSizes the plan estimates 16 bytes per position and 4 in
// the file whatever the layout (the kit cannot know how the game's values
// code); every rank holds 5 bytes a state of the largest slice, and rank 0
// the file it gathers.
#ifndef RETRO_KIT_FINITE_HORIZON_RULES_H_
#define RETRO_KIT_FINITE_HORIZON_RULES_H_

#include <concepts>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "retro/contract/checkable_game.h"
#include "retro/kit/rules_hooks.h"
#include "retro/kit/rules_parameters.h"
#include "retro/kit/sliced_rules.h"
#include "retro/parameters.h"

namespace retro::kit {

namespace internal {

// A move visitor of the shape the kit passes to ForEachMove.
template <typename R>
struct FiniteHorizonMoveVisitor {
  void operator()(const typename R::Move&, const typename R::Position&, int) const {}
  void operator()(const typename R::Move&, const typename R::Position&, int, bool) const {}
};

}  // namespace internal

// Each required member beyond the shared ones (sliced_rules.h) its own
// concept, so that AssertFiniteHorizonRules names exactly what a game lacks.
template <typename R>
concept FiniteHorizonHasMaxMoves = requires {
  { R::kMaxMoves } -> std::convertible_to<int>;
};
template <typename R>
concept FiniteHorizonHasHorizon = requires(const R& r) {
  { r.horizon() } -> std::convertible_to<int>;
};
template <typename R>
concept FiniteHorizonHasLimitValue = requires(const R& r, const typename R::Position& p) {
  { r.LimitValue(p) } -> std::convertible_to<int>;
};
template <typename R>
concept FiniteHorizonHasTerminalValue = requires(const R& r, const typename R::Position& p) {
  { r.TerminalValue(p) } -> std::convertible_to<int>;
};
template <typename R>
concept FiniteHorizonHasMinValue = requires(const R& r, int slice) {
  { r.MinValue(slice) } -> std::convertible_to<int>;
};
template <typename R>
concept FiniteHorizonHasMaxValue = requires(const R& r, int slice) {
  { r.MaxValue(slice) } -> std::convertible_to<int>;
};
template <typename R>
concept FiniteHorizonHasForEachMove = requires(const R& r, const typename R::Position& p,
                                               internal::FiniteHorizonMoveVisitor<R> visit) {
  r.ForEachMove(p, visit);
};

// A game the finite-horizon kit accepts.
template <typename R>
concept FiniteHorizonRules =
    SlicedRules<R> && FiniteHorizonHasMaxMoves<R> && FiniteHorizonHasHorizon<R> &&
    FiniteHorizonHasLimitValue<R> && FiniteHorizonHasTerminalValue<R> &&
    FiniteHorizonHasMinValue<R> && FiniteHorizonHasMaxValue<R> && FiniteHorizonHasForEachMove<R>;

// Fails to compile when R is not FiniteHorizonRules, with one error per
// missing member, naming it.
template <typename R>
constexpr bool AssertFiniteHorizonRules() {
  static_cast<void>(AssertSlicedRules<R>());
  static_assert(FiniteHorizonHasMaxMoves<R>,
                "finite-horizon kit: the rules lack `static constexpr int kMaxMoves`");
  static_assert(FiniteHorizonHasHorizon<R>, "finite-horizon kit: the rules lack `int horizon()`");
  static_assert(FiniteHorizonHasMinValue<R>,
                "finite-horizon kit: the rules lack `int MinValue(int slice)`");
  static_assert(FiniteHorizonHasMaxValue<R>,
                "finite-horizon kit: the rules lack `int MaxValue(int slice)`");
  if constexpr (HasPositionAndMoveTypes<R>()) {
    static_assert(FiniteHorizonHasLimitValue<R>,
                  "finite-horizon kit: the rules lack `int LimitValue(const Position&)`");
    static_assert(FiniteHorizonHasTerminalValue<R>,
                  "finite-horizon kit: the rules lack `int TerminalValue(const Position&)`");
    static_assert(FiniteHorizonHasForEachMove<R>,
                  "finite-horizon kit: the rules lack "
                  "`ForEachMove(position, visit(move, child, reward))`");
  }
  return FiniteHorizonRules<R>;
}

// What a game lends beyond its rules (its own solve, play or export) is
// FiniteHorizonParts in finite_horizon_module.h.
}  // namespace retro::kit

#endif  // RETRO_KIT_FINITE_HORIZON_RULES_H_
