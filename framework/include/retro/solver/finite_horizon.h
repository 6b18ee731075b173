// The finite-horizon solver family: for every state s of every slice and
// every number of plies left t = 0..T,
//
//   V_0(s) = the game's limit value,
//   V_t(s) = the game's terminal value                  if s has no move,
//          = max over moves m of (reward(m) - V_{t-1}(child(m)))  otherwise,
//
// or reward(m) + V_{t-1}(child(m)) for a move that keeps the turn (a game
// declaring kMovesMayKeepTurn, retro/solver/finite_horizon_game.h).
//
// Slices are solved in increasing order; a move may stay in its slice or go
// to a smaller, already solved one (oware: a capture lowers the seed count).
// This file is the entry point, SolveFiniteHorizon, and the orchestration
// over the slices: each slice restored or solved (one slice:
// finite_horizon_slice.h), kept, saved, coded and handed over.
//
// Distributed (SolveContext::communicator, retro/distributed/): each slice's
// states are split into one contiguous range per rank
// (retro/distributed/partition.h). A rank expands only its own states and
// keeps their forward edges, records of their children's values, outer
// terms and their events, terminal values, dirty bitmap and change log,
// and the reverse edges whose parent it owns; every rank keeps a replica
// of the slice's V_0 (one byte a state) until its records are filled.
// After each layer, the ranks' changes (in index order) are gathered on
// every rank in one batch, so each rank writes the changed children's
// values into its own parents' records. Each rank lays out the store of
// its own range from its own log and keeps it: the finished slices are
// split like the work. Before a slice is evaluated, each rank fetches the
// change lists of the children its moves into smaller slices read from
// the ranks that keep them (batched exchanges). Once a slice is solved the
// ranks bit-code it together, each its own range
// (retro/format/finite_horizon/write/bit_coder.h), and rank 0 gathers the coded
// store (and, to save it in a checkpoint, the byte-coded one) and returns
// them, byte for byte those of a single-process solve; the other ranks
// return empty stores. With one rank (no communicator) this is the
// single-process solver. The exchanges between ranks are in
// finite_horizon_exchange.h.
//
// The game contract is the concept FiniteHorizonGame in
// retro/solver/finite_horizon_game.h.
//
// Usage:
//   std::vector<retro::FiniteHorizonSliceStats> stats;
//   auto stores = retro::solver::SolveFiniteHorizon(
//       game, {.horizon = 200, .stats = &stats}, context);
#ifndef RETRO_SOLVER_FINITE_HORIZON_H_
#define RETRO_SOLVER_FINITE_HORIZON_H_

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/distributed/communicator.h"
#include "retro/distributed/local_communicator.h"
#include "retro/distributed/partition.h"
#include "retro/distributed/status_agreement.h"
#include "retro/format/finite_horizon/store.h"
#include "retro/format/finite_horizon/write/bit_coder.h"
#include "retro/format/finite_horizon/write/store_writer.h"
#include "retro/progress.h"
#include "retro/solver/change_log.h"
#include "retro/solver/finite_horizon_exchange.h"
#include "retro/solver/finite_horizon_game.h"
#include "retro/solver/finite_horizon_options.h"
#include "retro/solver/finite_horizon_slice.h"
#include "retro/solver/solve_context.h"
#include "retro/thread_pool.h"

