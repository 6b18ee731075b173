// Tests for retro::ThreadPool: every index is visited exactly once, worker ids
// stay in range, and a one-thread pool runs inline.
#include "retro/thread_pool.h"

#include <atomic>
#include <vector>

#include "gtest/gtest.h"

namespace retro {
namespace {

TEST(ThreadPoolTest, VisitsEveryIndexOnce) {
  for (int threads : {1, 2, 4}) {
    ThreadPool pool(threads);
    std::vector<std::atomic<int>> hits(10007);
    std::atomic<int> bad_worker{0};
    pool.ParallelFor(3, hits.size(), 17, [&](int worker, uint64_t b, uint64_t e) {
      if (worker < 0 || worker >= pool.size()) bad_worker++;
      for (uint64_t i = b; i < e; ++i) hits[i]++;
    });
    EXPECT_EQ(bad_worker.load(), 0);
    for (size_t i = 0; i < hits.size(); ++i) EXPECT_EQ(hits[i].load(), i < 3 ? 0 : 1) << i;
  }
}

TEST(ThreadPoolTest, RunOnAllRunsOncePerThread) {
  ThreadPool pool(3);
  std::vector<std::atomic<int>> per_worker(3);
  for (int round = 0; round < 50; ++round) {
    pool.RunOnAll([&](int worker) { per_worker[worker]++; });
  }
  for (auto& count : per_worker) EXPECT_EQ(count.load(), 50);
}

TEST(ThreadPoolTest, EmptyRangeDoesNothing) {
  ThreadPool pool(2);
  int calls = 0;
  pool.ParallelFor(5, 5, 1, [&](int, uint64_t, uint64_t) { ++calls; });
  EXPECT_EQ(calls, 0);
}

}  // namespace
}  // namespace retro
