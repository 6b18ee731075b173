// The Plakoto plugin's view of an opened pin-distance database file: probe,
// stats and verify for the `retro` command (retro::OpenDatabase).
#ifndef PLUGINS_PLAKOTO_PLAKOTO_DATABASE_H_
#define PLUGINS_PLAKOTO_PLAKOTO_DATABASE_H_

#include <memory>

#include "plugins/plakoto/pin_file.h"
#include "retro/game_module.h"

namespace retro::plakoto {

// The relative tolerance of `retro verify`: a record passes when the
// recurrence recomputed from its afterstates' stored values differs from the
// stored D by at most kVerifyTolerance * D.
inline constexpr double kVerifyTolerance = 1e-9;
// The absolute tolerance for the stored turn distributions (floats).
inline constexpr double kDistributionTolerance = 1e-6;

std::unique_ptr<OpenDatabase> MakePlakotoDatabase(std::unique_ptr<PinFile> file);

}  // namespace retro::plakoto

#endif  // PLUGINS_PLAKOTO_PLAKOTO_DATABASE_H_
