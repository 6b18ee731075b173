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

absl::StatusOr<std::vector<std::vector<uint8_t>>> SolveBook(
    const BookRules& book, const solver::FiniteHorizonOptions& options,
    const solver::SolveContext& context) {
  return VisitSolverGame(book.rules(), book.indexer(), book.seeds(), [&](const auto& game) {
    return solver::SolveFiniteHorizon(game, options, context);
  });
}

}  // namespace retro::oware
