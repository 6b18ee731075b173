// The memory a solve needs in each of its ranks (docs/distributed.md,
// "Memory per rank and the plan"), and the host's one refusal of a solve
// that does not fit the memory of this machine, for a single process and
// for the ranks of an mpirun job alike.
#ifndef RETRO_DISTRIBUTED_MEMORY_PER_RANK_H_
#define RETRO_DISTRIBUTED_MEMORY_PER_RANK_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "retro/game_module.h"
#include "retro/system_memory.h"

namespace retro::distributed {

// Of the plan's memory, what every rank holds however many ranks there are
// (the most any rank does); the rest is split across the ranks.
uint64_t ReplicatedBytes(const SolvePlan& plan);

// The memory one of `ranks` ranks needs: what it holds beyond its share,
// plus its share of the rest (the whole plan for one rank).
uint64_t MemoryPerRank(const SolvePlan& plan, int ranks);

// How many of the `ranks` ranks run on this machine: Open MPI's
// OMPI_COMM_WORLD_LOCAL_SIZE, or all of them if unknown.
int RanksOnThisMachine(int ranks);

// OK when the `local_ranks` ranks on this machine, of `ranks`, fit in
// `limit` (or the limit is unknown); else ResourceExhausted saying what the
// solve needs, what is available and what would fit: the plan's what_fits
// for a single process, the number of ranks of one per machine like this
// one otherwise. `game` names the database when the plan does not.
absl::Status CheckSolveFitsMemory(const SolvePlan& plan, const std::string& game, int ranks,
                                  int local_ranks, const MemoryLimit& limit);

}  // namespace retro::distributed

#endif  // RETRO_DISTRIBUTED_MEMORY_PER_RANK_H_
