// Retrograde analysis of one loopy slice of a win/draw/loss game with
// distances, game-agnostic and parallel.
//
// A slice is a set of positions, numbered 0 .. size()-1 by the game's
// indexer, whose moves either stay in the slice or leave it ("conversions",
// e.g. captures into a table with fewer pieces) into positions whose values
// are already known. Play may cycle inside the slice; endless play is a draw.
// The solver computes for every position the result for the side to move
// and the distance in plies under the usual distance rules: the winner
// minimises the distance, the loser maximises it. A move inside the slice
// adds one ply to the child's distance; the value of a conversion move is
// supplied by the game (for distance-to-conversion it is one ply, whatever
// the child's own distance).
//
// Algorithm. Predecessor-based retrograde analysis in order of distance:
//   1. Seed: every position is described once (terminal value, number of
//      moves inside the slice, values of its conversions). Terminal
//      positions, positions with a conversion win in one ply and positions
//      that cannot avoid a conversion loss are final at once; positions with
//      a drawing or winning conversion can no longer lose.
//   2. Level L = 0, 1, 2, ...: the positions resolved at distance L (the
//      frontier) are found by a parallel scan of the table, in index order.
//      For each, visit its predecessors: a loss at L makes every unresolved
//      predecessor a win at L + 1; a win at L removes one of the
//      predecessor's open moves, and a predecessor whose last open move is
//      gone (all its moves lose) becomes a loss at L + 1, or later when a
//      conversion lets it lose more slowly.
//   3. Positions never resolved are draws.
// Parallelism without atomics: with T threads, thread w visits the whole
// frontier but only the predecessors in "part" w of T, a partition of the
// positions chosen by the game (any function of the position, computed
// before ranking). Every position is written by one thread only, so the
// result is deterministic and independent of the thread count. Updates are
// batched and prefetched so that cache misses overlap. Frontiers and seeds
// are visited in increasing index order, which lets a game reuse work
// between consecutive indices through its per-thread Scratch.
//
// Storage: one byte per position in the codec below (EncodeWdl), plus one
// byte of open-move counter during the solve, both in huge pages.
//
// Distributed (SolveContext::communicator with several ranks, retro/
// distributed/): each rank owns one contiguous range of the slice
// (retro/distributed/partition.h) and holds the value and counter bytes of
// its range only. It seeds its range and scans its own part of each
// frontier; the predecessors of its frontier positions go to their owners
// in batched all-to-all exchanges (rounds of at most kRoundPositions
// frontier positions, so a level's messages stay bounded), and each rank
// applies the updates it receives. The highest level, the longest losing
// conversion, the frontier sizes and errors are agreed by all-reductions,
// and the finished table is gathered on every rank (the next slices'
// conversions read it). The values are those of a single process, byte
// for byte: within a level the order of updates does not matter. Snapshots
// are not taken in a distributed solve.
//
// Snapshots (SolveContext::snapshots, retro/solver/slice_snapshots.h): when
// one is due, the state is saved after each 1/64 of the seeding and after
// each level (values, counters, pending lists: about two bytes a position),
// and a solve that finds a snapshot continues from it; the table is the
// same byte for byte.
//
// The game contract (size, Scratch, Describe, ForEachPredecessor) is the
// concept LoopyWdlGame in retro/solver/loopy_wdl_game.h.
//
// Usage:
//   retro::solver::SolveContext context{.pool = &pool, .progress = &progress};
//   absl::StatusOr<std::vector<uint8_t>> table =
//       retro::solver::SolveLoopyWdl(game, context);
#ifndef RETRO_SOLVER_LOOPY_WDL_H_
#define RETRO_SOLVER_LOOPY_WDL_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/distributed/communicator.h"
#include "retro/distributed/gather_into.h"
#include "retro/distributed/local_communicator.h"
#include "retro/distributed/partition.h"
#include "retro/distributed/status_agreement.h"
#include "retro/format/wdl/wdl.h"
#include "retro/progress.h"
#include "retro/solver/loopy_wdl_buffer.h"
#include "retro/solver/loopy_wdl_game.h"
#include "retro/solver/solve_context.h"
#include "retro/status_macros.h"
#include "retro/thread_pool.h"

namespace retro::solver {

namespace internal {

// Collects what a game reports about one position.
struct SeedSink {
  bool terminal = false;
  WdlOutcome terminal_value;
  int in_slice = 0;
  bool has_conversion = false;
  WdlOutcome best_conversion = WdlOutcome::Loss(0);
  int longest_conversion_loss = -1;  // -1: no losing conversion

