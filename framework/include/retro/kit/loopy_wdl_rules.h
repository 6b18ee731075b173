// The game contract of the loopy win/draw/loss kit (retro/kit/
// loopy_wdl_module.h), as the C++20 concept LoopyWdlRules: what a plugin
// writes for a game whose positions are won, drawn or lost with a distance in
// plies (play may cycle; endless play is a draw). From it the kit derives the
// solver's view, the contract checker's view, and the whole plugin: plan,
// solve, probe, stats, verify, perft and check.
//
// Who moves next: a move passes the turn, unless the rules declare
// `static constexpr bool kMovesMayKeepTurn = true` (rules_hooks.h). Then
// ForEachMove's visit takes a third argument, `bool keeps_turn`, and
// ForEachTakeBack's a second; a move that keeps the turn (a completed box)
// is worth its child's value to the same player, one ply longer
// (WdlOutcome::AfterMoveKeepingTurn), where a move passing it is worth the
// child's value flipped (AfterMove). ForEachChildIndex and a SolveSlice of
// the game's own do not take extra turns.
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
//                                        position that is not over (and bool
//                                        keeps_turn, under kMovesMayKeepTurn);
//                                        a move stays in its slice or goes to
//                                        an earlier one
//   std::string Format(const Position&)  the notation
//   absl::StatusOr<Position> Parse(const std::string&)
//                                        InvalidArgument naming the problem
//   std::string FormatMove(const Position&, const Move&)
//
// Optional members, each used when present and documented where its
// concept is declared:
//   below        ForEachTakeBack, SideToMove, MaxPlies, the six stats-group
//                members, ConversionValue, index_traits, and the index
//                shortcuts (UnrankCache, RankCache, ChildScratch,
//                has_child_indices, ForEachChildIndex)
//   loopy_wdl_solve_view.h   SolveSlice with ForEachSolverParent: a solver
//                adapter of the game's own
//   rules_hooks.h   kMovesMayKeepTurn, EstimateSizes, Inconsistency,
//                GameOverNote, PositionNote, StatsTitle, Covers (a
//                position whose game is over needs no table), RenderSvg
//                with StartPosition, kPositionCells with FromCells
//   rules_parameters.h   Parameters with Create, default_file_name, the
//                header's parameters
// Without EstimateSizes the plan counts the positions over the indices as
// stats counts them (loopy_wdl_position_count.h) and estimates two bytes
// per record plus two per record of the largest slice, plus, without
// take-backs, that slice's predecessor lists (sampled); one byte per record
// in the file; every rank holds the finished tables twice, kept and handed
// to the builder.
#ifndef RETRO_KIT_LOOPY_WDL_RULES_H_
#define RETRO_KIT_LOOPY_WDL_RULES_H_

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "retro/contract/checkable_game.h"
#include "retro/format/wdl/wdl.h"
#include "retro/kit/rules_hooks.h"
#include "retro/kit/rules_parameters.h"
#include "retro/kit/sliced_rules.h"
#include "retro/kit/stats_key.h"
#include "retro/parameters.h"

