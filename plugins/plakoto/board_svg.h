// The Plakoto pin endgame as an SVG picture, for `retro explore`
// (PinRules' RenderSvg hook): points P..1 from left to right (the mover
// bears off past point 1, at the right), each with its checker count, the
// mover's checkers light, and on the pin point the pinned opposing checker
// (dark) under the mover's pinning one.
#ifndef PLUGINS_PLAKOTO_BOARD_SVG_H_
#define PLUGINS_PLAKOTO_BOARD_SVG_H_

#include <string>

#include "games/plakoto/position.h"

namespace retro::plakoto {

std::string BoardSvg(const Position& position);

}  // namespace retro::plakoto

#endif  // PLUGINS_PLAKOTO_BOARD_SVG_H_