  void Terminal(WdlOutcome v) {
    terminal = true;
    terminal_value = v;
  }
  void InSliceMoves(int count) { in_slice += count; }
  void Conversion(WdlOutcome v) {
    if (!has_conversion || BetterForMover(v, best_conversion)) {
      best_conversion = v;
    }
    has_conversion = true;
    if (v.result == Wdl::kLoss) {
      longest_conversion_loss = std::max(longest_conversion_loss, v.distance);
    }
  }
};

// Open-move counter of positions that can no longer become losses.
inline constexpr uint8_t kCannotLose = 255;
// Largest number of in-slice moves a position may have.
inline constexpr int kMaxInSliceMoves = 254;

// List entries: index in the low 56 bits; in pending lists the byte to give
// sits on top, in frontiers and batches bit 63 marks a win.
inline constexpr int kCodeShift = 56;
inline constexpr uint64_t kIndexMask = (uint64_t{1} << kCodeShift) - 1;
inline constexpr uint64_t kWinBit = uint64_t{1} << 63;

// Positions to be given a value at a later level if still unknown then
// (wins by slow conversions, losses delayed by slow losing conversions).
class PendingLists {
 public:
  void Add(int level, uint64_t index, uint8_t byte) {
    if (static_cast<int>(lists_.size()) <= level) lists_.resize(level + 1);
    lists_[level].push_back(index | (uint64_t{byte} << kCodeShift));
  }
  // Moves the lists of `other` into this.
  void Absorb(PendingLists& other) {
    if (other.lists_.size() > lists_.size()) lists_.resize(other.lists_.size());
    for (size_t l = 0; l < other.lists_.size(); ++l) {
      lists_[l].insert(lists_[l].end(), other.lists_[l].begin(), other.lists_[l].end());
    }
    other.lists_.clear();
  }
  // Removes and returns the list of `level`.
  std::vector<uint64_t> Take(int level) {
    if (level >= static_cast<int>(lists_.size())) return {};
    return std::move(lists_[level]);
  }
  // The highest level with a list (-1 if none).
  int MaxLevel() const { return static_cast<int>(lists_.size()) - 1; }
  // All lists, by level (for snapshots).
  const std::vector<std::vector<uint64_t>>& lists() const { return lists_; }
  void Replace(std::vector<std::vector<uint64_t>> lists) { lists_ = std::move(lists); }

 private:
  std::vector<std::vector<uint64_t>> lists_;
};

// True when one of the `n` bytes at `p` equals `a` or `b`; eight bytes at a
// time (SWAR), for the level scans.
inline bool AnyByteIs(const uint8_t* p, uint64_t n, uint8_t a, uint8_t b) {
  constexpr uint64_t kOnes = 0x0101010101010101ull;
  constexpr uint64_t kHighs = 0x8080808080808080ull;
  const uint64_t wa = kOnes * a, wb = kOnes * b;
  uint64_t i = 0;
  uint64_t hit = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    const uint64_t xa = w ^ wa, xb = w ^ wb;
    hit |= ((xa - kOnes) & ~xa & kHighs) | ((xb - kOnes) & ~xb & kHighs);
  }
  for (; i < n; ++i) hit |= (p[i] == a) | (p[i] == b);
  return hit != 0;
}

// Keeps the first error reported by any thread.
class ErrorSlot {
 public:
  void Set(absl::Status status) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (status_.ok()) status_ = std::move(status);
  }
  absl::Status Get() {
    std::lock_guard<std::mutex> lock(mutex_);
    return status_;
  }

 private:
  std::mutex mutex_;
  absl::Status status_;
};

// One solve of one slice, in the three phases of the algorithm above: Seed,
// Propagate (level by level: TakePending, ScanFrontier, UpdatePredecessors)
// and Finish.
template <typename Game>
class LoopyWdlSolver {
 public:
  LoopyWdlSolver(const Game& game, ThreadPool& pool, Progress* progress, SliceSnapshots* snapshots,
                 distributed::Communicator& comm)
      : game_(game),
        pool_(pool),
        progress_(progress),
        snapshots_(comm.size() > 1 ? nullptr : snapshots),
        size_(game.size()),
        parts_(pool.size()),
        scratch_slots_(parts_),
        comm_(comm),
        range_(distributed::RangeOfRank(size_, comm.rank(), comm.size())),
        lo_(range_.begin),
        local_(range_.size()) {}

  absl::StatusOr<std::vector<uint8_t>> Solve() {
    RETRO_ASSIGN_OR_RETURN(value_, HugePageBuffer::Allocate(local_, kWdlUnknownByte));
    RETRO_ASSIGN_OR_RETURN(open_moves_, HugePageBuffer::Allocate(local_, 0));
    // Where the last snapshot stopped (none: the start).
    Resume from{.seeded = 0, .level = 0};
    if (snapshots_ != nullptr) {
      RETRO_ASSIGN_OR_RETURN(from, RestoreSnapshot());
    }
    if (from.seeded < size_) {
      absl::Status seeded = Seed(lo_ + from.seeded);
      if (comm_.size() > 1) {
        // Every rank needs the slice's longest losing conversion and the
        // highest level seeded anywhere.
        RETRO_RETURN_IF_ERROR(distributed::AgreeOnStatus(comm_, seeded));
        uint64_t maxima[2] = {static_cast<uint64_t>(longest_conversion_loss_),
                              static_cast<uint64_t>(max_level_ + 1)};
        comm_.AllReduceMax(std::span<uint64_t>(maxima, 2));
        longest_conversion_loss_ = static_cast<int>(maxima[0]);
        max_level_ = static_cast<int>(maxima[1]) - 1;
      }
      RETRO_RETURN_IF_ERROR(seeded);
    }
    RETRO_RETURN_IF_ERROR(Propagate(from.level));
    return Finish();
  }

