// The solver of one slice of the finite-horizon family
// (retro/solver/finite_horizon.h). The work follows the changes, not the
// layers: V_t(s) can differ from V_{t-1}(s) only if some child changed
// value at layer t-1. Each state keeps a record of its in-slice children's
// values (StateRecord); a change of a child at t-1 writes its new value
// into the child's slot in each in-slice parent's record (found through a
// reverse edge list) and marks the parent, and a marked state takes its
// next value from its record alone. The terms of the moves into smaller,
// solved slices are merged once per state before the layers into the
// layers at which they change (outer_term_events.h). A layer's updates are
// bucketed by parent range and applied on a ThreadPool, a bucket to a
// thread; the changes of each layer go to a change log (change_log.h:
// about 2 bytes a change, spilled to SolveContext::scratch_directory when
// one is given), and once the slice is done the log becomes its
// FiniteHorizonStore (retro/format/finite_horizon/store.h) holding only
// the changes. The layers also count each change's step from the state's
// change before it, and, for a store that will be bit-coded (whose code
// bytes need not be its own), its bytes under the previous slice's codes,
// so that the log is read once to lay out the store instead of three
// times. Under R > 1 ranks it solves this rank's range of the slice and
// calls the exchanges of retro/solver/finite_horizon_exchange.h.
//
//   FiniteHorizonSliceSolver<Game> solver(game, slice, horizon, pool, progress,
//                                         memory_budget, finished, comm, log_options);
//   absl::StatusOr<std::vector<uint8_t>> store = solver.Solve();
//   FiniteHorizonCoder codes = solver.TakeCodes();  // the next slice may borrow them
#ifndef RETRO_SOLVER_FINITE_HORIZON_SLICE_H_
#define RETRO_SOLVER_FINITE_HORIZON_SLICE_H_

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/distributed/communicator.h"
#include "retro/distributed/partition.h"
#include "retro/distributed/status_agreement.h"
#include "retro/format/finite_horizon/store.h"
#include "retro/format/finite_horizon/write/byte_coder.h"
#include "retro/format/finite_horizon/write/store_writer.h"
#include "retro/internal/huge_pages.h"
#include "retro/internal/parallel_prefault.h"
#include "retro/progress.h"
#include "retro/solver/change_log.h"
#include "retro/solver/finite_horizon_exchange.h"
#include "retro/solver/finite_horizon_game.h"
#include "retro/solver/finite_horizon_options.h"
#include "retro/solver/outer_term_events.h"
#include "retro/solver/solve_context.h"
#include "retro/thread_pool.h"

namespace retro::solver::internal {

// Solves slice `slice` of `game` (this rank's range of it under R > 1
// ranks) for layers 0..horizon, reading the smaller slices' stores.
template <typename Game>
class FiniteHorizonSliceSolver {
 public:
  using Node = FiniteHorizonNode<Game::kMaxMoves>;

  // `finished`: what this rank keeps of each solved slice (the whole
  // store in one process, its own range under R > 1 ranks).
  // `borrowed_codes`: for a store that is only a step before bit coding
  // (the bit-coded store depends on the changes alone, not on the code
  // bytes), the codes it is written with (every rank the same: the
  // previous slice's TakeCodes()); null for a store whose codes must be
  // its own (a byte-coded file's).
  FiniteHorizonSliceSolver(const Game& game, int slice, uint32_t horizon, ThreadPool& pool,
                           Progress& progress, uint64_t memory_budget,
                           const std::vector<FiniteHorizonStoreView>& finished,
                           distributed::Communicator& comm, const ChangeLog::Options& log_options,
                           FiniteHorizonValueBounds bounds = {},
                           const FiniteHorizonCoder* borrowed_codes = nullptr)
      : game_(game), slice_(slice), horizon_(horizon), bounds_(bounds), pool_(pool),
        progress_(progress), memory_budget_(memory_budget), finished_(finished),
        size_(game.slice_size(slice)), comm_(comm),
        range_(distributed::RangeOfRank(size_, comm.rank(), comm.size())),
        lo_(range_.begin), local_(range_.size()),
        log_(static_cast<uint32_t>(lo_), local_, ExpectLogBytes(log_options, finished, local_)),
        borrowed_coder_(borrowed_codes) {}

  // After Solve(): the codes chosen from the slice's own steps (summed over
  // the ranks), which the next slice may borrow.
  FiniteHorizonCoder TakeCodes() { return std::move(*own_coder_); }

  // The slice's store (this rank's range of it under R > 1 ranks); an
  // error on one rank is the error of all.
  absl::StatusOr<std::vector<uint8_t>> Solve() {
    if (size_ >= (uint64_t{1} << 32)) {
      return absl::ResourceExhaustedError(
          absl::StrCat("slice ", slice_, " has ", size_, " states; at most 2^32 are supported"));
    }
    if (local_ * Game::kMaxMoves >= (uint64_t{1} << 32)) {
      return absl::ResourceExhaustedError(absl::StrCat(
          "slice ", slice_, " has ", local_, " states on this rank; at most 2^32 / ",
          Game::kMaxMoves, " (the most moves of a state) are supported a rank: solve it over ",
          "more MPI ranks"));
    }
    if (absl::Status s = CheckBudget(StateBytes(), "the states");
        !s.ok()) {
      return s;
    }
    // Every rank reaches this point: an error on one is the error of all.
    if (absl::Status s = distributed::AgreeOnStatus(comm_, Expand()); !s.ok()) {
      return s;
    }
    if (comm_.size() > 1) {
      if (absl::Status s = distributed::AgreeOnStatus(comm_, FetchOuterChildren()); !s.ok()) {
        return s;
      }
    } else {
      outer_views_ = finished_;
    }
    BuildParents();
    BuildOuterTerms();
    RunLayers();
    ReleaseGraph();
    if (overflow_) return absl::InternalError(DescribeOverflow());
    // Every rank stopped at the same layer; a log that could not be
    // written on one is the error of all.
    if (absl::Status s = distributed::AgreeOnStatus(comm_, log_status_); !s.ok()) return s;
    return BuildStore();
  }

 private:
  // Whether a move may keep the turn (the game's kMovesMayKeepTurn): then
  // each edge also records whether it does.
  static constexpr bool kExtraTurns = MovesMayKeepTurn<Game>();
  // The term of an edge (keeps_turn read only under kExtraTurns).
  static int Term(int reward, int child_value, bool keeps_turn) {
    return MoveTerm(reward, child_value, kExtraTurns && keeps_turn);
  }

  // A move into a smaller, solved slice.
  struct OuterEdge {
    uint32_t index;
    uint8_t slice;
    int8_t reward;
    bool keeps_turn;
  };

