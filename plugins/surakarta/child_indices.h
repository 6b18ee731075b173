// The moves of a Surakarta record read straight off its index, for verify
// (the loopy kit's ForEachChildIndex hook, retro/kit/loopy_wdl_rules.h):
// the index of every move's child, or the outcome when the game is over.
// `retro check` compares these children with the rules' move generator.
//
// FuChou layout: the 2^n colourings of an occupied set are consecutive
// indices and share everything but their colours: the capture walks' first
// hits, the step targets and the part of each child's rank fixed by its
// occupied set are computed once per set, as the solver's TableSlice does,
// and each colouring adds one PEXT per child.
//
// Symmetric layout: the classes of a canonical occupied set are consecutive
// indices: the representative comes from the indexer's unrank cache, and
// the sets the moves lead to, with the part of each child's rank they fix,
// from OccupiedSetEdges, once a point for all colourings, as the solver's
// SchemeTableSlice finds them.
#ifndef PLUGINS_SURAKARTA_CHILD_INDICES_H_
#define PLUGINS_SURAKARTA_CHILD_INDICES_H_

#include <array>
#include <cstdint>
#include <optional>

#include "games/surakarta/board.h"
#include "games/surakarta/combination.h"
#include "games/surakarta/fuchou_indexer.h"
#include "games/surakarta/movegen.h"
#include "games/surakarta/no_move_rule.h"
#include "games/surakarta/position.h"
#include "games/surakarta/symmetric_indexer.h"
#include "plugins/surakarta/occupied_set_edges.h"
#include "plugins/surakarta/solved_outcomes.h"
#include "retro/contract/checkable_game.h"
#include "retro/format/wdl/wdl.h"

