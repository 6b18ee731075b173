// The options of a finite-horizon solve (retro/solver/finite_horizon.h) and
// the per-slice statistics it reports, apart from the solver so that code
// which only passes options along (a kit's rules, a plugin's own Solve)
// need not include it.
#ifndef RETRO_SOLVER_FINITE_HORIZON_OPTIONS_H_
#define RETRO_SOLVER_FINITE_HORIZON_OPTIONS_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace retro {

// Per-slice statistics of a solve.
struct FiniteHorizonSliceStats {
  uint64_t states = 0;
  uint64_t changes = 0;       // stored (layer, value) entries
  uint64_t evaluations = 0;   // state evaluations performed
  uint32_t last_change = 0;   // V_t = V_{last_change} for t >= last_change
  uint64_t bytes = 0;         // size of the slice's store
};

}  // namespace retro

namespace retro::solver {

// The values a slice may hold, low..high (within int8, which the store
// holds).
struct FiniteHorizonValueBounds {
  int low = -128;
  int high = 127;
};

// Options of the finite-horizon family.
struct FiniteHorizonOptions {
  // T: layers 0..T are solved (at most kMaxFiniteHorizon).
  uint32_t horizon = 0;
  // If set, the values each slice may hold (a kit's MinValue..MaxValue): a
  // value outside them stops the solve with an error naming the state, the
  // layer and the bounds, so that no store holds what its reader refuses.
  // Unset: the int8 range.
  std::function<FiniteHorizonValueBounds(int slice)> value_bounds = nullptr;
  // If not null, receives one entry per slice, in slice order.
  std::vector<FiniteHorizonSliceStats>* stats = nullptr;
  // Resuming (retro/checkpoint.h): if set, called before solving each slice;
  // a store it returns (from an earlier run of the same solve) is used
  // instead of solving the slice, after its header is checked against the
  // slice's size and the horizon.
  std::function<absl::StatusOr<std::optional<std::vector<uint8_t>>>(int slice)> restore = nullptr;
  // If set, called with each slice's store as soon as it is solved.
  std::function<absl::Status(int slice, const std::vector<uint8_t>& store)> save = nullptr;
  // When every slice is solved, rewrite each store bit-coded
  // (retro/format/finite_horizon/write/bit_coder.h): about half the bytes, lookups a little
  // slower. The stores saved while solving stay byte-coded.
  bool bit_code = true;
  // If set, each slice's final store (as the solve would return it) is
  // handed to it, in slice order, as soon as it is final, and the returned
  // store is empty: a distributed solve's rank 0 (the only rank with
  // stores) can write each slice away instead of holding the whole book.
  // Under R > 1 ranks it is called on rank 0 only, right after the slice is
  // coded; its error is every rank's. In one process it is called once
  // every slice is coded.
  std::function<absl::Status(int slice, std::vector<uint8_t> store)> take = nullptr;
};

// The largest horizon a store can record (4-byte entries hold the layer in
// 24 bits).
inline constexpr uint32_t kMaxFiniteHorizon = (uint32_t{1} << 24) - 1;
// The most slices a game may have (outer edges record the slice in a byte).
inline constexpr int kMaxFiniteHorizonSlices = 256;
// Bytes per state of the slice solver's per-state tables at their peak
// (values, terminal values, the edge offsets, outer terms, the dirty
// bitmap, a record of max_moves child values, the state's own and its
// move count, rounded up), what a plan without the game's own estimate
// counts per position.
constexpr uint64_t FiniteHorizonBytesPerState(int max_moves) {
  return 15 + static_cast<uint64_t>(max_moves);
}
// Of those, the bytes every rank keeps for every state of the slice being
// solved (the V_{t-1} replica and the reverse-edge offsets); the rest are
// kept for the rank's own states only.
inline constexpr uint64_t kFiniteHorizonReplicatedBytesPerState = 5;

}  // namespace retro::solver

#endif  // RETRO_SOLVER_FINITE_HORIZON_OPTIONS_H_
