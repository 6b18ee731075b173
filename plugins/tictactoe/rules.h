// Tic-tac-toe for the loopy win/draw/loss kit (retro/kit/loopy_wdl_rules.h)
// on the stock base for grid games (retro/kit/cells_rules.h: indexer,
// notation "x.o/.x./..o", moves 1..9, picture, stats by pieces).
#ifndef TICTACTOE_RULES_H_
#define TICTACTOE_RULES_H_

#include <optional>
#include <string>

#include "position.h"
#include "retro/kit/cells_rules.h"
#include "retro/kit/loopy_wdl_rules.h"

namespace tictactoe {

inline constexpr retro::GridShape kGrid{.rows = 3, .columns = 3, .symbols = ".xo"};

class Rules : public retro::kit::CellsRules<Rules, kGrid> {
 public:
  static constexpr char kNotationExample[] = "x.o/.x./..o";
  const char* Illegality(const Position& p) const { return tictactoe::Illegality(p); }

  std::optional<retro::WdlOutcome> Outcome(const Position& p) const {
    if (HasLine(p, Opponent(ToMove(p)))) return retro::WdlOutcome::Loss(0);
    if (Count(p, kEmpty) == 0) return retro::WdlOutcome::Draw();
    return std::nullopt;
  }
  // visit(cell, child) per move: the side to move fills an empty cell.
  template <typename Visit>
  void ForEachMove(const Position& p, Visit&& visit) const {
    if (Outcome(p)) return;
    for (int cell = 0; cell < kCells; ++cell) {
      Position child = p;
      child.cells[cell] = ToMove(p);
      if (p.cells[cell] == kEmpty) visit(cell, child);
    }
  }

  // For probe: the side to move, why a game is over and how long a draw
  // lasts (the empty cells, also a bound on any distance).
  std::string SideToMove(const Position& p) const { return ToMove(p) == kX ? "x" : "o"; }
  std::string GameOverNote(const Position& p) const {
    if (Outcome(p) == retro::WdlOutcome::Draw()) return "the board is full";
    return (ToMove(p) == kX ? "o" : "x") + std::string(" has three in a row");
  }
  int MaxPlies(const Position& p) const { return Count(p, kEmpty); }
};

}  // namespace tictactoe

#endif  // TICTACTOE_RULES_H_
