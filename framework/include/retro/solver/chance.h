// The expectation-over-chance solver family: one pass over an acyclic game
// with dice.
//
// Every turn starts with a chance outcome o (a roll) of probability w_o; the
// player then picks one of the afterstates the outcome allows, the best one
// for the game's objective (max or min). An outcome with no legal move leaves
// the position unchanged. The value of a non-terminal position s is
//
//   V(s) = R + sum_{o with a move} w_o * best_a g(a) + q(s) * V(s)
//        = (R + sum_{o with a move} w_o * best_a g(a)) / (1 - q(s)),
//
// where R is the game's per-turn reward (1 to count turns), q(s) the total
// probability of the outcomes with no move (solved in closed form, not
// iterated), and g(a) the value of afterstate a: V(a) when a is a position,
// or a value the game gives for a terminal afterstate. In a two-player game
// (kTurnOrder, retro/solver/chance_game.h) the opponent moves after the
// choice, so a position's g(a) is sum - V(a), and q(s) must be 0.
//
// The game promises an order: every position has a layer, and every
// afterstate of a position lies in a strictly lower layer (a pip count, a
// number of checkers, ...). The solver groups the indices by layer once, then
// solves the layers from the lowest up; the positions of one layer do not
// depend on each other, so each layer is a parallel loop on the thread pool.
// A game may instead schedule blocks: index ranges solved in ascending order
// by one thread (dependencies inside a block point to lower indices), blocks
// of one layer in parallel. Ascending passes over contiguous ranges read
// their neighbours' records with far better cache locality than a pass that
// hops through a sparse layer (3x less CPU on the Plakoto databases). If the
// game also lists each block's dependencies, the blocks run as a dependency
// graph: a block starts as soon as its inputs are solved, with no barrier
// per layer (hundreds of layers; barriers stall whenever the machine is
// shared and one thread is descheduled).
//
// Usage:
//   MyGame game(...);
//   retro::ThreadPool pool(2);
//   retro::Progress progress;
//   absl::StatusOr<std::vector<double>> values = retro::solver::SolveChance(
//       game, {.pool = &pool, .progress = &progress});
//
// Distributed (SolveContext::communicator with several ranks, retro/
// distributed/): the layers are solved in order, the blocks of each layer
// split into one contiguous run per rank. When the game is table style and
// lists its blocks' dependencies, each rank holds only what it reads
// (retro/solver/chance_distributed.h): after each layer one all-to-all
// sends every rank the values and records of the new blocks its later
// blocks read, pages are committed only where written and handed back
// after their last read, and at the end the values travel to rank 0 in
// bounded chunks. Otherwise (no dependency lists, or afterstate style)
// every rank's values (and records) of each layer are gathered on every
// rank, which then holds them all. Either way the values are returned on
// rank 0 only (the other ranks get an empty vector) unless
// ChanceOptions::values_on_every_rank, and they are those of a single
// process bit for bit (each is computed by the same code from the same
// lower values). One rank runs the single-process code.
//
// The game is a template parameter (no virtual calls); its contract is the
// concept ChanceGame in retro/solver/chance_game.h.
#ifndef RETRO_SOLVER_CHANCE_H_
#define RETRO_SOLVER_CHANCE_H_

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/distributed/communicator.h"
#include "retro/distributed/local_communicator.h"
#include "retro/distributed/status_agreement.h"
#include "retro/progress.h"
#include "retro/solver/chance_distributed.h"
#include "retro/solver/chance_game.h"
#include "retro/solver/chance_schedule.h"
#include "retro/solver/chance_workspace.h"
#include "retro/solver/solve_context.h"
#include "retro/status_macros.h"
#include "retro/thread_pool.h"

