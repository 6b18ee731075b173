// The exchanges between ranks of the distributed finite-horizon solver
// (retro/solver/finite_horizon_exchange.h).
#include "retro/solver/finite_horizon_exchange.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "retro/distributed/communicator.h"
#include "retro/distributed/gather_into.h"
#include "retro/distributed/partition.h"
#include "retro/format/finite_horizon/store.h"
#include "retro/format/finite_horizon/write/bit_coder.h"
#include "retro/format/finite_horizon/write/store_writer.h"
#include "retro/solver/change_log.h"

namespace retro::solver::internal {

void GatherLayerChanges(distributed::Communicator& comm, LayerChanges& changed) {
  if (comm.size() == 1) return;
  std::vector<StateChange> mine;
  mine.reserve(changed.total);
  for (const std::vector<StateChange>& part : changed.parts) {
    mine.insert(mine.end(), part.begin(), part.end());
  }
  changed = LayerChanges();
  changed.parts.push_back(distributed::AllGather(comm, std::span<const StateChange>(mine)));
  changed.Count();
}

LayerEnd AgreeOnLayerEnd(distributed::Communicator& comm, bool overflow, bool events_pending,
                         bool log_failed) {
  uint64_t flags[3] = {overflow ? 1u : 0u, events_pending ? 1u : 0u, log_failed ? 1u : 0u};
  comm.AllReduceMax(std::span<uint64_t>(flags, 3));
  return {flags[0] != 0, flags[1] != 0, flags[2] != 0};
}

std::vector<uint8_t> FetchFiniteHorizonLists(distributed::Communicator& comm, int slice,
                                             uint64_t slice_size,
                                             const FiniteHorizonStoreView& mine,
                                             const std::vector<uint32_t>& wanted) {
  const int ranks = comm.size();
  const uint64_t my_first = distributed::RangeOfRank(slice_size, comm.rank(), ranks).begin;
  const uint32_t width = mine.header().entry_bytes;
  // wanted[split[r], split[r + 1]) are rank r's.
  std::vector<uint64_t> split(ranks + 1, wanted.size());
  uint64_t most = 0;
  for (int r = 0; r < ranks; ++r) {
    split[r] = std::lower_bound(wanted.begin(), wanted.end(),
                                distributed::RangeOfRank(slice_size, r, ranks).begin) -
               wanted.begin();
  }
  for (int r = 0; r < ranks; ++r) most = std::max(most, split[r + 1] - split[r]);
  const uint64_t rounds = (comm.AllReduceMax(most) + kFetchListsPerRound - 1) / kFetchListsPerRound;
  std::vector<uint32_t> counts(wanted.size());
  std::vector<std::vector<uint8_t>> from(ranks);  // the units each rank sent
  uint64_t changes = 0;
  for (uint64_t round = 0; round < rounds; ++round) {
    std::vector<std::vector<uint32_t>> ask(ranks);
    for (int r = 0; r < ranks; ++r) {
      const uint64_t b = std::min(split[r + 1], split[r] + round * kFetchListsPerRound);
      const uint64_t e = std::min(split[r + 1], b + kFetchListsPerRound);
      ask[r].assign(wanted.begin() + b, wanted.begin() + e);
    }
    const std::vector<std::vector<uint32_t>> asked = distributed::AllToAll(comm, ask);
    // A reply: the lists' changes (8 bytes), each list's units (4
    // bytes a list), then the lists.
    std::vector<std::vector<uint8_t>> reply(ranks);
    for (int r = 0; r < ranks; ++r) {
      const std::vector<uint32_t>& list = asked[r];
      if (list.empty()) continue;
      uint64_t units = 0;
      for (const uint32_t i : list) {
        if (i < my_first || i - my_first >= mine.states()) {
          comm.Abort(absl::StrCat("rank ", r, " asked for state ", i, " of slice ", slice,
                                  ", which this rank does not keep"));
        }
        uint64_t begin, end;
        mine.EntryRange(i - my_first, begin, end);
        units += end - begin;
      }
      std::vector<uint8_t>& out = reply[r];
      out.resize(8 + 4 * list.size() + width * units);
      uint64_t list_changes = 0;
      uint8_t* at = out.data() + 8 + 4 * list.size();
      for (size_t j = 0; j < list.size(); ++j) {
        uint64_t begin, end;
        mine.EntryRange(list[j] - my_first, begin, end);
        const uint32_t n = static_cast<uint32_t>(end - begin);
        std::memcpy(out.data() + 8 + 4 * j, &n, 4);
        std::memcpy(at, mine.unit_bytes() + width * begin, width * n);
        at += width * n;
        mine.ForEachChange(list[j] - my_first,
                           [&list_changes](uint32_t, int) { return ++list_changes, true; });
      }
      std::memcpy(out.data(), &list_changes, 8);
    }
    const std::vector<std::vector<uint8_t>> got = comm.AllToAllBytes(reply);
    for (int r = 0; r < ranks; ++r) {
      if (got[r].empty()) continue;
      const uint64_t b = split[r] + round * kFetchListsPerRound;
      const uint64_t n = ask[r].size();
      uint64_t list_changes;
      std::memcpy(&list_changes, got[r].data(), 8);
      changes += list_changes;
      std::memcpy(counts.data() + b, got[r].data() + 8, 4 * n);
      from[r].insert(from[r].end(), got[r].begin() + 8 + 4 * n, got[r].end());
    }
  }
  FiniteHorizonStoreHeader fields = mine.header();
  fields.entries = changes;
  fields.evaluations = 0;
  std::vector<uint64_t> first;
  std::vector<uint8_t> bytes = LayOutFiniteHorizonStore(fields, counts, mine.codes(), first);
  const auto* header = reinterpret_cast<const FiniteHorizonStoreHeader*>(bytes.data());
  uint8_t* out =
      bytes.data() +
      FiniteHorizonStoreView::Layout(wanted.size(), header->block_shift, 0, width).entries;
  for (std::vector<uint8_t>& part : from) {
    if (!part.empty()) std::memcpy(out, part.data(), part.size());
    out += part.size();
    std::vector<uint8_t>().swap(part);
  }
  return bytes;
}

FiniteHorizonStoreHeader SumFiniteHorizonHeader(distributed::Communicator& comm,
                                                const FiniteHorizonStoreHeader& range,
                                                uint64_t size) {
  FiniteHorizonStoreHeader whole = range;
  uint64_t sums[2] = {whole.entries, whole.evaluations};
  comm.AllReduceSum(std::span<uint64_t>(sums, 2));
  whole.states = size;
  whole.entries = sums[0];
  whole.evaluations = sums[1];
  return whole;
}

std::vector<uint8_t> GatherFiniteHorizonStore(distributed::Communicator& comm,
                                              const FiniteHorizonStoreView& range,
                                              const FiniteHorizonStoreHeader& whole) {
  const bool root = comm.rank() == 0;
  const uint64_t size = whole.states;
  std::vector<uint32_t> counts(root ? size : 0);
  {
    std::vector<uint32_t> mine(range.states());
    for (uint64_t i = 0; i < mine.size(); ++i) {
      uint64_t begin, end;
      range.EntryRange(i, begin, end);
      mine[i] = static_cast<uint32_t>(end - begin);
    }
    distributed::GatherInto(
        comm, 0,
        std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(mine.data()), 4 * mine.size()),
        std::span<uint8_t>(reinterpret_cast<uint8_t*>(counts.data()), 4 * counts.size()));
  }
  std::vector<uint8_t> bytes;
  std::span<uint8_t> units;
  const uint32_t width = range.header().entry_bytes;
  if (root) {
    FiniteHorizonStoreHeader fields = range.header();
    fields.entries = whole.entries;
    fields.evaluations = whole.evaluations;
    std::vector<uint64_t> first;
    bytes = LayOutFiniteHorizonStore(fields, counts, range.codes(), first);
    std::vector<uint32_t>().swap(counts);
    const auto* header = reinterpret_cast<const FiniteHorizonStoreHeader*>(bytes.data());
    const uint64_t at = FiniteHorizonStoreView::Layout(size, header->block_shift, 0, width).entries;
    units = std::span<uint8_t>(bytes.data() + at, bytes.size() - at);
  }
  distributed::GatherInto(
      comm, 0, std::span<const uint8_t>(range.unit_bytes(), range.units() * width), units);
  return bytes;
}

