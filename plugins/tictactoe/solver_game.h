// Tic-tac-toe seen by the framework's loopy win/draw/loss solver
// (retro/solver/loopy_wdl.h): one slice holding every index of the base-3
// indexer. The solver asks two things of a game:
//   Describe(index): terminal value, or the number of moves (all of which
//     stay in the slice here: the game has no conversions);
//   ForEachPredecessor(index): the positions with a move into `index`.
// Tic-tac-toe has no cycles, so "loopy" is more than it needs; the same
// solver handles games where play can repeat (endless play is a draw).
//
// Indices that are not legal positions are described as drawn terminals
// (they have no moves and no legal position moves into them, so their value
// reaches nobody); the plugin marks them as "not a position" afterwards.
#ifndef TICTACTOE_SOLVER_GAME_H_
#define TICTACTOE_SOLVER_GAME_H_

#include <bit>
#include <cstdint>

#include "indexer.h"
#include "position.h"
#include "retro/solver/loopy_wdl.h"

namespace tictactoe {

// The value for the side to move of a finished game.
constexpr retro::WdlOutcome TerminalValue(GameState state) {
  return state == GameState::kLost ? retro::WdlOutcome::Loss(0)
                                   : retro::WdlOutcome::Draw();
}

// Implements the game contract of retro::solver::SolveLoopyWdl (the concept
// retro::solver::LoopyWdlGame).
class SolverGame {
 public:
  // No per-thread cache is worth having: unranking is nine divisions.
  struct Scratch {};

  uint64_t size() const { return kIndexCount; }

  template <typename Sink>
  void Describe(Scratch&, uint64_t index, Sink& sink) const {
    const Position p = Unrank(index);
    if (!IsLegal(p)) {
      sink.Terminal(retro::WdlOutcome::Draw());
      return;
    }
    const GameState state = State(p);
    if (state != GameState::kOngoing) {
      sink.Terminal(TerminalValue(state));
      return;
    }
    // Every empty cell is a move, and every move stays in the slice. This
    // count must equal the number of times ForEachPredecessor reports this
    // position (once from each child).
    sink.InSliceMoves(std::popcount(p.Empty()));
  }

  // The parents of `index` whose index falls in part `part` of `parts`
  // (index modulo parts: any function of the position works).
  template <typename Visit>
  void ForEachPredecessor(Scratch&, uint64_t index, int part, int parts,
                          Visit&& visit) const {
    const Position p = Unrank(index);
    if (!IsLegal(p)) return;
    ForEachParent(p, [&](Position parent) {
      const uint64_t parent_index = Rank(parent);
      if (static_cast<int>(parent_index % parts) == part) visit(parent_index);
    });
  }
};

}  // namespace tictactoe

#endif  // TICTACTOE_SOLVER_GAME_H_
