// The interface through which the engine probes an endgame book, without
// depending on the book's implementation (plugins/oware/book_oracle.h binds
// the real book). The engine takes the oracle as a template parameter, so a
// probe is an inlined call, not a virtual one.
//
// An oracle answers NetValue(board, plies_left): the net number of seeds the
// side to move of `board` captures from now on under perfect play with at most
// `plies_left` more plies (the book's V_t), or nullopt if it does not cover
// that board or that t. It must answer under the same rule variants (grand
// slam, seeds at the limit) as the game searched.
#ifndef GAMES_OWARE_ENDGAME_ORACLE_H_
#define GAMES_OWARE_ENDGAME_ORACLE_H_

#include <concepts>
#include <optional>

#include "games/oware/board.h"

namespace retro::oware {

// max_seeds(): the largest board seed count the oracle may cover (the engine
// skips the probe above it; -1 for none). NetValue as described above.
template <typename T>
concept EndgameOracle = requires(const T& oracle, const Board& board,
                                 int plies_left) {
  { oracle.max_seeds() } -> std::convertible_to<int>;
  { oracle.NetValue(board, plies_left) } -> std::same_as<std::optional<int>>;
};

// The oracle of an engine without a book: covers nothing, so the probes
// compile away.
struct NoOracle {
  static constexpr int max_seeds() { return -1; }
  static std::optional<int> NetValue(const Board&, int) { return std::nullopt; }
};

}  // namespace retro::oware

#endif  // GAMES_OWARE_ENDGAME_ORACLE_H_