  // A state's record while the layers run: V_{t-1} of each of its
  // in-slice children (slot j: its j-th in-slice move; the unused slots
  // kEmptySlot), its own V_{t-1}, and its in-slice move count. A child's
  // change writes its slot in each parent (one byte, through the reverse
  // edge), and a marked state reads its record alone, not its children's
  // values scattered over the slice, to take its next value (BestTerm).
  struct StateRecord {
    int8_t child[Game::kMaxMoves];
    int8_t value;
    uint8_t inner;
  };
  static_assert(Game::kMaxMoves <= 255);
  // An unused slot: the largest child value, which adds no term to the
  // least child value that BestTerm takes without rewards.
  static constexpr int8_t kEmptySlot = std::numeric_limits<int8_t>::max();
  // The most states whose records are updated in place rather than
  // through buckets on one thread: 2^16 records, half a 1 MiB L2 at 8
  // bytes a record (docs/benchmarks.md, "Against the seed method").
  static constexpr uint64_t kInPlaceStates = uint64_t{1} << 16;
  // A slot's number: local state l's slot j is l * kMaxMoves + j, what
  // a reverse edge holds (a rank holds fewer than 2^32 / kMaxMoves states).
  static uint64_t StateOfSlot(uint32_t slot) { return slot / Game::kMaxMoves; }
  // One child's change as its parent sees it: slot `slot` becomes `value`.
  // (The value is held in 32 bits: a store through a char type may alias
  // anything, which would have the scatter reload each bucket's ends after
  // every update it appends.)
  struct SlotUpdate {
    uint32_t slot;
    int32_t value;
  };

  // The outer term of a state without moves into smaller slices.
  static constexpr int16_t kNoOuterTerm = std::numeric_limits<int16_t>::min();

  static constexpr uint64_t kGrain = 16384;
  // How many items ahead the loops that reach memory at random (the
  // parents' degree counters, the slot updates' records) prefetch.
  static constexpr int64_t kPrefetchAhead = 64;
  // Bytes per state of the per-state tables, and of those the ones every
  // rank keeps (finite_horizon_options.h).
  static constexpr uint64_t kBytesPerState = FiniteHorizonBytesPerState(Game::kMaxMoves);
  static constexpr uint64_t kReplicatedBytesPerState = kFiniteHorizonReplicatedBytesPerState;
  // Bytes per in-slice edge (child, reward, the parent's slot, whether it
  // keeps the turn) and per outer edge (the edge, and about one outer-term
  // event).
  static constexpr uint64_t kBytesPerInnerEdge = kExtraTurns ? 10 : 9;
  static constexpr uint64_t kBytesPerOuterEdge = sizeof(OuterEdge) + 6;

  // `options` with the bytes the log of `states` states is expected to
  // take: a change a state for every change a state of the slice before
  // (`finished`'s last), a quarter more, at about 2.2 bytes a change (a
  // gap of one or two bytes, the value).
  static ChangeLog::Options ExpectLogBytes(ChangeLog::Options options,
                                           const std::vector<FiniteHorizonStoreView>& finished,
                                           uint64_t states) {
    if (finished.empty() || finished.back().states() == 0) return options;
    const double per_state = static_cast<double>(finished.back().entries()) /
                             static_cast<double>(finished.back().states());
    options.expected_bytes = static_cast<uint64_t>(per_state * 1.25 * 2.2 * states);
    return options;
  }

  // Bytes of the per-state tables on this rank.
  uint64_t StateBytes() const {
    return kReplicatedBytesPerState * size_ +
           (kBytesPerState - kReplicatedBytesPerState) * local_;
  }

  // OK when `bytes` fit the memory budget (0: no budget).
  absl::Status CheckBudget(uint64_t bytes, const char* what) const {
    return CheckMemoryBudget(memory_budget_, bytes, absl::StrCat(what, " of slice ", slice_));
  }

  // True when every field of `node` fits what the solver stores: the move
  // count within 0..kMaxMoves, values and rewards within int8.
  static bool NodeInRange(const Node& node) {
    const auto fits = [](int v) {
      return v >= std::numeric_limits<int8_t>::min() &&
             v <= std::numeric_limits<int8_t>::max();
    };
    if (node.num_moves < 0 || node.num_moves > Game::kMaxMoves ||
        !fits(node.limit_value) || !fits(node.terminal_value)) {
      return false;
    }
    for (int m = 0; m < node.num_moves; ++m) {
      if (!fits(node.moves[m].reward)) return false;
    }
    return true;
  }

  // Why `node` is out of range, or "" when it is not.
  static std::string DescribeRange(const Node& node) {
    const auto fits = [](int v) {
      return v >= std::numeric_limits<int8_t>::min() &&
             v <= std::numeric_limits<int8_t>::max();
    };
    if (node.num_moves < 0 || node.num_moves > Game::kMaxMoves) {
      return absl::StrCat("move count ", node.num_moves, " outside 0..",
                          Game::kMaxMoves);
    }
    if (!fits(node.limit_value)) {
      return absl::StrCat("limit value ", node.limit_value,
                          " outside the int8 range");
    }
    if (!fits(node.terminal_value)) {
      return absl::StrCat("terminal value ", node.terminal_value,
                          " outside the int8 range");
    }
    for (int m = 0; m < node.num_moves; ++m) {
      if (!fits(node.moves[m].reward)) {
        return absl::StrCat("reward ", node.moves[m].reward, " of move ", m,
                            " outside the int8 range");
      }
    }
    return "";
  }

  // Why a move of `node` leads where no move may: to a later slice, to no
  // slice, or past the end of its slice.
  std::string DescribeBadMove(const Node& node) const {
    for (int m = 0; m < node.num_moves; ++m) {
      const auto& move = node.moves[m];
      if (move.slice > slice_) {
        return absl::StrCat("move ", m, " leads to the later slice ", move.slice,
                            "; a move may lead only to its own slice or an earlier one (a "
                            "move that adds material, or a wrong rank)");
      }
      if (move.slice < 0) {
        return absl::StrCat("move ", m, " leads to slice ", move.slice, ", which is no slice");
      }
      if (move.index >= game_.slice_size(move.slice)) {
        return absl::StrCat("move ", m, " leads to index ", move.index, " of slice ",
                            move.slice, ", which holds ", game_.slice_size(move.slice),
                            " states (a wrong rank)");
      }
    }
    return "a move leads outside the slices";
  }

