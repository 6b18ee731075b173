// The game contract of the loopy win/draw/loss solver family
// (retro::solver::SolveLoopyWdl, retro/solver/loopy_wdl.h), as the C++20
// concept LoopyWdlGame.
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
//   // that stays in the slice (visit(predecessor, true) for a move after
//   // which the same player moves again: an extra turn, whose child's value
//   // is the mover's own, not its opponent's), for the predecessors in part
//   // `part` of `parts` (REQUIRED). The part of a position must depend only on the
//   // position; over all parts every such move is visited exactly once.
//   // Terminal positions have no moves: they may be visited or not.
//   template <typename Visit>
//   void ForEachPredecessor(Scratch& scratch, uint64_t index, int part,
//                           int parts, Visit&& visit) const;
#ifndef RETRO_SOLVER_LOOPY_WDL_GAME_H_
#define RETRO_SOLVER_LOOPY_WDL_GAME_H_

#include <concepts>
#include <cstdint>

#include "retro/format/wdl/wdl.h"

namespace retro::solver {

namespace internal {

// A sink of the shape the solver passes to Describe, for checking the
// contract.
struct ArchetypeSink {
  void Terminal(WdlOutcome) {}
  void InSliceMoves(int) {}
  void Conversion(WdlOutcome) {}
};

// A predecessor visitor of the shape the solver passes.
struct ArchetypeVisit {
  void operator()(uint64_t) const {}
  void operator()(uint64_t, bool) const {}
};

}  // namespace internal

// The members of the contract, one concept each, so that an error can name
// the one a game lacks.
template <typename G>
concept LoopyWdlHasSize = requires(const G& g) {
  { g.size() } -> std::convertible_to<uint64_t>;
};
template <typename G>
concept LoopyWdlHasScratch = requires { typename G::Scratch; } &&
                             std::default_initializable<typename G::Scratch>;
template <typename G>
concept LoopyWdlHasDescribe = LoopyWdlHasScratch<G> &&
    requires(const G& g, typename G::Scratch& scratch, uint64_t index,
             internal::ArchetypeSink& sink) {
  g.Describe(scratch, index, sink);
};
template <typename G>
concept LoopyWdlHasPredecessors = LoopyWdlHasScratch<G> &&
    requires(const G& g, typename G::Scratch& scratch, uint64_t index, int part,
             internal::ArchetypeVisit visit) {
  g.ForEachPredecessor(scratch, index, part, part, visit);
};

// A game SolveLoopyWdl accepts (the contract above).
template <typename G>
concept LoopyWdlGame = LoopyWdlHasSize<G> && LoopyWdlHasScratch<G> &&
                       LoopyWdlHasDescribe<G> && LoopyWdlHasPredecessors<G>;

// Fails to compile, naming the missing member, when G is not a
// LoopyWdlGame; the solver's entry point calls it first.
template <typename G>
constexpr bool AssertLoopyWdlGame() {
  static_assert(LoopyWdlHasSize<G>,
                "loopy WDL solver: the game lacks `uint64_t size() const`");
  static_assert(LoopyWdlHasScratch<G>,
                "loopy WDL solver: the game lacks a default-constructible "
                "`struct Scratch`");
  static_assert(LoopyWdlHasDescribe<G>,
                "loopy WDL solver: the game lacks `template <typename Sink> "
                "void Describe(Scratch&, uint64_t index, Sink&) const`");
  static_assert(LoopyWdlHasPredecessors<G>,
                "loopy WDL solver: the game lacks `template <typename Visit> "
                "void ForEachPredecessor(Scratch&, uint64_t index, int part, "
                "int parts, Visit&&) const`");
  return LoopyWdlGame<G>;
}

}  // namespace retro::solver

#endif  // RETRO_SOLVER_LOOPY_WDL_GAME_H_