 private:
  using Scratch = typename Game::Scratch;
  static constexpr uint64_t kSeedGrain = uint64_t{1} << 14;
  static constexpr uint64_t kScanGrain = uint64_t{1} << 20;
  // Frontier positions whose predecessors one exchange round carries.
  static constexpr uint64_t kRoundPositions = uint64_t{1} << 14;

  // One scratch per thread, on cache lines of its own.
  struct alignas(64) PaddedScratch {
    Scratch scratch;
  };
  Scratch& scratch(int worker) { return scratch_slots_[worker].scratch; }

  // Step 1: seeds every position from its own description.
  // Seeds positions `first` .. the end of this rank's range, in chunks,
  // with a snapshot after any chunk when one is due. (Progress: this
  // rank's range.)
  absl::Status Seed(uint64_t first) {
    const uint64_t last = range_.end;
    if (progress_ != nullptr) {
      progress_->StartPhase("seed", local_);
      progress_->Advance(first - lo_);
    }
    const uint64_t chunk = std::max<uint64_t>(kSeedGrain * 4 * parts_, local_ / 64);
    for (uint64_t begin = first; begin < last; begin += chunk) {
      const uint64_t end = std::min(last, begin + chunk);
      SeedRange(begin, end);
      RETRO_RETURN_IF_ERROR(error_.Get());
      RETRO_RETURN_IF_ERROR(SnapshotIfDue({.seeded = end, .level = 0}));
    }
    return absl::OkStatus();
  }

  void SeedRange(uint64_t first, uint64_t last) {
    pool_.ParallelFor(first, last, kSeedGrain, [&](int worker, uint64_t begin, uint64_t end) {
      PendingLists local;
      int local_longest = 0, local_max_level = -1;
      for (uint64_t i = begin; i < end; ++i) {
        SeedSink sink;
        game_.Describe(scratch(worker), i, sink);
        local_longest = std::max(local_longest, sink.longest_conversion_loss);
        SeedPosition(i, sink, local, local_max_level);
      }
      {
        std::lock_guard<std::mutex> lock(mutex_);
        pending_.Absorb(local);
        longest_conversion_loss_ = std::max(longest_conversion_loss_, local_longest);
        max_level_ = std::max(max_level_, local_max_level);
      }
      if (progress_ != nullptr) progress_->Advance(end - begin);
    });
  }

  // Gives position i its first value or open-move count from `sink`.
  void SeedPosition(uint64_t i, const SeedSink& sink, PendingLists& local, int& local_max_level) {
    if (!sink.terminal && sink.in_slice > kMaxInSliceMoves) {
      error_.Set(absl::InvalidArgumentError(absl::StrCat("position ", i, " has ", sink.in_slice,
                                                         " moves inside the slice; at most ",
                                                         kMaxInSliceMoves, " are supported")));
      return;
    }
    if (!sink.terminal && sink.in_slice < 0) {
      error_.Set(absl::InvalidArgumentError(
          absl::StrCat("position ", i, " reports ", sink.in_slice, " moves inside the slice")));
      return;
    }
    std::optional<WdlOutcome> final_value;
    uint8_t counter = kCannotLose;
    if (sink.terminal) {
      final_value = sink.terminal_value;
    } else if (sink.has_conversion && sink.best_conversion.result != Wdl::kLoss) {
      if (sink.best_conversion.result == Wdl::kWin) {
        // A slice move wins in at least one ply, so a conversion win in at
        // most one ply is final; a slower one waits for its level.
        if (sink.best_conversion.distance <= 1) {
          final_value = sink.best_conversion;
        } else if (sink.best_conversion.distance > kWdlMaxDistance) {
          error_.Set(absl::OutOfRangeError(
              absl::StrCat("conversion distance ", sink.best_conversion.distance, " of position ",
                           i, " exceeds ", kWdlMaxDistance)));
        } else {
          local.Add(sink.best_conversion.distance, i, EncodeWdl(sink.best_conversion));
        }
      }
    } else if (sink.in_slice == 0) {
      // Every move (if any) is a losing conversion: lose as late as
      // possible.
      final_value = WdlOutcome::Loss(std::max(0, sink.longest_conversion_loss));
    } else {
      counter = static_cast<uint8_t>(sink.in_slice);
    }
    open_moves_[i - lo_] = counter;
    if (!final_value.has_value()) return;
    if (final_value->distance > kWdlMaxDistance || final_value->distance < 0) {
      error_.Set(
          absl::OutOfRangeError(absl::StrCat("distance ", final_value->distance, " of position ", i,
                                             " outside 0..", kWdlMaxDistance)));
      return;
    }
    value_[i - lo_] = EncodeWdl(*final_value);
    if (final_value->result != Wdl::kDraw) {
      local_max_level = std::max(local_max_level, final_value->distance);
    }
  }

