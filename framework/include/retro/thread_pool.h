// A small fixed-size pool of worker threads for data-parallel loops over index
// ranges, the only kind of parallelism the solvers need. The calling thread
// takes part in every loop, so a pool of one thread runs everything inline.
// An exception thrown by the body on any thread (std::bad_alloc when memory
// runs out, say) stops the loop from handing out more work and is rethrown on
// the calling thread once every thread has left the body, so a failure on a
// worker ends the computation as cleanly as one on the caller.
#ifndef RETRO_THREAD_POOL_H_
#define RETRO_THREAD_POOL_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace retro {

class ThreadPool {
 public:
  // Creates a pool that runs loops on `threads` threads (the caller included).
  // `threads` <= 0 means one per hardware thread.
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int size() const { return static_cast<int>(workers_.size()) + 1; }

  // Calls body(worker, chunk_begin, chunk_end) over [begin, end) cut into
  // chunks of at most `grain` indices, handed out dynamically. `worker` is in
  // [0, size()) and is unique among concurrently running calls, so it can
  // index per-thread scratch space. Each worker receives its chunks in
  // increasing order. Returns when every chunk is done. A range of at most
  // `grain` indices is one call on the calling thread.
  void ParallelFor(uint64_t begin, uint64_t end, uint64_t grain,
                   const std::function<void(int worker, uint64_t chunk_begin,
                                            uint64_t chunk_end)>& body);

  // Runs body(worker) once on every thread of the pool.
  void RunOnAll(const std::function<void(int worker)>& body);

  // The number of threads the machine offers (at least 1).
  static int HardwareThreads();

 private:
  void WorkerLoop(int worker);
  // Runs `body` on the calling thread and on the workers: on every one of
  // them (`every_thread`), or only on those that wake up before the calling
  // thread has finished its own call (the loops of ParallelFor, whose
  // chunks are all handed out by then).
  void Run(const std::function<void(int)>& body, bool every_thread);
  // Runs job(worker), keeping the first exception any thread throws.
  void RunCatching(const std::function<void(int)>& job, int worker);
  // Stops and joins the workers started so far.
  void StopWorkers();

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  const std::function<void(int)>* job_ = nullptr;
  uint64_t generation_ = 0;
  bool every_thread_ = false;  // the current job runs on every worker
  int inside_ = 0;             // workers running the current job
  int yet_to_run_ = 0;         // workers still to run it (every_thread_)
  bool stopping_ = false;
  std::exception_ptr failure_;      // the first exception of the current job
  std::atomic<bool> failed_{false}; // failure_ is set: hand out no more work
};

}  // namespace retro

#endif  // RETRO_THREAD_POOL_H_
