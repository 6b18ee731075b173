// The n-piece Surakarta table as a slice for the loopy win/draw/loss solver
// (retro/solver/loopy_wdl.h), numbered by any indexing scheme: the plain
// method that compares schemes on whole solves (docs/indexing.md).
//
// Every position is reached through the scheme alone: Describe unranks the
// index, generates the moves and ranks every child; ForEachPredecessor
// unranks, un-steps the side that just moved and ranks every predecessor. A
// scheme may number classes of positions rather than positions (the
// symmetry-reduced SymmetricIndexer: one index per class under the 8 board
// symmetries, Unrank giving its canonical member). Values are invariant
// under the symmetries, so the solver works on classes unchanged provided
// the move counts stay consistent: Describe counts the distinct child
// classes of the representative, and ForEachPredecessor visits each
// distinct predecessor class once. Both count the same edges, since class
// P has a step into class C exactly when the representative of C has an
// un-step from a member of P. A scheme says it numbers classes with
// `static constexpr bool kIndexesClasses = true`; with a one-to-one scheme
// (FuChouIndexer, TableRankIndexer) distinct moves give distinct children
// and the counts are the plain move counts.
//
// A scheme that ranks by occupied set (SymmetricIndexer: OfSet, then
// Rank(us, set)) is ranked through OccupiedSetEdges
// (occupied_set_edges.h): the sets the moves of an occupied set lead to are
// found once a point and shared by all its colourings, and Describe ranks
// only the children that may share a class with another (steps into sets
// of the same orbit); this is how `retro solve --indexer symmetric` builds.
//
// TableSlice (table_slice.h) is the production FuChou builder, with
// per-occupied-set caching and incremental ranks, several times faster
// than this slice's plain path; its FuChou tables equal TableSlice's byte
// for byte (tests).
#ifndef PLUGINS_SURAKARTA_SCHEME_TABLE_SLICE_H_
#define PLUGINS_SURAKARTA_SCHEME_TABLE_SLICE_H_

#include <algorithm>
#include <array>
#include <concepts>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "games/surakarta/board.h"
#include "games/surakarta/movegen.h"
#include "games/surakarta/no_move_rule.h"
#include "games/surakarta/position.h"
#include "games/surakarta/symmetry.h"
#include "plugins/surakarta/occupied_set_edges.h"
#include "plugins/surakarta/solved_outcomes.h"
#include "plugins/surakarta/table_slice.h"
#include "retro/progress.h"
#include "retro/solver/loopy_wdl.h"
#include "retro/status_macros.h"
#include "retro/thread_pool.h"

namespace retro::surakarta {

// What SchemeTableSlice needs of a scheme: built per piece count, Size(),
// Rank of a placement and Unrank to a placement (a class's representative
// for schemes that number classes).
template <typename Scheme>
concept SurakartaScheme = requires(const Scheme& s, Bitboard b, uint64_t r) {
  { Scheme::Create(int{}) } -> std::same_as<absl::StatusOr<Scheme>>;
  { s.Size() } -> std::convertible_to<uint64_t>;
  { s.Rank(b, b) } -> std::convertible_to<uint64_t>;
  { s.Unrank(r) } -> std::same_as<Position>;
};

// True when `Scheme` numbers classes of positions (several positions share
// an index), so that distinct moves may lead to the same index.
template <typename Scheme>
constexpr bool kIndexesClassesOf = requires {
  requires Scheme::kIndexesClasses;
};

// The slice of one table under `Scheme`, implementing the game contract of
// retro/solver/loopy_wdl.h.
template <SurakartaScheme Scheme>
class SchemeTableSlice {
 public:
  // Most steps (or un-steps) of a placement of at most 9 pieces
  // (kMaxClassTablePieces): 8 per piece of the moving side, which has at
  // most 8 pieces when the other side has any. Well within the loopy
  // solver's 254 in-slice moves.
  static constexpr int kMaxSteps = 8 * 8;
  static_assert(8 * (kMaxClassTablePieces - 1) <= kMaxSteps);

  // The slice of the table numbered by `scheme` (of n >= 1 pieces);
  // `smaller_scheme` numbers the (n - 1)-piece table and `smaller` is that
  // table, solved (ignored for one piece; null: every capture leads to a
  // draw, for the contract check, which concerns edges, not values). The
  // schemes and the table must outlive the slice (a large scheme's tables
  // are shared, not copied: 0.95 GB for 9 pieces).
  SchemeTableSlice(const Scheme& scheme, const Scheme& smaller_scheme, NoMoveRule rule,
                   const std::vector<uint8_t>* smaller)
      : rule_(rule), scheme_(scheme), smaller_scheme_(smaller_scheme), smaller_(smaller) {}

  uint64_t size() const { return scheme_.Size(); }