  // 1. Expands every state once: limit values, terminal values, forward
  //    edges (in-slice and outer) in CSR form.
  absl::Status Expand() {
    Fill(value_, size_, int8_t{0});
    Fill(terminal_, local_, int8_t{0});
    Fill(inner_offsets_, local_ + 1, 0u);
    Fill(outer_offsets_, local_ + 1, 0u);
    const uint64_t chunks = (local_ + kGrain - 1) / kGrain;
    struct Chunk {
      std::vector<uint32_t> inner_child;
      std::vector<int8_t> inner_reward;
      std::vector<uint8_t> inner_keeps_turn;  // under kExtraTurns
      std::vector<OuterEdge> outer;
    };
    std::vector<Chunk> chunk(chunks);
    // Each worker expands a chunk into its own growing lists, whose
    // memory serves every chunk it takes, and keeps an exact copy: lists
    // grown anew in every chunk would be copied and faulted in at each
    // doubling.
    std::vector<Chunk> scratch(pool_.size());
    // The first state whose node is out of range, and the first with a
    // move outside the slices it may lead to (UINT64_MAX: none), whatever
    // the threads' order.
    constexpr uint64_t kNone = std::numeric_limits<uint64_t>::max();
    std::atomic<uint64_t> bad_node{kNone}, bad_move{kNone};
    const auto keep_first = [](std::atomic<uint64_t>& first, uint64_t s) {
      uint64_t seen = first.load(std::memory_order_relaxed);
      while (s < seen && !first.compare_exchange_weak(seen, s, std::memory_order_relaxed)) {
      }
    };
    pool_.ParallelFor(lo_, range_.end, kGrain, [&](int worker, uint64_t begin, uint64_t end) {
      Chunk& c = scratch[worker];
      c.inner_child.clear();
      c.inner_reward.clear();
      c.inner_keeps_turn.clear();
      c.outer.clear();
      ExpandEach(begin, end, [&](uint64_t s, Node& node) {
        if (!NodeInRange(node)) {
          keep_first(bad_node, s);
          node.num_moves = 0;
        }
        value_[s] = static_cast<int8_t>(node.limit_value);
        terminal_[s - lo_] = static_cast<int8_t>(node.terminal_value);
        uint32_t inner = 0, outer = 0;
        for (int m = 0; m < node.num_moves; ++m) {
          const auto& move = node.moves[m];
          if (move.slice == slice_ && move.index < size_) {
            c.inner_child.push_back(static_cast<uint32_t>(move.index));
            c.inner_reward.push_back(static_cast<int8_t>(move.reward));
            if constexpr (kExtraTurns) c.inner_keeps_turn.push_back(move.keeps_turn);
            ++inner;
          } else if (move.slice < slice_ && move.slice >= 0 &&
                     move.index < game_.slice_size(move.slice)) {
            c.outer.push_back(OuterEdge{static_cast<uint32_t>(move.index),
                                        static_cast<uint8_t>(move.slice),
                                        static_cast<int8_t>(move.reward),
                                        kExtraTurns && move.keeps_turn});
            ++outer;
          } else {
            keep_first(bad_move, s);
          }
        }
        inner_offsets_[s - lo_ + 1] = inner;
        outer_offsets_[s - lo_ + 1] = outer;
      });
      chunk[(begin - lo_) / kGrain] = c;  // lists of the exact sizes
    });
    scratch = {};
    if (const uint64_t s = bad_node.load(); s != kNone) {
      Node node;
      game_.Expand(slice_, s, node);
      return absl::InternalError(absl::StrCat(
          "state ", s, " of slice ", slice_, ": ", DescribeRange(node)));
    }
    if (const uint64_t s = bad_move.load(); s != kNone) {
      Node node;
      game_.Expand(slice_, s, node);
      return absl::InternalError(absl::StrCat("state ", s, " of slice ", slice_, ": ",
                                              DescribeBadMove(node)));
    }
    uint64_t inner_total = 0, outer_total = 0;
    for (uint64_t s = 0; s < local_; ++s) {
      inner_total += inner_offsets_[s + 1];
      outer_total += outer_offsets_[s + 1];
      if (inner_total >= (uint64_t{1} << 32) || outer_total >= (uint64_t{1} << 32)) {
        return absl::ResourceExhaustedError(absl::StrCat(
            "slice ", slice_, " has more than 2^32 moves; split it into smaller slices"));
      }
      inner_offsets_[s + 1] = static_cast<uint32_t>(inner_total);
      outer_offsets_[s + 1] = static_cast<uint32_t>(outer_total);
    }
    if (absl::Status s = CheckBudget(
            StateBytes() + kBytesPerInnerEdge * inner_total +
                kBytesPerOuterEdge * outer_total,
            "the states and moves");
        !s.ok()) {
      return s;
    }
    // In-slice moves that all earn nothing (oware: only captures score,
    // and a capture leaves the slice) need no reward tables.
    inner_rewards_zero_ = std::all_of(chunk.begin(), chunk.end(), [](const Chunk& c) {
      return std::all_of(c.inner_reward.begin(), c.inner_reward.end(),
                         [](int8_t r) { return r == 0; });
    });
    Fill(inner_child_, inner_offsets_[local_], 0u);
    if (!inner_rewards_zero_) Fill(inner_reward_, inner_offsets_[local_], int8_t{0});
    if constexpr (kExtraTurns) Fill(inner_keeps_turn_, inner_offsets_[local_], uint8_t{0});
    Fill(outer_, outer_offsets_[local_], OuterEdge{});
    pool_.ParallelFor(0, chunks, 1, [&](int, uint64_t begin, uint64_t end) {
      for (uint64_t k = begin; k < end; ++k) {
        Chunk& c = chunk[k];
        const uint64_t first = k * kGrain;
        std::copy(c.inner_child.begin(), c.inner_child.end(),
                  inner_child_.begin() + inner_offsets_[first]);
        if (!inner_rewards_zero_) {
          std::copy(c.inner_reward.begin(), c.inner_reward.end(),
                    inner_reward_.begin() + inner_offsets_[first]);
        }
        if constexpr (kExtraTurns) {
          std::copy(c.inner_keeps_turn.begin(), c.inner_keeps_turn.end(),
                    inner_keeps_turn_.begin() + inner_offsets_[first]);
        }
        std::copy(c.outer.begin(), c.outer.end(), outer_.begin() + outer_offsets_[first]);
        c = Chunk();
      }
    });
    return absl::OkStatus();
  }

  // Calls each(s, node) for s = begin..end-1 in order, `node` filled by
  // the game: with its ExpandRange when it has one (a game that steps
  // from one state to the next faster than it decodes each index).
  template <typename F>
  void ExpandEach(uint64_t begin, uint64_t end, F&& each) const {
    if constexpr (FiniteHorizonHasExpandRange<Game>) {
      game_.ExpandRange(slice_, begin, end, each);
    } else {
      Node node;
      for (uint64_t s = begin; s < end; ++s) {
        node.num_moves = 0;
        game_.Expand(slice_, s, node);
        each(s, node);
      }
    }
  }

  // Sizes `table` to n copies of `value`, its pages faulted in by every
  // thread first (retro/internal/parallel_prefault.h: a table filled on
  // one thread would keep the others idle through most of a large
  // slice's set-up).
  template <typename T>
  void Fill(retro::internal::HugePageVector<T>& table, uint64_t n, const T& value) {
    retro::internal::AssignPrefaulted(table, n, value, &pool_);
  }

