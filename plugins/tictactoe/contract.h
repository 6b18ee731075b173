// Tic-tac-toe as the contract checker sees it (retro::CheckableGame,
// retro/contract/checkable_game.h): one slice of 3^9 boards, the rules'
// moves, and as take-backs the predecessors the loopy solver adapter
// (solver_game.h) enumerates, so `retro check --game tictactoe` tests what
// the solver relies on: the base-3 bijection, the notation, that the
// solver's move counts and predecessors agree with the rules both ways.
#ifndef TICTACTOE_CONTRACT_H_
#define TICTACTOE_CONTRACT_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "indexer.h"
#include "notation.h"
#include "position.h"
#include "retro/contract/checkable_game.h"
#include "retro/contract/loopy_wdl_view.h"
#include "solver_game.h"

namespace tictactoe {

// The checkable view of tic-tac-toe.
class ContractGame {
 public:
  using Position = tictactoe::Position;

  int num_slices() const { return 1; }
  uint64_t slice_size(int) const { return kIndexCount; }
  std::string slice_name(int) const { return "positions"; }
  Position Unrank(int, uint64_t index) const { return tictactoe::Unrank(index); }
  retro::SliceIndex Rank(const Position& p) const { return {0, tictactoe::Rank(p)}; }
  bool IsPosition(const Position& p) const { return IsLegal(p); }
  std::string Format(const Position& p) const { return FormatPosition(p); }
  absl::StatusOr<Position> Parse(const std::string& text) const { return ParsePosition(text); }

  template <typename Visit>
  void ForEachChild(const Position& p, Visit&& visit) const {
    ForEachMove(p, [&](int, Position child) { visit(child); });
  }
  bool ChildSliceAllowed(int from, int to) const { return from == to; }

  // The solver's predecessors, over three parts of its partition.
  template <typename Visit>
  void ForEachParent(const Position& p, Visit&& visit) const {
    retro::ForEachPredecessorForCheck(SolverGame(), tictactoe::Rank(p), 3,
                                      [&](uint64_t q) { visit(tictactoe::Unrank(q)); });
  }

  // The solver adapter's Describe against the rules' moves.
  std::string Inconsistency(const Position& p) const {
    int moves = 0;
    ForEachChild(p, [&](const Position&) { ++moves; });
    return retro::LoopyWdlInconsistency(retro::DescribeForCheck(SolverGame(), tictactoe::Rank(p)),
                                        moves, moves);
  }
};

static_assert(retro::CheckableGame<ContractGame>);

}  // namespace tictactoe

#endif  // TICTACTOE_CONTRACT_H_