void DistributedBitCodeExchange::SumCounts(absl::flat_hash_map<uint64_t, uint64_t>& counts) {
  if (comm_.size() == 1) return;
  // (key, count) pairs, as two words each.
  std::vector<uint64_t> mine;
  mine.reserve(2 * counts.size());
  for (const auto& [key, k] : counts) mine.insert(mine.end(), {key, k});
  const std::vector<uint64_t> all = distributed::AllGather(comm_, std::span<const uint64_t>(mine));
  counts.clear();
  for (size_t i = 0; i + 1 < all.size(); i += 2) counts[all[i]] += all[i + 1];
}

bool DistributedBitCodeExchange::AllBlocksFit(
    bool fits, const std::vector<::retro::internal::BlockBits>& crossing) {
  if (comm_.size() == 1) return fits;
  fits = !comm_.AnyRank(!fits);
  return ::retro::internal::CrossingBlocksFit(distributed::AllGather(
             comm_, std::span<const ::retro::internal::BlockBits>(crossing))) &&
         fits;
}

std::vector<::retro::internal::StreamPart> DistributedBitCodeExchange::AllStreamParts(
    const ::retro::internal::StreamPart& mine) {
  return distributed::AllGather(comm_, std::span<const ::retro::internal::StreamPart>(&mine, 1));
}

