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
// The game contract (all members const and safe to call concurrently):
//
//   // Number of positions in the slice.
//   uint64_t size() const;
//
//   // Per-thread scratch space (default-constructible), passed to the calls
//   // below, e.g. to cache the last unranked position; may be empty.
//   struct Scratch;
//
//   // Describes position `index` to `sink` (REQUIRED):
//   //   sink.Terminal(WdlOutcome v): the game is over here with value v for
//   //     the side to move; nothing else needs reporting.
//   //   sink.InSliceMoves(int count): `count` more moves that stay in the
//   //     slice, counted once per move; over the whole slice, a position's
//   //     count must equal the number of times ForEachPredecessor (summed
//   //     over all parts) visits it as a predecessor.
//   //   sink.Conversion(WdlOutcome v): a move leaving the slice whose value
//   //     for the mover (already including the move's ply) is v. A game may
//   //     omit conversions that can change neither the best conversion nor
//   //     the longest losing one.
//   // A position with nothing reported is lost at distance 0. Describe may
//   // be called again for a position during the solve.
//   template <typename Sink>
//   void Describe(Scratch& scratch, uint64_t index, Sink& sink) const;
//
//   // Calls visit(uint64_t predecessor) once per move predecessor -> index
//   // that stays in the slice, for the predecessors in part `part` of
//   // `parts` (REQUIRED). The part of a position must depend only on the
//   // position; over all parts every such move is visited exactly once.
//   // Terminal positions have no moves: they may be visited or not.
//   template <typename Visit>
//   void ForEachPredecessor(Scratch& scratch, uint64_t index, int part,
//                           int parts, Visit&& visit) const;
#ifndef RETRO_SOLVER_LOOPY_WDL_H_
#define RETRO_SOLVER_LOOPY_WDL_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/progress.h"
#include "retro/solver/loopy_wdl_buffer.h"
#include "retro/thread_pool.h"

namespace retro {

// The result of a position for the side to move.
enum class Wdl : uint8_t { kLoss = 0, kDraw = 1, kWin = 2 };

// A result with its distance in plies (0 for draws).
struct WdlOutcome {
  Wdl result = Wdl::kDraw;
  int distance = 0;

  static constexpr WdlOutcome Win(int plies) { return {Wdl::kWin, plies}; }
  static constexpr WdlOutcome Loss(int plies) { return {Wdl::kLoss, plies}; }
  static constexpr WdlOutcome Draw() { return {Wdl::kDraw, 0}; }

  // The value, for the mover, of a move into a position of the same game
  // whose value for its side to move is `child`: the result flips and the
  // move adds one ply.
  static constexpr WdlOutcome AfterMove(WdlOutcome child) {
    switch (child.result) {
      case Wdl::kWin:
        return Loss(child.distance + 1);
      case Wdl::kLoss:
        return Win(child.distance + 1);
      default:
        return Draw();
    }
  }

