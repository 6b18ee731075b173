// The game contract of the finite-horizon solver family
// (retro::solver::SolveFiniteHorizon, retro/solver/finite_horizon.h), as the
// C++20 concept FiniteHorizonGame, and the node a game fills for it.
//
//   struct Game {
//     static constexpr int kMaxMoves = ...;           // most moves of a state
//     int num_slices() const;                          // slices 0..num_slices-1
//                                                      // (at most 256)
//     uint64_t slice_size(int slice) const;            // < 2^32
//     // Fills `node` for state `index` of `slice`: limit and terminal value
//     // and the moves (child slice <= slice, child index, reward). Values
//     // and rewards must fit in int8; at most kMaxMoves moves.
//     void Expand(int slice, uint64_t index,
//                 FiniteHorizonNode<kMaxMoves>& node) const;
//     // Optional: calls each(index, node) for index = begin..end-1 in
//     // order, each node as Expand fills it (for a game that steps from a
//     // state to the next faster than it decodes an index).
//     template <typename F>
//     void ExpandRange(int slice, uint64_t begin, uint64_t end, F&& each) const;
//     // Optional: true when a move may keep the turn (Move::keeps_turn):
//     // its term is then reward + V_{t-1}(child), the child's value being
//     // the same player's. Without it every move passes the turn.
//     static constexpr bool kMovesMayKeepTurn = true;
//   };
//
// Everything is inlined: the game is a template parameter of the solver.
#ifndef RETRO_SOLVER_FINITE_HORIZON_GAME_H_
#define RETRO_SOLVER_FINITE_HORIZON_GAME_H_

#include <concepts>
#include <cstdint>

#include "retro/moves_keep_turn.h"

namespace retro {

// One state as the game describes it to the finite-horizon solver.
template <int kMaxMoves>
struct FiniteHorizonNode {
  struct Move {
    int slice;
    uint64_t index;
    int reward;
    // The same player moves again at the child (an extra turn); read only
    // when the game declares kMovesMayKeepTurn.
    bool keeps_turn = false;
  };
  int limit_value = 0;     // V_0
  int terminal_value = 0;  // V_t, t >= 1, when num_moves == 0
  int num_moves = 0;
  Move moves[kMaxMoves];
};

}  // namespace retro

namespace retro::solver {

// The members of the contract, one concept each, so that an error can name
// the one a game lacks.
template <typename G>
concept FiniteHorizonHasMaxMoves = requires {
  { G::kMaxMoves } -> std::convertible_to<int>;
} && (G::kMaxMoves > 0);
template <typename G>
concept FiniteHorizonHasSlices = requires(const G& g, int slice) {
  { g.num_slices() } -> std::convertible_to<int>;
  { g.slice_size(slice) } -> std::convertible_to<uint64_t>;
};
template <typename G>
concept FiniteHorizonHasExpand =
    FiniteHorizonHasMaxMoves<G> &&
    requires(const G& g, int slice, uint64_t index,
             FiniteHorizonNode<G::kMaxMoves>& node) {
      g.Expand(slice, index, node);
    };

// The optional ExpandRange of the contract.
template <typename G>
concept FiniteHorizonHasExpandRange =
    FiniteHorizonHasMaxMoves<G> &&
    requires(const G& g, int slice, uint64_t index,
             void (*each)(uint64_t, FiniteHorizonNode<G::kMaxMoves>&)) {
      g.ExpandRange(slice, index, index, each);
    };

// A game SolveFiniteHorizon accepts (the contract above).
template <typename G>
concept FiniteHorizonGame = FiniteHorizonHasMaxMoves<G> &&
                            FiniteHorizonHasSlices<G> &&
                            FiniteHorizonHasExpand<G>;

// Fails to compile, naming the missing member, when G is not a
// FiniteHorizonGame; the solver's entry point calls it first.
template <typename G>
constexpr bool AssertFiniteHorizonGame() {
  static_assert(FiniteHorizonHasMaxMoves<G>,
                "finite-horizon solver: the game lacks `static constexpr int "
                "kMaxMoves` (> 0)");
  static_assert(FiniteHorizonHasSlices<G>,
                "finite-horizon solver: the game lacks `int num_slices() "
                "const` or `uint64_t slice_size(int slice) const`");
  static_assert(FiniteHorizonHasExpand<G>,
                "finite-horizon solver: the game lacks `void Expand(int slice, "
                "uint64_t index, FiniteHorizonNode<kMaxMoves>& node) const`");
  return FiniteHorizonGame<G>;
}

}  // namespace retro::solver

#endif  // RETRO_SOLVER_FINITE_HORIZON_GAME_H_