  // Step 2: propagates level by level from `first_level` (0, or the level
  // a snapshot stopped before).
  absl::Status Propagate(int first_level) {
    if (progress_ != nullptr) {
      progress_->StartPhase("propagate", size_);
      uint64_t known = 0;  // about the frontiers of the levels done
      if (first_level > 0) {
        for (uint64_t i = 0; i < size_; ++i) known += value_[i] != kWdlUnknownByte;
      }
      progress_->Advance(known);
    }
    const uint64_t blocks = (local_ + kScanGrain - 1) / kScanGrain;
    block_frontier_.assign(blocks, {});
    found_.assign(parts_, {});
    resolved_.assign(parts_, 0);
    for (int level = first_level; level <= MaxOverRanks(std::max(max_level_, pending_.MaxLevel()));
         ++level) {
      RETRO_RETURN_IF_ERROR(PropagateLevel(level));
      RETRO_RETURN_IF_ERROR(SnapshotIfDue({.seeded = size_, .level = level + 1}));
    }
    return absl::OkStatus();
  }

  // The highest of every rank's `level` (each -1 or more).
  int MaxOverRanks(int level) {
    if (comm_.size() == 1) return level;
    return static_cast<int>(comm_.AllReduceMax(static_cast<uint64_t>(level + 1))) - 1;
  }

  // One level: pending values, the frontier, its predecessors.
  absl::Status PropagateLevel(int level) {
    TakePending(level);
    max_level_ = MaxOverRanks(max_level_);
    if (level > max_level_) return absl::OkStatus();
    uint64_t frontier_size = ScanFrontier(level);
    if (comm_.size() > 1) frontier_size = comm_.AllReduceSum(frontier_size);
    if (frontier_size == 0) return absl::OkStatus();
    if (level + 1 > kWdlMaxDistance) {
      return absl::OutOfRangeError(absl::StrCat("distances exceed ", kWdlMaxDistance,
                                                " plies, the limit of the one-byte table codec"));
    }
    if (comm_.size() == 1) {
      UpdatePredecessors(level);
    } else {
      ExchangePredecessors(level);
    }
    if (absl::Status s = error_.Get(); comm_.size() > 1 || !s.ok()) {
      RETRO_RETURN_IF_ERROR(distributed::AgreeOnStatus(comm_, s));
    }
    for (int part = 0; part < parts_; ++part) {
      pending_.Absorb(found_[part]);
      if (resolved_[part] > 0) max_level_ = std::max(max_level_, level + 1);
    }
    if (progress_ != nullptr) progress_->Advance(frontier_size);
    return absl::OkStatus();
  }

  // Snapshots: the state after seeding positions 0 .. seeded - 1, or before
  // propagating level `level`, is everything the rest reads: the values, the
  // open-move counters, the pending lists, the highest level and the
  // longest losing conversion.
  struct Resume {
    uint64_t seeded;  // positions seeded (size_: seeding is done)
    int level;        // the first level to propagate
  };
  static constexpr uint64_t kSnapshotFormat = 1;
  static constexpr int kSnapshotHeaderWords = 7;

  absl::Status SnapshotIfDue(Resume at) {
    if (snapshots_ == nullptr || !snapshots_->Due()) return absl::OkStatus();
    const std::vector<std::vector<uint64_t>>& lists = pending_.lists();
    const uint64_t header[kSnapshotHeaderWords] = {
        kSnapshotFormat,
        size_,
        at.seeded,
        static_cast<uint64_t>(at.level),
        static_cast<uint64_t>(static_cast<int64_t>(max_level_)),
        static_cast<uint64_t>(longest_conversion_loss_),
        lists.size()};
    std::vector<uint64_t> pending;
    for (const std::vector<uint64_t>& list : lists) {
      pending.push_back(list.size());
      pending.insert(pending.end(), list.begin(), list.end());
    }
    const std::span<const uint8_t> parts[] = {AsBytes(std::span<const uint64_t>(header)),
                                              std::span<const uint8_t>(value_.data(), size_),
                                              std::span<const uint8_t>(open_moves_.data(), size_),
                                              AsBytes(std::span<const uint64_t>(pending))};
    return snapshots_->Save(parts);
  }

  static std::span<const uint8_t> AsBytes(std::span<const uint64_t> words) {
    return {reinterpret_cast<const uint8_t*>(words.data()), words.size_bytes()};
  }

  // What a snapshot holds besides its value and counter bytes, checked.
  struct SnapshotState {
    Resume at;
    int max_level;
    int longest_conversion_loss;
    std::vector<std::vector<uint64_t>> lists;
  };

  // Loads the last snapshot, checked by CheckSnapshot, if there is one;
  // returns where to continue from (the start when there is none).
  absl::StatusOr<Resume> RestoreSnapshot() {
    std::optional<SnapshotState> state;
    RETRO_ASSIGN_OR_RETURN(
        const std::optional<std::vector<std::vector<uint8_t>>> parts,
        snapshots_->Restore([&](const std::vector<std::vector<uint8_t>>& p) -> absl::Status {
          RETRO_ASSIGN_OR_RETURN(state, CheckSnapshot(p));
          return absl::OkStatus();
        }));
    if (!parts.has_value()) return Resume{.seeded = 0, .level = 0};
    if (!state.has_value()) {  // a SliceSnapshots that did not call the check
      RETRO_ASSIGN_OR_RETURN(state, CheckSnapshot(*parts));
    }
    const std::vector<std::vector<uint8_t>>& bytes = *parts;
    std::copy(bytes[1].begin(), bytes[1].end(), value_.data());
    std::copy(bytes[2].begin(), bytes[2].end(), open_moves_.data());
    pending_.Replace(std::move(state->lists));
    max_level_ = state->max_level;
    longest_conversion_loss_ = state->longest_conversion_loss;
    return state->at;
  }

