// The build side of the oware book, which the plugin lends the kit's module
// (module.cc) and a reader of books never needs: the solve with the colex
// solver adapter (solve_book.cc) and the oware side of the C++ header
// `retro export --format cpp` writes (cpp_book_code.cc).
#ifndef PLUGINS_OWARE_BOOK_BUILD_H_
#define PLUGINS_OWARE_BOOK_BUILD_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "plugins/oware/book_rules.h"
#include "retro/export/cpp_book.h"
#include "retro/solver/finite_horizon_options.h"
#include "retro/solver/solve_context.h"

namespace retro::oware {

// Solves the book of `rules` with the colex solver adapter (solver_game.h:
// children ranked incrementally) and the grand slam rule compiled into move
// generation; the stores in rank order, as the kit's own solve returns them.
absl::StatusOr<std::vector<std::vector<uint8_t>>> SolveBook(
    const BookRules& rules, const solver::FiniteHorizonOptions& options,
    const solver::SolveContext& context);

// The oware side of the C++ header of a book of `rules`: the board's slice
// and colex rank as standalone C++, and retro_oware_book_value(houses,
// plies_left, exact).
CppBookCode BookCppCode(const BookRules& rules);

}  // namespace retro::oware

#endif  // PLUGINS_OWARE_BOOK_BUILD_H_
