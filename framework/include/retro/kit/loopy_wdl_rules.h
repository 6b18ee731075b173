// The game contract of the loopy win/draw/loss kit (retro/kit/
// loopy_wdl_module.h), as the C++20 concept LoopyWdlRules: what a plugin
// writes for a game whose positions are won, drawn or lost with a distance in
// plies (play may cycle; endless play is a draw). From it the kit derives the
// solver's view, the contract checker's view, and the whole plugin: plan,
// solve, probe, stats, verify, perft and check.
//
// Required members of `const R& rules` (all const, safe to call from several
// threads at once; Position and Move are copyable value types):
//
//   using Position = ...;  using Move = ...;
//   int num_slices()                     the slices, solved in order 0, 1, ...
//   uint64_t slice_size(int slice)       its indices are 0 .. size - 1
//   std::string slice_name(int slice)    the slice's name in the file
//   Position Unrank(int slice, uint64_t index)
//   retro::SliceIndex Rank(const Position&)   (retro/contract/checkable_game.h)
//   bool IsPosition(const Position&)     false for an index that is no
//                                        position of the game (an illegal
//                                        board); stored as "not a position"
//   std::optional<WdlOutcome> Outcome(const Position&)
//                                        the value for the side to move when
//                                        the game is over here, else nullopt
//   void ForEachMove(const Position&, visit)
//                                        visit(const Move&, const Position&
//                                        child) once per legal move of a
//                                        position that is not over; a move
//                                        stays in its slice or goes to an
//                                        earlier one
//   void ForEachTakeBack(const Position&, visit)
//                                        visit(const Position& parent) once
//                                        per move parent -> position inside
//                                        the position's slice; the rules list
//                                        only parents that are positions and
//                                        not over (the kit drops parents of
//                                        other slices but checks nothing else)
//   std::string Format(const Position&)  the notation
//   absl::StatusOr<Position> Parse(const std::string&)
//                                        InvalidArgument naming the problem
//   std::string FormatMove(const Position&, const Move&)
//
// Optional members, used when present:
//
//   static std::vector<ParameterSpec> Parameters()   solve parameters, and
//   static absl::StatusOr<R> Create(const ParameterValues&)   the rules for
//       resolved values (InvalidArgument naming the bad one); without them
//       the game has no parameters and R is default-constructed
//   std::string default_file_name()      e.g. "countdown-20.retro"
//   uint64_t CountPositions()            the number of positions (default:
//                                        the sum of the slice sizes)
//   std::string SideToMove(const Position&)   "x", shown by probe
//   std::string GameOverReason(const Position&)  "x has three in a row"
//   int MaxPlies(const Position&)        an upper bound on the plies any
//                                        game from here can last; opening a
//                                        database refuses longer distances
//   Stats groups (default: one per slice):
//   std::string stats_group_label()      the column title, e.g. "pieces"
//   int num_stats_groups()
//   int StatsGroup(const Position&)      0 .. num_stats_groups() - 1
//   std::string stats_group_name(int group)
#ifndef RETRO_KIT_LOOPY_WDL_RULES_H_
#define RETRO_KIT_LOOPY_WDL_RULES_H_

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "retro/contract/checkable_game.h"
#include "retro/kit/rules_hooks.h"
#include "retro/parameters.h"
#include "retro/solver/wdl.h"

