// Building blocks of a plugin's `retro verify`: choosing the records to check
// (all, or a random sample spread over the slices) and tallying mismatches
// from many threads while reporting the first bad record in record order, so
// the report does not depend on the thread count. Under mpirun the chosen
// records of each slice are split across the ranks (RecordsOfRank) and the
// tallies combined (MismatchTally::Result with the communicator), so the
// report does not depend on the rank count either.
#ifndef RETRO_INTERNAL_VERIFY_SUPPORT_H_
#define RETRO_INTERNAL_VERIFY_SUPPORT_H_

#include <algorithm>
#include <cstdint>
#include <limits>
#include <mutex>
#include <random>
#include <string>
#include <vector>

#include "retro/distributed/communicator.h"
#include "retro/distributed/partition.h"
#include "retro/game_module.h"

namespace retro::internal {

// The records to check per slice, given each slice's record count. With
// `sample` 0 (or at least the total) every record is checked and the lists
// are empty (`all()` is true); otherwise `sample` records are drawn
// uniformly over all slices with `seed`, sorted within each slice.
class RecordSelection {
 public:
  RecordSelection(const std::vector<uint64_t>& slice_sizes, uint64_t sample, uint64_t seed)
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

  bool all() const { return all_; }
  // Records to check in all slices.
  uint64_t count() const {
    if (all_) return total_;
    uint64_t n = 0;
    for (const auto& list : picks_) n += list.size();
    return n;
  }
  // Records to check in `slice`, and the k-th of them.
  uint64_t count(size_t slice) const { return all_ ? sizes_[slice] : picks_[slice].size(); }
  uint64_t record(size_t slice, uint64_t k) const { return all_ ? k : picks_[slice][k]; }

  // The k of `slice` (0..count(slice)-1) this rank of `comm` checks: all
  // of them when `comm` is null. Its total over the slices is
  // CountOfRank(comm).
  distributed::IndexRange RecordsOfRank(size_t slice, distributed::Communicator* comm) const {
    if (comm == nullptr) return {0, count(slice)};
    return distributed::RangeOfRank(count(slice), comm->rank(), comm->size());
  }
  uint64_t CountOfRank(distributed::Communicator* comm) const {
    uint64_t n = 0;
    for (size_t slice = 0; slice < sizes_.size(); ++slice) n += RecordsOfRank(slice, comm).size();
    return n;
  }

 private:
  std::vector<uint64_t> sizes_;
  std::vector<std::vector<uint64_t>> picks_;
  uint64_t total_ = 0;
  bool all_ = true;
};

// Counts mismatches from any thread and keeps the description of the one
// with the smallest `order` (e.g. slice and index packed into a number).
class MismatchTally {
 public:
  // Records a mismatch; `describe()` (returning std::string) is called only
  // if this record becomes the first one reported.
  template <typename Describe>
  void Record(uint64_t order, Describe&& describe) {
    std::lock_guard<std::mutex> lock(mutex_);
    ++mismatches_;
    if (order < first_order_) {
      first_order_ = order;
      first_ = describe();
    }
  }

  VerifyResult Result(uint64_t records_checked) const {
    std::lock_guard<std::mutex> lock(mutex_);
    VerifyResult result;
    result.records_checked = records_checked;
    result.mismatches = mismatches_;
    result.first_mismatch = first_;
    return result;
  }

  // Collective when `comm` is not null: the result of every rank's tally
  // together (the mismatches summed, the first by `order` over all ranks),
  // on every rank. `records_checked` is the job's total.
  VerifyResult Result(uint64_t records_checked, distributed::Communicator* comm) const {
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
    int first_rank = 0;
    for (int r = 1; r < comm->size(); ++r) {
      if (orders[r] < orders[first_rank]) first_rank = r;
    }
    std::vector<uint8_t> first(result.first_mismatch.begin(), result.first_mismatch.end());
    comm->Broadcast(first, first_rank);
    result.first_mismatch.assign(first.begin(), first.end());
    return result;
  }

 private:
  mutable std::mutex mutex_;
  uint64_t mismatches_ = 0;
  uint64_t first_order_ = std::numeric_limits<uint64_t>::max();
  std::string first_;
};

}  // namespace retro::internal

#endif  // RETRO_INTERNAL_VERIFY_SUPPORT_H_