  // Checks the parts of a snapshot (SnapshotIfDue) against what the rest of
  // the solve needs, and returns what they hold besides the values and
  // counters: the header's sizes and levels, every value byte (unknown, a
  // draw, or a result no deeper than the highest level reached), nothing
  // past the positions seeded (unknown, no counter), and pending lists of
  // positions of the slice, each entry the result of its own level, none
  // left below the next level. DataLoss errors say what is wrong.
  absl::StatusOr<SnapshotState> CheckSnapshot(
      const std::vector<std::vector<uint8_t>>& parts) const {
    const auto refuse = [](const std::string& why) {
      return absl::DataLossError(absl::StrCat("the snapshot of this slice ", why));
    };
    if (parts.size() != 4 || parts[0].size() != kSnapshotHeaderWords * 8) {
      return refuse("is not a loopy solver snapshot");
    }
    uint64_t header[kSnapshotHeaderWords];
    std::memcpy(header, parts[0].data(), sizeof(header));
    if (header[0] != kSnapshotFormat) return refuse("has another format");
    if (header[1] != size_ || parts[1].size() != size_ || parts[2].size() != size_) {
      return refuse(absl::StrCat("is of ", header[1], " positions; the slice has ", size_));
    }
    const uint64_t seeded = header[2];
    const int64_t next_level = static_cast<int64_t>(header[3]);
    const int64_t max_level = static_cast<int64_t>(header[4]);
    const int64_t longest = static_cast<int64_t>(header[5]);
    if (seeded > size_ || (seeded < size_ && next_level != 0) || next_level < 0 ||
        next_level > kWdlMaxDistance + 1 || max_level < -1 || max_level > kWdlMaxDistance ||
        longest < 0 || longest > kWdlMaxDistance || header[6] > kWdlMaxDistance + 1 ||
        parts[3].size() % 8 != 0) {
      return refuse("holds impossible levels");
    }
    if (std::string problem = ValueAndCounterProblem(parts[1], parts[2], seeded, max_level);
        !problem.empty()) {
      return refuse(problem);
    }
    absl::StatusOr<std::vector<std::vector<uint64_t>>> lists =
        PendingListsOf(parts[3], header[6], next_level);
    if (!lists.ok()) return refuse(std::string(lists.status().message()));
    return SnapshotState{.at = {.seeded = seeded, .level = static_cast<int>(next_level)},
                         .max_level = static_cast<int>(max_level),
                         .longest_conversion_loss = static_cast<int>(longest),
                         .lists = *std::move(lists)};
  }

  // What is wrong with a snapshot's value and counter bytes ("" when
  // nothing): a value no byte of the solve holds before level
  // `max_level` + 1, or a position past the `seeded` first that is known
  // or counts moves.
  std::string ValueAndCounterProblem(std::span<const uint8_t> values,
                                     std::span<const uint8_t> counters, uint64_t seeded,
                                     int64_t max_level) const {
    for (uint64_t i = 0; i < size_; ++i) {
      const uint8_t byte = values[i];
      if (i >= seeded && (byte != kWdlUnknownByte || counters[i] != 0)) {
        return absl::StrCat("holds value byte ", byte, " and move counter ", counters[i],
                            " at index ", i, ", past the ", seeded,
                            " positions seeded (which must be 255 and 0)");
      }
      if (byte == kWdlUnknownByte || byte == kWdlDrawByte) continue;
      if (DecodeWdl(byte).distance > max_level) {
        return absl::StrCat("holds value byte ", byte, " at index ", i,
                            ", which encodes no value the solve has reached: a distance of ",
                            DecodeWdl(byte).distance, " plies, beyond its highest level ",
                            max_level);
      }
    }
    return "";
  }

  // The `count` pending lists in `bytes` (each a word count, then its
  // words), checked: entries of positions of the slice, each holding the
  // win or loss of its list's level, and the lists below `next_level`
  // (already taken) empty.
  absl::StatusOr<std::vector<std::vector<uint64_t>>> PendingListsOf(std::span<const uint8_t> bytes,
                                                                    uint64_t count,
                                                                    int64_t next_level) const {
    std::vector<uint64_t> words(bytes.size() / 8);
    // (memcpy would be undefined for an empty list: a null pointer.)
    std::copy(bytes.begin(), bytes.end(), reinterpret_cast<uint8_t*>(words.data()));
    const absl::Status damaged = absl::DataLossError("has damaged pending lists");
    std::vector<std::vector<uint64_t>> lists(count);
    size_t at = 0;
    for (size_t level = 0; level < lists.size(); ++level) {
      std::vector<uint64_t>& list = lists[level];
      if (at >= words.size() || words[at] > words.size() - at - 1) return damaged;
      list.assign(words.begin() + at + 1, words.begin() + at + 1 + words[at]);
      at += 1 + words[at];
      if (!list.empty() && static_cast<int64_t>(level) < next_level) return damaged;
      const int distance = static_cast<int>(level);
      for (const uint64_t entry : list) {
        const uint8_t code = static_cast<uint8_t>(entry >> kCodeShift);
        if ((entry & kIndexMask) >= size_ || (code != EncodeWdl(WdlOutcome::Win(distance)) &&
                                              code != EncodeWdl(WdlOutcome::Loss(distance)))) {
          return damaged;
        }
      }
    }
    if (at != words.size()) return damaged;
    return lists;
  }