  // 2. Reverse in-slice edges: the parents of each state. In
  //    parent_offsets_: (a) each child's parent count at its index, (b)
  //    summed into where its list ends, (c) counted down as each edge is
  //    put at its child's end, which leaves each where its list begins.
  //    Each thread takes the children of one range of the slice and reads
  //    every edge, skipping those into other ranges: the counters, reached
  //    at random, are each written by one thread (atomic counters shared by
  //    the threads cost several times the reads), and each list comes out
  //    in the same order on any number of threads.
  void BuildParents() {
    Fill(parent_offsets_, size_ + 1, 0u);
    uint32_t* const offsets = parent_offsets_.data();
    const uint32_t* const child = inner_child_.data();
    const uint64_t edges = inner_offsets_[local_];
    const uint64_t ranges = RunsShared(edges, kGrain) ? pool_.size() : 1;
    // Calls each(s, e) for each edge e of local state s into child range
    // `range`, in order, prefetching the counter of such an edge
    // kPrefetchAhead edges on.
    const auto for_each_edge = [&](uint64_t range, auto&& each) {
      const uint64_t lo = size_ * range / ranges, width = size_ * (range + 1) / ranges - lo;
      const auto mine = [&](uint64_t e) { return child[e] - lo < width; };
      for (uint64_t s = 0, e = 0; s < local_; ++s) {
        for (const uint64_t s_end = inner_offsets_[s + 1]; e < s_end; ++e) {
          const uint64_t ahead = e + kPrefetchAhead;
          if (ahead < edges && mine(ahead)) __builtin_prefetch(offsets + child[ahead], 1);
          if (mine(e)) each(s, e);
        }
      }
    };
    pool_.ParallelFor(0, ranges, 1, [&](int, uint64_t r, uint64_t) {
      for_each_edge(r, [&](uint64_t, uint64_t e) { ++offsets[child[e]]; });
    });
    uint32_t sum = 0;
    for (uint64_t s = 0; s <= size_; ++s) offsets[s] = sum += offsets[s];
    Fill(parent_slots_, edges, 0u);
    pool_.ParallelFor(0, ranges, 1, [&](int, uint64_t r, uint64_t) {
      for_each_edge(r, [&](uint64_t s, uint64_t e) {
        parent_slots_[--offsets[child[e]]] =
            static_cast<uint32_t>(s * Game::kMaxMoves + (e - inner_offsets_[s]));
      });
    });
  }

  // The largest term of local state l (at least one: an in-slice move or
  // the outer term): reward - V_{t-1}(child) of each in-slice move (+ for
  // one keeping the turn), read from its record, and its outer term. Moves
  // that earn nothing and pass the turn (oware's within a slice) need only
  // the least child value, taken over every slot.
  int BestTerm(uint64_t l) const {
    const StateRecord& r = records_[l];
    int best = outer_term_[l];
    if (r.inner == 0) return best;
    if (PlainTerms()) {
      int least = kEmptySlot;
      for (int j = 0; j < Game::kMaxMoves; ++j) least = std::min<int>(least, r.child[j]);
      return std::max(best, -least);
    }
    const uint64_t e = inner_offsets_[l];
    for (int j = 0; j < r.inner; ++j) {
      const int reward = inner_rewards_zero_ ? 0 : inner_reward_[e + j];
      best = std::max(best, Term(reward, r.child[j], kExtraTurns && inner_keeps_turn_[e + j]));
    }
    return best;
  }

  // Sets slot `slot` of local state l's record to `value`, and marks the
  // state when its value may change. With plain terms (term = -child
  // value) that is only when the new term is above the state's value or
  // the old one equalled it: else every term that equalled the value is
  // still there and none is above it. A state's several updates of a
  // layer compare with the same value, which the walk changes only after.
  static void ApplySlotUpdate(StateRecord* __restrict records, uint64_t* __restrict dirty,
                              SlotUpdate u, bool plain) {
    const uint64_t l = StateOfSlot(u.slot);
    StateRecord& r = records[l];
    int8_t& child = r.child[u.slot - l * Game::kMaxMoves];
    const int old_value = child;
    child = static_cast<int8_t>(u.value);
    const uint64_t may_change = !plain | (-u.value > r.value) | (-old_value == r.value);
    dirty[l >> 6] |= may_change << (l & 63);
  }
  // ApplySlotUpdate for each of [begin, end), the record of the update
  // kPrefetchAhead on prefetched: a bucket's records need not be in the
  // cache.
  [[gnu::noinline]] static void ApplySlotUpdates(const SlotUpdate* begin, const SlotUpdate* end,
                                                 StateRecord* __restrict records,
                                                 uint64_t* __restrict dirty, bool plain) {
    for (const SlotUpdate* u = begin; u != end; ++u) {
      if (end - u > kPrefetchAhead) {
        __builtin_prefetch(records + StateOfSlot(u[kPrefetchAhead].slot), 1);
      }
      ApplySlotUpdate(records, dirty, *u, plain);
    }
  }
  // Whether every term is minus the child's value: in-slice moves earn
  // nothing and pass the turn (oware's within a slice).
  bool PlainTerms() const { return !kExtraTurns && inner_rewards_zero_; }

  // Frees a table's memory (clear() would keep its capacity).
  template <typename Table>
  static void Release(Table& table) {
    Table().swap(table);
  }

  using Change = StateChange;

  // True when ParallelFor over `items` with `grain` may run on several
  // threads at once (it runs a single chunk on the calling thread).
  bool RunsShared(uint64_t items, uint64_t grain) const {
    return pool_.size() > 1 && items > grain;
  }

  // The outer term of local state l (a state with moves into smaller
  // slices): max over those moves of (reward - V_{t-1}(child)). Returns it
  // at layer 1 and calls emit(t, term) for each later layer t <= T at
  // which it changes, in order. `changes` is scratch space.
  template <typename Emit>
  int MergeOuterTerm(uint64_t l, std::vector<std::pair<uint32_t, int>>& changes,
                     Emit&& emit) const {
    const uint64_t ob = outer_offsets_[l];
    const int k = static_cast<int>(outer_offsets_[l + 1] - ob);
    uint64_t run[Game::kMaxMoves + 1] = {};
    uint64_t at[Game::kMaxMoves] = {};
    int child_value[Game::kMaxMoves] = {};
    changes.clear();
    for (int j = 0; j < k; ++j) {
      const OuterEdge& edge = outer_[ob + j];
      run[j] = at[j] = changes.size();
      outer_views_[edge.slice].ForEachChange(edge.index, [&](uint32_t layer, int value) {
        changes.emplace_back(layer, value);
        return true;
      });
    }
    run[k] = changes.size();
    // The term with each child at V_layer.
    const auto term_after = [&](uint32_t layer) {
      int best = std::numeric_limits<int>::min();
      for (int j = 0; j < k; ++j) {
        while (at[j] < run[j + 1] && changes[at[j]].first <= layer) {
          child_value[j] = changes[at[j]++].second;
        }
        const OuterEdge& edge = outer_[ob + j];
        best = std::max(best, Term(edge.reward, child_value[j], edge.keeps_turn));
      }
      return best;
    };
    const int first = term_after(0);
    for (int term = first;;) {
      uint32_t next = std::numeric_limits<uint32_t>::max();
      for (int j = 0; j < k; ++j) {
        if (at[j] < run[j + 1]) next = std::min(next, changes[at[j]].first);
      }
      // A child's change at layer L reaches the terms of layer L + 1.
      if (next == std::numeric_limits<uint32_t>::max() || next >= horizon_) break;
      const int now = term_after(next);
      if (now != term) emit(next + 1, now);
      term = now;
    }
    return first;
  }