  friend constexpr bool operator==(const WdlOutcome&,
                                   const WdlOutcome&) = default;
};

// True when `a` is strictly better than `b` for the side to move: wins beat
// draws beat losses, shorter wins and longer losses are better.
constexpr bool BetterForMover(WdlOutcome a, WdlOutcome b) {
  if (a.result != b.result) return a.result > b.result;
  if (a.result == Wdl::kWin) return a.distance < b.distance;
  if (a.result == Wdl::kLoss) return a.distance > b.distance;
  return false;
}

// The byte codec of solved tables:
//   0          draw
//   1 .. 127   win,  distance = byte - 1    (0 .. 126 plies)
//   128 .. 254 loss, distance = byte - 128  (0 .. 126 plies)
//   255        never in a finished table (the solver's "unknown")
inline constexpr int kWdlMaxDistance = 126;
inline constexpr uint8_t kWdlDrawByte = 0;
inline constexpr uint8_t kWdlUnknownByte = 255;

// The byte of `o`; requires o.distance <= kWdlMaxDistance.
constexpr uint8_t EncodeWdl(WdlOutcome o) {
  switch (o.result) {
    case Wdl::kWin:
      return static_cast<uint8_t>(1 + o.distance);
    case Wdl::kLoss:
      return static_cast<uint8_t>(128 + o.distance);
    default:
      return kWdlDrawByte;
  }
}

// The outcome of a table byte (255 decodes as a draw).
constexpr WdlOutcome DecodeWdl(uint8_t byte) {
  if (byte == kWdlDrawByte || byte == kWdlUnknownByte) {
    return WdlOutcome::Draw();
  }
  if (byte < 128) return WdlOutcome::Win(byte - 1);
  return WdlOutcome::Loss(byte - 128);
}

namespace loopy_wdl_internal {

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
      lists_[l].insert(lists_[l].end(), other.lists_[l].begin(),
                       other.lists_[l].end());
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

}  // namespace loopy_wdl_internal

// Solves the slice described by `game` (see the contract at the top of this
// file) on the threads of `pool`, reporting progress to `progress` (may be
// null). Returns one byte per position in the EncodeWdl codec. Fails when a
// position has more than 254 moves inside the slice, when a distance exceeds
// kWdlMaxDistance, or when the slice is too large to index.
template <typename Game>
absl::StatusOr<std::vector<uint8_t>> SolveLoopyWdl(const Game& game,
                                                   ThreadPool& pool,
                                                   Progress* progress) {
  using loopy_wdl_internal::kCannotLose;
  using loopy_wdl_internal::kCodeShift;
  using loopy_wdl_internal::kIndexMask;
  using loopy_wdl_internal::kWinBit;
  using loopy_wdl_internal::PendingLists;
  using Scratch = typename Game::Scratch;
  constexpr uint64_t kSeedGrain = uint64_t{1} << 14;
  constexpr uint64_t kScanGrain = uint64_t{1} << 20;

  const uint64_t size = game.size();
  if (size > kIndexMask) {
    return absl::InvalidArgumentError(
        absl::StrCat("slice of ", size, " positions is too large; at most ",
                     kIndexMask, " are supported"));
  }
  const int parts = pool.size();
  // One scratch per thread, on cache lines of its own.
  struct alignas(64) PaddedScratch {
    Scratch scratch;
  };
  std::vector<PaddedScratch> scratch_slots(parts);
  const auto scratch = [&](int worker) -> Scratch& {
    return scratch_slots[worker].scratch;
  };
  absl::StatusOr<HugePageBuffer> value_buffer =
      HugePageBuffer::Allocate(size, kWdlUnknownByte);
  if (!value_buffer.ok()) return value_buffer.status();
  absl::StatusOr<HugePageBuffer> open_moves_buffer =
      HugePageBuffer::Allocate(size, 0);
  if (!open_moves_buffer.ok()) return open_moves_buffer.status();
  HugePageBuffer& value = *value_buffer;
  HugePageBuffer& open_moves = *open_moves_buffer;
  PendingLists pending;
  std::mutex mutex;  // guards pending, max_level, longest_conversion_loss
  // The highest level that may still hold positions.
  int max_level = -1;
  // The longest losing conversion anywhere: a position that runs out of
  // slice moves at a later level needs no second look at its conversions.
  int longest_conversion_loss = 0;
  loopy_wdl_internal::ErrorSlot error;

  // Step 1: seed every position from its own description.
  if (progress != nullptr) progress->StartPhase("seed", size);
  pool.ParallelFor(
      0, size, kSeedGrain, [&](int worker, uint64_t begin, uint64_t end) {
        PendingLists local;
        int local_longest = 0, local_max_level = -1;
        for (uint64_t i = begin; i < end; ++i) {
          loopy_wdl_internal::SeedSink sink;
          game.Describe(scratch(worker), i, sink);
          local_longest = std::max(local_longest, sink.longest_conversion_loss);
          WdlOutcome final_value;
          bool is_final = false;
          if (!sink.terminal &&
              sink.in_slice > loopy_wdl_internal::kMaxInSliceMoves) {
            error.Set(absl::InvalidArgumentError(absl::StrCat(
                "position ", i, " has ", sink.in_slice,
                " moves inside the slice; at most ",
                loopy_wdl_internal::kMaxInSliceMoves, " are supported")));
            continue;
          }
          if (sink.terminal) {
            final_value = sink.terminal_value;
            is_final = true;
            open_moves[i] = kCannotLose;
          } else if (sink.has_conversion &&
                     sink.best_conversion.result != Wdl::kLoss) {
            open_moves[i] = kCannotLose;
            if (sink.best_conversion.result == Wdl::kWin) {
              // A slice move wins in at least one ply, so a conversion win in
              // at most one ply is final; a slower one waits for its level.
              if (sink.best_conversion.distance <= 1) {
                final_value = sink.best_conversion;
                is_final = true;
              } else if (sink.best_conversion.distance > kWdlMaxDistance) {
                error.Set(absl::OutOfRangeError(absl::StrCat(
                    "conversion distance ", sink.best_conversion.distance,
                    " of position ", i, " exceeds ", kWdlMaxDistance)));
              } else {
                local.Add(sink.best_conversion.distance, i,
                          EncodeWdl(sink.best_conversion));
              }
            }
          } else if (sink.in_slice == 0) {
            // Every move (if any) is a losing conversion: lose as late as
            // possible.
            final_value =
                WdlOutcome::Loss(std::max(0, sink.longest_conversion_loss));
            is_final = true;
            open_moves[i] = kCannotLose;
          } else {
            open_moves[i] = static_cast<uint8_t>(sink.in_slice);
          }
          if (is_final) {
            if (final_value.distance > kWdlMaxDistance ||
                final_value.distance < 0) {
              error.Set(absl::OutOfRangeError(absl::StrCat(
                  "distance ", final_value.distance, " of position ", i,
                  " outside 0..", kWdlMaxDistance)));
              continue;
            }
            value[i] = EncodeWdl(final_value);
            if (final_value.result != Wdl::kDraw) {
              local_max_level = std::max(local_max_level, final_value.distance);
            }
          }
        }
        {
          std::lock_guard<std::mutex> lock(mutex);
          pending.Absorb(local);
          longest_conversion_loss =
              std::max(longest_conversion_loss, local_longest);
          max_level = std::max(max_level, local_max_level);
        }
        if (progress != nullptr) progress->Advance(end - begin);
      });
  if (absl::Status s = error.Get(); !s.ok()) return s;

  // Step 2: propagate level by level.
  if (progress != nullptr) progress->StartPhase("propagate", size);
  const uint64_t blocks = (size + kScanGrain - 1) / kScanGrain;
  std::vector<std::vector<uint64_t>> block_frontier(blocks);
  std::vector<PendingLists> found(parts);
  std::vector<uint64_t> resolved(parts);
  for (int level = 0; level <= std::max(max_level, pending.MaxLevel());
       ++level) {
    // 2a. Pending positions still unknown get their value now.
    for (uint64_t entry : pending.Take(level)) {
      const uint64_t i = entry & kIndexMask;
      if (value[i] == kWdlUnknownByte) {
        value[i] = static_cast<uint8_t>(entry >> kCodeShift);
        max_level = std::max(max_level, level);
      }
    }
    if (level > max_level) continue;
    // 2b. The frontier: every position resolved at this level, in index
    // order (blocks are scanned in parallel, each into its own list).
    const uint8_t win_here = EncodeWdl(WdlOutcome::Win(level));
    const uint8_t loss_here = EncodeWdl(WdlOutcome::Loss(level));
    pool.ParallelFor(0, blocks, 1, [&](int, uint64_t b, uint64_t e) {
      for (uint64_t block = b; block < e; ++block) {
        std::vector<uint64_t>& out = block_frontier[block];
        out.clear();
        const uint64_t end = std::min(size, (block + 1) * kScanGrain);
        for (uint64_t i = block * kScanGrain; i < end; i += 64) {
          const uint64_t stop = std::min(end, i + 64);
          if (!loopy_wdl_internal::AnyByteIs(value.data() + i, stop - i,
                                             win_here, loss_here)) {
            continue;
          }
          for (uint64_t j = i; j < stop; ++j) {
            if (value[j] == win_here) out.push_back(j | kWinBit);
            if (value[j] == loss_here) out.push_back(j);
          }
        }
      }
    });
    uint64_t frontier_size = 0;
    for (const std::vector<uint64_t>& list : block_frontier) {
      frontier_size += list.size();
    }
    if (frontier_size == 0) continue;
    if (level + 1 > kWdlMaxDistance) {
      return absl::OutOfRangeError(
          absl::StrCat("distances exceed ", kWdlMaxDistance,
                       " plies, the limit of the one-byte table codec"));
    }
    // 2c. Each thread updates the predecessors in its own part. Updates are
    // batched: the predecessors of a few frontier positions are collected
    // and prefetched, then applied, so that many cache misses overlap. The
    // order of updates within a level does not matter.
    const uint8_t win_next = EncodeWdl(WdlOutcome::Win(level + 1));
    const uint8_t loss_next = EncodeWdl(WdlOutcome::Loss(level + 1));
    pool.RunOnAll([&](int part) {
      Scratch& my_scratch = scratch(part);
      PendingLists& later = found[part];
      uint64_t count = 0;
      constexpr size_t kBatch = 512;
      std::vector<uint64_t> batch;
      batch.reserve(2 * kBatch);
      const auto apply = [&] {
        for (const uint64_t entry : batch) {
          const uint64_t p = entry & kIndexMask;
          if ((entry & kWinBit) == 0) {
            // A predecessor of a loss wins.
            if (value[p] == kWdlUnknownByte) {
              value[p] = win_next;
              ++count;
            }
            continue;
          }
          // A predecessor of a win loses once all its moves are wins,
          // as late as its conversions allow.
          // (Terminal positions, which a game may visit, never count down
          // to zero from kCannotLose; the value check is a safeguard.)
          if (--open_moves[p] != 0 || value[p] != kWdlUnknownByte) continue;
          int distance = level + 1;
          if (longest_conversion_loss > distance) {
            loopy_wdl_internal::SeedSink sink;
            game.Describe(my_scratch, p, sink);
            distance = std::max(distance, sink.longest_conversion_loss);
          }
          if (distance == level + 1) {
            value[p] = loss_next;
            ++count;
          } else if (distance <= kWdlMaxDistance) {
            later.Add(distance, p, EncodeWdl(WdlOutcome::Loss(distance)));
          } else {
            error.Set(absl::OutOfRangeError(absl::StrCat(
                "loss distance ", distance, " exceeds ", kWdlMaxDistance)));
          }
        }
        batch.clear();
      };
      for (const std::vector<uint64_t>& list : block_frontier) {
        for (const uint64_t entry : list) {
          const uint64_t q = entry & kIndexMask;
          if (entry & kWinBit) {
            game.ForEachPredecessor(my_scratch, q, part, parts,
                                    [&](uint64_t p) {
                                      __builtin_prefetch(&open_moves[p], 1);
                                      batch.push_back(p | kWinBit);
                                    });
          } else {
            game.ForEachPredecessor(my_scratch, q, part, parts,
                                    [&](uint64_t p) {
                                      __builtin_prefetch(&value[p], 1);
                                      batch.push_back(p);
                                    });
          }
          if (batch.size() >= kBatch) apply();
        }
      }
      apply();
      resolved[part] = count;
    });
    if (absl::Status s = error.Get(); !s.ok()) return s;
    for (int part = 0; part < parts; ++part) {
      pending.Absorb(found[part]);
      if (resolved[part] > 0) max_level = std::max(max_level, level + 1);
    }
    if (progress != nullptr) progress->Advance(frontier_size);
  }

  // Step 3: whatever is unresolved is a draw.
  open_moves = HugePageBuffer();  // free it before the copy
  std::vector<uint8_t> result(value.data(), value.data() + size);
  for (uint8_t& v : result) {
    if (v == kWdlUnknownByte) v = kWdlDrawByte;
  }
  return result;
}

}  // namespace retro

#endif  // RETRO_SOLVER_LOOPY_WDL_H_
