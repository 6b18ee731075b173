// AllGatherInto and GatherInto: an all-gather, or a gather to one rank, of
// large contributions straight into their place in a caller's buffer, in
// rounds of at most 8 MiB in all, so that no exchange nears MPI's 2 GiB int
// counts and no rank holds a second copy of the whole result (a round adds
// at most 8 MiB to a rank's peak). Used to assemble a table each rank built
// one range of (e.g. a loopy solver's table, retro/solver/loopy_wdl.h, or a
// finite-horizon store on the rank that writes it,
// retro/solver/finite_horizon_exchange.h).
//
//   std::vector<uint8_t> table(total);
//   ... fill this rank's piece, at table.data() + my_offset ...
//   AllGatherInto(comm, std::span(table.data() + my_offset, my_bytes), table);
#ifndef RETRO_DISTRIBUTED_GATHER_INTO_H_
#define RETRO_DISTRIBUTED_GATHER_INTO_H_

#include <cstdint>
#include <span>

#include "retro/distributed/communicator.h"

namespace retro::distributed {

// Collective: `out` becomes the concatenation, in rank order, of every
// rank's `mine` (which may lie inside `out` itself, at its own place).
// `out` must hold exactly the total of every rank's bytes: otherwise the job
// is aborted (every rank sees the same sizes, so every rank aborts).
void AllGatherInto(Communicator& comm, std::span<const uint8_t> mine, std::span<uint8_t> out);

// Collective: on rank `root`, `out` becomes the concatenation, in rank
// order, of every rank's `mine` (root's own may lie inside `out`, at its
// place); `out` must hold exactly the total there (otherwise the job is
// aborted) and is not touched on the other ranks, which may pass it empty.
void GatherInto(Communicator& comm, int root, std::span<const uint8_t> mine,
                std::span<uint8_t> out);

}  // namespace retro::distributed

#endif  // RETRO_DISTRIBUTED_GATHER_INTO_H_