namespace retro::kit {

namespace loopy_wdl_internal {

// Visitors of the shapes the kit passes to ForEachMove and ForEachTakeBack.
template <typename R>
struct MoveVisitor {
  void operator()(const typename R::Move&, const typename R::Position&) const {}
};
template <typename R>
struct ParentVisitor {
  void operator()(const typename R::Position&) const {}
};

}  // namespace loopy_wdl_internal

// Each group of required members as its own concept, so that the error names
// what a game lacks (AssertLoopyWdlRules).
template <typename R>
concept LoopyWdlHasSlices = requires(const R& r, int slice) {
  typename R::Position;
  typename R::Move;
  { r.num_slices() } -> std::convertible_to<int>;
  { r.slice_size(slice) } -> std::convertible_to<uint64_t>;
  { r.slice_name(slice) } -> std::convertible_to<std::string>;
};

template <typename R>
concept LoopyWdlHasIndexer =
    requires(const R& r, int slice, uint64_t index, const typename R::Position& p) {
      { r.Unrank(slice, index) } -> std::convertible_to<typename R::Position>;
      { r.Rank(p) } -> std::same_as<SliceIndex>;
      { r.IsPosition(p) } -> std::convertible_to<bool>;
    };

template <typename R>
concept LoopyWdlHasMoves = requires(const R& r, const typename R::Position& p,
                                    loopy_wdl_internal::MoveVisitor<R> moves,
                                    loopy_wdl_internal::ParentVisitor<R> parents) {
  { r.Outcome(p) } -> std::same_as<std::optional<WdlOutcome>>;
  r.ForEachMove(p, moves);
  r.ForEachTakeBack(p, parents);
};

template <typename R>
concept LoopyWdlHasNotation =
    requires(const R& r, const typename R::Position& p, const typename R::Move& m,
             const std::string& text) {
      { r.Format(p) } -> std::convertible_to<std::string>;
      { r.Parse(text) } -> std::same_as<absl::StatusOr<typename R::Position>>;
      { r.FormatMove(p, m) } -> std::convertible_to<std::string>;
    };

// A game the loopy win/draw/loss kit accepts.
template <typename R>
concept LoopyWdlRules = LoopyWdlHasSlices<R> && LoopyWdlHasIndexer<R> &&
                        LoopyWdlHasMoves<R> && LoopyWdlHasNotation<R>;

// Fails to compile, naming the missing members, when R is not LoopyWdlRules.
template <typename R>
constexpr bool AssertLoopyWdlRules() {
  static_assert(LoopyWdlHasSlices<R>,
                "loopy WDL kit: the rules need types Position and Move, num_slices(), "
                "slice_size(slice) and slice_name(slice)");
  static_assert(LoopyWdlHasIndexer<R>,
                "loopy WDL kit: the rules need Unrank(slice, index) -> Position, "
                "Rank(position) -> retro::SliceIndex and IsPosition(position)");
  static_assert(LoopyWdlHasMoves<R>,
                "loopy WDL kit: the rules need Outcome(position) -> "
                "std::optional<retro::WdlOutcome>, ForEachMove(position, visit(move, child)) "
                "and ForEachTakeBack(position, visit(parent))");
  static_assert(LoopyWdlHasNotation<R>,
                "loopy WDL kit: the rules need Format(position), Parse(const std::string&) "
                "-> absl::StatusOr<Position> and FormatMove(position, move)");
  return LoopyWdlRules<R>;
}

// The optional members (the family-generic ones are in rules_hooks.h).
template <typename R>
concept HasSideToMove = requires(const R& r, const typename R::Position& p) {
  { r.SideToMove(p) } -> std::convertible_to<std::string>;
};
template <typename R>
concept HasGameOverReason = requires(const R& r, const typename R::Position& p) {
  { r.GameOverReason(p) } -> std::convertible_to<std::string>;
};
template <typename R>
concept HasMaxPlies = requires(const R& r, const typename R::Position& p) {
  { r.MaxPlies(p) } -> std::convertible_to<int>;
};
template <typename R>
concept HasStatsGroups = requires(const R& r, const typename R::Position& p, int group) {
  { r.stats_group_label() } -> std::convertible_to<std::string>;
  { r.num_stats_groups() } -> std::convertible_to<int>;
  { r.StatsGroup(p) } -> std::convertible_to<int>;
  { r.stats_group_name(group) } -> std::convertible_to<std::string>;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_LOOPY_WDL_RULES_H_