void DistributedBitCodeExchange::Gather(::retro::internal::BitCodedParts& parts, uint64_t states,
                                        uint32_t group_shift, uint64_t base, uint64_t own_bits,
                                        uint64_t end_bit) {
  const bool is_root = root();
  const auto as_bytes = [](auto* data, uint64_t count) {
    return std::span<uint8_t>(reinterpret_cast<uint8_t*>(data), count * sizeof(*data));
  };
  uint8_t* bytes = parts.bytes.data();
  auto* whole_blocks =
      is_root ? reinterpret_cast<uint64_t*>(bytes + parts.sections.blocks) : nullptr;
  auto* whole_starts =
      is_root ? reinterpret_cast<uint16_t*>(bytes + parts.sections.starts) : nullptr;
  uint8_t* whole_stream = is_root ? bytes + parts.sections.entries : nullptr;
  distributed::GatherInto(comm_, 0, as_bytes(parts.block_bit, parts.end_block - parts.first_block),
                          is_root ? as_bytes(whole_blocks, parts.blocks) : std::span<uint8_t>());
  distributed::GatherInto(
      comm_, 0, as_bytes(parts.group_start, parts.own_groups),
      is_root ? as_bytes(whole_starts, FiniteHorizonStoreView::BlockCount(states, group_shift))
              : std::span<uint8_t>());
  const uint64_t alone_from = (base + 7) / 8 - parts.stream_origin;  // 1 when sharing a byte
  distributed::GatherInto(
      comm_, 0,
      std::span<const uint8_t>(parts.stream + alone_from, parts.own_stream_bytes - alone_from),
      is_root ? std::span<uint8_t>(whole_stream, (end_bit + 7) / 8) : std::span<uint8_t>());
  // (stream byte, this rank's bits in it), as two words.
  std::vector<uint64_t> shared;
  if (base % 8 != 0 && own_bits > 0) shared = {parts.stream_origin, parts.stream[0]};
  const std::vector<uint64_t> all_shared =
      distributed::AllGather(comm_, std::span<const uint64_t>(shared));
  for (size_t i = 0; is_root && i + 1 < all_shared.size(); i += 2) {
    whole_stream[all_shared[i]] |= static_cast<uint8_t>(all_shared[i + 1]);
  }
}

}  // namespace retro::solver::internal
