// SolveBook (book_build.h): the book solved with the colex solver adapter
// (solver_game.h: children ranked incrementally) and the grand slam rule
// compiled into move generation, one instantiation of the finite-horizon
// solver per rule. (The other indexing schemes of games/oware give the same
// book more slowly: tests/oware/solved_book.h and benchmarks/ solve with
// them.)
#include "games/oware/colex_indexer.h"
#include "plugins/oware/book_build.h"
#include "plugins/oware/solver_game.h"
#include "retro/solver/finite_horizon.h"

namespace retro::oware {
namespace {

template <GrandSlam kGrandSlam>
absl::StatusOr<std::vector<std::vector<uint8_t>>> SolveWith(
    const ColexIndexer& indexer, int seeds, AtLimit at_limit,
    const solver::FiniteHorizonOptions& options, const solver::SolveContext& context) {
  return solver::SolveFiniteHorizon(
      OwareSolverGame<kGrandSlam, ColexIndexer>(indexer, seeds, at_limit), options, context);
}

}  // namespace

absl::StatusOr<std::vector<std::vector<uint8_t>>> SolveBook(
    const BookRules& book, const solver::FiniteHorizonOptions& options,
    const solver::SolveContext& context) {
  const ColexIndexer& colex = book.indexer();
  const int seeds = book.seeds();
  const AtLimit at_limit = book.rules().at_limit;
  switch (book.rules().grand_slam) {
    case GrandSlam::kCapture:
      return SolveWith<GrandSlam::kCapture>(colex, seeds, at_limit, options, context);
    case GrandSlam::kForcedOnly:
      return SolveWith<GrandSlam::kForcedOnly>(colex, seeds, at_limit, options, context);
    case GrandSlam::kForfeit:
    default:
      return SolveWith<GrandSlam::kForfeit>(colex, seeds, at_limit, options, context);
  }
}

}  // namespace retro::oware