  // 2b. The outer term of each state at layer 1 (outer_term_), and its
  //     changes at later layers (outer_events_). Each state merges its
  //     children's change lists once, so the layers never read the
  //     smaller slices. The outer edges are released afterwards.
  void BuildOuterTerms() {
    Fill(outer_term_, local_, kNoOuterTerm);
    // The children's lists are read at random: their table entries are
    // prefetched kTablesAhead states before, their first bytes
    // kListsAhead states before.
    constexpr uint64_t kTablesAhead = 16, kListsAhead = 8;
    const auto prefetch = [&](uint64_t l, auto&& hint) {
      for (uint64_t e = outer_offsets_[l]; e < outer_offsets_[l + 1]; ++e) {
        hint(outer_views_[outer_[e].slice], outer_[e].index);
      }
    };
    outer_events_.Build(local_, horizon_, pool_, [&](uint64_t begin, uint64_t end, auto&& emit) {
      std::vector<std::pair<uint32_t, int>> changes;
      for (uint64_t l = begin; l < end; ++l) {
        if (l + kTablesAhead < end) {
          prefetch(l + kTablesAhead, [](const FiniteHorizonStoreView& view, uint64_t index) {
            view.PrefetchOffsets(index);
          });
        }
        if (l + kListsAhead < end) {
          prefetch(l + kListsAhead, [](const FiniteHorizonStoreView& view, uint64_t index) {
            view.PrefetchChanges(index);
          });
        }
        if (outer_offsets_[l] == outer_offsets_[l + 1]) continue;
        outer_term_[l] = static_cast<int16_t>(
            MergeOuterTerm(l, changes, [&](uint32_t t, int term) { emit(l, t, term); }));
      }
    });
    Release(outer_);
    Release(outer_offsets_);
  }

  // 3. The layers t = 1..T. Layer 1 fills every state's record; after
  //    that each change of layer t - 1 writes its slot in each parent's
  //    record and each outer event replaces an outer term, marking the
  //    state in a bitmap, walked in index order so that the changes come
  //    out sorted.
  void RunLayers() {
    const uint64_t words = (local_ + 63) / 64;
    Fill(dirty_, words, uint64_t{0});
    PrepareBuckets();
    LayerChanges changed = LimitLayer();
    for (uint32_t t = 1; t <= horizon_; ++t) {
      current_layer_ = t;
      if (t == 1) {
        EvaluateEveryState(changed);
      } else {
        ApplyOuterEvents(t);
        EvaluateLayer(changed);
      }
      ApplyLayer(changed);
      if (changed.total != 0) last_change_ = t;
      progress_.Advance(size_);
      // Whether any rank overflowed or failed to log, or still has
      // events scheduled.
      const LayerEnd end = AgreeOnLayerEnd(comm_, overflow_,
                                           changed.total == 0 && PendingEvents(t),
                                           !log_status_.ok());
      if (end.overflow) overflow_ = true;
      if (overflow_ || end.log_failed) break;
      if (changed.total == 0 && !end.events_pending) {
        progress_.Advance(size_ * (horizon_ - t));
        break;
      }
    }
  }

  // Layer 0: the limit values are the first entries. Each rank has its own
  // states' values; the gathered changes complete every replica.
  LayerChanges LimitLayer() {
    LayerChanges changed;
    changed.parts.emplace_back();
    for (uint64_t s = lo_; s < range_.end; ++s) {
      if (value_[s] < bounds_.low || value_[s] > bounds_.high) NoteOverflow(s, value_[s]);
      if (value_[s] != 0) {
        changed.parts[0].push_back(Change{static_cast<uint32_t>(s), value_[s]});
      }
    }
    changed.Count();
    AppendLog(changed);
    GatherLayerChanges(comm_, changed);
    if (comm_.size() > 1) {
      for (const Change& c : changed.parts[0]) value_[c.state] = c.value;
    }
    return changed;
  }

  // Records V_t(s) = v for a state whose value was `before` (overflow when
  // v leaves the slice's bounds).
  void Record(uint64_t s, int v, int before, std::vector<Change>& out) {
    if (v < bounds_.low || v > bounds_.high) [[unlikely]] {
      NoteOverflow(s, v);
      return;
    }
    if (v != before) out.push_back(Change{static_cast<uint32_t>(s), static_cast<int8_t>(v)});
  }

  // Keeps the first state found outside the bounds (the first layer's
  // smallest, whatever the threads' order), and sets overflow_.
  void NoteOverflow(uint64_t s, int v) {
    std::lock_guard lock(overflow_mutex_);
    if (!overflow_.exchange(true) ||
        (overflow_at_.layer == current_layer_ && s < overflow_at_.state)) {
      overflow_at_ = {s, v, current_layer_};
    }
  }
  // The error of an overflow: the state, its value, the layer, the bounds
  // (this rank's first; under R > 1 ranks another rank may have found it).
  std::string DescribeOverflow() const {
    if (overflow_at_.state == std::numeric_limits<uint64_t>::max()) {
      return absl::StrCat("a value in slice ", slice_, " left the bounds ", bounds_.low, "..",
                          bounds_.high, " declared for it (found on another rank)");
    }
    return absl::StrCat("state ", overflow_at_.state, " of slice ", slice_, " takes the value ",
                        overflow_at_.value, " at t = ", overflow_at_.layer, ", outside the bounds ",
                        bounds_.low, "..", bounds_.high,
                        " declared for its slice (the game's MinValue..MaxValue, within "
                        "the int8 the store holds): the bounds are too narrow, or a reward, "
                        "limit or terminal value too large");
  }

  // Layer 1: every state's record from its children at V_0, and its
  // value, into `changed` (in parts of one chunk of states, in index
  // order). After it only the records hold values: the V_0 replica, the
  // terminal values and the forward edges' children are released.
  void EvaluateEveryState(LayerChanges& changed) {
    Fill(records_, local_, StateRecord{});
    const uint64_t chunks = (local_ + kGrain - 1) / kGrain;
    changed = LayerChanges();
    changed.parts.resize(chunks);
    pool_.ParallelFor(lo_, range_.end, kGrain, [&](int, uint64_t begin, uint64_t end) {
      std::vector<Change>& out = changed.parts[(begin - lo_) / kGrain];
      for (uint64_t s = begin; s < end; ++s) {
        const uint64_t l = s - lo_;
        StateRecord& r = records_[l];
        std::fill(std::begin(r.child), std::end(r.child), kEmptySlot);
        const uint64_t e = inner_offsets_[l];
        r.inner = static_cast<uint8_t>(inner_offsets_[l + 1] - e);
        for (int j = 0; j < r.inner; ++j) r.child[j] = value_[inner_child_[e + j]];
        const bool has_terms = r.inner != 0 || outer_term_[l] != kNoOuterTerm;
        const int best = has_terms ? BestTerm(l) : terminal_[l];
        Record(s, best, value_[s], out);
        r.value = static_cast<int8_t>(best);
      }
    });
    evaluations_ += local_;
    Release(terminal_);
    Release(value_);
    Release(inner_child_);
    if (PlainTerms()) Release(inner_offsets_);
  }

