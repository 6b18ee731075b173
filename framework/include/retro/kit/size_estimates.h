// What a game's own model says its solve takes, where a kit's per-record
// defaults are far off: the optional rules member
// `SizeEstimates EstimateSizes(uint64_t available_bytes)` (the concept
// HasSizeEstimates in retro/kit/rules_hooks.h), available_bytes the memory
// the solve may use (0: unknown). A zero or empty member keeps the kit's
// default.
#ifndef RETRO_KIT_SIZE_ESTIMATES_H_
#define RETRO_KIT_SIZE_ESTIMATES_H_

#include <cstdint>
#include <string>

namespace retro::kit {

// The plan's estimates (retro/game_module.h's SolvePlan) as a game knows them.
struct SizeEstimates {
  // The positions the database describes (the kit's default: the loopy
  // kit counts the indices that are positions, weighted as stats weighs
  // them, retro/kit/loopy_wdl_position_count.h; the other kits' records
  // are every one a position).
  uint64_t positions = 0;
  uint64_t memory_bytes = 0;  // the peak memory of a one-process solve
  uint64_t file_bytes = 0;    // the database file
  // Finite horizon: the file with --layout fast (byte-coded stores).
  uint64_t fast_file_bytes = 0;
  // Of memory_bytes, what a rank of a distributed solve holds beyond its
  // 1/R share, the most any rank does (the kit's default: its family's
  // rule, e.g. the finished tables every rank keeps, or the file rank 0
  // gathers).
  uint64_t replicated_memory_bytes = 0;
  // What would fit in available_bytes instead, for the host's refusal of a
  // one-process solve ("the largest book that fits is --seeds 19").
  std::string what_fits = {};
};

}  // namespace retro::kit

#endif  // RETRO_KIT_SIZE_ESTIMATES_H_