  // Per thread, for a scheme that ranks by set (SymmetricIndexer): its
  // unrank cache (the solver visits indices in increasing order, so
  // consecutive unranks mostly share a block) and the sets the moves of the
  // current occupied set lead to (occupied_set_edges.h). Other schemes keep
  // nothing.
  template <typename S>
  struct BySetScratch {
    typename S::UnrankCache cache;
    OccupiedSetEdges<S> edges;
  };
  struct None {};
  using Scratch = std::conditional_t<RanksBySet<Scheme>, BySetScratch<Scheme>, None>;

  template <typename Sink>
  void Describe(Scratch& scratch, uint64_t index, Sink& sink) const {
    const Position p = Unrank(scratch, index);
    if (p.us == 0) return sink.Terminal(WdlOutcome::Loss(0));
    if (p.them == 0) return sink.Terminal(WdlOutcome::Win(0));
    if constexpr (RanksBySet<Scheme>) return DescribeBySet(scratch.edges, p, sink);
    const Bitboard occupied = p.us | p.them;
    std::array<uint64_t, kMaxSteps> children;
    int steps = 0;
    bool any_capture = false;
    for (Bitboard pieces = p.us; pieces;) {
      const int from = PopLowest(pieces);
      const Bitboard from_bit = SquareBit(from);
      if (!(from_bit & kCorners)) {
        for (Bitboard t = CaptureFirstHits(from, occupied) & p.them; t;) {
          const Bitboard to_bit = SquareBit(PopLowest(t));
          any_capture = true;
          const uint64_t child_index =
              smaller_scheme_.Rank(p.them & ~to_bit, p.us ^ from_bit ^ to_bit);
          const WdlOutcome child =
              smaller_ != nullptr ? DecodeWdl((*smaller_)[child_index]) : WdlOutcome::Draw();
          sink.Conversion(CaptureOutcome(child));
        }
      }
      for (Bitboard t = StepTargets(from, occupied); t;) {
        const Bitboard to_bit = SquareBit(PopLowest(t));
        children[steps++] = scheme_.Rank(p.them, p.us ^ from_bit ^ to_bit);
      }
    }
    if (steps == 0 && !any_capture) {
      return sink.Terminal(NoMoveOutcome(rule_, p.us, p.them));
    }
    sink.InSliceMoves(Distinct(children.data(), steps));
  }

  template <typename Visit>
  void ForEachPredecessor(Scratch& scratch, uint64_t index, int part, int parts,
                          Visit&& visit) const {
    const Position p = Unrank(scratch, index);
    if (p.us == 0) return;  // terminal: its predecessors need no visit
    // Every predecessor has our pieces as its opponent's, so all of them
    // are in the part of p.us, and a thread skips at once the positions
    // whose predecessors are not its own (instead of ranking them all).
    if (parts > 1 && PartOf(p.us, parts) != part) return;
    const Bitboard occupied = p.us | p.them;
    if constexpr (RanksBySet<Scheme>) scratch.edges.Reset(occupied);
    std::array<uint64_t, kMaxSteps> predecessors;
    int count = 0;
    // The side that just moved (them) stepped a piece from an empty
    // neighbour of its point (for a scheme that ranks by set, the
    // predecessors' sets come from `scratch.edges`).
    for (Bitboard movers = p.them; movers;) {
      const int to = PopLowest(movers);
      const Bitboard base = p.them ^ SquareBit(to);
      if constexpr (RanksBySet<Scheme>) {
        for (const auto& unstep : scratch.edges.UnStepsTo(to, scheme_)) {
          predecessors[count++] = scheme_.Rank(base | unstep.mover, unstep.set);
        }
      } else {
        for (Bitboard from = Neighbours(to) & ~occupied; from;) {
          predecessors[count++] = scheme_.Rank(base | SquareBit(PopLowest(from)), p.us);
        }
      }
    }
    count = Distinct(predecessors.data(), count);
    for (int i = 0; i < count; ++i) visit(predecessors[i]);
  }

 private:
  // Describe for a scheme that ranks by set: the sets of the children and of
  // the captures' children come from `edges`.
  template <typename Sink>
  void DescribeBySet(auto& edges, const Position& p, Sink& sink) const {
    edges.Reset(p.us | p.them);
    edges.MarkSharedSteps(scheme_);
    std::array<uint64_t, kMaxSteps> children;
    int steps = 0, shared = 0;
    bool any_capture = false;
    for (Bitboard pieces = p.us; pieces;) {
      const int from = PopLowest(pieces);
      for (Bitboard t = edges.FirstHits(from, smaller_scheme_) & p.them; t;) {
        const Bitboard to_bit = SquareBit(PopLowest(t));
        any_capture = true;
        const WdlOutcome child =
            smaller_ != nullptr
                ? DecodeWdl(
                      (*smaller_)[smaller_scheme_.Rank(p.them & ~to_bit, edges.CaptureSet(from))])
                : WdlOutcome::Draw();
        sink.Conversion(CaptureOutcome(child));
      }
      // Steps into sets of orbits of their own reach classes of their own;
      // the others are ranked (each child has the opponent's pieces as its
      // own) and counted once a class.
      steps += edges.UnsharedStepCount(from);
      if (!edges.HasSharedSteps(from)) continue;
      for (const auto& step : edges.StepsFrom(from, scheme_)) {
        if (step.shared) children[shared++] = scheme_.Rank(p.them, step.set);
      }
    }
    steps += Distinct(children.data(), shared);
    if (steps == 0 && !any_capture) {
      return sink.Terminal(NoMoveOutcome(rule_, p.us, p.them));
    }
    sink.InSliceMoves(steps);
  }