  // Replaces the outer terms that change at layer t, marking their states.
  void ApplyOuterEvents(uint32_t t) {
    outer_events_.ForEach(t, [&](uint64_t l, int term) {
      outer_term_[l] = static_cast<int16_t>(term);
      dirty_[l >> 6] |= uint64_t{1} << (l & 63);
    });
  }

  // The buckets of slot updates: bucket b holds the updates of local
  // states [b << bucket_shift_, (b + 1) << bucket_shift_), a multiple of
  // 64 states, so that no two buckets share a bitmap word. Few buckets
  // keep the scatter's writes to few places (the apply prefetches the
  // records it reaches): 512 KiB of records, so that a bucket's records
  // and its outer terms stay in a core's L2 while its marked states are
  // walked, and fewer states (down to 2^12) while there are fewer than
  // four buckets a thread.
  void PrepareBuckets() {
    bucket_shift_ = std::bit_width((uint64_t{1} << 19) / sizeof(StateRecord)) - 1;
    const uint64_t fewest = 4 * static_cast<uint64_t>(pool_.size());
    while (bucket_shift_ > 12 && (local_ >> bucket_shift_) + 1 < fewest) --bucket_shift_;
    while ((local_ >> bucket_shift_) >= 512) ++bucket_shift_;
    const uint64_t buckets = (local_ >> bucket_shift_) + 1;
    updates_.assign(pool_.size(), std::vector<std::vector<SlotUpdate>>(buckets));
  }

  // Layer t >= 2 (the outer events applied): writes, in every parent
  // (this rank's) of each state changed at t - 1 (`changed`: every rank's
  // changes of layer t - 1, in parts, one a chunk of states), the child's
  // new value into its slot, then walks the marked states into `changed`
  // (whose changes of layer t - 1 are no longer needed), one part a
  // bucket, in index order. In rounds: the parent lists of a round's
  // changes are read in order and each update is put in its parent's
  // bucket (each thread its own buckets); then each bucket's updates are
  // applied (a bucket to one thread), so that the records are written
  // within a cache-sized range instead of at random and no two threads
  // touch one state; after the last round each bucket's marked states are
  // walked while its records are in the cache.
  void EvaluateLayer(LayerChanges& changed) {
    // Pieces of at most kGrain / 4 changes, none across parts (a gathered
    // layer is one part).
    struct Piece {
      uint32_t part;
      uint64_t begin, end;
    };
    std::vector<Piece> pieces;
    for (size_t part = 0; part < changed.parts.size(); ++part) {
      const uint64_t size = changed.parts[part].size();
      for (uint64_t b = 0; b < size; b += kGrain / 4) {
        pieces.push_back({static_cast<uint32_t>(part), b, std::min(size, b + kGrain / 4)});
      }
    }
    // A layer with little work runs on this thread alone: waking the pool
    // costs more than it saves (most layers of small slices).
    const bool shared = RunsShared(changed.total, kGrain / 4);
    const uint64_t buckets = updates_[0].size();
    // The parts of the layer before last, emptied: their memory serves
    // again rather than being freed and faulted in anew each layer.
    LayerChanges& next = spare_changes_;
    next.parts.resize(buckets);
    for (std::vector<Change>& part : next.parts) part.clear();
    // On one thread, records that fit the core's cache are updated in
    // place: bucketing would only copy the updates once more.
    if (!shared && local_ <= kInPlaceStates) {
      StateRecord* const records = records_.data();
      uint64_t* const dirty = dirty_.data();
      const bool plain = PlainTerms();
      for (const Piece& piece : pieces) {
        ForEachSlotUpdate(changed, piece.part, piece.begin, piece.end, [&](SlotUpdate u) {
          ApplySlotUpdate(records, dirty, u, plain);
        });
      }
      for (uint64_t bucket = 0; bucket < buckets; ++bucket) {
        WalkMarkedStates(bucket, next.parts[bucket]);
      }
      std::swap(changed, next);
      return;
    }
    // At most 256 pieces (a million changes, about 25 MB of updates) a round.
    constexpr uint64_t kPiecesPerRound = 256;
    uint64_t round = 0;
    do {
      const uint64_t round_end = std::min<uint64_t>(pieces.size(), round + kPiecesPerRound);
      const bool last = round_end == pieces.size();
      const auto scatter = [&](int worker, uint64_t b, uint64_t e) {
        std::vector<SlotUpdate>* const lists = updates_[worker].data();
        const uint32_t shift = bucket_shift_;
        for (uint64_t k = b; k < e; ++k) {
          const Piece& piece = pieces[k];
          ForEachSlotUpdate(changed, piece.part, piece.begin, piece.end, [&](SlotUpdate u) {
            lists[StateOfSlot(u.slot) >> shift].push_back(u);
          });
        }
      };
      pool_.ParallelFor(round, round_end, shared ? 1 : std::max<uint64_t>(round_end - round, 1),
                        scatter);
      pool_.ParallelFor(0, buckets, shared ? 1 : buckets, [&](int, uint64_t b, uint64_t e) {
        for (uint64_t bucket = b; bucket < e; ++bucket) {
          for (auto& lists : updates_) {
            std::vector<SlotUpdate>& list = lists[bucket];
            ApplySlotUpdates(list.data(), list.data() + list.size(), records_.data(),
                             dirty_.data(), PlainTerms());
            list.clear();
          }
          if (last) WalkMarkedStates(bucket, next.parts[bucket]);
        }
      });
      round = round_end;
    } while (round < pieces.size());
    std::swap(changed, next);
  }

  // Calls each(update) for the slot update of each parent (this rank's)
  // of changes [begin, end) of part `part` of `changed`, reading the
  // parent lists with prefetching ahead: the list offsets of the change
  // kOffsetsAhead on and its list kListAhead on, so that the reads of many
  // changes overlap.
  template <typename Each>
  void ForEachSlotUpdate(const LayerChanges& changed, uint32_t part, uint64_t begin,
                         uint64_t end, Each&& each) const {
    // What the loop reads is held in locals: as far as the compiler knows,
    // the updates each() stores could alias the lists and the tables.
    const Change* const list = changed.parts[part].data();
    const uint32_t* const offsets = parent_offsets_.data();
    const uint32_t* const slots = parent_slots_.data();
    constexpr uint64_t kOffsetsAhead = 32, kListAhead = 16;
    for (uint64_t i = begin; i < end; ++i) {
      if (i + kOffsetsAhead < end) __builtin_prefetch(offsets + list[i + kOffsetsAhead].state);
      if (i + kListAhead < end) __builtin_prefetch(slots + offsets[list[i + kListAhead].state]);
      const uint32_t c = list[i].state;
      const int32_t value = list[i].value;
      for (uint32_t p = offsets[c], p_end = offsets[c + 1]; p < p_end; ++p) {
        each(SlotUpdate{slots[p], value});
      }
    }
  }