  // 2a. Pending positions still unknown get their value now.
  void TakePending(int level) {
    for (uint64_t entry : pending_.Take(level)) {
      const uint64_t i = entry & kIndexMask;
      if (value_[i - lo_] == kWdlUnknownByte) {
        value_[i - lo_] = static_cast<uint8_t>(entry >> kCodeShift);
        max_level_ = std::max(max_level_, level);
      }
    }
  }

  // 2b. The frontier: every position of this rank's range resolved at
  // `level`, in index order (blocks are scanned in parallel, each into its
  // own list). Returns its size.
  uint64_t ScanFrontier(int level) {
    const uint8_t win_here = EncodeWdl(WdlOutcome::Win(level));
    const uint8_t loss_here = EncodeWdl(WdlOutcome::Loss(level));
    pool_.ParallelFor(0, block_frontier_.size(), 1, [&](int, uint64_t b, uint64_t e) {
      for (uint64_t block = b; block < e; ++block) {
        const uint8_t* const value = value_.data();
        std::vector<uint64_t>& out = block_frontier_[block];
        out.clear();
        const uint64_t end = std::min(local_, (block + 1) * kScanGrain);
        for (uint64_t i = block * kScanGrain; i < end; i += 64) {
          const uint64_t stop = std::min(end, i + 64);
          if (!AnyByteIs(value + i, stop - i, win_here, loss_here)) continue;
          for (uint64_t j = i; j < stop; ++j) {
            if (value[j] == win_here) out.push_back((lo_ + j) | kWinBit);
            if (value[j] == loss_here) out.push_back(lo_ + j);
          }
        }
      }
    });
    uint64_t frontier_size = 0;
    for (const std::vector<uint64_t>& list : block_frontier_) frontier_size += list.size();
    return frontier_size;
  }

  // 2c. Each thread updates the predecessors in its own part. Updates are
  // batched: the predecessors of a few frontier positions are collected and
  // prefetched, then applied, so that many cache misses overlap. The order
  // of updates within a level does not matter.
  void UpdatePredecessors(int level) {
    const uint8_t win_next = EncodeWdl(WdlOutcome::Win(level + 1));
    const uint8_t loss_next = EncodeWdl(WdlOutcome::Loss(level + 1));
    pool_.RunOnAll([&](int part) {
      // Raw pointers held in locals: byte stores cannot alias them.
      uint8_t* const value = value_.data();
      uint8_t* const open_moves = open_moves_.data();
      Scratch& my_scratch = scratch(part);
      PendingLists& later = found_[part];
      uint64_t count = 0;
      constexpr size_t kBatch = 512;
      std::vector<uint64_t> batch;
      batch.reserve(2 * kBatch);
      const auto apply = [&, value, open_moves] {
        for (const uint64_t entry : batch) {
          count += ApplyPredecessor(entry, entry & kIndexMask, level, win_next, loss_next, value,
                                    open_moves, my_scratch, later);
        }
        batch.clear();
      };
      // Batches the predecessors of q, a win when `win` is kWinBit (a
      // compile-time constant: one loop for each), prefetching their values
      // and, from a win or by a move keeping the turn (WinBitOf), their
      // counters.
      const auto list = [&, open_moves, value](uint64_t q, auto win) {
        game_.ForEachPredecessor(
            my_scratch, q, part, parts_,
            [&batch, open_moves, value, win](uint64_t p, bool keeps_turn = false) {
              if (win || keeps_turn) __builtin_prefetch(&open_moves[p], 1);
              __builtin_prefetch(&value[p], 1);
              batch.push_back(p | WinBitOf(win, keeps_turn));
            });
      };
      for (const std::vector<uint64_t>& frontier : block_frontier_) {
        for (const uint64_t entry : frontier) {
          if (entry & kWinBit) {
            list(entry & kIndexMask, std::integral_constant<uint64_t, kWinBit>());
          } else {
            list(entry & kIndexMask, std::integral_constant<uint64_t, 0>());
          }
          if (batch.size() >= kBatch) apply();
        }
      }
      apply();
      resolved_[part] = count;
    });
  }

  // The bit of a predecessor's entry, from `win` (kWinBit or 0: whether the
  // position it was found from is a win for its side to move): the same
  // for a move passing the turn (the predecessor loses that move), the
  // other for one keeping it (the child's win is the predecessor's).
  static constexpr uint64_t WinBitOf(uint64_t win, bool keeps_turn) {
    return keeps_turn ? win ^ kWinBit : win;
  }