namespace retro::kit {

namespace internal {

// Visitors of the shapes the kit passes to ForEachMove and ForEachTakeBack.
template <typename R>
struct LoopyWdlMoveVisitor {
  void operator()(const typename R::Move&, const typename R::Position&) const {}
  void operator()(const typename R::Move&, const typename R::Position&, bool) const {}
};
template <typename R>
struct LoopyWdlParentVisitor {
  void operator()(const typename R::Position&) const {}
  void operator()(const typename R::Position&, bool) const {}
};

}  // namespace internal

// Each required member beyond the shared ones (sliced_rules.h) its own
// concept, so that AssertLoopyWdlRules names exactly what a game lacks.
template <typename R>
concept LoopyWdlHasIsPosition = requires(const R& r, const typename R::Position& p) {
  { r.IsPosition(p) } -> std::convertible_to<bool>;
};
template <typename R>
concept LoopyWdlHasOutcome = requires(const R& r, const typename R::Position& p) {
  { r.Outcome(p) } -> std::same_as<std::optional<WdlOutcome>>;
};
template <typename R>
concept LoopyWdlHasForEachMove = requires(const R& r, const typename R::Position& p,
                                          internal::LoopyWdlMoveVisitor<R> moves) {
  r.ForEachMove(p, moves);
};

// The moves: Outcome and ForEachMove (ForEachTakeBack is optional).
template <typename R>
concept LoopyWdlHasMoves = LoopyWdlHasOutcome<R> && LoopyWdlHasForEachMove<R>;

// A game the loopy win/draw/loss kit accepts.
template <typename R>
concept LoopyWdlRules = SlicedRules<R> && LoopyWdlHasIsPosition<R> && LoopyWdlHasMoves<R>;

// Fails to compile when R is not LoopyWdlRules, with one error per missing
// member, naming it.
template <typename R>
constexpr bool AssertLoopyWdlRules() {
  static_cast<void>(AssertSlicedRules<R>());
  if constexpr (HasPositionAndMoveTypes<R>()) {
    static_assert(LoopyWdlHasIsPosition<R>,
                  "loopy WDL kit: the rules lack `bool IsPosition(const Position&)`");
    static_assert(LoopyWdlHasOutcome<R>,
                  "loopy WDL kit: the rules lack "
                  "`std::optional<retro::WdlOutcome> Outcome(const Position&)`");
    static_assert(LoopyWdlHasForEachMove<R>,
                  "loopy WDL kit: the rules lack `ForEachMove(position, visit(move, child))`");
  }
  return LoopyWdlRules<R>;
}

// The optional members (the family-generic ones are in rules_hooks.h),
// each used when present.

// void ForEachTakeBack(const Position&, visit): optional; visit(const
// Position& parent) (and bool keeps_turn, under kMovesMayKeepTurn) once per
// move parent -> position inside the position's slice, which the solver
// visits. The rules list only parents that are positions and not over (the
// kit drops parents of other slices but checks nothing else). Absent: the
// kit lists each slice's predecessors by a forward pass over the moves
// before solving it (retro/kit/forward_predecessors.h).
template <typename R>
concept HasTakeBacks = requires(const R& r, const typename R::Position& p,
                                internal::LoopyWdlParentVisitor<R> parents) {
  r.ForEachTakeBack(p, parents);
};

// std::string SideToMove(const Position&): optional; "x": probe's "x to
// move" and its JSON's "to_move" (absent: probe names no side).
template <typename R>
concept HasSideToMove = requires(const R& r, const typename R::Position& p) {
  { r.SideToMove(p) } -> std::convertible_to<std::string>;
};
// int MaxPlies(const Position&): optional, for games of bounded length;
// the plies any game from here lasts at most, which a drawn one lasts
// (tic-tac-toe: the empty cells): opening a database refuses longer
// distances, and probe shows draws "in N plies" (absent: no bound, draws
// without a length).
template <typename R>
concept HasMaxPlies = requires(const R& r, const typename R::Position& p) {
  { r.MaxPlies(p) } -> std::convertible_to<int>;
};
// The stats groups (StatsKey and StatsLayout in retro/kit/stats_key.h),
// all six members or none: the rows of `retro stats` (absent: one row per
// slice, every record one position).
//   stats_group_label()      the column title, e.g. "pieces"
//   num_stats_groups(), stats_group_name(group)
//   StatsKeyOf(p)            the record's group (0 .. num_stats_groups() -
//                            1) and weight: how many positions the record
//                            of this (representative) position stands for,
//                            e.g. its symmetry class's size (stats counts
//                            positions, not records)
//   StatsKeyAt(slice, index) the same read off the index, when the indexer
//                            allows it: stats then skips the unrank
//                            (nullopt: it unranks and asks StatsKeyOf)
//   stats_layout()           .slice_totals: stats adds each slice's total
//                            after its groups (each group must lie in one
//                            slice); .row_examples: the table shows each
//                            row's longest win and loss with an example
//                            (JSON always has them)
template <typename R>
concept HasStatsGroups = requires(const R& r, const typename R::Position& p, int group, int slice,
                                  uint64_t index) {
  { r.stats_group_label() } -> std::convertible_to<std::string>;
  { r.num_stats_groups() } -> std::convertible_to<int>;
  { r.stats_group_name(group) } -> std::convertible_to<std::string>;
  { r.StatsKeyOf(p) } -> std::same_as<StatsKey>;
  { r.StatsKeyAt(slice, index) } -> std::same_as<std::optional<StatsKey>>;
  { r.stats_layout() } -> std::convertible_to<StatsLayout>;
};
// WdlOutcome ConversionValue(WdlOutcome child): optional; the value for
// the mover of a move into an earlier slice (a conversion) whose position
// is worth `child` to its own mover, which the solver's view, probe and
// verify all use (absent: WdlOutcome::AfterMove, distance to the end of
// the game). Distance to conversion counts a conversion as one ply
// whatever follows (Win(1), Loss(1), Draw()).
template <typename R>
concept HasConversionValue = requires(const R& r, WdlOutcome child) {
  { r.ConversionValue(child) } -> std::same_as<WdlOutcome>;
};
// IndexTraits index_traits(): optional (absent: these defaults); what the
// indexer's indices are, and the codec that names their layout in files.
struct IndexTraits {
  // An index numbers a class of positions of equal value (e.g. under board
  // symmetries; Unrank gives a representative): the solver counts each
  // distinct in-slice child class and each distinct predecessor class once.
  bool indexes_classes = false;
  // IsPosition is true for every index: the kit skips marking non-positions
  // after a solve and, on opening a file, only looks for byte 255.
  bool every_index_is_a_position = false;
  // The value codec of these rules' files, when a parameter chooses the
  // index layout (null: GameInfo::codec): opening a file refuses one whose
  // codec is not the codec of its header's rules.
  const char* codec = nullptr;
};
template <typename R>
concept HasIndexTraits = requires(const R& r) {
  { r.index_traits() } -> std::convertible_to<IndexTraits>;
};

// The index shortcuts, all or none (absent: Unrank(slice, index) and
// Rank(p), and verify unranks, generates the moves and ranks each child).
// Stats, verify and opening a file scan in index order, with one
// default-constructed cache or scratch per thread and chunk, across slices.
//   struct UnrankCache; Unrank(slice, index, cache): Unrank(slice, index),
//     faster for nearby indices
//   struct RankCache; Rank(p, cache): Rank(p), faster for the children of
//     nearby records
//   struct ChildScratch; has_child_indices(); ForEachChildIndex(slice,
//     index, scratch, visit): the moves of record `index` read off its
//     index, for verify: the Outcome when the game is over there (visiting
//     nothing), else nullopt after visit(SliceIndex) of the Rank of every
//     move's child, as Unrank, Outcome, ForEachMove and Rank give them.
//     Verify uses it when has_child_indices() says the parameters allow it
//     (every index must then be a position); `retro check` compares it
//     with the rules' moves on every checked position.
template <typename R>
concept HasIndexShortcuts = requires(const R& r, int slice, uint64_t index,
                                     const typename R::Position& p, void (*visit)(SliceIndex)) {
  typename R::UnrankCache;
  typename R::RankCache;
  typename R::ChildScratch;
  { r.has_child_indices() } -> std::convertible_to<bool>;
  requires requires(typename R::UnrankCache& unrank_cache, typename R::RankCache& rank_cache,
                    typename R::ChildScratch& scratch) {
    { r.Unrank(slice, index, unrank_cache) } -> std::convertible_to<typename R::Position>;
    { r.Rank(p, rank_cache) } -> std::same_as<SliceIndex>;
    { r.ForEachChildIndex(slice, index, scratch, visit) } -> std::same_as<std::optional<WdlOutcome>>;
  };
};

// The rules' UnrankCache and RankCache (HasIndexShortcuts), or empty ones.
template <typename R>
struct IndexCaches {
  struct UnrankCache {};
  struct RankCache {};
};
template <HasIndexShortcuts R>
struct IndexCaches<R> {
  using UnrankCache = typename R::UnrankCache;
  using RankCache = typename R::RankCache;
};

// Unranks indices with the rules' UnrankCache when they have one: one
// object per thread and run of nearby indices.
template <typename R>
class Unranker {
 public:
  explicit Unranker(const R& rules) : rules_(rules) {}
  typename R::Position operator()(int slice, uint64_t index) {
    if constexpr (HasIndexShortcuts<R>) {
      return rules_.Unrank(slice, index, cache_);
    } else {
      return rules_.Unrank(slice, index);
    }
  }

