// The options of PinDatabase::Build (pin_database.h): threads, progress,
// how the chance solver learns each roll's best play, the builder's board
// order, the move rules, a reusable workspace and the ranks of a distributed
// build.
#ifndef PLUGINS_PLAKOTO_PIN_BUILD_OPTIONS_H_
#define PLUGINS_PLAKOTO_PIN_BUILD_OPTIONS_H_

#include "games/plakoto/move_generator.h"
#include "retro/distributed/communicator.h"
#include "retro/progress.h"
#include "retro/solver/chance_workspace.h"
#include "retro/thread_pool.h"

namespace retro::plakoto {

// How the solver learns each roll's best play.
enum class BuildMethod {
  // Partial-move tables over all 14-checker boards (PinTableGame): fast.
  kPartialMoveTables,
  // Every distinct afterstate of every roll (PinAfterstateGame): the plain
  // baseline, about two orders of magnitude slower on P = 12.
  kAfterstates,
};

// How the table builder (kPartialMoveTables) numbers the 14-checker boards it
// solves over. Only a measurement choice: the database itself is always in
// the bearoff order of the free checkers, and both give identical values.
enum class BoardIndexing {
  // BearoffIndexer: the database's own order, the faster build
  // (docs/indexing.md).
  kBearoff,
  // LexIndexer.
  kLex,
};

// Options of PinDatabase::Build. Null pointers: single thread, no progress.
struct PinBuildOptions {
  ThreadPool* pool = nullptr;
  Progress* progress = nullptr;
  BuildMethod method = BuildMethod::kPartialMoveTables;
  // The builder's internal board order (kPartialMoveTables only).
  BoardIndexing indexing = BoardIndexing::kBearoff;
  // The real rules by default; switchable only to show what a rule changes.
  MoveRules rules{};
  // Memory for the partial-move tables (678 MB for P = 12); pass the same
  // workspace when building several databases in a row to reuse it. Null:
  // allocated and freed by each Build.
  chance::Workspace* workspace = nullptr;
  // The ranks of a distributed build (retro/distributed/communicator.h);
  // null: this process alone.
  distributed::Communicator* communicator = nullptr;
};

}  // namespace retro::plakoto

#endif  // PLUGINS_PLAKOTO_PIN_BUILD_OPTIONS_H_