namespace retro::solver {

namespace internal {

template <typename Game>
class FiniteHorizonSolver {
 public:
  // `horizon` is T (>= 0). Solves every slice and returns their stores, in
  // slice order. `progress` gets one phase over the whole solve.
  // `memory_budget` (0: none) bounds the tables of one slice on one rank.
  // Every rank of `comm` calls it; rank 0 returns the stores, the others
  // one empty store a slice.
  static absl::StatusOr<std::vector<std::vector<uint8_t>>> SolveAll(
      const Game& game, const FiniteHorizonOptions& options, ThreadPool& pool,
      Progress& progress, uint64_t memory_budget, distributed::Communicator& comm,
      const ChangeLog::Options& log_options = {}) {
    // Under R > 1 ranks each rank keeps its own range of every solved
    // slice (`kept`), from which the others fetch the lists their moves
    // into it read; the ranks code each slice together as soon as it is
    // solved, and rank 0 gathers the coded stores (`whole`) and returns
    // them (KeepSplitSlice). A single process keeps the whole stores,
    // codes them at the end and returns them.
    const bool split = comm.size() > 1;
    std::vector<std::vector<uint8_t>> kept;
    std::vector<std::vector<uint8_t>> whole(split ? game.num_slices() : 0);
    std::vector<FiniteHorizonStoreView> views;
    // The codes of the last slice solved (none before the first): the
    // next one's byte-coded store is written with them when it is
    // bit-coded afterwards.
    FiniteHorizonCoder codes(std::vector<uint64_t>(FiniteHorizonCoder::kSteps, 0));
    const uint64_t total = PositionLayers(game, options.horizon);
    progress.StartPhase("solving", total,
                        {"positions", std::max<uint64_t>(options.horizon, 1)});
    for (int slice = 0; slice < game.num_slices(); ++slice) {
      progress.SetLabel(absl::StrCat("solving slice ", slice + 1, "/", game.num_slices()));
      const uint64_t size = game.slice_size(slice);
      // 1. The slice's store: restored whole, or solved.
      bool restored = false;
      auto store = RestoreOrSolveSlice(game, slice, options, pool, progress, memory_budget,
                                       views, comm, log_options, codes, restored);
      if (!store.ok()) return store.status();
      // 2. Kept: this rank's range under R > 1 ranks, else the whole store.
      const absl::Status status =
          split ? KeepSplitSlice(slice, size, options, pool, comm, std::move(*store), restored,
                                 kept, views, whole[slice])
                : KeepWholeSlice(slice, size, options, std::move(*store), restored, kept, views);
      if (!status.ok()) return status;
      // 3. A restored slice passes on the codes its solve would have.
      if (restored && options.bit_code) codes = OwnCodes(views.back(), comm);
    }
    if (split) return whole;
    // 4. One process: the whole stores coded and handed over.
    if (absl::Status s = CodeAndTakeWholeStores(game, options, pool, progress, total, kept, views);
        !s.ok()) {
      return s;
    }
    return kept;
  }

 private:
  // Progress counts (state, layer) pairs over the whole solve, so the bar
  // and its ETA cover every slice; the label names the current slice.
  static uint64_t PositionLayers(const Game& game, uint32_t horizon) {
    uint64_t total = 0;
    for (int slice = 0; slice < game.num_slices(); ++slice) {
      total += game.slice_size(slice) * std::max<uint64_t>(horizon, 1);
    }
    return total;
  }

  // The store of slice `slice`: restored whole (on every rank) when
  // options.restore has it (`restored` set), else solved (this rank's
  // range under R > 1 ranks) over the solved slices' `views`. A solved
  // slice replaces `codes` with the codes of its own steps; when
  // options.bit_code, its byte-coded store is written with the `codes`
  // before (the bit-coded store is the same whichever codes it is read
  // from).
  static absl::StatusOr<std::vector<uint8_t>> RestoreOrSolveSlice(
      const Game& game, int slice, const FiniteHorizonOptions& options, ThreadPool& pool,
      Progress& progress, uint64_t memory_budget, const std::vector<FiniteHorizonStoreView>& views,
      distributed::Communicator& comm, const ChangeLog::Options& log_options,
      FiniteHorizonCoder& codes, bool& restored) {
    const uint32_t horizon = options.horizon;
    if (options.restore) {
      auto found = options.restore(slice);
      if (!found.ok()) return found.status();
      if (found->has_value()) {
        restored = true;
        progress.Advance(game.slice_size(slice) * std::max<uint64_t>(horizon, 1));
        return std::move(**found);
      }
    }
    FiniteHorizonValueBounds bounds;
    if (options.value_bounds) {
      const FiniteHorizonValueBounds declared = options.value_bounds(slice);
      bounds = {std::max(bounds.low, declared.low), std::min(bounds.high, declared.high)};
    }
    FiniteHorizonSliceSolver<Game> solver(game, slice, horizon, pool, progress, memory_budget,
                                          views, comm, log_options, bounds,
                                          options.bit_code ? &codes : nullptr);
    auto store = solver.Solve();
    if (store.ok()) codes = solver.TakeCodes();
    return store;
  }

  // The codes a solve of a slice would have passed on (the codes of its
  // own steps), counted from the kept `view` of its restored store (this
  // rank's range, checked when it was kept) and summed over the ranks.
  static FiniteHorizonCoder OwnCodes(const FiniteHorizonStoreView& view,
                                     distributed::Communicator& comm) {
    std::vector<uint64_t> counts(FiniteHorizonCoder::kSteps, 0);
    for (uint64_t s = 0; s < view.states(); ++s) {
      uint32_t last_layer = 0;
      int last_value = 0;
      view.ForEachChange(s, [&](uint32_t layer, int value) {
        FiniteHorizonCoder::CountStep(counts, layer - last_layer, value - last_value);
        last_layer = layer;
        last_value = value;
        return true;
      });
    }
    comm.AllReduceSum(std::span<uint64_t>(counts));
    return FiniteHorizonCoder(counts);
  }

