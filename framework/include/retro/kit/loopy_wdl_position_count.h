// How many positions a LoopyWdlRules game (retro/kit/loopy_wdl_rules.h) has,
// counted as `retro stats` counts them: the records that are positions, each
// weighted by what it stands for (StatsKeyAt, else StatsKeyOf; an index
// numbering a class of positions weighs the class's size). The plan of
// rules without a count of their own (SizeEstimates::positions) reports
// this count, so that `retro solve`
// never reports indices as positions; stats reads each record's weight
// through RecordStatsKey too.
#ifndef RETRO_KIT_LOOPY_WDL_POSITION_COUNT_H_
#define RETRO_KIT_LOOPY_WDL_POSITION_COUNT_H_

#include <cstdint>
#include <optional>

#include "retro/kit/loopy_wdl_rules.h"
#include "retro/kit/rules_hooks.h"

namespace retro::kit {

// The stats group and weight of record `index` of `slice`: read off the
// index (StatsKeyAt) when the rules can, else from its position
// (StatsKeyOf); group `slice` and weight 1 without stats groups.
template <typename R>
StatsKey RecordStatsKey(const R& rules, int slice, uint64_t index, Unranker<R>& unrank) {
  if constexpr (HasStatsGroups<R>) {
    if (std::optional<StatsKey> key = rules.StatsKeyAt(slice, index)) return *key;
    return rules.StatsKeyOf(unrank(slice, index));
  } else {
    return {.group = slice, .weight = 1};
  }
}

// The positions of `rules`: the records when every index is one position;
// else counted over every index (one pass: the indices that are positions,
// weighted as stats weighs them). A plan takes the rules' own count
// (SizeEstimates::positions) instead when they give one.
template <typename R>
uint64_t CountLoopyWdlPositions(const R& rules) {
  const bool weighted = HasStatsGroups<R>;
  const bool all_positions = IndexTraitsOf(rules).every_index_is_a_position;
  uint64_t positions = 0;
  Unranker<R> unrank(rules);
  for (int s = 0; s < rules.num_slices(); ++s) {
    if (!weighted && all_positions) {
      positions += rules.slice_size(s);
      continue;
    }
    for (uint64_t index = 0; index < rules.slice_size(s); ++index) {
      if (!all_positions && !rules.IsPosition(unrank(s, index))) continue;
      positions += RecordStatsKey(rules, s, index, unrank).weight;
    }
  }
  return positions;
}

}  // namespace retro::kit

#endif  // RETRO_KIT_LOOPY_WDL_POSITION_COUNT_H_
