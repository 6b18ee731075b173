// The moves of a Surakarta record of the symmetric layout read off its
// index, for verify (the loopy kit's ForEachChildIndex hook,
// retro/kit/loopy_wdl_rules.h): the index of every move's child, or the
// outcome when the game is over. The classes of a canonical occupied set are
// consecutive indices: the representative comes from the indexer's unrank
// cache, and the sets the moves lead to, with the part of each child's rank
// they fix, from OccupiedSetEdges, once a point for all colourings, as the
// solver's SchemeTableSlice finds them. `retro check` compares these
// children with the rules' move generator.
#ifndef PLUGINS_SURAKARTA_SYMMETRIC_CHILDREN_H_
#define PLUGINS_SURAKARTA_SYMMETRIC_CHILDREN_H_

#include <cstdint>
#include <optional>

#include "games/surakarta/board.h"
#include "games/surakarta/no_move_rule.h"
#include "games/surakarta/position.h"
#include "games/surakarta/symmetric_indexer.h"
#include "plugins/surakarta/occupied_set_edges.h"
#include "plugins/surakarta/solved_outcomes.h"
#include "retro/contract/checkable_game.h"
#include "retro/format/wdl/wdl.h"

namespace retro::surakarta {

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

#endif  // PLUGINS_SURAKARTA_SYMMETRIC_CHILDREN_H_