  // In one process, once slice `slice` (of `size` states) is solved or
  // restored (`store`: its whole store): saves it when it was solved and
  // options.save is given, and appends it to `kept` and its view to
  // `views`.
  static absl::Status KeepWholeSlice(int slice, uint64_t size, const FiniteHorizonOptions& options,
                                     std::vector<uint8_t> store, bool restored,
                                     std::vector<std::vector<uint8_t>>& kept,
                                     std::vector<FiniteHorizonStoreView>& views) {
    if (!restored && options.save) {
      if (absl::Status s = options.save(slice, store); !s.ok()) return s;
    }
    auto view = OpenWholeStore(store, slice, size, options.horizon, restored);
    if (!view.ok()) return view.status();
    kept.push_back(std::move(store));
    views.push_back(*view);
    if (options.stats != nullptr) {
      options.stats->push_back(StatsOf(view->header(), kept.back().size()));
    }
    return absl::OkStatus();
  }

  // In one process, once every slice is solved: bit-codes the stores
  // `kept` (of views `views`) when options.bit_code asks for it (one
  // progress phase over `total`), then hands each to options.take when
  // given, in slice order.
  static absl::Status CodeAndTakeWholeStores(const Game& game, const FiniteHorizonOptions& options,
                                             ThreadPool& pool, Progress& progress, uint64_t total,
                                             std::vector<std::vector<uint8_t>>& kept,
                                             const std::vector<FiniteHorizonStoreView>& views) {
    const uint32_t horizon = options.horizon;
    std::vector<FiniteHorizonSliceStats>* stats = options.stats;
    if (options.bit_code) {
      progress.StartPhase("coding", total, {"positions", std::max<uint64_t>(horizon, 1)});
      for (int slice = 0; slice < game.num_slices(); ++slice) {
        progress.SetLabel(absl::StrCat("coding slice ", slice + 1, "/", game.num_slices()));
        // The byte-coded store is freed once read (its view with it).
        kept[slice] = BitCodeFiniteHorizonStore(views[slice], pool, nullptr,
                                                [&] { std::vector<uint8_t>().swap(kept[slice]); });
        if (stats != nullptr)
          (*stats)[stats->size() - game.num_slices() + slice].bytes = kept[slice].size();
        progress.Advance(game.slice_size(slice) * std::max<uint64_t>(horizon, 1));
      }
    }
    if (options.take) {
      for (int slice = 0; slice < game.num_slices(); ++slice) {
        if (absl::Status s = options.take(slice, std::move(kept[slice])); !s.ok()) return s;
        std::vector<uint8_t>().swap(kept[slice]);
      }
    }
    return absl::OkStatus();
  }

  // The statistics of a slice whose whole store has header `whole` and
  // whose returned store has `bytes` bytes.
  static FiniteHorizonSliceStats StatsOf(const FiniteHorizonStoreHeader& whole, uint64_t bytes) {
    FiniteHorizonSliceStats s;
    s.states = whole.states;
    s.changes = whole.entries;
    s.evaluations = whole.evaluations;
    s.last_change = whole.last_change;
    s.bytes = bytes;
    return s;
  }

  // The view of a slice's whole store (restored or solved), checked: a
  // store of the slice's states to the horizon, and valid throughout when
  // `restored` (a store this process just laid out has its header checked
  // only).
  static absl::StatusOr<FiniteHorizonStoreView> OpenWholeStore(std::span<const uint8_t> store,
                                                               int slice, uint64_t size,
                                                               uint32_t horizon, bool restored) {
    auto view = restored ? FiniteHorizonStoreView::Open(store)
                         : FiniteHorizonStoreView::OpenHeader(store);
    if (!view.ok()) return view.status();
    if (view->states() != size || view->horizon() != horizon) {
      return absl::DataLossError(absl::StrCat(
          "the restored store of slice ", slice, " holds ", view->states(), " states to t = ",
          view->horizon(), "; the slice has ", size, " states, the horizon is ", horizon));
    }
    return view;
  }

