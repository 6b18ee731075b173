// The n-piece Surakarta table as a slice for the loopy win/draw/loss solver
// (retro/solver/loopy_wdl.h): positions numbered by FuChouIndexer, steps stay
// in the slice, captures are conversions into the (n-1)-piece table, whose
// values must already be known. The values are distance to conversion: a
// capture is worth one ply whatever the smaller table's distance.
#ifndef PLUGINS_SURAKARTA_TABLE_SLICE_H_
#define PLUGINS_SURAKARTA_TABLE_SLICE_H_

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "games/surakarta/board.h"
#include "games/surakarta/combination.h"
#include "games/surakarta/fuchou_indexer.h"
#include "games/surakarta/movegen.h"
#include "games/surakarta/no_move_rule.h"
#include "plugins/surakarta/solved_outcomes.h"
#include "plugins/surakarta/table_indexing.h"
#include "retro/solver/loopy_wdl.h"
#include "retro/solver/loopy_wdl_buffer.h"

namespace retro::surakarta {

// The largest table built: kMaxTablePieces (table_indexing.h).

// The slice of one table, implementing the game contract of
// retro/solver/loopy_wdl.h (Scratch, size, Describe, ForEachPredecessor).
class TableSlice {
 public:
  // The slice of 1 <= `pieces` <= kMaxTablePieces pieces; `smaller` is the
  // solved table of pieces - 1 pieces, of size TableSize(pieces - 1), which
  // must outlive the slice (ignored, and may be null, for one piece). It is
  // copied into huge pages when possible, since captures probe it at random.
  TableSlice(int pieces, NoMoveRule rule, const std::vector<uint8_t>* smaller)
      : pieces_(pieces),
        rule_(rule),
        indexer_(*FuChouIndexer::Create(pieces)),
        smaller_indexer_(*FuChouIndexer::Create(pieces - 1)) {
    if (pieces > 1 && smaller != nullptr) {
      smaller_data_ = smaller->data();
      absl::StatusOr<HugePageBuffer> copy = HugePageBuffer::Allocate(smaller->size(), 0);
      if (copy.ok()) {
        smaller_copy_ = *std::move(copy);
        std::memcpy(smaller_copy_.data(), smaller->data(), smaller->size());
        smaller_data_ = smaller_copy_.data();
      }
    }
  }

  int pieces() const { return pieces_; }

  // Number of positions: C(36, n) * 2^n.
  uint64_t size() const { return indexer_.Size(); }

  // Per-thread cache of the last occupied set unranked and of what depends
  // on it alone. The solver visits indices in increasing order, and the 2^n
  // colourings of a set are consecutive, so most unranks are a lookup or one
  // Gosper step, and the capture walks and step counts of each point are
  // shared by all colourings (the first piece a capture walk meets does not
  // depend on colours).
  struct Scratch {
    // One un-step from `from` and the colex rank of the occupied set
    // before it.
    struct UnStep {
      uint64_t set_rank;
      Bitboard occupied;  // before the un-step
      uint8_t from;
    };
    CombinationCursor set;  // the last occupied set unranked
    bool moves_valid = false;
    bool unsteps_valid = false;
    std::array<Bitboard, kSquares> first_hits;  // per occupied point
    std::array<uint8_t, kSquares> steps;        // per occupied point
    // Un-steps grouped by destination: unsteps[unstep_begin[t] ..
    // unstep_begin[t] + unstep_count[t]).
    std::array<uint8_t, kSquares> unstep_begin;
    std::array<uint8_t, kSquares> unstep_count;
    std::array<UnStep, kMaxTablePieces * 8> unsteps;
  };

  // The solver contract: terminal value, number of steps, capture values.
  template <typename Sink>
  void Describe(Scratch& scratch, uint64_t index, Sink& sink) const {
    Bitboard us, them;
    Unrank(scratch, index, &us, &them);
    // A side without pieces has lost; the other one has won.
    if (us == 0) return sink.Terminal(WdlOutcome::Loss(0));
    if (them == 0) return sink.Terminal(WdlOutcome::Win(0));
    if (!scratch.moves_valid) {
      const Bitboard occupied = scratch.set.squares;
      for (Bitboard b = occupied; b;) {
        const int s = PopLowest(b);
        scratch.first_hits[s] = (SquareBit(s) & kCorners) ? 0 : CaptureFirstHits(s, occupied);
        scratch.steps[s] = static_cast<uint8_t>(PopCount(StepTargets(s, occupied)));
      }
      scratch.moves_valid = true;
    }
    bool any_capture = false;
    int steps = 0;
    for (Bitboard pieces = us; pieces;) {
      const int from = PopLowest(pieces);
      steps += scratch.steps[from];
      for (Bitboard targets = scratch.first_hits[from] & them; targets;) {
        const int to = PopLowest(targets);
        any_capture = true;
        const Bitboard child_us = them & ~SquareBit(to);
        const Bitboard child_them = us ^ SquareBit(from) ^ SquareBit(to);
        const WdlOutcome child =
            DecodeWdl(smaller_data_[smaller_indexer_.Rank(child_us, child_them)]);
        const WdlOutcome move = CaptureOutcome(child);
        sink.Conversion(move);
        if (move.result == Wdl::kWin) return;  // nothing beats it
      }
    }
    if (steps == 0 && !any_capture) {
      return sink.Terminal(NoMoveOutcome(rule_, us, them));
    }
    sink.InSliceMoves(steps);
  }