namespace retro::surakarta {

// Pairs of neighbouring points (along rows, columns and both diagonals): an
// occupied set has at most one step along each (from its occupied end to its
// empty one).
inline constexpr int kNeighbourPairs =
    kRows * (kColumns - 1) + (kRows - 1) * kColumns + 2 * (kRows - 1) * (kColumns - 1);

// Per thread: the last occupied set met and what all its colourings share.
struct FuChouChildScratch {
  // A step of the piece on one point: the child's occupied set and the
  // rank of its first colouring (FuChouIndexer::SetBase).
  struct Step {
    Bitboard occupied;
    uint64_t base;
  };
  CombinationCursor set;  // the last occupied set met
  // Per occupied point: the first pieces its capture walks meet, and the
  // SetBase of the smaller table's set after a capture from it.
  std::array<Bitboard, kSquares> first_hits;
  std::array<uint64_t, kSquares> capture_base;
  // Per occupied point: its steps, steps[step_begin .. + step_count).
  std::array<uint8_t, kSquares> step_begin;
  std::array<uint8_t, kSquares> step_count;
  std::array<Step, kNeighbourPairs> steps;
};

// Visits the SliceIndex of every move's child of record `index` of the
// table `table` (n pieces, slice n - 1; captures lead into `smaller`, the
// (n - 1)-piece table, slice n - 2) and returns nullopt, or returns the
// outcome without visiting when the game is over there (a side without
// pieces, or no move under `rule`).
template <typename Visit>
std::optional<WdlOutcome> ForEachFuChouChild(const FuChouIndexer& table,
                                             const FuChouIndexer& smaller, NoMoveRule rule,
                                             uint64_t index, FuChouChildScratch& scratch,
                                             Visit&& visit) {
  // 1. The occupied set, and what its colourings share when it is new.
  const int n = table.pieces();
  if (scratch.set.MoveTo(n, index >> n)) {
    const Bitboard occupied = scratch.set.squares;
    int count = 0;
    for (Bitboard b = occupied; b;) {
      const int from = PopLowest(b);
      const Bitboard from_bit = SquareBit(from);
      scratch.first_hits[from] = (from_bit & kCorners) ? 0 : CaptureFirstHits(from, occupied);
      if (scratch.first_hits[from] != 0) {
        scratch.capture_base[from] = smaller.SetBase(occupied ^ from_bit);
      }
      scratch.step_begin[from] = static_cast<uint8_t>(count);
      for (Bitboard t = StepTargets(from, occupied); t;) {
        const Bitboard child = occupied ^ from_bit ^ SquareBit(PopLowest(t));
        scratch.steps[count++] = {child, table.SetBase(child)};
      }
      scratch.step_count[from] = static_cast<uint8_t>(count - scratch.step_begin[from]);
    }
  }
  // 2. The colouring: a side without pieces has lost.
  const Bitboard occupied = scratch.set.squares;
  const Bitboard us = DepositBits(index & ((uint64_t{1} << n) - 1), occupied);
  const Bitboard them = occupied & ~us;
  if (us == 0) return WdlOutcome::Loss(0);
  if (them == 0) return WdlOutcome::Win(0);
  // 3. Captures (into the smaller table), then steps (the child's mover
  // holds our opponent's pieces).
  bool any_move = false;
  for (Bitboard pieces = us; pieces;) {
    const int from = PopLowest(pieces);
    const Bitboard after_capture = occupied ^ SquareBit(from);
    for (Bitboard targets = scratch.first_hits[from] & them; targets;) {
      const Bitboard to_bit = SquareBit(PopLowest(targets));
      visit(SliceIndex{n - 2,
                       scratch.capture_base[from] | ExtractBits(them & ~to_bit, after_capture)});
      any_move = true;
    }
    const FuChouChildScratch::Step* step = &scratch.steps[scratch.step_begin[from]];
    for (const auto* end = step + scratch.step_count[from]; step != end; ++step) {
      visit(SliceIndex{n - 1, step->base | ExtractBits(them, step->occupied)});
      any_move = true;
    }
  }
  // 4. No move: the no-move rule decides.
  if (!any_move) return NoMoveOutcome(rule, us, them);
  return std::nullopt;
}

// Per thread: the last canonical set met and the sets its moves lead to.
struct SymmetricChildScratch {
  int pieces = -1;  // the table `cache` and `edges` belong to
  SymmetricIndexer::UnrankCache cache;
  OccupiedSetEdges<SymmetricIndexer> edges;
};

// Visits the SliceIndex of every move's child of class `index` of the table
// `table` (n pieces, slice n - 1; captures lead into `smaller`, the
// (n - 1)-piece table, slice n - 2) and returns nullopt, or returns the
// outcome without visiting when the game is over there (a side without
// pieces, or no move under `rule`). Children of one class may be visited
// more than once (moves into the same class).
template <typename Visit>
std::optional<WdlOutcome> ForEachSymmetricChild(const SymmetricIndexer& table,
                                                const SymmetricIndexer& smaller, NoMoveRule rule,
                                                uint64_t index, SymmetricChildScratch& scratch,
                                                Visit&& visit) {
  // 1. The representative; a side without pieces has lost.
  const int n = table.pieces();
  if (scratch.pieces != n) scratch = SymmetricChildScratch{.pieces = n, .cache = {}, .edges = {}};
  const Position p = table.Unrank(index, scratch.cache);
  if (p.us == 0) return WdlOutcome::Loss(0);
  if (p.them == 0) return WdlOutcome::Win(0);
  // 2. Captures (into the smaller table), then steps (the child's mover
  // holds our opponent's pieces).
  OccupiedSetEdges<SymmetricIndexer>& edges = scratch.edges;
  edges.Reset(p.us | p.them);
  bool any_move = false;
  for (Bitboard pieces = p.us; pieces;) {
    const int from = PopLowest(pieces);
    for (Bitboard targets = edges.FirstHits(from, smaller) & p.them; targets;) {
      const Bitboard to_bit = SquareBit(PopLowest(targets));
      visit(SliceIndex{n - 2, smaller.Rank(p.them & ~to_bit, edges.CaptureSet(from))});
      any_move = true;
    }
    for (const auto& step : edges.StepsFrom(from, table)) {
      visit(SliceIndex{n - 1, table.Rank(p.them, step.set)});
      any_move = true;
    }
  }
  // 3. No move: the no-move rule decides.
  if (!any_move) return NoMoveOutcome(rule, p.us, p.them);
  return std::nullopt;
}

}  // namespace retro::surakarta

#endif  // PLUGINS_SURAKARTA_CHILD_INDICES_H_
