// What each rank of a job used: its peak resident memory, CPU time, wall
// time and traffic (retro/distributed/communicator.h), measured by the rank
// itself and gathered so that rank 0 can print them after a distributed
// solve or verify (docs/distributed.md, "Measurements").
//
//   RankReport mine = MeasureThisRank(world, seconds_since_start);
//   std::vector<RankReport> all = GatherRankReports(world, mine);
#ifndef RETRO_HOST_RANK_REPORT_H_
#define RETRO_HOST_RANK_REPORT_H_

#include <cstdint>
#include <vector>

#include "retro/distributed/communicator.h"

namespace retro::distributed {

// One rank's use of the machine, so far.
struct RankReport {
  uint64_t rank = 0;
  // The process's peak resident set (getrusage's ru_maxrss), MPI's own
  // buffers included.
  uint64_t peak_memory_bytes = 0;
  // User plus system CPU time of every thread of the process.
  double cpu_seconds = 0;
  // The wall time the caller measured (e.g. since the command started).
  double wall_seconds = 0;
  Traffic traffic;
};

// Not collective: this process's report, with `wall_seconds` as given.
RankReport MeasureThisRank(const Communicator& comm, double wall_seconds);

// Collective: every rank's report, in rank order, on every rank.
std::vector<RankReport> GatherRankReports(Communicator& comm, const RankReport& mine);

}  // namespace retro::distributed

#endif  // RETRO_HOST_RANK_REPORT_H_