  // Under R > 1 ranks, once slice `slice` (of `size` states) is solved
  // (`store`: this rank's range) or restored (`store`: the whole store,
  // which every rank read): appends this rank's range of it to `kept` and
  // `views`, and sets `out`, on rank 0, to the slice's store as the solve
  // returns it: bit-coded by every rank's range together
  // (BitCodeFiniteHorizonRange), or gathered whole. A solved slice that is
  // saved is gathered whole on rank 0 first, and its error is every rank's.
  static absl::Status KeepSplitSlice(int slice, uint64_t size, const FiniteHorizonOptions& options,
                                     ThreadPool& pool, distributed::Communicator& comm,
                                     std::vector<uint8_t> store, bool restored,
                                     std::vector<std::vector<uint8_t>>& kept,
                                     std::vector<FiniteHorizonStoreView>& views,
                                     std::vector<uint8_t>& out) {
    const bool root = comm.rank() == 0;
    const distributed::IndexRange mine = distributed::RangeOfRank(size, comm.rank(), comm.size());
    // The whole store's header: the restored one's, or summed below.
    std::optional<FiniteHorizonStoreHeader> whole;
    if (restored) {
      auto view = OpenWholeStore(store, slice, size, options.horizon, true);
      if (!view.ok()) return view.status();
      whole = view->header();
      kept.push_back(SelectUnits(
          *view, mine.size(), [&mine](uint64_t i) { return mine.begin + i; }, pool));
    } else {
      kept.push_back(std::move(store));
    }
    std::vector<uint8_t>().swap(store);
    // A solved range's header holds the slice's last change and its own
    // states, changes and evaluations.
    auto range = FiniteHorizonStoreView::OpenHeader(kept.back());
    if (!range.ok()) return range.status();
    views.push_back(*range);
    if (!whole.has_value()) {
      whole = SumFiniteHorizonHeader(comm, range->header(), size);
    }
    const bool save = options.save != nullptr && !restored;
    if (save || !options.bit_code) {
      store = GatherFiniteHorizonStore(comm, *range, *whole);
      if (save) {
        const absl::Status saved = root ? options.save(slice, store) : absl::OkStatus();
        if (absl::Status s = distributed::AgreeOnStatus(comm, saved); !s.ok()) return s;
      }
    }
    if (options.bit_code) {
      std::vector<uint8_t>().swap(store);
      internal::DistributedBitCodeExchange exchange(comm);
      out = BitCodeFiniteHorizonRange(*range, mine.begin, *whole, pool, exchange);
    } else if (root) {
      out = std::move(store);
    }
    if (options.stats != nullptr) options.stats->push_back(StatsOf(*whole, out.size()));
    if (options.take) {
      const absl::Status taken = root ? options.take(slice, std::move(out)) : absl::OkStatus();
      std::vector<uint8_t>().swap(out);
      return distributed::AgreeOnStatus(comm, taken);
    }
    return absl::OkStatus();
  }
};

}  // namespace internal

// Solves every slice of `game` (the contract FiniteHorizonGame of
// retro/solver/finite_horizon_game.h) for layers 0..options.horizon with the
// threads and progress of `context` (one phase over the whole solve) and
// returns each slice's FiniteHorizonStore, in slice order (under a
// communicator of R > 1 ranks: on rank 0; the others get one empty store a
// slice). Fails with a
// status, never truncating, when the horizon, the slice count, a slice's
// size or edge count, a move count, a value or a reward is out of range, or
// when a move leads outside a smaller or equal slice.
template <typename Game>
absl::StatusOr<std::vector<std::vector<uint8_t>>> SolveFiniteHorizon(
    const Game& game, const FiniteHorizonOptions& options,
    const SolveContext& context) {
  static_assert(AssertFiniteHorizonGame<Game>());
  if (options.horizon > kMaxFiniteHorizon) {
    return absl::InvalidArgumentError(
        absl::StrCat("horizon ", options.horizon, " exceeds ",
                     kMaxFiniteHorizon, ", the most a store records"));
  }
  if (game.num_slices() < 0 || game.num_slices() > kMaxFiniteHorizonSlices) {
    return absl::InvalidArgumentError(
        absl::StrCat("the game has ", game.num_slices(), " slices; 0..",
                     kMaxFiniteHorizonSlices, " are supported"));
  }
  internal::ContextPool pool(context);
  Progress no_progress;
  Progress& progress =
      context.progress != nullptr ? *context.progress : no_progress;
  distributed::LocalCommunicator local;
  distributed::Communicator& comm =
      context.communicator != nullptr ? *context.communicator : local;
  return internal::FiniteHorizonSolver<Game>::SolveAll(
      game, options, pool.get(), progress, context.memory_budget_bytes, comm,
      {.scratch_directory = context.scratch_directory,
       .spill_bytes = context.scratch_spill_bytes});
}

}  // namespace retro::solver

#endif  // RETRO_SOLVER_FINITE_HORIZON_H_
