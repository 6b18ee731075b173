// The change-driven method of retro's finite-horizon solver, stripped to
// its minimum: the floor that retro's oware solve is measured against
// (docs/benchmarks.md), not a second solver.
//
// Every board of 0..N seeds is one state of a single array (the colex rank
// of its seed count plus the boards of fewer seeds), so a capture is an
// ordinary edge and the whole book runs one loop of layers: layer t marks
// the parents of the states that changed at layer t - 1 (when the child's
// new term beats the parent's value, or its old term was the parent's
// maximum and dropped), evaluates the marked states against V_{t-1} and
// applies their changes. What retro's solver does besides is left out:
// slices, threads, memory budgets, checks of the game's contract, the
// layer-ordered change log spilled to disk, the per-state store, its bit
// coding, checkpoints, progress and the file. The changes are kept in
// memory in layer order; Value() reads per-state lists made from them after
// the timed solve.
//
//   ChangeFloor floor(9, Rules{});
//   floor.times().marking_ms;       // one phase of the solve
//   floor.Value(board, 120);        // V_120(board)
#ifndef BENCHMARKS_OWARE_CHANGE_FLOOR_H_
#define BENCHMARKS_OWARE_CHANGE_FLOOR_H_

#include <cstdint>
#include <vector>

#include "games/oware/board.h"
#include "games/oware/colex_indexer.h"
#include "games/oware/rules.h"

namespace retro::oware::floor {

// Milliseconds of each phase of one solve (steady clock, one thread).
struct FloorTimes {
  double expanding_ms = 0;   // every board's moves, children ranked (CSR)
  double reverse_ms = 0;     // the parents of every state (CSR)
  double marking_ms = 0;     // the parents of each layer's changes
  double evaluating_ms = 0;  // the marked states, changes applied
};

// The whole book of 0..seeds seeds under `rules`, solved once on
// construction.
class ChangeFloor {
 public:
  // The most seeds a floor may cover (its states, edges and changes are
  // counted in 32 bits; 16 seeds hold about 0.4 G changes).
  static constexpr int kMaxSeeds = 16;

  // Solves every board of 0..seeds seeds for t = 0..rules.turn_limit,
  // stopping at the first layer without a change. Requires 0 <= seeds <=
  // kMaxSeeds and 1 <= rules.turn_limit <= 65535.
  ChangeFloor(int seeds, const Rules& rules);

  // V_t(board), for 0 <= t <= the turn limit and TotalSeeds(board) <= seeds.
  int Value(const Board& board, int t) const;

  uint64_t states() const { return first_.back(); }
  uint64_t edges() const { return edges_; }
  uint64_t evaluations() const { return evaluations_; }
  // Changes stored: (layer, value) entries, V_0 counted when not 0.
  uint64_t changes() const { return log_states_.size(); }
  // The changes of the boards with n seeds.
  uint64_t ChangesWithSeeds(int n) const;
  // The last layer at which a value changed.
  int last_change() const { return last_change_; }
  const FloorTimes& times() const { return times_; }

 private:
  template <GrandSlam kGrandSlam>
  void Solve(const Rules& rules);
  // Per-state lists of (layer, value), from the changes in layer order.
  void BuildLists(const std::vector<uint32_t>& layer_end);

  const int seeds_;
  const ColexIndexer indexer_;
  std::vector<uint32_t> first_;  // first state of each seed count, and the total
  uint64_t edges_ = 0;
  uint64_t evaluations_ = 0;
  int last_change_ = 0;
  FloorTimes times_;
  // Every change in layer order: its state and new value.
  std::vector<uint32_t> log_states_;
  std::vector<int8_t> log_values_;
  // The same changes by state: state s's are [begin[s], begin[s + 1]).
  std::vector<uint32_t> by_state_begin_;
  std::vector<uint16_t> by_state_layers_;
  std::vector<int8_t> by_state_values_;
};

}  // namespace retro::oware::floor

#endif  // BENCHMARKS_OWARE_CHANGE_FLOOR_H_
