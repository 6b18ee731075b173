// Adapts the oware rules to the finite-horizon solver's Game contract
// (retro/solver/finite_horizon.h): slice n holds the boards with n seeds,
// ranked by `Indexer`; a move's reward is the seeds it captures, so a capture
// leads to a smaller slice. The grand slam rule is a template parameter so
// that move generation compiles without a runtime branch.
//
// `Indexer` is any scheme satisfying retro::SlicedIndexer<Indexer, Board>
// (retro/indexer.h; the schemes are in games/oware/*_indexer.h). When it also
// satisfies retro::IncrementalRanking<Indexer, Board, Move>, children are
// ranked from the parent's rank with RankChild instead of from scratch.
#ifndef PLUGINS_OWARE_SOLVER_GAME_H_
#define PLUGINS_OWARE_SOLVER_GAME_H_

#include <concepts>
#include <cstdint>

#include "games/oware/board.h"
#include "games/oware/movegen.h"
#include "games/oware/rules.h"
#include "retro/indexer.h"
#include "retro/solver/finite_horizon.h"

namespace retro::oware {

// The finite-horizon Game of the oware book under grand slam rule
// kGrandSlam, ranking boards with `indexer` (which must outlive it).
template <GrandSlam kGrandSlam, SlicedIndexer<Board> Indexer>
class OwareSolverGame {
 public:
  static constexpr int kMaxMoves = oware::kMaxMoves;

  OwareSolverGame(const Indexer& indexer, int max_seeds, AtLimit at_limit)
      : indexer_(indexer), max_seeds_(max_seeds), at_limit_(at_limit) {}

  int num_slices() const { return max_seeds_ + 1; }
  uint64_t slice_size(int seeds) const { return indexer_.Size(seeds); }

  void Expand(int seeds, uint64_t index, FiniteHorizonNode<kMaxMoves>& node) const {
    ExpandBoard(seeds, index, indexer_.Unrank(seeds, index), node);
  }

  // With an indexer that steps to the next board in rank order
  // (Successor), a range is expanded with one Unrank.
  template <typename F>
  void ExpandRange(int seeds, uint64_t begin, uint64_t end, F&& each) const
    requires requires(const Indexer& indexer, const Board& board) {
      { indexer.Successor(board) } -> std::same_as<Board>;
    }
  {
    if (begin >= end) return;
    Board board = indexer_.Unrank(seeds, begin);
    FiniteHorizonNode<kMaxMoves> node;
    for (uint64_t index = begin;; board = indexer_.Successor(board)) {
      ExpandBoard(seeds, index, board, node);
      each(index, node);
      if (++index == end) break;
    }
  }

 private:
  // Fills `node` for `board`, of rank `index` among the boards of `seeds`
  // seeds.
  void ExpandBoard(int seeds, uint64_t index, const Board& board,
                   FiniteHorizonNode<kMaxMoves>& node) const {
    node.limit_value = LimitValue(board, at_limit_);
    node.terminal_value = TerminalValue(board);
    Move moves[kMaxMoves];
    node.num_moves = GenerateMoves<kGrandSlam>(board, moves);
    for (int m = 0; m < node.num_moves; ++m) {
      node.moves[m].slice = seeds - moves[m].captured;
      if constexpr (IncrementalRanking<Indexer, Board, Move>) {
        node.moves[m].index = indexer_.RankChild(board, index, moves[m]);
      } else {
        node.moves[m].index = indexer_.Rank(moves[m].child);
      }
      node.moves[m].reward = moves[m].captured;
    }
  }

  const Indexer& indexer_;
  const int max_seeds_;
  const AtLimit at_limit_;
};

// Returns visit(game) for the OwareSolverGame of `rules`' grand slam rule
// (one instantiation per rule) over the boards of up to `max_seeds` seeds.
template <SlicedIndexer<Board> Indexer, typename Visit>
decltype(auto) VisitSolverGame(const Rules& rules, const Indexer& indexer, int max_seeds,
                               Visit&& visit) {
  return VisitGrandSlam(rules.grand_slam, [&](auto rule) {
    return visit(
        OwareSolverGame<decltype(rule)::value, Indexer>(indexer, max_seeds, rules.at_limit));
  });
}

}  // namespace retro::oware

#endif  // PLUGINS_OWARE_SOLVER_GAME_H_
