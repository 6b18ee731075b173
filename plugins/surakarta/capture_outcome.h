// A Surakarta capture as a solved value: the capture is the conversion, so
// it is worth one ply whatever follows it (distance to conversion). What the
// builders (table_slice.h, scheme_table_slice.h) and the kit's rules
// (ConversionValue) all give a capture into a child of value `child`.
#ifndef PLUGINS_SURAKARTA_CAPTURE_OUTCOME_H_
#define PLUGINS_SURAKARTA_CAPTURE_OUTCOME_H_

#include "retro/format/wdl/wdl.h"

namespace retro::surakarta {

// The mover's value of a capture into a child worth `child` to its side to
// move.
inline WdlOutcome CaptureOutcome(WdlOutcome child) {
  return child.result == Wdl::kLoss  ? WdlOutcome::Win(1)
         : child.result == Wdl::kWin ? WdlOutcome::Loss(1)
                                     : WdlOutcome::Draw();
}

}  // namespace retro::surakarta

#endif  // PLUGINS_SURAKARTA_CAPTURE_OUTCOME_H_