  // Walks the marked states of bucket `bucket` (clearing their bits)
  // into `out`, in index order: each takes its best term as V_t, which
  // its record keeps (only the state itself reads its own value; its
  // parents' slots take it when the layer's changes are applied).
  void WalkMarkedStates(uint64_t bucket, std::vector<Change>& out) {
    const uint64_t w_begin = (bucket << bucket_shift_) >> 6;
    const uint64_t w_end = std::min<uint64_t>(dirty_.size(), ((bucket + 1) << bucket_shift_) >> 6);
    uint64_t evaluated = 0;
    for (uint64_t w = w_begin; w < w_end; ++w) {
      uint64_t bits = dirty_[w];
      if (bits == 0) continue;
      dirty_[w] = 0;
      evaluated += std::popcount(bits);
      while (bits != 0) {
        const uint64_t l = w * 64 + std::countr_zero(bits);
        bits &= bits - 1;
        StateRecord& r = records_[l];
        const int best = BestTerm(l);
        Record(lo_ + l, best, r.value, out);
        r.value = static_cast<int8_t>(best);
      }
    }
    evaluations_.fetch_add(evaluated, std::memory_order_relaxed);
  }

  // Apply: V_t becomes the current layer (changes in index order): this
  // rank's changes go to its log, and every rank's are gathered for the
  // next layer's slot updates (ranks own increasing ranges).
  void ApplyLayer(LayerChanges& changed) {
    changed.Count();
    AppendLog(changed);
    GatherLayerChanges(comm_, changed);
  }

  // Frees the edge lists before the store is built (lowers peak memory).
  void ReleaseGraph() {
    Release(inner_offsets_);
    Release(outer_offsets_);
    Release(parent_offsets_);
    Release(inner_child_);
    Release(parent_slots_);
    Release(inner_reward_);
    Release(inner_keeps_turn_);
    Release(outer_);
    Release(records_);
    Release(outer_term_);
    outer_events_.Clear();
    Release(updates_);
    spare_changes_ = LayerChanges();
    Release(dirty_);
    Release(terminal_);
    Release(value_);
    Release(outer_views_);
    Release(fetched_);
  }

  // 1b. Under R > 1 ranks: fetches the change lists of this rank's outer
  //     children from the ranks that keep them, into one store a smaller
  //     slice (fetched_) whose state i is this rank's i-th distinct child
  //     in that slice, in index order, and renumbers the outer edges into
  //     them. One exchange of requests and one of lists a round, at most
  //     kFetchListsPerRound children from each rank to each other a round.
  absl::Status FetchOuterChildren() {
    std::vector<std::vector<uint32_t>> wanted(slice_);
    {
      std::vector<uint64_t> count(slice_, 0);
      for (const OuterEdge& e : outer_) ++count[e.slice];
      for (int k = 0; k < slice_; ++k) wanted[k].reserve(count[k]);
    }
    for (const OuterEdge& e : outer_) wanted[e.slice].push_back(e.index);
    for (std::vector<uint32_t>& w : wanted) {
      std::sort(w.begin(), w.end());
      w.erase(std::unique(w.begin(), w.end()), w.end());
      w.shrink_to_fit();
    }
    pool_.ParallelFor(0, outer_.size(), kGrain, [&](int, uint64_t b, uint64_t e) {
      for (uint64_t i = b; i < e; ++i) {
        const std::vector<uint32_t>& w = wanted[outer_[i].slice];
        outer_[i].index = static_cast<uint32_t>(
            std::lower_bound(w.begin(), w.end(), outer_[i].index) - w.begin());
      }
    });
    fetched_.assign(slice_, {});
    outer_views_.assign(slice_, {});
    absl::Status status;
    for (int k = 0; k < slice_; ++k) {
      fetched_[k] =
          FetchFiniteHorizonLists(comm_, k, game_.slice_size(k), finished_[k], wanted[k]);
      std::vector<uint32_t>().swap(wanted[k]);
      auto view = FiniteHorizonStoreView::OpenHeader(fetched_[k]);
      if (view.ok()) {
        outer_views_[k] = *view;
      } else if (status.ok()) {
        status = view.status();
      }
    }
    return status;
  }

  // Logs this rank's changes of the next layer; the first failure (a
  // full scratch disk) is kept in log_status_ and stops the layers.
  void AppendLog(const LayerChanges& changed) {
    if (!log_status_.ok()) return;
    log_status_ = log_.AppendLayer(changed.parts, &pool_);
  }

  // True when some outer term changes after layer t.
  bool PendingEvents(uint32_t t) const {
    return outer_events_.PendingAfter(t);
  }

