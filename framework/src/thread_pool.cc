// Implementation of the ThreadPool declared in retro/thread_pool.h.
#include "retro/thread_pool.h"

#include <algorithm>

namespace retro {

ThreadPool::ThreadPool(int threads) {
  if (threads <= 0) threads = HardwareThreads();
  for (int i = 1; i < threads; ++i) {
    workers_.emplace_back([this, i] { WorkerLoop(i); });
  }
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
}

int ThreadPool::HardwareThreads() {
  return std::max(1u, std::thread::hardware_concurrency());
}

void ThreadPool::WorkerLoop(int worker) {
  uint64_t seen = 0;
  while (true) {
    const std::function<void(int)>* job;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
      job = job_;
    }
    (*job)(worker);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (--running_ == 0) done_.notify_one();
    }
  }
}

void ThreadPool::RunOnAll(const std::function<void(int)>& body) {
  if (workers_.empty()) {
    body(0);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    job_ = &body;
    running_ = static_cast<int>(workers_.size());
    ++generation_;
  }
  wake_.notify_all();
  body(0);
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [&] { return running_ == 0; });
  job_ = nullptr;
}

void ThreadPool::ParallelFor(
    uint64_t begin, uint64_t end, uint64_t grain,
    const std::function<void(int, uint64_t, uint64_t)>& body) {
  if (begin >= end) return;
  grain = std::max<uint64_t>(grain, 1);
  if (workers_.empty() || end - begin <= grain) {
    body(0, begin, end);
    return;
  }
  std::atomic<uint64_t> next{begin};
  RunOnAll([&](int worker) {
    while (true) {
      const uint64_t b = next.fetch_add(grain, std::memory_order_relaxed);
      if (b >= end) return;
      body(worker, b, std::min(end, b + grain));
    }
  });
}

}  // namespace retro
