// A base for the rules of games on points joined by lines: a rules class
// derives from PointsRules<Rules, kBoard> (kBoard a constexpr
// PointBoardShape, retro/point_board.h) and gets what every such game would
// otherwise write, leaving it its own rules (legality, outcome, moves and,
// optionally for the loopy kit, take-backs):
//
//   - CellBoardRules' indexer, start position and stats
//     (retro/kit/cell_board_rules.h); Position is a CellBoard (state 0 the
//     empty point), Move a PointMove ("3", "1-3");
//   - the notation (retro/point_board.h), e.g. "xx.oo x";
//   - the board's lines: Joined(a, b) and ForEachNeighbour(point, visit);
//   - for `retro explore`, a picture (retro/point_board_svg.h).
//
//   inline constexpr retro::PointBoardShape kBoard{
//       .points = 5, .places = {{0, 0}, {100, 0}, {50, 50}, {0, 100}, {100, 100}},
//       .num_lines = 7, .lines = {{0, 2}, {1, 2}, {2, 3}, {2, 4}, {0, 3}, {1, 4}, {3, 4}},
//       .symbols = ".xo", .sides = "xo"};
//   class Rules : public retro::kit::PointsRules<Rules, kBoard> {
//    public:
//     const char* Illegality(const Position& p) const;  // nullptr: a position
//     ... Outcome, ForEachMove ...
//   };
//
// The derived class writes Illegality (or IsPosition) and may declare
// kNotationExample, as retro/kit/cell_board_rules.h says.
#ifndef RETRO_KIT_POINTS_RULES_H_
#define RETRO_KIT_POINTS_RULES_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/kit/cell_board_rules.h"
#include "retro/point_board.h"
#include "retro/point_board_svg.h"

namespace retro::kit {

// The base of a point-and-line game's rules (CRTP: Derived is the rules
// class); see the file comment.
template <typename Derived, PointBoardShape kShape>
class PointsRules
    : public CellBoardRules<Derived, kShape.points, kShape.states(), kShape.has_sides()> {
  static_assert(kShape.valid(),
                "PointsRules: the board needs 1..32 points placed in 0..100, lines between two "
                "distinct points, two or more distinct symbols (none ' ') and no sides or two "
                "distinct ones");
  using Base = CellBoardRules<Derived, kShape.points, kShape.states(), kShape.has_sides()>;

 public:
  using Base::kCells;
  using typename Base::Position;
  using Move = PointMove;

  // The lines: whether one joins points a and b, and visit(int neighbour)
  // for each point joined to `point` (in the order of the lines).
  static constexpr bool Joined(int a, int b) { return kShape.Joined(a, b); }
  template <typename Visit>
  static void ForEachNeighbour(int point, Visit&& visit) {
    for (int l = 0; l < kShape.num_lines; ++l) {
      if (kShape.lines[l][0] == point) visit(kShape.lines[l][1]);
      if (kShape.lines[l][1] == point) visit(kShape.lines[l][0]);
    }
  }

  // The notation; Parse also refuses boards that are no position.
  std::string Format(const Position& p) const { return FormatPoints(kShape, p); }
  absl::StatusOr<Position> Parse(const std::string& text) const {
    return this->RefuseNonPositions(ParsePoints<kCells>(kShape, text, this->NotationExample()),
                                    text);
  }
  std::string FormatMove(const Position&, const Move& move) const {
    return FormatPointMove(move);
  }

  // retro explore: the picture.
  std::string RenderSvg(const Position& p) const { return PointBoardSvg(kShape, p); }
};

}  // namespace retro::kit

#endif  // RETRO_KIT_POINTS_RULES_H_