namespace retro::solver {

// Options of the chance family.
struct ChanceOptions {
  // Positions per parallel work item (and per progress report).
  uint64_t grain = 2048;
  // Where a table-style game's records live; null: allocated for this call.
  // Reusing one workspace across consecutive solves saves the page faults.
  // (Not used by a distributed solve of a game with block dependencies,
  // which keeps only the records it reads, in memory of its own.)
  chance::Workspace* workspace = nullptr;
  // Under several ranks: whether every rank receives the values (as when
  // later solves on every rank read them), or only rank 0, which writes
  // the database; the other ranks then get an empty vector. One rank
  // always gets the values.
  bool values_on_every_rank = false;
};

namespace internal {

using chance::Afterstate;
using chance::AuxOf;
using chance::Block;
using chance::BlockScheduledGame;
using chance::Objective;
using chance::TableStyleGame;
using chance::Turn;
using chance::Workspace;

// Combines a turn into the position's value; false when no outcome moves,
// or in a two-player game when some outcome does not.
template <typename Game, int kOutcomes>
bool Combine(const Game& game, const chance::OutcomeWeights& weights, const Turn<kOutcomes>& turn,
             double* value) {
  if (turn.terminal) {
    *value = turn.terminal_value;
    return true;
  }
  constexpr bool kTwoPlayers = chance::TurnOrderOf<Game>().opponent_moves_next;
  chance::TurnValue combined(game.TurnReward(), weights);
  for (int o = 0; o < kOutcomes; ++o) {
    if (turn.has_move[o]) {
      combined.Add(o, turn.best[o]);
    } else if (kTwoPlayers && game.OutcomeWeight(o) > 0) {
      return false;
    }
  }
  if (!combined.has_move()) return false;
  *value = combined.value();
  return true;
}

// Fills `turn` for an afterstate-style game, reading solved values; sets
// `unordered` when an afterstate has not been solved yet.
template <typename Game>
void AfterstateTurn(const Game& game, uint64_t index, typename Game::Scratch& scratch,
                    const std::vector<double>& values,
                    const std::vector<std::atomic<uint8_t>>& solved, Turn<Game::kNumOutcomes>* turn,
                    bool* unordered) {
  turn->terminal = game.IsTerminal(index, &turn->terminal_value);
  if (turn->terminal) return;
  constexpr bool kMax = Game::kObjective == Objective::kMaximize;
  constexpr chance::TurnOrder kOrder = chance::TurnOrderOf<Game>();
  for (int o = 0; o < Game::kNumOutcomes; ++o) {
    double best =
        kMax ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    bool any = false;
    game.ForEachAfterstate(index, o, scratch, [&](const Afterstate& a) {
      double v = a.value;
      if (!a.terminal) {
        if (a.index >= values.size() || !solved[a.index].load(std::memory_order_relaxed)) {
          *unordered = true;
          return;
        }
        v = kOrder.ChooserValue(values[a.index]);
      }
      any = true;
      best = kMax ? std::max(best, v) : std::min(best, v);
    });
    turn->has_move[o] = any;
    turn->best[o] = any ? best : 0.0;
  }
}

// A solve's schedule: blocks grouped by layer, and the blocks' dependency
// graph when the game describes it (its own blocks, game_blocks).
struct BlockPlan {
  chance::internal::Schedule schedule;
  std::vector<Block> game_blocks;
  std::optional<chance::internal::BlockGraph> graph;
};

template <typename Game>
absl::StatusOr<BlockPlan> PlanBlocks(const Game& game, const ChanceOptions& options,
                                     ThreadPool& pool, Progress* progress) {
  BlockPlan plan;
  if constexpr (BlockScheduledGame<Game>) {
    plan.game_blocks = game.Blocks();
    RETRO_ASSIGN_OR_RETURN(plan.schedule,
                           chance::internal::MakeScheduleFromBlocks(plan.game_blocks, game.Size()));
    if constexpr (requires { game.BlockDependencies(plan.game_blocks); }) {
      RETRO_ASSIGN_OR_RETURN(
          plan.graph, chance::internal::MakeBlockGraph(plan.game_blocks,
                                                       game.BlockDependencies(plan.game_blocks)));
    }
  } else {
    RETRO_ASSIGN_OR_RETURN(plan.schedule, chance::internal::MakeScheduleFromLayers(
                                              game, pool, progress, options.grain * 4));
  }
  return plan;
}

// Several ranks, layer by layer: this rank's run of each layer's blocks
// (solve_block(worker, block)), then the layer's values and records
// (`aux`, table style; null in afterstate style, which marks the other
// ranks' positions solved instead) gathered everywhere. Stops after a layer
// where failed() on some rank.
template <typename Aux, typename SolveBlock, typename Failed>
void SolveLayersOnRanks(const chance::internal::Schedule& schedule, ThreadPool& pool,
                        Progress* progress, distributed::Communicator& comm,
                        SolveBlock&& solve_block, std::vector<double>& values, Aux* aux,
                        std::vector<std::atomic<uint8_t>>& solved, Failed&& failed) {
  const std::vector<Block>& blocks = schedule.blocks;
  const int rank = comm.rank(), ranks = comm.size();
  for (size_t l = 0; l + 1 < schedule.layer_begin.size(); ++l) {
    const size_t first = schedule.layer_begin[l];
    const size_t last = schedule.layer_begin[l + 1];
    const auto [mine_first, mine_last] = chance::internal::RunOfRank(first, last, rank, ranks);
    pool.ParallelFor(mine_first, mine_last, 1, [&](int worker, uint64_t b, uint64_t e) {
      for (uint64_t k = b; k < e; ++k) solve_block(worker, blocks[k]);
    });
    // This rank's records of the layer, block after block.
    std::vector<uint8_t> mine;
    for (size_t k = mine_first; k < mine_last; ++k) {
      chance::internal::PackBlock(blocks[k], values.data(), aux, mine);
    }
    const std::vector<uint8_t> all = comm.AllGatherBytes(mine, nullptr);
    // Every other rank's blocks in order (the concatenation is in rank
    // order, each rank's run in block order).
    uint64_t positions = 0;
    size_t at = 0;
    for (int r = 0; r < ranks; ++r) {
      const auto [run_first, run_last] = chance::internal::RunOfRank(first, last, r, ranks);
      for (size_t k = run_first; k < run_last; ++k) {
        const Block& block = blocks[k];
        positions += block.end - block.begin;
        if (r == rank) continue;
        at += chance::internal::UnpackBlock(all.data() + at, block, values.data(), aux);
        if (aux != nullptr) continue;
        for (uint64_t i = block.begin; i < block.end; ++i) {
          solved[i].store(1, std::memory_order_relaxed);
        }
      }
      if (r == rank) at += mine.size();
    }
    if (progress != nullptr) progress->Advance(positions);
    if (comm.AnyRank(failed())) break;
  }
}

// One process, layer by layer, the blocks of a layer in parallel, about
// `grain` positions a work item; stops after a layer where failed().
template <typename SolveBlock, typename Failed>
void SolveLayers(const chance::internal::Schedule& schedule, uint64_t grain, ThreadPool& pool,
                 Progress* progress, SolveBlock&& solve_block, Failed&& failed) {
  const std::vector<Block>& blocks = schedule.blocks;
  for (size_t l = 0; l + 1 < schedule.layer_begin.size(); ++l) {
    const size_t first = schedule.layer_begin[l];
    const size_t last = schedule.layer_begin[l + 1];
    const uint64_t positions = blocks[last - 1].end - blocks[first].begin;
    const uint64_t per_block = std::max<uint64_t>(1, positions / (last - first));
    pool.ParallelFor(first, last, std::max<uint64_t>(1, grain / per_block),
                     [&](int worker, uint64_t b, uint64_t e) {
                       uint64_t done = 0;
                       for (uint64_t k = b; k < e; ++k) {
                         solve_block(worker, blocks[k]);
                         done += blocks[k].end - blocks[k].begin;
                       }
                       if (progress != nullptr) progress->Advance(done);
                     });
    if (failed()) break;
  }
}

// The error of a solve that found position `unordered` reading an
// afterstate not solved before it, or position `stuck` without a move
// (kNone: none); OK when neither.
template <typename Game>
absl::Status SolveVerdict(uint64_t unordered, uint64_t stuck, uint64_t none) {
  if (unordered != none) {
    return absl::InternalError(
        absl::StrCat("game bug: an afterstate of position ", unordered,
                     " is out of range or not solved before it (check the layers)"));
  }
  if (stuck == none) return absl::OkStatus();
  return absl::FailedPreconditionError(
      chance::TurnOrderOf<Game>().opponent_moves_next
          ? absl::StrCat("position ", stuck,
                         " is not terminal but an outcome has no move; in a two-player "
                         "game every outcome needs one (a roll that cannot be played would "
                         "pass the turn), or the position is terminal")
          : absl::StrCat("position ", stuck,
                         " is not terminal but no outcome has a move; "
                         "its value is unbounded (declare it terminal)"));
}

// The whole solve, in eight numbered steps.
template <typename Game>
absl::StatusOr<std::vector<double>> Solve(const Game& game, const ChanceOptions& options,
                                          ThreadPool& pool, Progress* progress,
                                          distributed::Communicator& comm) {
  constexpr int kOutcomes = Game::kNumOutcomes;
  constexpr bool kTable = TableStyleGame<Game>;
  const uint64_t size = game.Size();

  // 1. The schedule: blocks grouped by layer, and the blocks' dependency
  //    graph if the game describes it.
  RETRO_ASSIGN_OR_RETURN(const BlockPlan plan, PlanBlocks(game, options, pool, progress));
  // (Named references, not a structured binding: lambdas below capture
  // them, which clang before 16 refuses for bindings.)
  const chance::internal::Schedule& schedule = plan.schedule;
  const std::vector<Block>& game_blocks = plan.game_blocks;
  const std::optional<chance::internal::BlockGraph>& graph = plan.graph;

  // 2. Storage: values, the game's records (table style) or solved flags
  //    (afterstate style, to check the order the game promised).
  //    A distributed solve of a table-style game with block dependencies
  //    keeps its own instead (step 3).
  const int ranks = comm.size();
  const bool split = kTable && ranks > 1 && graph.has_value();
  using Aux = typename AuxOf<Game>::type;
  // Left uninitialised: a table-style game writes aux[index] before any
  // position that reads it is solved (it is read only from lower layers);
  // every value is written before it is read (table style), or read only
  // once its solved flag is set (afterstate style).
  Workspace local_workspace;
  Workspace& workspace = options.workspace != nullptr ? *options.workspace : local_workspace;
  std::vector<double> values = workspace.TakeValues(split ? 0 : size);
  Aux* aux = kTable && !split ? workspace.Get<Aux>(size) : nullptr;
  std::vector<std::atomic<uint8_t>> solved(kTable ? 0 : size);
  std::vector<typename Game::Scratch> scratch(pool.size());

  // 3. How a block is solved, each in increasing index order; steps 4 to 7
  //    solve the blocks: as a dependency graph when the game gives one,
  //    else layer by layer, the blocks of a layer in parallel.
  constexpr uint64_t kNone = std::numeric_limits<uint64_t>::max();
  const chance::OutcomeWeights weights(game);
  std::atomic<uint64_t> stuck{kNone};
  std::atomic<uint64_t> unordered{kNone};
  // Solves one block into `value` and `record` (by global index): the
  // arrays above, or a distributed solve's own (table style only).
  auto solve_block_into = [&](int worker, const Block& block, double* value, Aux* record) {
    typename Game::Scratch& s = scratch[worker];
    for (uint64_t index = block.begin; index < block.end; ++index) {
      Turn<kOutcomes> turn;
      if constexpr (kTable) {
        game.EvaluateTurn(index, value, record, s, &turn);
      } else {
        bool bad = false;
        AfterstateTurn(game, index, s, values, solved, &turn, &bad);
        if (bad) unordered.store(index, std::memory_order_relaxed);
      }
      if (!Combine(game, weights, turn, &value[index])) {
        stuck.store(index, std::memory_order_relaxed);
      }
      if constexpr (!kTable) solved[index].store(1, std::memory_order_relaxed);
    }
  };
  auto solve_block = [&](int worker, const Block& block) {
    solve_block_into(worker, block, values.data(), aux);
  };
  const auto failed = [&] { return stuck.load() != kNone || unordered.load() != kNone; };
  if (progress != nullptr) progress->StartPhase("solve", size);
  if (split) {
    // 4. Several ranks, and the game lists what each block reads: each
    //    rank keeps only its own blocks and those it reads
    //    (retro/solver/chance_distributed.h).
    values = chance::internal::SolveBlocksDistributed<Aux>(
        game_blocks, *graph, size, pool, progress, comm, options.values_on_every_rank,
        solve_block_into, failed);
  } else if (ranks > 1) {
    // 5. Several ranks: layer by layer, this rank's run of each layer's
    //    blocks, then the layer's values and records gathered everywhere.
    SolveLayersOnRanks(schedule, pool, progress, comm, solve_block, values, aux, solved, failed);
  } else if (graph.has_value()) {
    // 6. One process, the blocks as their dependency graph allows.
    chance::internal::RunBlockGraph(pool, game_blocks, *graph, [&](int worker, uint32_t b) {
      solve_block(worker, game_blocks[b]);
      if (progress != nullptr) progress->Advance(game_blocks[b].end - game_blocks[b].begin);
    });
  } else {
    // 7. One process, layer by layer, the blocks of a layer in parallel.
    SolveLayers(schedule, options.grain, pool, progress, solve_block, failed);
  }
  // 8. The verdict, agreed by the ranks; the values (rank 0's alone unless
  //    every rank asked for them).
  absl::Status status = SolveVerdict<Game>(unordered.load(), stuck.load(), kNone);
  if (ranks > 1) status = distributed::AgreeOnStatus(comm, status);
  if (!status.ok()) return status;
  if (ranks > 1 && !split && !options.values_on_every_rank && comm.rank() != 0) {
    return std::vector<double>();  // rank 0 alone keeps the values
  }
  return values;
}

}  // namespace internal

// Bytes per position a chance solve allocates: the value, and the game's
// record (table style) or a solved flag (afterstate style).
template <typename Game>
constexpr uint64_t ChanceBytesPerPosition() {
  return sizeof(double) +
         (chance::TableStyleGame<Game> ? sizeof(typename chance::AuxOf<Game>::type) : 1);
}

// Solves every position of `game` (the contract ChanceGame of
// retro/solver/chance_game.h) with the threads, progress and memory budget
// of `context`, and returns the values by index (under several ranks on
// rank 0 only, unless options.values_on_every_rank; see the top of the
// file). Errors are game bugs caught
// on the way: a bad schedule (layer out of range, blocks that do not
// partition the positions, more than 2^32 - 1 blocks or dependencies), an
// afterstate not solved before the position that reaches it
// (afterstate-style games), or a non-terminal position where no outcome has
// a move (its value would be unbounded); and a game too large for the memory
// budget.
template <typename Game>
absl::StatusOr<std::vector<double>> SolveChance(const Game& game, const ChanceOptions& options,
                                                const SolveContext& context) {
  static_assert(chance::AssertChanceGame<Game>());
  const uint64_t size = game.Size();
  RETRO_RETURN_IF_ERROR(
      internal::CheckMemoryBudget(context, size * ChanceBytesPerPosition<Game>(),
                                  absl::StrCat("a chance game of ", size, " positions")));
  internal::ContextPool pool(context);
  distributed::LocalCommunicator local;
  distributed::Communicator& comm = context.communicator != nullptr ? *context.communicator : local;
  return internal::Solve(game, options, pool.get(), context.progress, comm);
}

// SolveChance with the default options.
template <typename Game>
absl::StatusOr<std::vector<double>> SolveChance(const Game& game, const SolveContext& context) {
  return SolveChance(game, ChanceOptions{}, context);
}

}  // namespace retro::solver

#endif  // RETRO_SOLVER_CHANCE_H_
