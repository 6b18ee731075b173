// The exchanges between ranks of the distributed finite-horizon solver
// (retro/solver/finite_horizon.h, over retro/distributed/): a layer's
// changes gathered on every rank, the layer's end agreed on, the change
// lists a rank's moves into smaller slices read fetched from the ranks that
// keep them, a split slice's whole header and whole store assembled from
// the ranks' ranges, and the ranks' agreements while they bit-code a split
// store (DistributedBitCodeExchange). Every function here is collective:
// every rank of the communicator calls it. Their steps are in
// src/solver/finite_horizon_exchange.cc.
#ifndef RETRO_SOLVER_FINITE_HORIZON_EXCHANGE_H_
#define RETRO_SOLVER_FINITE_HORIZON_EXCHANGE_H_

#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "retro/distributed/communicator.h"
#include "retro/format/finite_horizon/store.h"
#include "retro/format/finite_horizon/write/bit_coder.h"
#include "retro/solver/change_log.h"

namespace retro::solver::internal {

// Replaces this rank's changes of a layer by every rank's, in rank order
// (ranks own increasing ranges, so in index order): one batch per rank and
// layer. Nothing to do on one rank.
void GatherLayerChanges(distributed::Communicator& comm, LayerChanges& changed);

// What every rank knows once a layer is done: whether any rank overflowed
// the int8 range, still has outer events pending after a layer that
// changed nothing, or failed to log its changes.
struct LayerEnd {
  bool overflow;
  bool events_pending;
  bool log_failed;
};

// One all-reduce: each rank's own flags in, every rank's (or-ed) out.
LayerEnd AgreeOnLayerEnd(distributed::Communicator& comm, bool overflow, bool events_pending,
                         bool log_failed);

// The most children one rank asks another for in one exchange.
inline constexpr uint64_t kFetchListsPerRound = uint64_t{1} << 20;

// A store of the change lists of the states `wanted` (sorted, distinct) of
// solved slice `slice` (of `slice_size` states), fetched from the ranks
// that keep them; `mine` is this rank's range of that slice. State i of
// the result is wanted[i]. One exchange of requests and one of lists a
// round, at most kFetchListsPerRound children from each rank to each other
// a round.
std::vector<uint8_t> FetchFiniteHorizonLists(distributed::Communicator& comm, int slice,
                                             uint64_t slice_size,
                                             const FiniteHorizonStoreView& mine,
                                             const std::vector<uint32_t>& wanted);

// The whole store's header of a slice of `size` states, from this rank's
// store of its own range (`range`: the slice's last change and this rank's
// states, changes and evaluations): the changes and evaluations summed over
// the ranks.
FiniteHorizonStoreHeader SumFiniteHorizonHeader(distributed::Communicator& comm,
                                                const FiniteHorizonStoreHeader& range,
                                                uint64_t size);

// The whole store of a slice on rank 0, from every rank's store of its own
// range (`range`) and the whole store's header (`whole`: its states,
// changes, evaluations); empty on the other ranks. Byte for byte the store
// one process builds: the ranges' units in rank order, laid out over the
// slice's states (the block width that fits every range, since ranges
// start at multiples of 64 states).
std::vector<uint8_t> GatherFiniteHorizonStore(distributed::Communicator& comm,
                                              const FiniteHorizonStoreView& range,
                                              const FiniteHorizonStoreHeader& whole);

// The ranks' agreements while they bit-code a split store
// (BitCodeFiniteHorizonRange, retro/format/finite_horizon/write/bit_coder.h):
// symbol counts summed, block sizes agreed on, every rank's place in the
// stream, and the parts gathered on rank 0. On one rank each is what
// LocalBitCodeExchange does.
class DistributedBitCodeExchange final : public BitCodeExchange {
 public:
  explicit DistributedBitCodeExchange(distributed::Communicator& comm) : comm_(comm) {}

  int rank() const override { return comm_.rank(); }
  bool root() const override { return comm_.rank() == 0; }
  void SumCounts(absl::flat_hash_map<uint64_t, uint64_t>& counts) override;
  bool AllBlocksFit(bool fits, const std::vector<::retro::internal::BlockBits>& crossing) override;
  std::vector<::retro::internal::StreamPart> AllStreamParts(
      const ::retro::internal::StreamPart& mine) override;
  // A rank's stream part starts at the first byte it alone writes; the
  // byte its first bit shares with the rank before is ORed in.
  void Gather(::retro::internal::BitCodedParts& parts, uint64_t states, uint32_t group_shift,
              uint64_t base, uint64_t own_bits, uint64_t end_bit) override;

 private:
  distributed::Communicator& comm_;
};

}  // namespace retro::solver::internal

#endif  // RETRO_SOLVER_FINITE_HORIZON_EXCHANGE_H_
