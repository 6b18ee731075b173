// What a loopy win/draw/loss game's stats groups (HasStatsGroups in
// retro/kit/loopy_wdl_rules.h) say of a record and of the stats table.
#ifndef RETRO_KIT_STATS_KEY_H_
#define RETRO_KIT_STATS_KEY_H_

#include <cstdint>

namespace retro::kit {

// A record's stats group and weight (the positions it stands for).
struct StatsKey {
  int group = 0;
  uint64_t weight = 1;
};

// How the stats table is laid out.
struct StatsLayout {
  bool slice_totals = false;  // each slice's total after its groups
  bool row_examples = false;  // each row's longest win and loss with an example
};

}  // namespace retro::kit

#endif  // RETRO_KIT_STATS_KEY_H_
