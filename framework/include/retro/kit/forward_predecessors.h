// Predecessors of a LoopyWdlRules game without take-backs (retro/kit/
// loopy_wdl_rules.h, HasTakeBacks): the in-slice edges of a slice listed by
// a forward pass over its positions' moves into predecessor lists
// (retro/solver/predecessor_lists.h), which the solver's view
// (loopy_wdl_solve_view.h) reads instead of take-backs. The edges are those
// Describe counts as in-slice moves: none from an index that is no position
// or whose game is over, one per move otherwise, and one per distinct child
// class when an index numbers a class (index_traits().indexes_classes), so
// that a position's predecessor visits equal its open-move count.
//
//   auto lists = BuildForwardPredecessors(rules, slice, pool, options);
//   LoopyWdlSolveView<R> view(rules, slice, solved, &*lists);
#ifndef RETRO_KIT_FORWARD_PREDECESSORS_H_
#define RETRO_KIT_FORWARD_PREDECESSORS_H_

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "retro/format/wdl/wdl.h"
#include "retro/kit/loopy_wdl_plays.h"
#include "retro/kit/loopy_wdl_rules.h"
#include "retro/solver/predecessor_lists.h"
#include "retro/thread_pool.h"

namespace retro::kit {

// Calls emit(uint64_t child, bool keeps_turn) for each in-slice edge out
// of index `parent` of `slice`, as Describe counts them; `ranks` is
// scratch space.
template <LoopyWdlRules R, typename Emit>
void ForEachInSliceChild(const R& rules, int slice, const typename R::Position& p,
                         std::vector<uint64_t>& ranks, Emit&& emit) {
  if (!rules.IsPosition(p)) return;
  const bool classes = IndexTraitsOf(rules).indexes_classes;
  ranks.clear();
  // The plays, each with whether it keeps the turn, as Describe reads them
  // (loopy_wdl_plays.h); a class index's distinct children as
  // edge keys (EdgeKey).
  const std::optional<WdlOutcome> over = LoopyWdlPlays<R>(rules).Play(
      p, [&](const typename R::Move*, const typename R::Position& child, bool keeps_turn) {
        const SliceIndex to = rules.Rank(child);
        if (to.slice != slice) return;
        if (classes) {
          ranks.push_back(EdgeKey<R>(to.index, keeps_turn));
        } else {
          emit(to.index, keeps_turn);
        }
      });
  if (over.has_value() || !classes) return;
  const int distinct = SortDistinctClasses(ranks);
  for (int i = 0; i < distinct; ++i) emit(EdgeIndex<R>(ranks[i]), EdgeKeepsTurn<R>(ranks[i]));
}

// The predecessor lists of slice `slice`, built on `pool`'s threads. Under
// extra turns (MovesMayKeepTurn) the lists hold the parents' edge keys
// (EdgeKey): they are built over twice the indices, each key emitting the
// moves of its parent of its kind.
template <LoopyWdlRules R>
absl::StatusOr<solver::PredecessorLists> BuildForwardPredecessors(
    const R& rules, int slice, ThreadPool& pool, const solver::PredecessorListsOptions& options) {
  // One Unranker (its cache) and scratch vector per thread.
  std::vector<Unranker<R>> unrankers(pool.size(), Unranker<R>(rules));
  std::vector<std::vector<uint64_t>> ranks(pool.size());
  constexpr bool kExtraTurns = MovesMayKeepTurn<R>();
  const uint64_t size = rules.slice_size(slice);
  return solver::PredecessorLists::Build(
      kExtraTurns ? 2 * size : size, pool,
      [&](int worker, uint64_t key, auto&& emit) {
        ForEachInSliceChild(rules, slice, unrankers[worker](slice, EdgeIndex<R>(key)),
                            ranks[worker], [&](uint64_t child, bool keeps_turn) {
                              if (keeps_turn == EdgeKeepsTurn<R>(key)) emit(child);
                            });
      },
      options);
}

// About how many in-slice edges slice `slice` has, from the moves of up to
// `samples` indices spread evenly over it (cheap enough for a plan).
template <LoopyWdlRules R>
uint64_t EstimateInSliceEdges(const R& rules, int slice, uint64_t samples = 4096) {
  const uint64_t size = rules.slice_size(slice);
  if (size == 0) return 0;
  const uint64_t taken = std::min(size, samples);
  std::vector<uint64_t> ranks;
  uint64_t edges = 0;
  for (uint64_t k = 0; k < taken; ++k) {
    const uint64_t index = static_cast<uint64_t>(static_cast<long double>(k) * size / taken);
    ForEachInSliceChild(rules, slice, rules.Unrank(slice, index), ranks,
                        [&](uint64_t, bool) { ++edges; });
  }
  return static_cast<uint64_t>(static_cast<long double>(edges) * size / taken);
}

// The bytes the predecessor lists of the largest slice take (estimated by
// sampling), of which `parents` are the parent array; zero for rules with
// take-backs, which need no lists.
struct ForwardPredecessorBytes {
  uint64_t ends = 0;
  uint64_t parents = 0;
};
template <LoopyWdlRules R>
ForwardPredecessorBytes EstimateForwardPredecessorBytes(const R& rules) {
  ForwardPredecessorBytes largest;
  if constexpr (!HasTakeBacks<R>) {
    for (int s = 0; s < rules.num_slices(); ++s) {
      const uint64_t size = rules.slice_size(s);
      const uint64_t edges = EstimateInSliceEdges(rules, s);
      // Under extra turns the lists run over edge keys, twice the indices.
      const uint64_t keys = MovesMayKeepTurn<R>() ? 2 * size : size;
      const ForwardPredecessorBytes bytes{solver::PredecessorLists::EndBytes(keys, edges),
                                          solver::PredecessorLists::ParentBytes(keys, edges)};
      if (bytes.ends + bytes.parents > largest.ends + largest.parents) largest = bytes;
    }
  }
  return largest;
}

}  // namespace retro::kit

#endif  // RETRO_KIT_FORWARD_PREDECESSORS_H_
