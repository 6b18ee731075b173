// The solver of one slice of the finite-horizon family
// (retro/solver/finite_horizon.h). The work follows the changes, not the
// layers: V_t(s) can differ from V_{t-1}(s) only if some child changed
// value at layer t-1, so layer t only re-evaluates the in-slice parents of
// states that just changed (found through a reverse edge list) and the
// states whose smaller-slice children changed (scheduled through a bucket
// queue keyed by layer). Each layer runs in parallel on a ThreadPool; the
// changes of each layer go to a change log (change_log.h: about 2 bytes a
// change, spilled to SolveContext::scratch_directory when one is given),
// and once the slice is done the log becomes its FiniteHorizonStore
// (retro/format/finite_horizon_store.h) holding only the changes. Under
// R > 1 ranks it solves this rank's range of the slice and calls the
// exchanges of retro/solver/finite_horizon_exchange.h.
//
//   FiniteHorizonSliceSolver<Game> solver(game, slice, horizon, pool, progress,
//                                         memory_budget, finished, comm, log_options);
//   absl::StatusOr<std::vector<uint8_t>> store = solver.Solve();
#ifndef RETRO_SOLVER_FINITE_HORIZON_SLICE_H_
#define RETRO_SOLVER_FINITE_HORIZON_SLICE_H_

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <limits>
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
#include "retro/format/finite_horizon_store.h"
#include "retro/internal/huge_pages.h"
#include "retro/progress.h"
#include "retro/solver/change_log.h"
#include "retro/solver/finite_horizon_exchange.h"
#include "retro/solver/finite_horizon_game.h"
#include "retro/thread_pool.h"
#include "retro/write/finite_horizon_coder.h"
#include "retro/write/finite_horizon_store_writer.h"

namespace retro::solver::internal {

// Solves slice `slice` of `game` (this rank's range of it under R > 1
// ranks) for layers 0..horizon, reading the smaller slices' stores.
template <typename Game>
class FiniteHorizonSliceSolver {
 public:
  using Node = FiniteHorizonNode<Game::kMaxMoves>;

  // `finished`: what this rank keeps of each solved slice (the whole
  // store in one process, its own range under R > 1 ranks).
  FiniteHorizonSliceSolver(const Game& game, int slice, uint32_t horizon, ThreadPool& pool,
                           Progress& progress, uint64_t memory_budget,
                           const std::vector<FiniteHorizonStoreView>& finished,
                           distributed::Communicator& comm, const ChangeLog::Options& log_options)
      : game_(game), slice_(slice), horizon_(horizon), pool_(pool),
        progress_(progress), memory_budget_(memory_budget), finished_(finished),
        size_(game.slice_size(slice)), comm_(comm),
        range_(distributed::RangeOfRank(size_, comm.rank(), comm.size())),
        lo_(range_.begin), local_(range_.size()),
        log_(static_cast<uint32_t>(lo_), log_options) {}

