// A legal Surakarta move with its value for the side playing it: what the
// tablebase readers' ProbeMoves (dtc_tables.h, tablebase.h) list.
#ifndef PLUGINS_SURAKARTA_MOVE_VALUE_H_
#define PLUGINS_SURAKARTA_MOVE_VALUE_H_

#include "games/surakarta/move.h"
#include "retro/format/wdl/wdl.h"

namespace retro::surakarta {

// A legal move and its value for the side playing it.
struct MoveValue {
  Move move;
  WdlOutcome value;
};

}  // namespace retro::surakarta

#endif  // PLUGINS_SURAKARTA_MOVE_VALUE_H_