  // The solver contract: un-steps of the opponent of the side to move. The
  // part of a position is a hash of its opponent's pieces (PartOf): an
  // un-step moves a piece of the side that just moved, so every predecessor
  // of a position has the same opponent pieces (our pieces here), and a
  // thread skips at once the positions whose predecessors are not its own.
  // The un-steps of an occupied set and their colex ranks are computed once
  // per set (see ComputeUnSteps); each colouring only adds a PEXT.
  template <typename Visit>
  void ForEachPredecessor(Scratch& scratch, uint64_t index, int part, int parts,
                          Visit&& visit) const {
    Bitboard us, them;
    Unrank(scratch, index, &us, &them);
    // Predecessors of positions without our pieces are terminal.
    if (us == 0) return;
    if (parts > 1 && PartOf(us, parts) != part) return;
    if (!scratch.unsteps_valid) ComputeUnSteps(scratch);
    for (Bitboard movers = them; movers;) {
      const int to = PopLowest(movers);
      const Bitboard mover_base = them ^ SquareBit(to);
      const typename Scratch::UnStep* u = &scratch.unsteps[scratch.unstep_begin[to]];
      const typename Scratch::UnStep* end = u + scratch.unstep_count[to];
      for (; u != end; ++u) {
        const uint64_t colours = ExtractBits(mover_base | SquareBit(u->from), u->occupied);
        visit((u->set_rank << pieces_) | colours);
      }
    }
  }

 private:
  // The part of a position whose opponent has `them`, among `parts`.
  static int PartOf(Bitboard them, int parts) {
    return static_cast<int>(((them * 0x9E3779B97F4A7C15ull) >> 40) % parts);
  }

  void Unrank(Scratch& scratch, uint64_t index, Bitboard* us, Bitboard* them) const {
    if (scratch.set.MoveTo(pieces_, index >> pieces_)) {
      scratch.moves_valid = false;
      scratch.unsteps_valid = false;
    }
    *us = DepositBits(index & ((uint64_t{1} << pieces_) - 1), scratch.set.squares);
    *them = scratch.set.squares & ~*us;
  }

  // Lists every un-step (a piece on t came from an empty neighbour f) of the
  // cached occupied set with the colex rank of the set before it. Ranking
  // is incremental: with base = occupied - {t} and j elements of base below
  // f, the rank of base + {f} is below[j] + C(f, j + 1) + above[j], where
  // below[j] = sum_{i < j} C(b_i, i + 1), above[j] = sum_{i >= j} C(b_i, i + 2)
  // over the sorted elements b_i of base.
  void ComputeUnSteps(Scratch& scratch) const {
    const auto& choose = internal::kChoose.c;
    const Bitboard occupied = scratch.set.squares;
    int count = 0;
    for (Bitboard pieces = occupied; pieces;) {
      const int to = PopLowest(pieces);
      scratch.unstep_begin[to] = static_cast<uint8_t>(count);
      const Bitboard sources = Neighbours(to) & ~occupied;
      const Bitboard base = occupied ^ SquareBit(to);
      int64_t below[kMaxTablePieces + 1], above[kMaxTablePieces + 1];
      int elements[kMaxTablePieces];
      int m = 0;
      if (sources != 0) {
        for (Bitboard b = base; b;) elements[m++] = PopLowest(b);
        below[0] = 0;
        for (int i = 0; i < m; ++i) {
          below[i + 1] = below[i] + choose[i + 1][elements[i]];
        }
        above[m] = 0;
        for (int i = m - 1; i >= 0; --i) {
          above[i] = above[i + 1] + choose[i + 2][elements[i]];
        }
      }
      for (Bitboard from_set = sources; from_set;) {
        const int from = PopLowest(from_set);
        const Bitboard from_bit = SquareBit(from);
        const int j = PopCount(base & (from_bit - 1));
        typename Scratch::UnStep& u = scratch.unsteps[count++];
        u.set_rank = static_cast<uint64_t>(below[j] + choose[j + 1][from] + above[j]);
        u.occupied = base | from_bit;
        u.from = static_cast<uint8_t>(from);
      }
      scratch.unstep_count[to] = static_cast<uint8_t>(count - scratch.unstep_begin[to]);
    }
    scratch.unsteps_valid = true;
  }

  int pieces_;
  NoMoveRule rule_;
  FuChouIndexer indexer_;
  FuChouIndexer smaller_indexer_;
  const uint8_t* smaller_data_ = nullptr;
  HugePageBuffer smaller_copy_;
};

}  // namespace retro::surakarta

#endif  // PLUGINS_SURAKARTA_TABLE_SLICE_H_