  // The slice's store (this rank's range of it under R > 1 ranks); an
  // error on one rank is the error of all.
  absl::StatusOr<std::vector<uint8_t>> Solve() {
    if (size_ >= (uint64_t{1} << 32)) {
      return absl::ResourceExhaustedError(
          absl::StrCat("slice ", slice_, " has ", size_, " states; at most 2^32 are supported"));
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
    RunLayers();
    ReleaseGraph();
    if (overflow_) {
      return absl::OutOfRangeError(absl::StrCat(
          "a value in slice ", slice_, " left the int8 range the store holds"));
    }
    // Every rank stopped at the same layer; a log that could not be
    // written on one is the error of all.
    if (absl::Status s = distributed::AgreeOnStatus(comm_, log_status_); !s.ok()) return s;
    return BuildStore();
  }

 private:
  // A move into a smaller, solved slice. `next_change` is the solver's
  // note of the first layer at which the child changes after those its
  // cursor has read (kNextChangeUnknown: read the cursor to know; in the
  // edge's padding, so it costs no memory).
  struct OuterEdge {
    uint32_t index;
    uint8_t slice;
    int8_t reward;
    uint16_t next_change;
  };
  static constexpr uint16_t kNextChangeUnknown = 0xFFFE;
  static constexpr uint16_t kNeverChangesAgain = 0xFFFF;
  static_assert(sizeof(OuterEdge) == 8);

  static constexpr uint64_t kGrain = 16384;
  // Bytes per state of the per-state tables (values, terminal values,
  // three offset arrays, the dirty bitmap, rounded up).
  static constexpr uint64_t kBytesPerState = 16;
  // Of those, the bytes every rank keeps for every state of the slice
  // (the V_{t-1} replica and the reverse-edge offsets); the rest are
  // kept for the rank's own states only.
  static constexpr uint64_t kReplicatedBytesPerState = 5;
  // Bytes per in-slice edge (child, reward, parent, parent reward) and
  // per outer edge (edge, cached value, cursor).
  static constexpr uint64_t kBytesPerInnerEdge = 10;
  static constexpr uint64_t kBytesPerOuterEdge =
      sizeof(OuterEdge) + 1 + sizeof(FiniteHorizonStoreView::ChangeCursor);

  // Bytes of the per-state tables on this rank.
  uint64_t StateBytes() const {
    return kReplicatedBytesPerState * size_ +
           (kBytesPerState - kReplicatedBytesPerState) * local_;
  }

  // OK when `bytes` fit the memory budget (0: no budget).
  absl::Status CheckBudget(uint64_t bytes, const char* what) const {
    if (memory_budget_ == 0 || bytes <= memory_budget_) {
      return absl::OkStatus();
    }
    return absl::ResourceExhaustedError(absl::StrCat(
        what, " of slice ", slice_, " need ", bytes,
        " bytes, more than the memory budget of ", memory_budget_,
        " bytes"));
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

  // 1. Expands every state once: limit values, terminal values, forward
  //    edges (in-slice and outer) in CSR form.
  absl::Status Expand() {
    value_.assign(size_, 0);
    terminal_.assign(local_, 0);
    inner_offsets_.assign(local_ + 1, 0);
    outer_offsets_.assign(local_ + 1, 0);
    const uint64_t chunks = (local_ + kGrain - 1) / kGrain;
    struct Chunk {
      std::vector<uint32_t> inner_child;
      std::vector<int8_t> inner_reward;
      std::vector<OuterEdge> outer;
    };
    std::vector<Chunk> chunk(chunks);
    std::atomic<bool> contract_ok{true};
    // The first state whose node is out of range (UINT64_MAX: none).
    std::atomic<uint64_t> bad_node{std::numeric_limits<uint64_t>::max()};
    pool_.ParallelFor(lo_, range_.end, kGrain, [&](int, uint64_t begin, uint64_t end) {
      Chunk& c = chunk[(begin - lo_) / kGrain];
      ExpandEach(begin, end, [&](uint64_t s, Node& node) {
        if (!NodeInRange(node)) {
          bad_node.store(s, std::memory_order_relaxed);
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
            ++inner;
          } else if (move.slice < slice_ && move.slice >= 0 &&
                     move.index < game_.slice_size(move.slice)) {
            c.outer.push_back(OuterEdge{static_cast<uint32_t>(move.index),
                                        static_cast<uint8_t>(move.slice),
                                        static_cast<int8_t>(move.reward),
                                        kNextChangeUnknown});
            ++outer;
          } else {
            contract_ok = false;
          }
        }
        inner_offsets_[s - lo_ + 1] = inner;
        outer_offsets_[s - lo_ + 1] = outer;
      });
    });
    if (const uint64_t s = bad_node.load();
        s != std::numeric_limits<uint64_t>::max()) {
      Node node;
      game_.Expand(slice_, s, node);
      return absl::OutOfRangeError(absl::StrCat(
          "state ", s, " of slice ", slice_, ": ", DescribeRange(node)));
    }
    if (!contract_ok) {
      return absl::InternalError(absl::StrCat(
          "game contract violated in slice ", slice_,
          ": a move leads to a larger slice or outside a slice"));
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
    inner_child_.resize(inner_offsets_[local_]);
    if (!inner_rewards_zero_) inner_reward_.resize(inner_offsets_[local_]);
    outer_.resize(outer_offsets_[local_]);
    outer_value_.assign(outer_.size(), 0);
    outer_cursor_.assign(outer_.size(), {});
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

  // 2. Reverse in-slice edges: the parents of each state.
  void BuildParents() {
    std::vector<std::atomic<uint32_t>> degree(size_ + 1);
    // A counter's old value, then one more: atomically only when other
    // threads may count too.
    const bool shared = RunsShared(local_, kGrain);
    const auto bump = [shared](std::atomic<uint32_t>& counter) {
      if (shared) return counter.fetch_add(1, std::memory_order_relaxed);
      const uint32_t old = counter.load(std::memory_order_relaxed);
      counter.store(old + 1, std::memory_order_relaxed);
      return old;
    };
    pool_.ParallelFor(0, local_, kGrain, [&](int, uint64_t begin, uint64_t end) {
      for (uint64_t e = inner_offsets_[begin]; e < inner_offsets_[end]; ++e) {
        bump(degree[inner_child_[e] + 1]);
      }
    });
    parent_offsets_.assign(size_ + 1, 0);
    for (uint64_t s = 0; s < size_; ++s) {
      parent_offsets_[s + 1] = parent_offsets_[s] + degree[s + 1].load(std::memory_order_relaxed);
      degree[s].store(static_cast<uint32_t>(parent_offsets_[s]), std::memory_order_relaxed);
    }
    parents_.resize(inner_child_.size());
    if (!inner_rewards_zero_) parent_rewards_.resize(inner_child_.size());
    pool_.ParallelFor(0, local_, kGrain, [&](int, uint64_t begin, uint64_t end) {
      for (uint64_t s = begin; s < end; ++s) {
        for (uint64_t e = inner_offsets_[s]; e < inner_offsets_[s + 1]; ++e) {
          const uint32_t at = bump(degree[inner_child_[e]]);
          parents_[at] = static_cast<uint32_t>(lo_ + s);
          if (!inner_rewards_zero_) parent_rewards_[at] = inner_reward_[e];
        }
      }
    });
  }

  // V_t(s) from the V_{t-1} values of its children (s is this rank's).
  int Evaluate(uint64_t s) const {
    const uint64_t l = s - lo_;
    const uint64_t ib = inner_offsets_[l], ie = inner_offsets_[l + 1];
    const uint64_t ob = outer_offsets_[l], oe = outer_offsets_[l + 1];
    if (ib == ie && ob == oe) return terminal_[l];
    int best = std::numeric_limits<int>::min();
    for (uint64_t e = ib; e < ie; ++e) {
      const int reward = inner_rewards_zero_ ? 0 : inner_reward_[e];
      best = std::max(best, reward - value_[inner_child_[e]]);
    }
    for (uint64_t e = ob; e < oe; ++e) {
      best = std::max(best, outer_[e].reward - outer_value_[e]);
    }
    return best;
  }

  // Refreshes the cached V_{t-1} of the outer children of s and returns
  // the layer at which s must next be re-evaluated because one of them
  // changes at a layer >= t (UINT32_MAX: never). Each outer edge keeps a
  // cursor into its child's changes, so over a whole solve every child
  // change is decoded about once per edge, and notes the child's next
  // change, so that an edge whose child has not changed since is not
  // read at all (the other captures of a state refreshed for one child's
  // change). A next change past layer 65,533 is not noted: such an edge
  // is read at every refresh.
  uint32_t RefreshOuter(uint64_t s, uint32_t t) {
    constexpr uint32_t kNever = std::numeric_limits<uint32_t>::max();
    uint32_t next = kNever;
    const uint64_t l = s - lo_;
    for (uint64_t e = outer_offsets_[l]; e < outer_offsets_[l + 1]; ++e) {
      OuterEdge& edge = outer_[e];
      uint32_t change = edge.next_change;
      if (change == kNeverChangesAgain) continue;
      if (change == kNextChangeUnknown || change < t) {
        outer_value_[e] = static_cast<int8_t>(outer_views_[edge.slice].Advance(
            edge.index, t, outer_cursor_[e], outer_value_[e], change));
        edge.next_change = change == kNever                ? kNeverChangesAgain
                           : change < kNextChangeUnknown ? static_cast<uint16_t>(change)
                                                         : kNextChangeUnknown;
      }
      if (change != kNever) next = std::min(next, change + 1);
    }
    return next;
  }

  using Change = StateChange;

  // Marks state s (this rank's) dirty for the coming evaluation. When
  // other threads may mark too (`shared`) the bit is set with an atomic
  // OR, skipped when already set. The rank's range starts at a multiple
  // of 64, so s's bit is bit s % 64 of its word.
  void MarkDirty(uint32_t s, bool shared) {
    uint64_t& word = dirty_[(s - lo_) >> 6];
    const uint64_t bit = uint64_t{1} << (s & 63);
    if (!shared) {
      word |= bit;
      return;
    }
    std::atomic_ref<uint64_t> ref(word);
    if ((ref.load(std::memory_order_relaxed) & bit) == 0) {
      ref.fetch_or(bit, std::memory_order_relaxed);
    }
  }

  // True when ParallelFor over `items` with `grain` may run on several
  // threads at once (it runs a single chunk on the calling thread).
  bool RunsShared(uint64_t items, uint64_t grain) const {
    return pool_.size() > 1 && items > grain;
  }

  // Schedules the outer events found while refreshing.
  void Schedule(std::vector<std::vector<std::pair<uint32_t, uint32_t>>>& events) {
    for (auto& list : events) {
      for (const auto& [layer, state] : list) {
        if (layer <= horizon_) buckets_[layer].push_back(state);
      }
      list.clear();
    }
  }

  // 3. The layers t = 1..T, each re-evaluating only what may change. The
  //    dirty states of a layer are a bitmap: marking is a bit set, and the
  //    evaluation walks the bitmap in index order, so memory is read in
  //    order and the changes come out sorted.
  void RunLayers() {
    const int threads = pool_.size();
    const uint64_t words = (local_ + 63) / 64;
    constexpr uint64_t kWordsPerChunk = 256;  // 16384 states
    const uint64_t chunks = (words + kWordsPerChunk - 1) / kWordsPerChunk;
    dirty_.assign(words, 0);
    buckets_.assign(static_cast<size_t>(horizon_) + 2, {});
    std::vector<std::vector<std::pair<uint32_t, uint32_t>>> events(threads);
    // Layer 0: the limit values are the first entries. Each rank has its
    // own states' values; the gathered changes complete every replica.
    LayerChanges changed;
    changed.parts.emplace_back();
    for (uint64_t s = lo_; s < range_.end; ++s) {
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
    for (uint32_t t = 1; t <= horizon_; ++t) {
      uint64_t buckets_in_layer = 0;
      if (t == 1) {
        // Every state is dirty; cache its outer children's V_0 and
        // schedule its first outer event.
        std::fill(dirty_.begin(), dirty_.end(), ~uint64_t{0});
        if (local_ % 64 != 0) dirty_.back() = (uint64_t{1} << (local_ % 64)) - 1;
        pool_.ParallelFor(lo_, range_.end, kGrain, [&](int w, uint64_t b, uint64_t e) {
          for (uint64_t s = b; s < e; ++s) {
            const uint32_t next = RefreshOuter(s, 1);
            if (next != std::numeric_limits<uint32_t>::max()) {
              events[w].emplace_back(next, static_cast<uint32_t>(s));
            }
          }
        });
      } else {
        // The parents of the states that changed at t - 1...
        // A parent p can only change if this child's term (reward - V)
        // now beats p's value, or was p's maximum and dropped: otherwise
        // max over p's terms stays V_{t-1}(p) (value_ holds V_{t-1}).
        // `changed` still holds every rank's changes of layer t - 1, in
        // parts (one a chunk of states); freed once their parents are
        // marked.
        const bool parents_shared = RunsShared(changed.total, kGrain / 4);
        // Pieces of at most kGrain / 4 changes, none across parts (a
        // gathered layer is one part).
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
        const uint64_t piece_grain = parents_shared ? 1 : std::max<uint64_t>(pieces.size(), 1);
        pool_.ParallelFor(0, pieces.size(), piece_grain, [&](int, uint64_t b, uint64_t e) {
          for (uint64_t k = b; k < e; ++k) {
            const Piece& piece = pieces[k];
            const std::vector<Change>& previous = changed.parts[piece.part];
            const int8_t* old_values = previous_old_values_.data() + changed.first[piece.part];
            for (size_t i = piece.begin; i < piece.end; ++i) {
              const uint32_t c = previous[i].state;
              const int old_value = old_values[i];
              const int new_value = previous[i].value;
              for (uint32_t p = parent_offsets_[c]; p < parent_offsets_[c + 1]; ++p) {
                const uint32_t parent = parents_[p];
                const int reward = inner_rewards_zero_ ? 0 : parent_rewards_[p];
                const int current = value_[parent];
                const int old_term = reward - old_value;
                const int new_term = reward - new_value;
                if (new_term > current || (old_term == current && new_term < old_term)) {
                  MarkDirty(parent, parents_shared);
                }
              }
            }
          }
        });
        // ...and the states whose outer children changed at t - 1.
        std::vector<uint32_t>& bucket = buckets_[t];
        buckets_in_layer = bucket.size();
        const bool bucket_shared = RunsShared(bucket.size(), kGrain);
        pool_.ParallelFor(0, bucket.size(), kGrain, [&](int w, uint64_t b, uint64_t e) {
          for (uint64_t i = b; i < e; ++i) {
            MarkDirty(bucket[i], bucket_shared);
            const uint32_t next = RefreshOuter(bucket[i], t);
            if (next != std::numeric_limits<uint32_t>::max()) {
              events[w].emplace_back(next, bucket[i]);
            }
          }
        });
        std::vector<uint32_t>().swap(bucket);
      }
      Schedule(events);
      // Evaluate the dirty states against V_{t-1}, clearing the bitmap.
      // A layer with little work runs on this thread alone: waking the
      // pool costs more than it saves (most layers of small slices).
      const uint64_t work_estimate =
          t == 1 ? local_ : 4 * changed.total + buckets_in_layer;
      // The changes of layer t - 1 are no longer needed.
      changed = LayerChanges();
      changed.parts.resize(chunks);
      const uint64_t chunk_grain = work_estimate < kGrain ? chunks : 1;
      pool_.ParallelFor(0, chunks, chunk_grain, [&](int, uint64_t cb, uint64_t ce) {
        for (uint64_t chunk = cb; chunk < ce; ++chunk) {
          std::vector<Change>& out = changed.parts[chunk];
          uint64_t evaluated = 0;
          const uint64_t w_end = std::min(words, (chunk + 1) * kWordsPerChunk);
          for (uint64_t w = chunk * kWordsPerChunk; w < w_end; ++w) {
            uint64_t bits = dirty_[w];
            if (bits == 0) continue;
            dirty_[w] = 0;
            evaluated += std::popcount(bits);
            while (bits != 0) {
              const uint32_t s =
                  static_cast<uint32_t>(lo_ + w * 64 + std::countr_zero(bits));
              bits &= bits - 1;
              const int v = Evaluate(s);
              if (v < -128 || v > 127) overflow_ = true;
              if (v != value_[s]) out.push_back(Change{s, static_cast<int8_t>(v)});
            }
          }
          evaluations_.fetch_add(evaluated, std::memory_order_relaxed);
        }
      });
      // Apply: V_t becomes the current layer (changes in index order).
      // This rank's changes go to its log; then every rank's, in index
      // order (ranks own increasing ranges), update the replica.
      changed.Count();
      AppendLog(changed);
      GatherLayerChanges(comm_, changed);
      previous_old_values_.resize(changed.total);
      for (size_t part = 0; part < changed.parts.size(); ++part) {
        int8_t* old_values = previous_old_values_.data() + changed.first[part];
        const std::vector<Change>& list = changed.parts[part];
        for (size_t i = 0; i < list.size(); ++i) {
          old_values[i] = value_[list[i].state];
          value_[list[i].state] = list[i].value;
        }
      }
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

  // Frees the edge lists before the store is built (lowers peak memory).
  void ReleaseGraph() {
    const auto release = [](auto& table) {
      std::remove_reference_t<decltype(table)>().swap(table);
    };
    release(inner_offsets_);
    release(outer_offsets_);
    release(parent_offsets_);
    release(inner_child_);
    release(parents_);
    release(inner_reward_);
    release(parent_rewards_);
    release(previous_old_values_);
    release(outer_);
    release(outer_value_);
    release(outer_cursor_);
    release(dirty_);
    release(terminal_);
    release(value_);
    release(outer_views_);
    release(fetched_);
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
    log_status_ = log_.AppendLayer(changed.parts);
  }

  bool PendingEvents(uint32_t t) const {
    for (uint32_t u = t + 1; u < buckets_.size(); ++u) {
      if (!buckets_[u].empty()) return true;
    }
    return false;
  }

  // 4. The compact store: the per-layer logs transposed into per-state
  //    lists of changes, byte-coded (finite_horizon_coder.h). Three reads
  //    of the log: the steps' counts (summed over the ranks, so every
  //    rank chooses the same codes), each state's bytes, the bytes
  //    themselves. Under R > 1 ranks each rank builds the store of its
  //    own range (the slice's last change, this rank's changes and
  //    evaluations); GatherFiniteHorizonStore assembles the whole store.
  absl::StatusOr<std::vector<uint8_t>> BuildStore() {
    const uint64_t entries = log_.changes();
    // Reads the log with each state's change before (layer 0, value 0
    // before its first) as layer << 8 | uint8(value) in the low 32 bits
    // of its word of `track` (layers < 2^24), and calls each(state - lo_,
    // word, layer step, value step, value). The log is in layer order, so
    // every change is a random access: one word a state keeps it to one.
    const auto replay = [&](auto& track, auto&& each) {
      using Word = std::remove_reference_t<decltype(track[0])>;
      std::fill(track.begin(), track.end(), 0);
      return log_.ForEach([&](uint32_t layer, uint32_t state, int8_t value) {
        Word& word = track[state - lo_];
        const uint32_t last = static_cast<uint32_t>(word);
        each(state - lo_, word, layer - (last >> 8), value - static_cast<int8_t>(last & 0xFF),
             value);
        word = static_cast<Word>((word - static_cast<uint32_t>(word)) |
                                 ((uint64_t{layer} << 8) | uint8_t(value)));
      });
    };
    // The first two reads: the step counts, then (in the high 32 bits)
    // each state's bytes.
    // Replays read and write these tables at random (huge pages).
    retro::internal::HugePageVector<uint64_t> track(local_);
    std::vector<uint64_t> step_counts(FiniteHorizonCoder::kSteps, 0);
    absl::Status read =
        replay(track, [&](uint64_t, uint64_t&, uint32_t layer_step, int value_step, int) {
          if (const int i = FiniteHorizonCoder::StepIndex(layer_step, value_step); i >= 0) {
            ++step_counts[i];
          }
        });
    if (absl::Status s = distributed::AgreeOnStatus(comm_, read); !s.ok()) return s;
    comm_.AllReduceSum(std::span<uint64_t>(step_counts));
    const FiniteHorizonCoder coder(step_counts);
    std::vector<uint64_t>().swap(step_counts);
    read = replay(track, [&](uint64_t, uint64_t& word, uint32_t layer_step, int value_step, int) {
      word += uint64_t{coder.Bytes(layer_step, value_step)} << 32;
    });
    if (absl::Status s = distributed::AgreeOnStatus(comm_, read); !s.ok()) return s;
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
        LayOutFiniteHorizonStore(fields, count, coder.codes().data(), cursor);
    std::vector<uint32_t>().swap(count);
    const auto* header = reinterpret_cast<const FiniteHorizonStoreHeader*>(bytes.data());
    uint8_t* out = bytes.data() + FiniteHorizonStoreView::Layout(local_, header->block_shift, 0,
                                                                 header->entry_bytes)
                                      .entries;
    // Layers in increasing order, so each state's changes come out sorted.
    retro::internal::HugePageVector<uint32_t> last(local_);
    read = replay(last, [&](uint64_t l, uint32_t&, uint32_t layer_step, int value_step,
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
  retro::internal::HugePageVector<int8_t> value_;     // V_{t-1} during layer t, every state
  retro::internal::HugePageVector<int8_t> terminal_;  // local
  // Edge offsets are 32-bit (checked in Expand): a slice has < 2^32 edges.
  retro::internal::HugePageVector<uint32_t> inner_offsets_, outer_offsets_, parent_offsets_;
  retro::internal::HugePageVector<uint32_t> inner_child_, parents_;
  // Empty when every in-slice move earns nothing (inner_rewards_zero_).
  retro::internal::HugePageVector<int8_t> inner_reward_;
  retro::internal::HugePageVector<int8_t> parent_rewards_;  // reward of each reverse edge
  bool inner_rewards_zero_ = false;
  std::vector<int8_t> previous_old_values_;  // V_{t-2} of the states changed at t-1
  retro::internal::HugePageVector<OuterEdge> outer_;
  retro::internal::HugePageVector<int8_t> outer_value_;  // cached V_{t-1} of each outer child
  // Where each outer edge stands in its child's changes.
  retro::internal::HugePageVector<FiniteHorizonStoreView::ChangeCursor> outer_cursor_;
  retro::internal::HugePageVector<uint64_t> dirty_;  // bitmap of the states to evaluate
  std::vector<std::vector<uint32_t>> buckets_;
  // This rank's changes of each layer, in state order (about 2 bytes a
  // change, spilled to the scratch folder when there is one).
  ChangeLog log_;
  absl::Status log_status_;
  std::atomic<uint64_t> evaluations_{0};
  std::atomic<bool> overflow_{false};
  uint32_t last_change_ = 0;
};

}  // namespace retro::solver::internal

#endif  // RETRO_SOLVER_FINITE_HORIZON_SLICE_H_