  // 4. The compact store: the per-layer logs transposed into per-state
  //    lists of changes, byte-coded (retro/format/finite_horizon/write/byte_coder.h):
  //    (a) the steps' counts (summed over the ranks, so every rank chooses
  //    the same codes), (b) each state's bytes, (c) the bytes themselves,
  //    each a read of the log ((a) and (b) one read under borrowed codes,
  //    which do not wait for the counts). Under R > 1
  //    ranks each rank builds the store of its own range (the slice's last
  //    change, this rank's changes and evaluations);
  //    GatherFiniteHorizonStore assembles the whole store.
  absl::StatusOr<std::vector<uint8_t>> BuildStore() {
    const uint64_t entries = log_.changes();
    // Reads the log with each state's change before (layer 0, value 0
    // before its first) as layer << 8 | uint8(value) in the low 32 bits
    // of its word of `track` (layers < 2^24), and calls each(worker, state
    // - lo_, word, layer step, value step, value). A segment of the log at
    // a time, a segment to a thread: each change is a random access, but
    // within the segment's words, which stay in the core's cache.
    const uint64_t segments = log_.segments();
    const uint32_t segment_shift = log_.segment_shift();
    const uint64_t workers = pool_.size();
    const auto replay = [&](auto& track, auto&& each) {
      using Word = std::remove_reference_t<decltype(track[0])>;
      std::vector<absl::Status> status(segments);
      pool_.ParallelFor(0, segments, 1, [&](int worker, uint64_t k_begin, uint64_t k_end) {
        for (uint64_t k = k_begin; k < k_end; ++k) {
          const uint64_t first = k << segment_shift;
          const uint64_t end = std::min(local_, (k + 1) << segment_shift);
          std::fill(track.begin() + first, track.begin() + end, 0);
          status[k] = log_.ForEachInSegment(k, [&](uint32_t layer, uint32_t state, int8_t value) {
            Word& word = track[state - lo_];
            const uint32_t last = static_cast<uint32_t>(word);
            each(worker, state - lo_, word, layer - (last >> 8),
                 value - static_cast<int8_t>(last & 0xFF), value);
            word = static_cast<Word>((word - static_cast<uint32_t>(word)) |
                                     ((uint64_t{layer} << 8) | uint8_t(value)));
          });
        }
      });
      for (absl::Status& s : status) {
        if (!s.ok()) return s;
      }
      return absl::OkStatus();
    };
    // (a) The steps, counted by each worker, and under borrowed codes (b)
    //     each state's bytes too, in one replay: in the high 32 bits of its
    //     word of `track` (read at random: huge pages).
    retro::internal::HugePageVector<uint64_t> track;
    Fill(track, local_, uint64_t{0});
    std::vector<std::vector<uint64_t>> worker_steps(
        workers, std::vector<uint64_t>(FiniteHorizonCoder::kSteps, 0));
    const FiniteHorizonCoder* const borrowed = borrowed_coder_;
    absl::Status read = replay(track, [&](int worker, uint64_t, uint64_t& word,
                                          uint32_t layer_step, int value_step, int) {
      FiniteHorizonCoder::CountStep(worker_steps[worker], layer_step, value_step);
      if (borrowed != nullptr) word += uint64_t{borrowed->Bytes(layer_step, value_step)} << 32;
    });
    std::vector<uint64_t> step_counts(FiniteHorizonCoder::kSteps, 0);
    for (const std::vector<uint64_t>& counts : worker_steps) {
      for (int i = 0; i < FiniteHorizonCoder::kSteps; ++i) step_counts[i] += counts[i];
    }
    worker_steps.clear();
    if (absl::Status s = distributed::AgreeOnStatus(comm_, read); !s.ok()) return s;
    comm_.AllReduceSum(std::span<uint64_t>(step_counts));
    own_coder_.emplace(step_counts);
    const FiniteHorizonCoder& coder = borrowed != nullptr ? *borrowed : *own_coder_;
    // (b) Under the slice's own codes, the bytes in a replay of their own.
    if (borrowed == nullptr) {
      read = replay(track, [&](int, uint64_t, uint64_t& word, uint32_t layer_step,
                               int value_step, int) {
        word += uint64_t{coder.Bytes(layer_step, value_step)} << 32;
      });
      if (absl::Status s = distributed::AgreeOnStatus(comm_, read); !s.ok()) return s;
    }
    std::vector<uint32_t> count(local_);
    for (uint64_t l = 0; l < local_; ++l) count[l] = static_cast<uint32_t>(track[l] >> 32);
    retro::internal::HugePageVector<uint64_t>().swap(track);
    // This rank's store: its states' lists, laid out over its range.
    FiniteHorizonStoreHeader fields{};
    fields.entry_bytes = kFiniteHorizonCodedEntries;
    fields.horizon = horizon_;
    fields.last_change = last_change_;
    fields.evaluations = evaluations_.load();
    fields.entries = entries;
    // cursor[l]: the next byte of state lo_ + l.
    retro::internal::HugePageVector<uint64_t> cursor;
    std::vector<uint8_t> bytes =
        LayOutFiniteHorizonStore(fields, count, coder.codes().data(), cursor, &pool_);
    std::vector<uint32_t>().swap(count);
    const auto* header = reinterpret_cast<const FiniteHorizonStoreHeader*>(bytes.data());
    uint8_t* out = bytes.data() + FiniteHorizonStoreView::Layout(local_, header->block_shift, 0,
                                                                 header->entry_bytes)
                                      .entries;
    // Layers in increasing order, so each state's changes come out sorted.
    retro::internal::HugePageVector<uint32_t> last;
    Fill(last, local_, 0u);
    read = replay(last, [&](int, uint64_t l, uint32_t&, uint32_t layer_step, int value_step,
                            int value) {
      uint8_t* at = out + cursor[l];
      cursor[l] += coder.Write(at, layer_step, value_step, value) - at;
    });
    log_.Clear();
    if (absl::Status s = distributed::AgreeOnStatus(comm_, read); !s.ok()) return s;
    return bytes;
  }

  const Game& game_;
  const int slice_;
  const uint32_t horizon_;
  const FiniteHorizonValueBounds bounds_;
  ThreadPool& pool_;
  Progress& progress_;
  const uint64_t memory_budget_;
  const std::vector<FiniteHorizonStoreView>& finished_;
  // The stores the outer edges read: finished_ in one process; under R >
  // 1 ranks, views of fetched_, the lists of this rank's outer children
  // (FetchOuterChildren, FetchFiniteHorizonLists).
  std::vector<FiniteHorizonStoreView> outer_views_;
  std::vector<std::vector<uint8_t>> fetched_;
  const uint64_t size_;
  distributed::Communicator& comm_;
  // This rank's states: [lo_, lo_ + local_). Tables marked "local" are
  // indexed by s - lo_; the others by s.
  const distributed::IndexRange range_;
  const uint64_t lo_;
  const uint64_t local_;

  // The tables read at random while solving are HugePageVectors: on
  // large slices a TLB miss a read would cost as much as the read.
  // V_0 of every state, and the local terminal values, until layer 1
  // has filled the records.
  retro::internal::HugePageVector<int8_t> value_;
  retro::internal::HugePageVector<int8_t> terminal_;
  // Edge offsets are 32-bit (checked in Expand): a slice has < 2^32 edges.
  retro::internal::HugePageVector<uint32_t> inner_offsets_, outer_offsets_, parent_offsets_;
  retro::internal::HugePageVector<uint32_t> inner_child_;
  // Reverse edges: the slot (StateOfSlot) of each in its parent's record.
  retro::internal::HugePageVector<uint32_t> parent_slots_;
  // Empty when every in-slice move earns nothing (inner_rewards_zero_).
  retro::internal::HugePageVector<int8_t> inner_reward_;
  // Whether each in-slice edge keeps the turn: empty unless kExtraTurns.
  retro::internal::HugePageVector<uint8_t> inner_keeps_turn_;
  bool inner_rewards_zero_ = false;
  retro::internal::HugePageVector<OuterEdge> outer_;
  // Local: each state's record (StateRecord), and its outer term as of
  // the current layer (kNoOuterTerm: none).
  retro::internal::HugePageVector<StateRecord> records_;
  retro::internal::HugePageVector<int16_t> outer_term_;
  // The outer terms' changes after layer 1 (BuildOuterTerms).
  OuterTermEvents outer_events_;
  // Slot updates by worker and bucket (EvaluateLayer).
  std::vector<std::vector<std::vector<SlotUpdate>>> updates_;
  // The changes of the layer before the last, whose parts the next layer
  // fills (EvaluateLayer).
  LayerChanges spare_changes_;
  uint32_t bucket_shift_ = 12;
  retro::internal::HugePageVector<uint64_t> dirty_;  // bitmap of the states that may change
  // This rank's changes of each layer, in state order (about 2 bytes a
  // change, spilled to the scratch folder when there is one).
  ChangeLog log_;
  absl::Status log_status_;
  const FiniteHorizonCoder* const borrowed_coder_;
  // The codes of the slice's own steps (BuildStore; TakeCodes).
  std::optional<FiniteHorizonCoder> own_coder_;
  std::atomic<uint64_t> evaluations_{0};
  std::atomic<bool> overflow_{false};
  // The first value found outside bounds_ (NoteOverflow), and its layer.
  struct OverflowAt {
    uint64_t state = std::numeric_limits<uint64_t>::max();
    int value = 0;
    uint32_t layer = 0;
  };
  std::mutex overflow_mutex_;
  OverflowAt overflow_at_;
  uint32_t current_layer_ = 0;  // the layer being solved (0: the limit values)
  uint32_t last_change_ = 0;
};

}  // namespace retro::solver::internal

#endif  // RETRO_SOLVER_FINITE_HORIZON_SLICE_H_
