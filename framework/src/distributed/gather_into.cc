// AllGatherInto and GatherInto: the sizes first, then rounds of at most 8
// MiB in all.
#include "retro/distributed/gather_into.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "absl/strings/str_cat.h"

namespace retro::distributed {
namespace {

// Where each rank's part goes and the rounds that carry them: each round
// every rank gives at most `per_round` bytes of its part, so that a round
// holds at most 8 MiB in all, the most this adds to a rank's peak.
struct Rounds {
  std::vector<uint64_t> sizes, offsets;  // offsets[ranks]: the total
  uint64_t per_round = 0, count = 0;
};

Rounds PlanRounds(Communicator& comm, uint64_t my_size) {
  const int ranks = comm.size();
  Rounds rounds;
  rounds.sizes = AllGather(comm, std::span<const uint64_t>(&my_size, 1));
  rounds.offsets.assign(ranks + 1, 0);
  uint64_t largest = 0;
  for (int r = 0; r < ranks; ++r) {
    rounds.offsets[r + 1] = rounds.offsets[r] + rounds.sizes[r];
    largest = std::max(largest, rounds.sizes[r]);
  }
  constexpr uint64_t kRoundBytes = uint64_t{8} << 20;
  rounds.per_round = std::max<uint64_t>(1, kRoundBytes / ranks);
  rounds.count = (largest + rounds.per_round - 1) / rounds.per_round;
  return rounds;
}

}  // namespace

void AllGatherInto(Communicator& comm, std::span<const uint8_t> mine, std::span<uint8_t> out) {
  const int ranks = comm.size();
  const uint64_t my_size = mine.size();
  const auto [sizes, offsets, per_round, count] = PlanRounds(comm, my_size);
  if (offsets[ranks] != out.size()) {
    comm.Abort(absl::StrCat("AllGatherInto: the ranks give ", offsets[ranks],
                            " bytes for a buffer of ", out.size()));
  }
  for (uint64_t k = 0; k < count; ++k) {
    const uint64_t from = std::min(my_size, k * per_round);
    const uint64_t to = std::min(my_size, from + per_round);
    const std::vector<uint8_t> got = comm.AllGatherBytes(mine.subspan(from, to - from), nullptr);
    uint64_t at = 0;
    for (int r = 0; r < ranks; ++r) {
      const uint64_t r_from = std::min(sizes[r], k * per_round);
      const uint64_t r_bytes = std::min(sizes[r], r_from + per_round) - r_from;
      if (r != comm.rank() && r_bytes > 0) {
        std::memcpy(out.data() + offsets[r] + r_from, got.data() + at, r_bytes);
      } else if (r == comm.rank() && r_bytes > 0 &&
                 mine.data() + r_from != out.data() + offsets[r] + r_from) {
        std::memmove(out.data() + offsets[r] + r_from, mine.data() + r_from, r_bytes);
      }
      at += r_bytes;
    }
  }
}

void GatherInto(Communicator& comm, int root, std::span<const uint8_t> mine,
                std::span<uint8_t> out) {
  const int ranks = comm.size();
  const uint64_t my_size = mine.size();
  const auto [sizes, offsets, per_round, count] = PlanRounds(comm, my_size);
  if (comm.AnyRank(comm.rank() == root && offsets[ranks] != out.size())) {
    comm.Abort(absl::StrCat("GatherInto: the ranks give ", offsets[ranks],
                            " bytes for the root's buffer of another size"));
  }
  std::vector<std::vector<uint8_t>> send(ranks);
  for (uint64_t k = 0; k < count; ++k) {
    const uint64_t from = std::min(my_size, k * per_round);
    const uint64_t to = std::min(my_size, from + per_round);
    if (comm.rank() == root) {
      if (to > from && mine.data() + from != out.data() + offsets[root] + from) {
        std::memmove(out.data() + offsets[root] + from, mine.data() + from, to - from);
      }
      send[root].clear();
    } else {
      send[root].assign(mine.begin() + from, mine.begin() + to);
    }
    const std::vector<std::vector<uint8_t>> got = comm.AllToAllBytes(send);
    if (comm.rank() != root) continue;
    for (int r = 0; r < ranks; ++r) {
      if (r == root || got[r].empty()) continue;
      const uint64_t r_from = std::min(sizes[r], k * per_round);
      std::memcpy(out.data() + offsets[r] + r_from, got[r].data(), got[r].size());
    }
  }
}

}  // namespace retro::distributed