  // Applies one predecessor `entry` (its slice index, with kWinBit when the
  // position it was found from at `level` is a win, and the move into it
  // passes the turn, or a loss and the move keeps it) to its record, at `at`
  // of `value` and `open_moves` (the slice index, or its place in this
  // rank's range). A predecessor of a loss wins; a predecessor of a win
  // loses once all its moves are wins, as late as its conversions allow
  // (later than level + 1: kept in `later`). Terminal positions, which a
  // game may visit, never count down to zero from kCannotLose; the value
  // check is a safeguard. Returns 1 when the record is resolved at
  // level + 1, else 0.
  uint64_t ApplyPredecessor(uint64_t entry, uint64_t at, int level, uint8_t win_next,
                            uint8_t loss_next, uint8_t* value, uint8_t* open_moves,
                            Scratch& scratch, PendingLists& later) {
    if ((entry & kWinBit) == 0) {
      if (value[at] != kWdlUnknownByte) return 0;
      value[at] = win_next;
      return 1;
    }
    if (--open_moves[at] != 0 || value[at] != kWdlUnknownByte) return 0;
    const uint64_t p = entry & kIndexMask;
    int distance = level + 1;
    if (longest_conversion_loss_ > distance) {
      SeedSink sink;
      game_.Describe(scratch, p, sink);
      distance = std::max(distance, sink.longest_conversion_loss);
    }
    if (distance == level + 1) {
      value[at] = loss_next;
      return 1;
    }
    if (distance <= kWdlMaxDistance) {
      later.Add(distance, p, EncodeWdl(WdlOutcome::Loss(distance)));
    } else {
      error_.Set(absl::OutOfRangeError(
          absl::StrCat("loss distance ", distance, " exceeds ", kWdlMaxDistance)));
    }
    return 0;
  }

  // 2c'. The same for several ranks: this rank's frontier, in rounds of
  // at most kRoundPositions positions, has its predecessors listed (on the
  // pool) and sent to their owners in one all-to-all per round; each rank
  // applies what it receives to its own positions, each thread to the
  // positions of its part (contiguous blocks dealt round-robin). Rounds go
  // on until every rank's frontier is done.
  void ExchangePredecessors(int level) {
    const uint8_t win_next = EncodeWdl(WdlOutcome::Win(level + 1));
    const uint8_t loss_next = EncodeWdl(WdlOutcome::Loss(level + 1));
    const int ranks = comm_.size();
    // The frontier is the blocks' lists one after another (not copied into
    // one: it can hold a large share of the rank's positions); starts[b] is
    // where block b's list begins.
    std::vector<uint64_t> starts(block_frontier_.size() + 1, 0);
    for (size_t b = 0; b < block_frontier_.size(); ++b) {
      starts[b + 1] = starts[b] + block_frontier_[b].size();
    }
    const uint64_t frontier_size = starts.back();
    const uint64_t size = size_;
    const auto owner = [size, ranks](uint64_t p) { return distributed::OwnerOf(size, p, ranks); };
    resolved_.assign(parts_, 0);
    for (uint64_t round = 0;; round += kRoundPositions) {
      const uint64_t first = std::min<uint64_t>(round, frontier_size);
      const uint64_t last = std::min<uint64_t>(round + kRoundPositions, frontier_size);
      // Each worker's batches, per destination rank.
      std::vector<std::vector<std::vector<uint64_t>>> out(
          parts_, std::vector<std::vector<uint64_t>>(ranks));
      pool_.ParallelFor(first, last, 1024, [&](int worker, uint64_t b, uint64_t e) {
        Scratch& my_scratch = scratch(worker);
        std::vector<std::vector<uint64_t>>& mine = out[worker];
        // The block holding frontier position b, then on through the lists.
        size_t block = std::upper_bound(starts.begin(), starts.end(), b) - starts.begin() - 1;
        for (uint64_t k = b; k < e; ++k) {
          while (k >= starts[block + 1]) ++block;
          const uint64_t entry = block_frontier_[block][k - starts[block]];
          const uint64_t win = entry & kWinBit;
          game_.ForEachPredecessor(my_scratch, entry & kIndexMask, 0, 1,
                                   [&](uint64_t p, bool keeps_turn = false) {
                                     mine[owner(p)].push_back(p | WinBitOf(win, keeps_turn));
                                   });
        }
      });
      // One byte batch per destination, straight from the workers' lists.
      std::vector<std::vector<uint8_t>> send(ranks);
      for (int r = 0; r < ranks; ++r) {
        uint64_t entries = 0;
        for (int w = 0; w < parts_; ++w) entries += out[w][r].size();
        send[r].reserve(entries * sizeof(uint64_t));
        for (int w = 0; w < parts_; ++w) {
          const auto* bytes = reinterpret_cast<const uint8_t*>(out[w][r].data());
          send[r].insert(send[r].end(), bytes, bytes + out[w][r].size() * sizeof(uint64_t));
          std::vector<uint64_t>().swap(out[w][r]);
        }
      }
      out.clear();
      const std::vector<std::vector<uint8_t>> received = comm_.AllToAllBytes(send);
      send.clear();
      pool_.RunOnAll([&](int part) {
        uint8_t* const value = value_.data();
        uint8_t* const open_moves = open_moves_.data();
        Scratch& my_scratch = scratch(part);
        PendingLists& later = found_[part];
        uint64_t count = 0;
        // This part's records: those of its grains (all with one part).
        const auto mine = [this, part](uint64_t l) {
          return parts_ == 1 || static_cast<int>(static_cast<uint32_t>(l / kSeedGrain) %
                                                 static_cast<uint32_t>(parts_)) == part;
        };
        // The records are scattered over the rank's range: each entry's
        // record is prefetched kAhead entries before it is applied, as the
        // single-process loop prefetches while it lists predecessors.
        constexpr size_t kAhead = 16;
        for (const std::vector<uint8_t>& batch : received) {
          const size_t entries = batch.size() / sizeof(uint64_t);
          const auto entry_at = [&batch](size_t i) {
            uint64_t entry;
            std::memcpy(&entry, batch.data() + i * sizeof(uint64_t), sizeof(entry));
            return entry;
          };
          for (size_t i = 0; i < entries; ++i) {
            if (i + kAhead < entries) {
              const uint64_t ahead = entry_at(i + kAhead);
              const uint64_t l = (ahead & kIndexMask) - lo_;
              __builtin_prefetch((ahead & kWinBit) ? &open_moves[l] : &value[l], 1);
            }
            const uint64_t entry = entry_at(i);
            const uint64_t l = (entry & kIndexMask) - lo_;
            if (!mine(l)) continue;
            count += ApplyPredecessor(entry, l, level, win_next, loss_next, value, open_moves,
                                      my_scratch, later);
          }
        }
        resolved_[part] += count;
      });
      if (!comm_.AnyRank(last < frontier_size)) break;
    }
  }

