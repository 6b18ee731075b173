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
#include <string>
#include <vector>

#include "retro/distributed/communicator.h"
#include "retro/distributed/partition.h"
#include "retro/game_module.h"
#include "retro/progress.h"
#include "retro/thread_pool.h"

namespace retro::internal {

// The records to check per slice, given each slice's record count. With
// `sample` 0 (or at least the total) every record is checked and the lists
// are empty (`all()` is true); otherwise `sample` records are drawn
// uniformly over all slices with `seed`, sorted within each slice.
class RecordSelection {
 public:
  RecordSelection(const std::vector<uint64_t>& slice_sizes, uint64_t sample, uint64_t seed);

  bool all() const { return all_; }
  size_t num_slices() const { return sizes_.size(); }
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

  VerifyResult Result(uint64_t records_checked) const;

  // Collective when `comm` is not null: the result of every rank's tally
  // together (the mismatches summed, the first by `order` over all ranks),
  // on every rank. `records_checked` is the job's total.
  VerifyResult Result(uint64_t records_checked, distributed::Communicator* comm) const;

 private:
  mutable std::mutex mutex_;
  uint64_t mismatches_ = 0;
  uint64_t first_order_ = std::numeric_limits<uint64_t>::max();
  std::string first_;
};

// The verify loop of a value family: checks, slice by slice, the records
// of `selection` this rank of context.communicator checks (all of them in
// one process), in parallel chunks of `grain` records, under the progress
// phase "verifying", and tallies each problem by (slice, index).
// `start_slice(slice)` runs before a slice's records are checked, only for
// a slice with records to check here; `make_check(slice)` is called once
// per chunk and returns the chunk's checker, a callable
// std::string(uint64_t index) giving "" when the record is right.
template <typename StartSlice, typename MakeCheck>
void CheckSelectedRecords(const RecordSelection& selection, uint64_t grain,
                          const WorkContext& context, StartSlice&& start_slice,
                          MakeCheck&& make_check, MismatchTally& tally) {
  distributed::Communicator* const comm = context.communicator;
  context.progress->StartPhase("verifying", selection.CountOfRank(comm));
  for (size_t slice = 0; slice < selection.num_slices(); ++slice) {
    const distributed::IndexRange mine = selection.RecordsOfRank(slice, comm);
    if (mine.begin == mine.end) continue;
    start_slice(static_cast<int>(slice));
    context.pool->ParallelFor(mine.begin, mine.end, grain, [&](int, uint64_t begin, uint64_t end) {
      auto check = make_check(static_cast<int>(slice));
      for (uint64_t k = begin; k < end; ++k) {
        const uint64_t index = selection.record(slice, k);
        std::string problem = check(index);
        if (!problem.empty()) {
          tally.Record((static_cast<uint64_t>(slice) << 48) | index,
                       [&] { return std::move(problem); });
        }
      }
      context.progress->Advance(end - begin);
    });
  }
}

}  // namespace retro::internal

#endif  // RETRO_INTERNAL_VERIFY_SUPPORT_H_
