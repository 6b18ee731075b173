// Implementation of the ThreadPool declared in retro/thread_pool.h.
#include "retro/thread_pool.h"

#include <algorithm>
#include <stdexcept>
#include <system_error>
#include <utility>

#include "absl/strings/str_cat.h"
#include "retro/host/mapping_fault_guard.h"

namespace retro {
namespace {

// Runs fn(); a read of a mapped database file truncated meanwhile
// (retro/host/mapping_fault_guard.h) abandons it and throws, as a
// failed body does, so that the loop ends and its caller sees the error.
template <typename Fn>
void RunEscapingFaults(Fn&& fn) {
  if (!internal::RunWithFaultEscape(fn)) {
    throw std::runtime_error("a mapped database file was truncated on disk while it was read");
  }
}

}  // namespace

ThreadPool::ThreadPool(int threads) {
  if (threads <= 0) threads = HardwareThreads();
  try {
    for (int i = 1; i < threads; ++i) {
      workers_.emplace_back([this, i] { WorkerLoop(i); });
    }
  } catch (const std::system_error& e) {
    // A thread could not be started (no memory for its stack, a limit on
    // processes, say): join the ones that were, so that the error reaches
    // the caller instead of std::terminate, saying what was asked.
    const size_t started = workers_.size() + 1;
    StopWorkers();
    throw std::runtime_error(absl::StrCat("cannot start ", threads, " threads (", started,
                                          " started): ", e.what(),
                                          "; ask for fewer with --threads"));
  } catch (...) {
    StopWorkers();
    throw;
  }
}

ThreadPool::~ThreadPool() { StopWorkers(); }

void ThreadPool::StopWorkers() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
  workers_.clear();
}

int ThreadPool::HardwareThreads() { return std::max(1u, std::thread::hardware_concurrency()); }

void ThreadPool::RunCatching(const std::function<void(int)>& job, int worker) {
  try {
    RunEscapingFaults([&] { job(worker); });
  } catch (...) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!failure_) failure_ = std::current_exception();
    failed_.store(true, std::memory_order_relaxed);
  }
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
      // A loop whose work was all taken before this thread woke up is
      // closed: nothing to do.
      if (job == nullptr) continue;
      ++inside_;
    }
    RunCatching(*job, worker);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      --inside_;
      if (every_thread_) --yet_to_run_;
      if (inside_ == 0) done_.notify_one();
    }
  }
}

void ThreadPool::Run(const std::function<void(int)>& body, bool every_thread) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    job_ = &body;
    every_thread_ = every_thread;
    yet_to_run_ = every_thread ? static_cast<int>(workers_.size()) : 0;
    failure_ = nullptr;
    failed_.store(false, std::memory_order_relaxed);
    ++generation_;
  }
  wake_.notify_all();
  RunCatching(body, 0);
  std::exception_ptr failure;
  {
    std::unique_lock<std::mutex> lock(mutex_);
    if (!every_thread) job_ = nullptr;  // workers not yet in stay out
    done_.wait(lock, [&] { return inside_ == 0 && yet_to_run_ == 0; });
    job_ = nullptr;
    failure = std::exchange(failure_, nullptr);
  }
  if (failure) std::rethrow_exception(failure);
}

void ThreadPool::RunOnAll(const std::function<void(int)>& body) {
  if (workers_.empty()) {
    RunEscapingFaults([&] { body(0); });
    return;
  }
  Run(body, /*every_thread=*/true);
}

void ThreadPool::ParallelFor(uint64_t begin, uint64_t end, uint64_t grain,
                             const std::function<void(int, uint64_t, uint64_t)>& body) {
  if (begin >= end) return;
  grain = std::max<uint64_t>(grain, 1);
  if (end - begin <= grain || workers_.empty()) {
    // The same chunks as on several threads, in order: a body may rely on
    // getting at most `grain` indices a call (a short range is one call).
    RunEscapingFaults([&] {
      for (uint64_t b = begin; b < end; b += std::min(grain, end - b)) {
        body(0, b, b + std::min(grain, end - b));
      }
    });
    return;
  }
  std::atomic<uint64_t> next{begin};
  // Once the calling thread finds every chunk handed out, it waits only for
  // the workers still running one: on a busy machine a worker that has not
  // woken up yet would otherwise hold up the loop for a scheduler tick.
  Run(
      [&](int worker) {
        // After a failure on any thread, the remaining chunks are abandoned.
        while (!failed_.load(std::memory_order_relaxed)) {
          const uint64_t b = next.fetch_add(grain, std::memory_order_relaxed);
          if (b >= end) return;
          body(worker, b, std::min(end, b + grain));
        }
      },
      /*every_thread=*/false);
}

}  // namespace retro
