// A base for the rules of games on a rectangular grid of cells: a rules
// class derives from CellsRules<Rules, kGrid> (kGrid a constexpr GridShape,
// retro/grid_notation.h) and gets what every such game would otherwise
// write, leaving it its own rules (legality, outcome, moves and,
// optionally for the loopy kit, take-backs):
//
//   - CellBoardRules' indexer, start position and stats
//     (retro/kit/cell_board_rules.h); Position is a CellBoard (state 0 the
//     empty cell), Move an int, the cell;
//   - the notation (retro/grid_notation.h), e.g. "x.o/.x./..o", moves named
//     by cell 1..rows*columns, row by row from the top left;
//   - for `retro explore`, a picture (retro/grid_svg.h).
//
//   inline constexpr retro::GridShape kGrid{.rows = 3, .columns = 3, .symbols = ".xo"};
//   class Rules : public retro::kit::CellsRules<Rules, kGrid> {
//    public:
//     const char* Illegality(const Position& p) const;  // nullptr: a position
//     ... Outcome, ForEachMove ...
//   };
//
// The derived class writes Illegality (or IsPosition) and may declare
// kNotationExample, as retro/kit/cell_board_rules.h says.
#ifndef RETRO_KIT_CELLS_RULES_H_
#define RETRO_KIT_CELLS_RULES_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/cells_indexer.h"
#include "retro/contract/checkable_game.h"
#include "retro/grid_notation.h"
#include "retro/grid_svg.h"
#include "retro/kit/cell_board_rules.h"

namespace retro::kit {

// The base of a grid game's rules (CRTP: Derived is the rules class); see
// the file comment.
template <typename Derived, GridShape kShape>
class CellsRules
    : public CellBoardRules<Derived, kShape.cells(), kShape.states(), kShape.has_sides()> {
  static_assert(kShape.valid(),
                "CellsRules: the grid needs rows and columns >= 1, two or more distinct symbols "
                "(none '/' or ' ') and no sides or two distinct ones");
  using Base = CellBoardRules<Derived, kShape.cells(), kShape.states(), kShape.has_sides()>;

 public:
  using Base::kCells;
  using typename Base::Position;
  using Move = int;  // the cell, 0 .. kCells - 1

  // The notation; Parse also refuses boards that are no position.
  std::string Format(const Position& p) const { return FormatGrid(kShape, p); }
  absl::StatusOr<Position> Parse(const std::string& text) const {
    return this->RefuseNonPositions(ParseGrid<kCells>(kShape, text, this->NotationExample()),
                                    text);
  }
  std::string FormatMove(const Position&, Move cell) const { return GridCellName(cell); }

  // retro explore: the picture.
  std::string RenderSvg(const Position& p) const { return GridSvg(kShape, p); }
};

}  // namespace retro::kit

#endif  // RETRO_KIT_CELLS_RULES_H_
