// Tests for retro::ThreadPool: every index is visited exactly once, worker ids
// stay in range, and a one-thread pool runs inline.
#include "retro/thread_pool.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <new>
#include <stdexcept>
#include <thread>
#include <utility>
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

// Every pool, one thread included, hands the body chunks of at most
// `grain` indices, in order on each worker: a body that takes chunk_begin
// as one unit of work (a block of a slice) must still see every unit.
// Regression: a one-thread pool used to pass the whole range in one call.
TEST(ThreadPoolTest, ChunksAreAtMostGrainOnAnyNumberOfThreads) {
  for (int threads : {1, 2, 3}) {
    ThreadPool pool(threads);
    std::vector<std::atomic<int>> starts(100);
    std::atomic<int> oversized{0};
    std::atomic<int> calls{0};
    pool.ParallelFor(0, starts.size(), 1, [&](int, uint64_t b, uint64_t e) {
      if (e - b != 1) oversized++;
      starts[b]++;
      calls++;
    });
    EXPECT_EQ(oversized.load(), 0) << threads << " threads";
    EXPECT_EQ(calls.load(), 100) << threads << " threads";
    for (size_t i = 0; i < starts.size(); ++i) EXPECT_EQ(starts[i].load(), 1) << i;
    std::vector<std::pair<uint64_t, uint64_t>> seen;
    std::mutex mutex;
    pool.ParallelFor(5, 27, 4, [&](int, uint64_t b, uint64_t e) {
      std::lock_guard<std::mutex> lock(mutex);
      seen.push_back({b, e});
    });
    std::sort(seen.begin(), seen.end());
    const std::vector<std::pair<uint64_t, uint64_t>> want = {
        {5, 9}, {9, 13}, {13, 17}, {17, 21}, {21, 25}, {25, 27}};
    EXPECT_EQ(seen, want) << threads << " threads";
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

// Many short loops in a row, mixed with RunOnAll: a worker that wakes after
// the caller took every chunk stays out of that loop (and of its body's
// stack frame), and still runs each RunOnAll once.
TEST(ThreadPoolTest, ShortLoopsAndLateWorkers) {
  ThreadPool pool(4);
  std::vector<std::atomic<int>> per_worker(4);
  for (int round = 0; round < 2000; ++round) {
    std::vector<int> hits(9, 0);
    std::atomic<int> visits{0};
    pool.ParallelFor(0, hits.size(), 1, [&](int, uint64_t b, uint64_t e) {
      for (uint64_t i = b; i < e; ++i) hits[i]++;
      visits++;
    });
    ASSERT_EQ(visits.load(), 9);
    for (int h : hits) ASSERT_EQ(h, 1);
    if (round % 100 == 0) pool.RunOnAll([&](int worker) { per_worker[worker]++; });
  }
  for (auto& count : per_worker) EXPECT_EQ(count.load(), 20);
}

TEST(ThreadPoolTest, EmptyRangeDoesNothing) {
  ThreadPool pool(2);
  int calls = 0;
  pool.ParallelFor(5, 5, 1, [&](int, uint64_t, uint64_t) { ++calls; });
  EXPECT_EQ(calls, 0);
}

// Regression: std::bad_alloc on a worker thread used to reach
// std::terminate (a crash, "double free or corruption", a temporary file
// left behind). It must reach the caller, after every thread has stopped.
TEST(ThreadPoolTest, AnExceptionOnAWorkerReachesTheCaller) {
  ThreadPool pool(4);
  std::atomic<int> chunks{0};
  auto throw_on_workers = [&] {
    pool.ParallelFor(0, 1 << 20, 1, [&](int worker, uint64_t, uint64_t) {
      chunks.fetch_add(1);
      if (worker != 0) throw std::bad_alloc();
      std::this_thread::sleep_for(std::chrono::microseconds(50));
    });
  };
  EXPECT_THROW(throw_on_workers(), std::bad_alloc);
  // The loop stopped handing out work instead of running all 2^20 chunks.
  EXPECT_LT(chunks.load(), 1 << 19);
  // The pool is still usable afterwards.
  std::atomic<uint64_t> sum{0};
  pool.ParallelFor(0, 1000, 7, [&](int, uint64_t b, uint64_t e) {
    for (uint64_t i = b; i < e; ++i) sum += i;
  });
  EXPECT_EQ(sum.load(), 999u * 1000 / 2);
}

TEST(ThreadPoolTest, AnExceptionOnTheCallerWaitsForTheWorkers) {
  ThreadPool pool(3);
  std::atomic<int> running{0};
  EXPECT_THROW(pool.RunOnAll([&](int worker) {
    running.fetch_add(1);
    if (worker == 0) throw std::runtime_error("caller failed");
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    running.fetch_sub(1);
  }),
               std::runtime_error);
  // Every worker had finished its part before the exception was rethrown.
  EXPECT_EQ(running.load(), 1);
}

}  // namespace
}  // namespace retro