  // Step 3: whatever is unresolved is a draw. With several ranks, every
  // rank's range is gathered into the whole table on every rank.
  std::vector<uint8_t> Finish() {
    open_moves_ = HugePageBuffer();  // free it before the copy
    // The whole table: this rank's range in place, the others' gathered
    // into theirs (no second copy of the table).
    std::vector<uint8_t> whole(size_);
    std::transform(value_.data(), value_.data() + local_, whole.data() + lo_,
                   [](uint8_t v) { return v == kWdlUnknownByte ? kWdlDrawByte : v; });
    value_ = HugePageBuffer();
    if (comm_.size() > 1) {
      distributed::AllGatherInto(comm_, std::span<const uint8_t>(whole.data() + lo_, local_),
                                 whole);
    }
    return whole;
  }

  const Game& game_;
  ThreadPool& pool_;
  Progress* const progress_;
  SliceSnapshots* const snapshots_;  // null: none
  const uint64_t size_;
  const int parts_;
  std::vector<PaddedScratch> scratch_slots_;
  // The ranks, and this rank's positions [lo_, lo_ + local_) (all of them
  // with one rank): value_ and open_moves_ are indexed by i - lo_.
  distributed::Communicator& comm_;
  const distributed::IndexRange range_;
  const uint64_t lo_;
  const uint64_t local_;
  HugePageBuffer value_;       // EncodeWdl bytes, kWdlUnknownByte if open
  HugePageBuffer open_moves_;  // in-slice moves not yet known to win
  PendingLists pending_;
  std::mutex mutex_;  // guards pending_, max_level_, longest_conversion_loss_
  // The highest level that may still hold positions.
  int max_level_ = -1;
  // The longest losing conversion anywhere: a position that runs out of
  // slice moves at a later level needs no second look at its conversions.
  int longest_conversion_loss_ = 0;
  ErrorSlot error_;
  // Per level: the frontier of each scan block, and per part the positions
  // found for later levels and the number resolved at the next level.
  std::vector<std::vector<uint64_t>> block_frontier_;
  std::vector<PendingLists> found_;
  std::vector<uint64_t> resolved_;
};

}  // namespace internal

// Solves the slice described by `game` (the contract LoopyWdlGame of
// retro/solver/loopy_wdl_game.h) with the threads, progress and memory
// budget of `context`. Returns one byte per position in the EncodeWdl codec.
// Fails when the slice is too large to index or does not fit the memory
// budget (two bytes per position), when a position has more than 254 moves
// inside the slice, or when a distance exceeds kWdlMaxDistance.
template <typename Game>
absl::StatusOr<std::vector<uint8_t>> SolveLoopyWdl(const Game& game, const SolveContext& context) {
  static_assert(AssertLoopyWdlGame<Game>());
  const uint64_t size = game.size();
  if (size > internal::kIndexMask) {
    return absl::InvalidArgumentError(absl::StrCat("slice of ", size,
                                                   " positions is too large; at most ",
                                                   internal::kIndexMask, " are supported"));
  }
  RETRO_RETURN_IF_ERROR(internal::CheckMemoryBudget(
      context, 2 * size, absl::StrCat("a loopy slice of ", size, " positions")));
  internal::ContextPool pool(context);
  distributed::LocalCommunicator local;
  distributed::Communicator& comm = context.communicator != nullptr ? *context.communicator : local;
  internal::LoopyWdlSolver<Game> solver(game, pool.get(), context.progress, context.snapshots,
                                        comm);
  return solver.Solve();
}

}  // namespace retro::solver

#endif  // RETRO_SOLVER_LOOPY_WDL_H_
