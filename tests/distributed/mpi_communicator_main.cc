// The MPI communicator's collectives, run by tests/distributed/CMakeLists.txt
// under `mpirun -np R` (R = 2, 3): every rank checks what it received and
// the job fails when any rank does. Prints "ok" on rank 0 when all pass.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "retro/distributed/communicator.h"
#include "retro/distributed/gather_into.h"
#include "retro/distributed/status_agreement.h"
#include "retro/distributed/world.h"

namespace {

using retro::distributed::Communicator;

// Failures of this rank.
int failures = 0;

void Expect(bool ok, const std::string& what, int rank) {
  if (!ok) {
    std::fprintf(stderr, "rank %d: FAILED %s\n", rank, what.c_str());
    ++failures;
  }
}

void Run(Communicator& comm) {
  const int rank = comm.rank(), size = comm.size();
  Expect(size >= 2, "launched with at least 2 ranks", rank);
  // AllGather: rank r gives r + 1 items (r * 100 + i).
  const retro::distributed::Traffic before_gather = comm.traffic();
  std::vector<uint32_t> mine;
  for (int i = 0; i <= rank; ++i) mine.push_back(rank * 100 + i);
  std::vector<uint64_t> counts;
  const std::vector<uint32_t> all =
      retro::distributed::AllGather(comm, std::span<const uint32_t>(mine), &counts);
  std::vector<uint32_t> expected;
  for (int r = 0; r < size; ++r) {
    for (int i = 0; i <= r; ++i) expected.push_back(r * 100 + i);
  }
  Expect(all == expected, "AllGather concatenates in rank order", rank);
  Expect(counts.size() == static_cast<size_t>(size) && counts.back() == uint64_t(size),
         "AllGather counts", rank);
  // Its traffic: this rank's 4 (r + 1) bytes to each other rank, and
  // 4 (q + 1) bytes from each other rank q.
  {
    const retro::distributed::Traffic t = comm.traffic();
    uint64_t from_others = 0;
    for (int q = 0; q < size; ++q) from_others += q == rank ? 0 : 4 * (q + 1);
    Expect(t.collectives == before_gather.collectives + 1 &&
               t.messages_sent == before_gather.messages_sent + (size - 1) &&
               t.messages_received == before_gather.messages_received + (size - 1) &&
               t.bytes_sent == before_gather.bytes_sent + uint64_t(size - 1) * 4 * (rank + 1) &&
               t.bytes_received == before_gather.bytes_received + from_others,
           "AllGather traffic counted", rank);
  }
  // AllToAll: rank r sends to rank d the items {r, d} repeated d + 1 times
  // (an empty batch to nobody).
  std::vector<std::vector<int32_t>> send(size);
  for (int d = 0; d < size; ++d) {
    for (int k = 0; k <= d; ++k) {
      send[d].push_back(rank);
      send[d].push_back(d);
    }
  }
  const retro::distributed::Traffic before_to_all = comm.traffic();
  const std::vector<std::vector<int32_t>> received = retro::distributed::AllToAll(comm, send);
  {
    // 8 (d + 1) bytes to each other rank d; 8 (rank + 1) from each.
    const retro::distributed::Traffic t = comm.traffic();
    uint64_t to_others = 0;
    for (int d = 0; d < size; ++d) to_others += d == rank ? 0 : 8 * (d + 1);
    Expect(t.messages_sent == before_to_all.messages_sent + (size - 1) &&
               t.bytes_sent == before_to_all.bytes_sent + to_others &&
               t.bytes_received ==
                   before_to_all.bytes_received + uint64_t(size - 1) * 8 * (rank + 1),
           "AllToAll traffic counted", rank);
  }
  bool to_all_ok = received.size() == static_cast<size_t>(size);
  for (int s = 0; to_all_ok && s < size; ++s) {
    to_all_ok = received[s].size() == 2u * (rank + 1);
    for (size_t k = 0; to_all_ok && k < received[s].size(); k += 2) {
      to_all_ok = received[s][k] == s && received[s][k + 1] == rank;
    }
  }
  Expect(to_all_ok, "AllToAll delivers each batch to its rank", rank);
  // AllGatherInto: rank r gives (r + 1) MiB + r bytes, each byte a function
  // of its rank and position: several rounds of at most 8 MiB in all, each
  // rank's part in place.
  {
    const auto byte_of = [](int r, uint64_t i) { return static_cast<uint8_t>(r * 31 + i * 7 + i / 4099); };
    std::vector<uint64_t> part(size + 1, 0);
    for (int r = 0; r < size; ++r) part[r + 1] = part[r] + (uint64_t(r) + 1) * (1 << 20) + r;
    std::vector<uint8_t> table(part[size], 0);
    for (uint64_t i = part[rank]; i < part[rank + 1]; ++i) table[i] = byte_of(rank, i - part[rank]);
    retro::distributed::AllGatherInto(
        comm, std::span<const uint8_t>(table.data() + part[rank], part[rank + 1] - part[rank]),
        table);
    bool into_ok = true;
    for (int r = 0; into_ok && r < size; ++r) {
      for (uint64_t i = part[r]; into_ok && i < part[r + 1]; ++i) {
        into_ok = table[i] == byte_of(r, i - part[r]);
      }
    }
    Expect(into_ok, "AllGatherInto assembles every rank's part in place", rank);
    // From a separate buffer too.
    std::vector<uint8_t> mine_only(part[rank + 1] - part[rank]);
    for (uint64_t i = 0; i < mine_only.size(); ++i) mine_only[i] = byte_of(rank, i);
    std::vector<uint8_t> other(part[size], 0);
    retro::distributed::AllGatherInto(comm, mine_only, other);
    Expect(other == table, "AllGatherInto from a separate buffer", rank);
    // GatherInto: the same parts, on the last rank only (the others pass
    // no buffer), from separate buffers and, on the root, in place.
    const int root = size - 1;
    std::vector<uint8_t> gathered(rank == root ? part[size] : 0, 0);
    if (rank == root) {
      std::copy(mine_only.begin(), mine_only.end(), gathered.begin() + part[rank]);
      retro::distributed::GatherInto(
          comm, root,
          std::span<const uint8_t>(gathered.data() + part[rank], mine_only.size()), gathered);
    } else {
      retro::distributed::GatherInto(comm, root, mine_only, {});
    }
    Expect(rank != root || gathered == table, "GatherInto assembles every part on the root",
           rank);
  }
  // AllReduce, AnyRank, Broadcast.
  Expect(comm.AllReduceSum(uint64_t(rank + 1)) == uint64_t(size) * (size + 1) / 2,
         "AllReduceSum", rank);
  Expect(comm.AllReduceMax(uint64_t(rank * 7)) == uint64_t(size - 1) * 7, "AllReduceMax",
         rank);
  Expect(comm.AnyRank(rank == size - 1), "AnyRank of the last rank", rank);
  Expect(!comm.AnyRank(false), "AnyRank of none", rank);
  std::vector<uint8_t> bytes;
  if (rank == 1) bytes = {1, 2, 3};
  comm.Broadcast(bytes, 1);
  Expect(bytes == std::vector<uint8_t>({1, 2, 3}), "Broadcast from rank 1", rank);
  // AgreeOnStatus: the lowest failing rank's error, named, on every rank.
  Expect(retro::distributed::AgreeOnStatus(comm, absl::OkStatus()).ok(), "agree on OK", rank);
  const absl::Status agreed = retro::distributed::AgreeOnStatus(
      comm, rank >= 1 ? absl::DataLossError(absl::StrCat("broken on ", rank))
                      : absl::OkStatus());
  Expect(agreed.code() == absl::StatusCode::kDataLoss &&
             agreed.message() == absl::StrCat("rank 1 of ", size, ": broken on 1") &&
             retro::distributed::IsAgreed(agreed),
         absl::StrCat("agree on rank 1's error, got ", agreed.ToString()), rank);
  comm.Barrier();
}

}  // namespace

int main(int argc, char** argv) {
  if (const absl::Status s = retro::distributed::ConnectWorld(&argc, &argv); !s.ok()) {
    std::fprintf(stderr, "%s\n", std::string(s.message()).c_str());
    return 1;
  }
  Communicator& comm = retro::distributed::World();
  Run(comm);
  const uint64_t total = comm.AllReduceSum(uint64_t(failures));
  if (comm.rank() == 0 && total == 0) std::printf("ok\n");
  retro::distributed::DisconnectWorld();
  return total == 0 ? 0 : 1;
}