  Position Unrank(Scratch& scratch, uint64_t index) const {
    if constexpr (RanksBySet<Scheme>) {
      return scheme_.Unrank(index, scratch.cache);
    } else {
      return scheme_.Unrank(index);
    }
  }

  // Sorts the first `n` of `ranks` and moves the distinct ones to the front;
  // returns their number. Distinct moves give distinct ranks under a
  // one-to-one scheme: nothing to do.
  static int Distinct(uint64_t* ranks, int n) {
    if constexpr (!kIndexesClassesOf<Scheme>) return n;
    std::sort(ranks, ranks + n);
    return static_cast<int>(std::unique(ranks, ranks + n) - ranks);
  }

  // The part of a position whose opponent has the pieces `them`: a hash of
  // how many of them stand in each orbit of points, so that it depends on
  // the position's class only (as the loopy solver requires of a part when
  // an index is a class): the images of a position have the images of its
  // opponent's pieces.
  static int PartOf(Bitboard them, int parts) {
    return static_cast<int>(((OrbitCounts(them) * 0x9E3779B97F4A7C15ull) >> 40) % parts);
  }

  NoMoveRule rule_;
  const Scheme& scheme_;
  const Scheme& smaller_scheme_;
  const std::vector<uint8_t>* smaller_;
};

// OK when tables of `pieces` pieces can be built under `Scheme`: up to
// kMaxTablePieces under a one-to-one scheme, kMaxClassTablePieces under one
// that numbers symmetry classes (table_indexing.h).
template <SurakartaScheme Scheme>
absl::Status CheckSchemeTablePieces(int pieces) {
  constexpr int kLargest = kIndexesClassesOf<Scheme> ? kMaxClassTablePieces : kMaxTablePieces;
  if (pieces < 1 || pieces > kLargest) {
    return absl::InvalidArgumentError(absl::StrCat("bad piece count ", pieces, ": tables of 1 to ",
                                                   kLargest, " pieces can be built"));
  }
  return absl::OkStatus();
}

// OK for one piece, or when `smaller` is a solved (pieces - 1)-piece table
// of `size` bytes.
inline absl::Status CheckSmallerTable(int pieces, const std::vector<uint8_t>* smaller,
                                      uint64_t size) {
  if (pieces == 1 || (smaller != nullptr && smaller->size() == size)) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat("the ", pieces, "-piece table needs the solved ",
                                                 pieces - 1, "-piece table of ", size, " bytes"));
}

// Builds the tables of 1..`max_pieces` pieces in order, table n by
// `build(n, smaller)` given the solved (n - 1)-piece table (null for n = 1),
// and returns them; fails where one build fails.
template <typename Build>
absl::StatusOr<std::vector<std::vector<uint8_t>>> BuildEachTable(int max_pieces, Build&& build) {
  std::vector<std::vector<uint8_t>> tables;
  for (int n = 1; n <= max_pieces; ++n) {
    RETRO_ASSIGN_OR_RETURN(std::vector<uint8_t> table, build(n, n > 1 ? &tables.back() : nullptr));
    tables.push_back(std::move(table));
  }
  return tables;
}

// Builds the tables of 1..`max_pieces` pieces under `Scheme`: tables[n - 1]
// holds one byte (EncodeWdl) per index of Scheme::Create(n). Fails on a bad
// piece count, before any table is built, or where a scheme fails.
template <SurakartaScheme Scheme>
absl::StatusOr<std::vector<std::vector<uint8_t>>> BuildSchemeTables(int max_pieces, NoMoveRule rule,
                                                                    ThreadPool& pool,
                                                                    Progress* progress = nullptr) {
  RETRO_RETURN_IF_ERROR(CheckSchemeTablePieces<Scheme>(max_pieces));
  return BuildEachTable(
      max_pieces,
      [&](int n, const std::vector<uint8_t>* smaller) -> absl::StatusOr<std::vector<uint8_t>> {
        // The scheme's own limits (e.g. memory of its tables), before any work.
        RETRO_ASSIGN_OR_RETURN(const Scheme scheme, Scheme::Create(n));
        RETRO_ASSIGN_OR_RETURN(const Scheme smaller_scheme, Scheme::Create(n - 1));
        RETRO_RETURN_IF_ERROR(CheckSmallerTable(n, smaller, smaller_scheme.Size()));
        const SchemeTableSlice<Scheme> slice(scheme, smaller_scheme, rule, smaller);
        return solver::SolveLoopyWdl(slice, {.pool = &pool, .progress = progress});
      });
}

}  // namespace retro::surakarta

#endif  // PLUGINS_SURAKARTA_SCHEME_TABLE_SLICE_H_
