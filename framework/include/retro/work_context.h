// What the host lends a plugin for a long computation (solve, verify,
// stats): threads, progress, checkpoints, the ranks of an MPI job and a
// scratch folder. Part of the plugin boundary (retro/game_module.h).
#ifndef RETRO_WORK_CONTEXT_H_
#define RETRO_WORK_CONTEXT_H_

#include <string>

namespace retro {

class Checkpoint;  // retro/checkpoint.h
class Progress;    // retro/progress.h
class ThreadPool;  // retro/thread_pool.h
namespace distributed {
class Communicator;  // retro/distributed/communicator.h
}  // namespace distributed

// Resources the host lends to a long computation. A plugin hands it to a
// solver family as solver::ContextOf(work) (retro/solver/solve_context.h).
struct WorkContext {
  ThreadPool* pool = nullptr;      // never null
  Progress* progress = nullptr;    // never null; rendering is the host's job
  // Solve only: finished slices kept across runs (retro/checkpoint.h);
  // null when checkpoints are off. A plugin restores what it finds and saves
  // each slice it finishes.
  Checkpoint* checkpoint = nullptr;
  // Solve and verify: the ranks of an MPI job (retro/distributed/
  // communicator.h), or null in a single process. Families that distribute
  // split the work across them; the host writes rank 0's builder (the
  // other ranks' may be empty).
  distributed::Communicator* communicator = nullptr;
  // Solve only: a folder for scratch files (retro solve --scratch; by
  // default the output's folder); empty keeps everything in memory.
  std::string scratch_directory = {};
};

}  // namespace retro

#endif  // RETRO_WORK_CONTEXT_H_
