// The record selection and mismatch tally of `retro verify`
// (retro/internal/verify_support.h).
#include "retro/internal/verify_support.h"

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "retro/distributed/communicator.h"
#include "retro/game_module.h"

namespace retro::internal {

RecordSelection::RecordSelection(const std::vector<uint64_t>& slice_sizes, uint64_t sample,
                                 uint64_t seed)
    : sizes_(slice_sizes), picks_(slice_sizes.size()) {
  for (const uint64_t size : sizes_) total_ += size;
  all_ = sample == 0 || sample >= total_;
  if (all_) return;
  std::mt19937_64 random(seed);
  for (uint64_t k = 0; k < sample; ++k) {
    uint64_t r = random() % total_;
    size_t slice = 0;
    while (r >= sizes_[slice]) r -= sizes_[slice++];
    picks_[slice].push_back(r);
  }
  for (auto& list : picks_) std::sort(list.begin(), list.end());
}

VerifyResult MismatchTally::Result(uint64_t records_checked) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return VerifyResult{
      .records_checked = records_checked, .mismatches = mismatches_, .first_mismatch = first_};
}

VerifyResult MismatchTally::Result(uint64_t records_checked,
                                   distributed::Communicator* comm) const {
  VerifyResult result = Result(records_checked);
  if (comm == nullptr || comm->size() == 1) return result;
  result.mismatches = comm->AllReduceSum(result.mismatches);
  uint64_t mine;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    mine = first_order_;
  }
  const std::vector<uint64_t> orders =
      distributed::AllGather(*comm, std::span<const uint64_t>(&mine, 1));
  const int first_rank = static_cast<int>(std::ranges::min_element(orders) - orders.begin());
  std::vector<uint8_t> first(result.first_mismatch.begin(), result.first_mismatch.end());
  comm->Broadcast(first, first_rank);
  result.first_mismatch.assign(first.begin(), first.end());
  return result;
}

}  // namespace retro::internal
