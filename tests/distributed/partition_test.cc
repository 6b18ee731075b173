// The partition of a slice across ranks, and the single-process
// communicator every solver uses without MPI.
#include "retro/distributed/partition.h"

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "gtest/gtest.h"
#include "retro/distributed/communicator.h"
#include "retro/distributed/local_communicator.h"
#include "retro/distributed/status_agreement.h"

namespace retro::distributed {
namespace {

TEST(PartitionTest, RangesCoverTheSliceInOrderOnWordBoundaries) {
  for (const uint64_t size : {0ull, 1ull, 63ull, 64ull, 65ull, 1000ull, 125970ull}) {
    for (int ranks = 1; ranks <= 7; ++ranks) {
      uint64_t next = 0;
      for (int r = 0; r < ranks; ++r) {
        const IndexRange range = RangeOfRank(size, r, ranks);
        EXPECT_EQ(range.begin, next) << size << " " << r << "/" << ranks;
        EXPECT_LE(range.begin, range.end);
        EXPECT_EQ(range.begin % 64, 0u);
        if (range.end != size) {
          EXPECT_EQ(range.end % 64, 0u);
        }
        next = range.end;
      }
      EXPECT_EQ(next, size) << size << " over " << ranks;
    }
  }
}

TEST(PartitionTest, RangesAreBalancedToAWord) {
  const uint64_t size = 1'000'000;
  for (int ranks = 1; ranks <= 8; ++ranks) {
    for (int r = 0; r < ranks; ++r) {
      const IndexRange range = RangeOfRank(size, r, ranks);
      EXPECT_LE(range.size(), size / ranks + 64);
      EXPECT_GE(range.size() + 64, size / ranks);
    }
  }
}

TEST(PartitionTest, OwnerOfIsTheRankWhoseRangeHoldsTheIndex) {
  for (const uint64_t size : {1ull, 63ull, 64ull, 65ull, 200ull, 1000ull, 125970ull}) {
    for (int ranks = 1; ranks <= 9; ++ranks) {
      for (int r = 0; r < ranks; ++r) {
        const IndexRange range = RangeOfRank(size, r, ranks);
        for (uint64_t i = range.begin; i < range.end; ++i) {
          ASSERT_EQ(OwnerOf(size, i, ranks), r) << i << " of " << size << " over " << ranks;
        }
      }
    }
  }
  // Large spaces: the first and last index of every range.
  const uint64_t big = (uint64_t{1} << 40) + 12345;
  for (const int ranks : {2, 3, 7, 64, 1000}) {
    for (int r = 0; r < ranks; ++r) {
      const IndexRange range = RangeOfRank(big, r, ranks);
      if (range.size() == 0) continue;
      EXPECT_EQ(OwnerOf(big, range.begin, ranks), r);
      EXPECT_EQ(OwnerOf(big, range.end - 1, ranks), r);
    }
  }
}

TEST(LocalCommunicatorTest, CollectivesReturnTheirInput) {
  LocalCommunicator comm;
  EXPECT_EQ(comm.rank(), 0);
  EXPECT_EQ(comm.size(), 1);
  const std::vector<uint32_t> mine = {7, 3, 9};
  std::vector<uint64_t> counts;
  EXPECT_EQ(AllGather(comm, std::span<const uint32_t>(mine), &counts), mine);
  EXPECT_EQ(counts, std::vector<uint64_t>{3});
  const std::vector<std::vector<int16_t>> send = {{-1, 2}};
  EXPECT_EQ(AllToAll(comm, send), send);
  EXPECT_EQ(comm.AllReduceSum(uint64_t{5}), 5u);
  EXPECT_FALSE(comm.AnyRank(false));
  EXPECT_TRUE(comm.AnyRank(true));
}

TEST(LocalCommunicatorTest, AgreementKeepsTheStatus) {
  LocalCommunicator comm;
  EXPECT_TRUE(AgreeOnStatus(comm, absl::OkStatus()).ok());
  const absl::Status agreed = AgreeOnStatus(comm, absl::InternalError("boom"));
  EXPECT_EQ(agreed.code(), absl::StatusCode::kInternal);
  EXPECT_EQ(agreed.message(), "boom");
  EXPECT_TRUE(IsAgreed(agreed));
  EXPECT_FALSE(IsAgreed(absl::InternalError("boom")));
}

}  // namespace
}  // namespace retro::distributed
