// The Surakarta board as an SVG picture, for `retro explore`
// (SurakartaRules' RenderSvg hook): the 6x6 points with rank 1 at the
// bottom and file a at the left, the two capture circuits with their corner
// loops in two colours (games/surakarta/circuits.h), and the pieces, X dark
// and O light.
#ifndef PLUGINS_SURAKARTA_BOARD_SVG_H_
#define PLUGINS_SURAKARTA_BOARD_SVG_H_

#include <string>

#include "games/surakarta/position.h"

namespace retro::surakarta {

std::string BoardSvg(const Position& position);

}  // namespace retro::surakarta

#endif  // PLUGINS_SURAKARTA_BOARD_SVG_H_
