// AllGatherInto and GatherInto: the sizes first, then rounds of at most 8
// MiB in all.
#include "retro/distributed/gather_into.h"

#include <algorithm>
#include <cstring>
#include <utility>
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

  // Rank r's piece of round k: its first byte in its part, and its size.
  std::pair<uint64_t, uint64_t> Piece(int r, uint64_t k) const {
    const uint64_t from = std::min(sizes[r], k * per_round);
    return {from, std::min(sizes[r], from + per_round) - from};
  }
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

// Copies `bytes` bytes from `from` to `to` unless they are already there.
void Place(uint8_t* to, const uint8_t* from, uint64_t bytes) {
  if (bytes > 0 && to != from) std::memmove(to, from, bytes);
}

}  // namespace

void AllGatherInto(Communicator& comm, std::span<const uint8_t> mine, std::span<uint8_t> out) {
  const int ranks = comm.size();
  const Rounds rounds = PlanRounds(comm, mine.size());
  if (rounds.offsets[ranks] != out.size()) {
    comm.Abort(absl::StrCat("AllGatherInto: the ranks give ", rounds.offsets[ranks],
                            " bytes for a buffer of ", out.size()));
  }
  for (uint64_t k = 0; k < rounds.count; ++k) {
    const auto [from, bytes] = rounds.Piece(comm.rank(), k);
    const std::vector<uint8_t> got = comm.AllGatherBytes(mine.subspan(from, bytes), nullptr);
    uint64_t at = 0;
    for (int r = 0; r < ranks; ++r) {
      const auto [r_from, r_bytes] = rounds.Piece(r, k);
      Place(out.data() + rounds.offsets[r] + r_from,
            r == comm.rank() ? mine.data() + r_from : got.data() + at, r_bytes);
      at += r_bytes;
    }
  }
}

void GatherInto(Communicator& comm, int root, std::span<const uint8_t> mine,
                std::span<uint8_t> out) {
  const int ranks = comm.size();
  const Rounds rounds = PlanRounds(comm, mine.size());
  if (comm.AnyRank(comm.rank() == root && rounds.offsets[ranks] != out.size())) {
    comm.Abort(absl::StrCat("GatherInto: the ranks give ", rounds.offsets[ranks],
                            " bytes for the root's buffer of another size"));
  }
  std::vector<std::vector<uint8_t>> send(ranks);
  for (uint64_t k = 0; k < rounds.count; ++k) {
    const auto [from, bytes] = rounds.Piece(comm.rank(), k);
    if (comm.rank() == root) {
      Place(out.data() + rounds.offsets[root] + from, mine.data() + from, bytes);
    } else {
      send[root].assign(mine.begin() + from, mine.begin() + from + bytes);
    }
    const std::vector<std::vector<uint8_t>> got = comm.AllToAllBytes(send);
    if (comm.rank() != root) continue;
    for (int r = 0; r < ranks; ++r) {
      if (r != root) {
        Place(out.data() + rounds.offsets[r] + rounds.Piece(r, k).first, got[r].data(),
              got[r].size());
      }
    }
  }
}

}  // namespace retro::distributed
