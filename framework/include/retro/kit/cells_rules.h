// A base for the rules of games on a rectangular grid of cells: a rules
// class derives from CellsRules<Rules, kGrid> (kGrid a constexpr GridShape,
// retro/grid_notation.h) and gets what every such game would otherwise
// write, leaving it its own rules (legality, outcome, moves and,
// optionally for the loopy kit, take-backs):
//
//   - the indexer: the stock CellsIndexer (retro/cells_indexer.h), every
//     board an index of one slice "positions"; Position is a CellBoard
//     (state 0 the empty cell), Move an int, the cell;
//   - the notation (retro/grid_notation.h), e.g. "x.o/.x./..o", moves named
//     by cell 1..rows*columns, row by row from the top left;
//   - for `retro explore`, a picture (retro/grid_svg.h) and a start position
//     (the first index that is a position);
//   - stats grouped by the number of pieces (cells not empty).
//
//   inline constexpr retro::GridShape kGrid{.rows = 3, .columns = 3, .symbols = ".xo"};
//   class Rules : public retro::kit::CellsRules<Rules, kGrid> {
//    public:
//     const char* Illegality(const Position& p) const;  // nullptr: a position
//     ... Outcome, ForEachMove ...
//   };
//
// The derived class writes `const char* Illegality(const Position&)` (why a
// board cannot arise in a game, nullptr when it can; Parse quotes it), or
// its own `bool IsPosition(const Position&)`. Optionally a
// `static constexpr char kNotationExample[]`, the example Parse's errors
// give (default: the start position).
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

namespace retro::kit {

// The base of a grid game's rules (CRTP: Derived is the rules class); see
// the file comment.
template <typename Derived, GridShape kShape>
class CellsRules {
  static_assert(kShape.valid(),
                "CellsRules: the grid needs rows and columns >= 1, two or more distinct symbols "
                "(none '/' or ' ') and no sides or two distinct ones");

 public:
  static constexpr int kCells = kShape.cells();
  using Indexer = CellsIndexer<kCells, kShape.states(), kShape.has_sides()>;
  using Position = typename Indexer::Board;
  using Move = int;  // the cell, 0 .. kCells - 1

  // The indexer: one slice of every board.
  int num_slices() const { return 1; }
  uint64_t slice_size(int) const { return Indexer::Size(); }
  std::string slice_name(int) const { return "positions"; }
  Position Unrank(int, uint64_t index) const { return Indexer::Unrank(index); }
  SliceIndex Rank(const Position& p) const { return {0, Indexer::Rank(p)}; }
  bool IsPosition(const Position& p) const { return derived().Illegality(p) == nullptr; }

  // The notation; Parse also refuses boards that are no position.
  std::string Format(const Position& p) const { return FormatGrid(kShape, p); }
  absl::StatusOr<Position> Parse(const std::string& text) const {
    absl::StatusOr<Position> p = ParseGrid<kCells>(kShape, text, NotationExample());
    if (!p.ok() || derived().IsPosition(*p)) return p;
    std::string why;
    if constexpr (requires { derived().Illegality(*p); }) {
      why = absl::StrCat(": ", derived().Illegality(*p));
    }
    return absl::InvalidArgumentError(
        absl::StrCat("position '", text, "' cannot arise in a game", why));
  }
  std::string FormatMove(const Position&, Move cell) const { return GridCellName(cell); }

  // retro explore: the picture, and the first index that is a position.
  std::string RenderSvg(const Position& p) const { return GridSvg(kShape, p); }
  Position StartPosition() const {
    uint64_t index = 0;
    while (index + 1 < Indexer::Size() && !derived().IsPosition(Indexer::Unrank(index))) ++index;
    return Indexer::Unrank(index);
  }

  // Stats by the number of pieces.
  std::string stats_group_label() const { return "pieces"; }
  int num_stats_groups() const { return kCells + 1; }
  int StatsGroup(const Position& p) const { return kCells - CountCells(p, 0); }
  std::string stats_group_name(int pieces) const { return std::to_string(pieces); }

  // The number of cells of `p` in state `state`.
  static constexpr int CountCells(const Position& p, int state) {
    int count = 0;
    for (const uint8_t cell : p.cells) count += cell == state ? 1 : 0;
    return count;
  }

 private:
  const Derived& derived() const { return static_cast<const Derived&>(*this); }
  std::string NotationExample() const {
    if constexpr (requires { Derived::kNotationExample; }) {
      return Derived::kNotationExample;
    } else {
      return Format(StartPosition());
    }
  }
};

}  // namespace retro::kit

#endif  // RETRO_KIT_CELLS_RULES_H_
