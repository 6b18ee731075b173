// The memory per rank of a solve and the refusal of one that does not fit.
#include "retro/distributed/memory_per_rank.h"

#include <algorithm>
#include <cstdlib>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "retro/human_numbers.h"

namespace retro::distributed {
namespace {

// What would fit instead, for the refusal: the plan's own hint in a single
// process; with many ranks, how many ranks of one per machine with
// `available` bytes would.
std::string WhatFits(const SolvePlan& plan, int ranks, uint64_t available) {
  if (ranks == 1) return plan.what_fits;
  const uint64_t every_rank = ReplicatedBytes(plan);
  if (every_rank >= available) {
    return absl::StrCat("no number of ranks fits: a rank holds about ", HumanBytes(every_rank),
                        " however many there are");
  }
  const uint64_t split = plan.estimated_memory_bytes - every_rank;
  const uint64_t needed = (split + (available - every_rank) - 1) / (available - every_rank);
  return needed <= 1 ? std::string("a single process on a machine like this one fits")
                     : absl::StrCat("with one rank per machine like this one, ", needed,
                                    " ranks would fit");
}

}  // namespace

uint64_t ReplicatedBytes(const SolvePlan& plan) {
  return std::min(plan.estimated_memory_bytes, plan.replicated_memory_bytes != 0
                                                   ? plan.replicated_memory_bytes
                                                   : plan.estimated_file_bytes);
}

uint64_t MemoryPerRank(const SolvePlan& plan, int ranks) {
  const uint64_t replicated = ReplicatedBytes(plan);
  const uint64_t split = plan.estimated_memory_bytes - replicated;
  return replicated + (split + ranks - 1) / static_cast<uint64_t>(ranks);
}

int RanksOnThisMachine(int ranks) {
  const char* text = std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
  int parsed = 0;
  if (text != nullptr && absl::SimpleAtoi(text, &parsed) && parsed > 0) return parsed;
  return ranks;
}

absl::Status CheckSolveFitsMemory(const SolvePlan& plan, const std::string& game, int ranks,
                                  int local_ranks, const MemoryLimit& limit) {
  const uint64_t available = limit.bytes;
  const uint64_t per_rank = MemoryPerRank(plan, ranks);
  const uint64_t on_this_machine = per_rank * static_cast<uint64_t>(local_ranks);
  if (available == 0 || on_this_machine <= available) return absl::OkStatus();
  const std::string name =
      plan.database_name.empty() ? absl::StrCat(game, " database") : plan.database_name;
  const std::string how_many =
      ranks == 1 ? std::string()
                 : absl::StrCat(" per rank over ", ranks, " ranks; the ", local_ranks,
                                " on this machine need ", HumanBytes(on_this_machine));
  const std::string fits = WhatFits(plan, ranks, available);
  return absl::ResourceExhaustedError(absl::StrCat(
      "this ", name, " needs about ", HumanBytes(per_rank), how_many, ", but only ",
      HumanBytes(available), " is available", limit.Note(), fits.empty() ? "" : "; ", fits));
}

}  // namespace retro::distributed
