// A small invented finite-horizon game for the solver's tests, nothing like
// oware: negative rewards, non-zero limit values, terminal states in every
// slice, cycles, moves skipping several slices.
#ifndef TESTS_SOLVERS_FINITE_HORIZON_RING_GAME_H_
#define TESTS_SOLVERS_FINITE_HORIZON_RING_GAME_H_

#include <cstdint>

#include "retro/solver/finite_horizon_game.h"

namespace retro {

// States: slice k = coins left (0..kSlices-1), index = a cell of a ring whose
// size depends on k. Moves: step 1 or 3 cells round the ring (same slice,
// reward depends on the cell), or, on some cells, take 1 or 2 coins (smaller
// slice, reward +-coins). Some cells have no move at all.
struct RingGame {
  static constexpr int kMaxMoves = 4;
  // With `conserving`, moves within a slice earn nothing and V_0 = 0 (as in
  // oware, where only captures score), so values stay bounded.
  bool conserving = false;
  static constexpr int kSlices = 7;
  int num_slices() const { return kSlices; }
  // Cells of slice 0; slice k has 3k more.
  int base = 5;
  uint64_t slice_size(int k) const { return Size(k); }
  int Size(int k) const { return base + 3 * k; }

  void Expand(int k, uint64_t index, FiniteHorizonNode<kMaxMoves>& node) const {
    const int p = static_cast<int>(index);
    const int n = Size(k);
    node.limit_value = conserving ? 0 : (p * 7 + k) % 5 - 2;
    node.terminal_value = (k * 3 + p) % 7 - 3;
    node.num_moves = 0;
    if ((p + 2 * k) % 6 == 5) return;  // a dead end
    node.moves[node.num_moves++] = {k, static_cast<uint64_t>((p + 1) % n),
                                    conserving ? 0 : (p % 3) - 1};
    if (n > 3) {
      node.moves[node.num_moves++] = {k, static_cast<uint64_t>((p + 3) % n),
                                      conserving ? 0 : -(p % 2)};
    }
    for (int take = 1; take <= 2 && take <= k; ++take) {
      if ((p + take) % 3 == 0) {
        const int child = k - take;
        node.moves[node.num_moves++] = {child, static_cast<uint64_t>((p * 5 + take) % Size(child)),
                                        (take == 1 ? 1 : -1) * (1 + p % 3)};
      }
    }
  }
};

}  // namespace retro

#endif  // TESTS_SOLVERS_FINITE_HORIZON_RING_GAME_H_
