// The words a finite-horizon game's probe and stats use for its numbers:
// the optional rules member `FiniteHorizonWords words()` (HasWords in
// retro/kit/finite_horizon_database.h).
#ifndef RETRO_KIT_FINITE_HORIZON_WORDS_H_
#define RETRO_KIT_FINITE_HORIZON_WORDS_H_

#include <string>

namespace retro::kit {

// Probe's reward column and stats' slice column.
struct FiniteHorizonWords {
  std::string reward = "reward";  // probe's reward column ("captures")
  // What the slice number counts ("seeds"), which stats shows instead of
  // slice names (empty: the names).
  std::string slice_label = {};
};

}  // namespace retro::kit

#endif  // RETRO_KIT_FINITE_HORIZON_WORDS_H_