 private:
  const R& rules_;
  typename IndexCaches<R>::UnrankCache cache_;
};

// Ranks positions through the rules' RankCache when they have one (one
// Ranker per thread and chunk of records checked in index order).
template <typename R>
class Ranker {
 public:
  explicit Ranker(const R& rules) : rules_(rules) {}
  SliceIndex operator()(const typename R::Position& p) {
    if constexpr (HasIndexShortcuts<R>) {
      return rules_.Rank(p, cache_);
    } else {
      return rules_.Rank(p);
    }
  }

 private:
  const R& rules_;
  typename IndexCaches<R>::RankCache cache_;
};

// The value for its mover of a move into a position worth `child` to the
// side to move there: within the slice AfterMove, or AfterMoveKeepingTurn
// when the move keeps the turn; into an earlier slice (a conversion)
// ConversionValue (default AfterMove) of the child's value to the mover's
// opponent.
template <typename R>
WdlOutcome MoveValueOf(const R& rules, WdlOutcome child, bool conversion, bool keeps_turn) {
  if (!conversion) {
    return keeps_turn ? WdlOutcome::AfterMoveKeepingTurn(child) : WdlOutcome::AfterMove(child);
  }
  const WdlOutcome to_opponent = keeps_turn ? WdlOutcome::Opposite(child) : child;
  if constexpr (HasConversionValue<R>) {
    return rules.ConversionValue(to_opponent);
  } else {
    return WdlOutcome::AfterMove(to_opponent);
  }
}

// An in-slice move as the kit's predecessor lists and class-index counts
// keep it: under extra turns (MovesMayKeepTurn) the key index * 2 + 1 for
// a move keeping the turn and index * 2 for one passing it, else the index
// itself; and the index and kind read back from a key.
template <typename R>
constexpr uint64_t EdgeKey(uint64_t index, bool keeps_turn) {
  return MovesMayKeepTurn<R>() ? index * 2 + keeps_turn : index;
}
template <typename R>
constexpr uint64_t EdgeIndex(uint64_t key) {
  return MovesMayKeepTurn<R>() ? key >> 1 : key;
}
template <typename R>
constexpr bool EdgeKeepsTurn(uint64_t key) {
  return MovesMayKeepTurn<R>() && (key & 1) != 0;
}

// The rules' IndexTraits (the defaults without index_traits()).
template <typename R>
IndexTraits IndexTraitsOf(const R& rules) {
  if constexpr (HasIndexTraits<R>) {
    return rules.index_traits();
  } else {
    return {};
  }
}

// Sorts the class indices `ranks`, moves the distinct ones to the front
// and returns their number: under indexes_classes a position counts each
// distinct class of its in-slice children, and of its predecessors, once.
inline int SortDistinctClasses(std::vector<uint64_t>& ranks) {
  std::sort(ranks.begin(), ranks.end());
  return static_cast<int>(std::unique(ranks.begin(), ranks.end()) - ranks.begin());
}

}  // namespace retro::kit

#endif  // RETRO_KIT_LOOPY_WDL_RULES_H_
