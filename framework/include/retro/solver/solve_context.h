// The one context every solver family takes: the threads to run on, where to
// report progress, and how much memory the solve may allocate.
//
//   retro::ThreadPool pool(4);
//   retro::Progress progress;
//   retro::solver::SolveContext context{.pool = &pool, .progress = &progress};
//   auto table = retro::solver::SolveLoopyWdl(game, context);
//
// A plugin passes solver::ContextOf of the host's retro::WorkContext.
#ifndef RETRO_SOLVER_SOLVE_CONTEXT_H_
#define RETRO_SOLVER_SOLVE_CONTEXT_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "retro/distributed/communicator.h"
#include "retro/progress.h"
#include "retro/solver/change_log.h"
#include "retro/solver/slice_snapshots.h"
#include "retro/thread_pool.h"
#include "retro/work_context.h"

namespace retro::solver {

// Resources of one solve. Every member may be left at its default.
struct SolveContext {
  // The threads; null runs on the calling thread only.
  ThreadPool* pool = nullptr;
  // Where phases and work done are reported; null reports nothing.
  Progress* progress = nullptr;
  // The most bytes the solver's own tables may take; 0 means no limit. A
  // solve that would need more fails with ResourceExhausted before it
  // allocates them.
  uint64_t memory_budget_bytes = 0;
  // Snapshots of this slice's solve in progress (retro/solver/
  // slice_snapshots.h); null keeps none. Solvers that cannot snapshot
  // mid-slice ignore it.
  SliceSnapshots* snapshots = nullptr;
  // The ranks of a distributed solve (retro/distributed/communicator.h):
  // a family that distributes splits each slice's indices across them and
  // returns the same tables on every rank. Null: this process alone.
  distributed::Communicator* communicator = nullptr;
  // A folder where the solver may keep large tables it writes once and
  // reads back later (unnamed scratch files, retro/internal/scratch_file.h; the
  // finite-horizon change log); empty keeps everything in memory.
  std::string scratch_directory = {};
  // With a scratch folder: the bytes of such a table held in memory before
  // they are appended to its scratch file.
  uint64_t scratch_spill_bytes = kChangeLogSpillBytes;
};

// The context of a plugin's WorkContext: its threads, progress, ranks and
// scratch folder; no memory budget (the host checked the plan's estimate
// against memory already).
inline SolveContext ContextOf(const WorkContext& work) {
  return {.pool = work.pool,
          .progress = work.progress,
          .communicator = work.communicator,
          .scratch_directory = work.scratch_directory};
}

namespace internal {

// The pool of `context`, or a one-thread pool owned by this object.
class ContextPool {
 public:
  explicit ContextPool(const SolveContext& context) : pool_(context.pool) {
    if (pool_ == nullptr) pool_ = &inline_pool_.emplace(1);
  }
  ThreadPool& get() { return *pool_; }

 private:
  std::optional<ThreadPool> inline_pool_;
  ThreadPool* pool_;
};

// OK when `bytes` fit `budget` (0: no budget); otherwise a
// ResourceExhausted error naming `what` and both sizes.
inline absl::Status CheckMemoryBudget(uint64_t budget, uint64_t bytes, absl::string_view what) {
  if (budget == 0 || bytes <= budget) return absl::OkStatus();
  return absl::ResourceExhaustedError(absl::StrCat(
      what, ": ", bytes, " bytes needed, more than the memory budget of ", budget, " bytes"));
}

// CheckMemoryBudget against the context's budget.
inline absl::Status CheckMemoryBudget(const SolveContext& context, uint64_t bytes,
                                      absl::string_view what) {
  return CheckMemoryBudget(context.memory_budget_bytes, bytes, what);
}

}  // namespace internal
}  // namespace retro::solver

#endif  // RETRO_SOLVER_SOLVE_CONTEXT_H_
