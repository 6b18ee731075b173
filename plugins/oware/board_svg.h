// The oware board as an SVG picture, for `retro explore` (BookRules'
// RenderSvg hook): the twelve houses with their seeds, the mover's houses
// 0..5 along the bottom row from left to right, the opponent's 6..11 along
// the top row from right to left (sowing runs anticlockwise), each mover's
// house labelled with its move name.
#ifndef PLUGINS_OWARE_BOARD_SVG_H_
#define PLUGINS_OWARE_BOARD_SVG_H_

#include <string>

#include "games/oware/board.h"

namespace retro::oware {

std::string BoardSvg(const Board& board);

}  // namespace retro::oware

#endif  // PLUGINS_OWARE_BOARD_SVG_H_
