// A job of several ranks inside one process, for tests of the distributed
// code paths in builds without MPI: each rank is a thread holding its own
// ThreadCommunicator (retro/distributed/communicator.h), and the
// collectives meet in a shared ThreadJob.
//
//   retro::testing::ThreadJob job(3);
//   job.Run([&](retro::distributed::Communicator& comm) { ... });
#ifndef TESTS_DISTRIBUTED_THREAD_COMMUNICATOR_H_
#define TESTS_DISTRIBUTED_THREAD_COMMUNICATOR_H_

#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <mutex>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "retro/distributed/communicator.h"

namespace retro::testing {

// The meeting point of the ranks: every rank posts its batches, waits for
// all, reads what is addressed to it, and waits again before the next
// collective reuses the posts.
class ThreadJob {
 public:
  explicit ThreadJob(int size) : size_(size), posts_(size) {}

  int size() const { return size_; }

  // Runs body(communicator of rank r) on one thread per rank and waits.
  void Run(const std::function<void(distributed::Communicator&)>& body);

  // Collective steps, used by ThreadCommunicator.
  void Post(int rank, std::vector<std::vector<uint8_t>> batches) {
    posts_[rank] = std::move(batches);
  }
  const std::vector<uint8_t>& Posted(int from, int to) const {
    return posts_[from][to];
  }
  void Wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    const uint64_t generation = generation_;
    if (++arrived_ == size_) {
      arrived_ = 0;
      ++generation_;
      changed_.notify_all();
    } else {
      changed_.wait(lock, [&] { return generation_ != generation; });
    }
  }

 private:
  int size_;
  // posts_[r][d]: rank r's batch for rank d (or its one batch for all).
  std::vector<std::vector<std::vector<uint8_t>>> posts_;
  std::mutex mutex_;
  std::condition_variable changed_;
  int arrived_ = 0;
  uint64_t generation_ = 0;
};

// One rank of a ThreadJob.
class ThreadCommunicator final : public distributed::Communicator {
 public:
  ThreadCommunicator(ThreadJob& job, int rank) : job_(job), rank_(rank) {}

  int rank() const override { return rank_; }
  int size() const override { return job_.size(); }

  std::vector<uint8_t> AllGatherBytes(std::span<const uint8_t> bytes,
                                      std::vector<uint64_t>* counts) override {
    job_.Post(rank_, {std::vector<uint8_t>(bytes.begin(), bytes.end())});
    job_.Wait();
    std::vector<uint8_t> all;
    if (counts != nullptr) counts->clear();
    for (int r = 0; r < size(); ++r) {
      const std::vector<uint8_t>& part = job_.Posted(r, 0);
      all.insert(all.end(), part.begin(), part.end());
      if (counts != nullptr) counts->push_back(part.size());
    }
    job_.Wait();
    return all;
  }

  std::vector<std::vector<uint8_t>> AllToAllBytes(
      const std::vector<std::vector<uint8_t>>& send) override {
    job_.Post(rank_, send);
    job_.Wait();
    std::vector<std::vector<uint8_t>> received(size());
    for (int r = 0; r < size(); ++r) received[r] = job_.Posted(r, rank_);
    job_.Wait();
    return received;
  }

  void AllReduceSum(std::span<uint64_t> values) override {
    Reduce(values, [](uint64_t a, uint64_t b) { return a + b; });
  }
  void AllReduceMax(std::span<uint64_t> values) override {
    Reduce(values, [](uint64_t a, uint64_t b) { return a > b ? a : b; });
  }

  void Broadcast(std::vector<uint8_t>& bytes, int root) override {
    if (rank_ == root) job_.Post(rank_, {bytes});
    job_.Wait();
    if (rank_ != root) bytes = job_.Posted(root, 0);
    job_.Wait();
  }

  void Barrier() override { job_.Wait(); }

  [[noreturn]] void Abort(const std::string& message) override {
    std::fprintf(stderr, "thread rank %d: %s\n", rank_, message.c_str());
    std::abort();
  }

  using Communicator::AllReduceMax;
  using Communicator::AllReduceSum;

 private:
  template <typename Op>
  void Reduce(std::span<uint64_t> values, Op op) {
    std::vector<uint8_t> mine(values.size_bytes());
    std::memcpy(mine.data(), values.data(), mine.size());
    job_.Post(rank_, {mine});
    job_.Wait();
    for (int r = 0; r < size(); ++r) {
      if (r == rank_) continue;
      const std::vector<uint8_t>& theirs = job_.Posted(r, 0);
      for (size_t i = 0; i < values.size(); ++i) {
        uint64_t v;
        std::memcpy(&v, theirs.data() + i * sizeof(uint64_t), sizeof(v));
        values[i] = op(values[i], v);
      }
    }
    job_.Wait();
  }

  ThreadJob& job_;
  int rank_;
};

inline void ThreadJob::Run(
    const std::function<void(distributed::Communicator&)>& body) {
  std::vector<std::thread> threads;
  for (int r = 0; r < size_; ++r) {
    threads.emplace_back([this, r, &body] {
      ThreadCommunicator comm(*this, r);
      body(comm);
    });
  }
  for (std::thread& t : threads) t.join();
}

}  // namespace retro::testing

#endif  // TESTS_DISTRIBUTED_THREAD_COMMUNICATOR_H_
