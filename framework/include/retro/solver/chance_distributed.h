// The distributed form of the chance solver (retro/solver/chance.h) for a
// table-style game that lists its blocks' dependencies (BlockDependencies in
// retro/solver/chance_game.h), such as Plakoto's partial-move tables.
//
// The blocks of each layer are split into one contiguous run per rank (in
// the solve order: by layer, then by index). Every rank computes the whole
// ownership map and the dependency graph, so each knows, without asking,
// which of its blocks another rank reads and which blocks of others it
// reads itself. After each layer one all-to-all carries, to every rank, the
// values and records of the blocks just solved that its later blocks read;
// nothing else travels. Values and records are kept in arrays over the
// whole index space (the game reads them by global index) backed by lazily
// committed memory (retro/internal/lazy_array.h): a rank touches only its own blocks
// and those it receives, and hands a block's pages back after the last
// layer of its own that reads it. Its own values are also copied, packed,
// to a store of their own for the end.
// When every layer is solved the values travel to rank 0 (or to every rank,
// on request) in chunks of bounded size.
//
// Resident memory per rank: its own values, packed (8 bytes a position,
// 1/R of them); the values and records of its own blocks and of the blocks
// its own blocks still have to read (from the layer a block is solved to
// the last layer that reads it), with the pages they share with their
// neighbours in index order; one layer's messages; and on the ranks that
// receive the values the whole output (8 bytes a position).
#ifndef RETRO_SOLVER_CHANCE_DISTRIBUTED_H_
#define RETRO_SOLVER_CHANCE_DISTRIBUTED_H_

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <optional>
#include <utility>
#include <vector>

#include "retro/distributed/communicator.h"
#include "retro/internal/lazy_array.h"
#include "retro/progress.h"
#include "retro/solver/chance_game.h"
#include "retro/solver/chance_schedule.h"
#include "retro/thread_pool.h"

namespace retro::chance::internal {

// Which rank solves each block: the blocks in solve order (by layer, then
// by first index), each layer's blocks split into one contiguous run per
// rank, ranks in order. The same on every rank.
struct BlockOwnership {
  std::vector<uint32_t> order;      // block ids in solve order
  std::vector<size_t> layer_begin;  // order[layer_begin[l] .. [l + 1]): layer l
  std::vector<int32_t> owner;       // per block id
  std::vector<int32_t> layer;       // per block id: its l
};

// The share of rank `r` of `ranks` in the blocks [first, last) of one layer
// (in solve order): one contiguous run per rank, ranks in order.
inline std::pair<size_t, size_t> RunOfRank(size_t first, size_t last, int r, int ranks) {
  const size_t count = last - first;
  return {first + count * r / ranks, first + count * (r + 1) / ranks};
}

// Appends `block`'s values, then its records (none when `aux` is null), to
// `out`.
template <typename Aux>
void PackBlock(const Block& block, const double* values, const Aux* aux,
               std::vector<uint8_t>& out) {
  const uint64_t n = block.end - block.begin;
  const auto* value_bytes = reinterpret_cast<const uint8_t*>(values + block.begin);
  out.insert(out.end(), value_bytes, value_bytes + n * sizeof(double));
  if (aux == nullptr) return;
  const auto* aux_bytes = reinterpret_cast<const uint8_t*>(aux + block.begin);
  out.insert(out.end(), aux_bytes, aux_bytes + n * sizeof(Aux));
}

// Reads what PackBlock wrote at `in` back into `values` and `aux`; returns
// the bytes read.
template <typename Aux>
uint64_t UnpackBlock(const uint8_t* in, const Block& block, double* values, Aux* aux) {
  const uint64_t n = block.end - block.begin;
  std::memcpy(values + block.begin, in, n * sizeof(double));
  if (aux == nullptr) return n * sizeof(double);
  std::memcpy(aux + block.begin, in + n * sizeof(double), n * sizeof(Aux));
  return n * (sizeof(double) + sizeof(Aux));
}

// The ownership of `blocks` (the game's, in its order) among `ranks` ranks.
inline BlockOwnership AssignBlocks(const std::vector<Block>& blocks, int ranks) {
  BlockOwnership own;
  const size_t n = blocks.size();
  own.order.resize(n);
  std::iota(own.order.begin(), own.order.end(), uint32_t{0});
  std::sort(own.order.begin(), own.order.end(), [&](uint32_t a, uint32_t b) {
    return blocks[a].layer != blocks[b].layer ? blocks[a].layer < blocks[b].layer
                                              : blocks[a].begin < blocks[b].begin;
  });
  for (size_t i = 0; i < n; ++i) {
    if (i == 0 || blocks[own.order[i]].layer != blocks[own.order[i - 1]].layer) {
      own.layer_begin.push_back(i);
    }
  }
  own.layer_begin.push_back(n);
  own.owner.resize(n);
  own.layer.resize(n);
  for (size_t l = 0; l + 1 < own.layer_begin.size(); ++l) {
    for (int r = 0; r < ranks; ++r) {
      const auto [run_first, run_last] =
          RunOfRank(own.layer_begin[l], own.layer_begin[l + 1], r, ranks);
      for (size_t k = run_first; k < run_last; ++k) {
        own.owner[own.order[k]] = r;
        own.layer[own.order[k]] = static_cast<int32_t>(l);
      }
    }
  }
  return own;
}

// For one rank: the last layer in which a block of its own reads each block
// (-1: none; its own blocks count as read in their own layer), and the
// blocks to let go of after each layer.
struct BlockLifetimes {
  std::vector<int32_t> last_read;                 // per block id
  std::vector<std::vector<uint32_t>> free_after;  // per layer
};

// The lifetimes of the blocks for rank `rank`, whose blocks read those
// `graph` lists.
inline BlockLifetimes LifetimesOfRank(const BlockOwnership& own, const BlockGraph& graph,
                                      int rank) {
  const size_t n = own.owner.size();
  BlockLifetimes life;
  life.last_read.assign(n, -1);
  for (uint32_t b = 0; b < n; ++b) {
    if (own.owner[b] == rank) life.last_read[b] = own.layer[b];
    for (uint32_t j = graph.dependents_begin[b]; j < graph.dependents_begin[b + 1]; ++j) {
      const uint32_t d = graph.dependents[j];
      if (own.owner[d] == rank) life.last_read[b] = std::max(life.last_read[b], own.layer[d]);
    }
  }
  life.free_after.resize(own.layer_begin.size() - 1);
  for (uint32_t b = 0; b < n; ++b) {
    if (life.last_read[b] >= 0) life.free_after[life.last_read[b]].push_back(b);
  }
  return life;
}

// Hands back the pages of blocks no longer read. A page shared by two blocks
// goes once both are let go of: each release reaches over the neighbours
// (in index order) already let go of, up to a page on either side.
class BlockReleaser {
 public:
  explicit BlockReleaser(const std::vector<Block>& blocks) : blocks_(blocks) {
    by_begin_.resize(blocks.size());
    std::iota(by_begin_.begin(), by_begin_.end(), uint32_t{0});
    std::sort(by_begin_.begin(), by_begin_.end(),
              [&](uint32_t a, uint32_t b) { return blocks[a].begin < blocks[b].begin; });
    place_.resize(blocks.size());
    for (size_t i = 0; i < by_begin_.size(); ++i) place_[by_begin_[i]] = i;
  }

  // Lets go of block b in `array`; `released` (per block id) records it.
  template <typename T>
  void Release(retro::internal::LazyArray<T>& array, uint32_t b,
               std::vector<uint8_t>& released) const {
    static const uint64_t page = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
    const uint64_t reach = page / sizeof(T) + 1;  // elements of one page, rounded up
    released[b] = 1;
    uint64_t lo = blocks_[b].begin, hi = blocks_[b].end;
    for (size_t i = place_[b];
         i > 0 && released[by_begin_[i - 1]] && blocks_[b].begin - lo < reach;) {
      lo = blocks_[by_begin_[--i]].begin;
    }
    for (size_t i = place_[b];
         i + 1 < by_begin_.size() && released[by_begin_[i + 1]] && hi - blocks_[b].end < reach;) {
      hi = blocks_[by_begin_[++i]].end;
    }
    array.Release(lo, hi);
  }

 private:
  const std::vector<Block>& blocks_;
  std::vector<uint32_t> by_begin_;
  std::vector<size_t> place_;
};

// Step 7 of SolveBlocksDistributed: the values of every block by index, on
// rank 0 (or every rank when `values_on_every_rank`; an empty vector on the
// others), a bounded chunk of the solve order at a time, each rank sending
// its own blocks of the chunk (a run of `kept`, its values in solve order,
// released as they are sent).
inline std::vector<double> GatherKeptValues(const std::vector<Block>& blocks,
                                            const BlockOwnership& own,
                                            retro::internal::LazyArray<double>& kept, uint64_t size,
                                            distributed::Communicator& comm,
                                            bool values_on_every_rank) {
  const int rank = comm.rank();
  const int ranks = comm.size();
  constexpr uint64_t kChunkPositions = uint64_t{1} << 20;  // 8 MiB of values
  const bool receives = values_on_every_rank || rank == 0;
  std::vector<double> out(receives ? size : 0);
  uint64_t sent = 0;  // of `kept`
  for (size_t first = 0; first < own.order.size();) {
    size_t last = first;
    uint64_t positions = 0, mine_positions = 0;
    while (last < own.order.size() && (last == first || positions < kChunkPositions)) {
      const uint32_t b = own.order[last++];
      positions += blocks[b].end - blocks[b].begin;
      if (own.owner[b] == rank) mine_positions += blocks[b].end - blocks[b].begin;
    }
    const auto* kept_bytes = reinterpret_cast<const uint8_t*>(kept.data() + sent);
    std::vector<uint8_t> mine(kept_bytes, kept_bytes + mine_positions * sizeof(double));
    kept.Release(sent, sent + mine_positions);
    sent += mine_positions;
    // To rank 0, or to every rank.
    std::vector<std::vector<uint8_t>> send(values_on_every_rank ? ranks : 1, mine);
    send.resize(ranks);
    const std::vector<std::vector<uint8_t>> parts = comm.AllToAllBytes(send);
    if (receives) {
      std::vector<size_t> at(ranks, 0);
      for (size_t k = first; k < last; ++k) {
        const Block& block = blocks[own.order[k]];
        const int r = own.owner[own.order[k]];
        const size_t bytes = (block.end - block.begin) * sizeof(double);
        std::memcpy(out.data() + block.begin, parts[r].data() + at[r], bytes);
        at[r] += bytes;
      }
    }
    first = last;
  }
  return out;
}

// Solves every block of `blocks` (the game's, in its order; `graph` their
// dependencies) on the ranks of `comm`, this rank its share: calls
// solve_block(worker, block, values, aux) for its own blocks, layer by
// layer, with arrays by global index holding every position it reads.
// After each layer, `failed()` (this rank met an error) is agreed, and the
// solve stops when any rank failed. Returns the values by index on rank 0,
// or on every rank when `values_on_every_rank`; an empty vector on the
// other ranks, and everywhere after a failure.
template <typename Aux, typename SolveBlock, typename Failed>
std::vector<double> SolveBlocksDistributed(const std::vector<Block>& blocks,
                                           const BlockGraph& graph, uint64_t size, ThreadPool& pool,
                                           Progress* progress, distributed::Communicator& comm,
                                           bool values_on_every_rank, SolveBlock&& solve_block,
                                           Failed&& failed) {
  // 1. Who owns which block, when this rank may release a block, and the
  //    arrays by global index.
  const int rank = comm.rank();
  const int ranks = comm.size();
  const BlockOwnership own = AssignBlocks(blocks, ranks);
  const BlockLifetimes life = LifetimesOfRank(own, graph, rank);
  const BlockReleaser releaser(blocks);
  const size_t layers = own.layer_begin.size() - 1;
  std::optional<retro::internal::LazyArray<double>> values(std::in_place, size);
  std::optional<retro::internal::LazyArray<Aux>> aux(std::in_place, size);
  std::vector<uint8_t> released(blocks.size(), 0);  // the same for values and records
  // This rank's values for the output, packed in solve order: kept in the
  // index-wide array they would hold a page for every scattered block.
  uint64_t own_positions = 0;
  for (uint32_t b = 0; b < blocks.size(); ++b) {
    if (own.owner[b] == rank) own_positions += blocks[b].end - blocks[b].begin;
  }
  retro::internal::LazyArray<double> kept(own_positions);
  uint64_t kept_size = 0;

  // 2. The layers in order (steps 2 to 6 for each): this rank's run, then
  //    the records others read.
  constexpr uint32_t kNoBlock = ~uint32_t{0};
  std::vector<uint32_t> stamp(ranks, kNoBlock);  // rank r already gets block stamp[r]
  for (size_t l = 0; l < layers; ++l) {
    const size_t first = own.layer_begin[l];
    const size_t last = own.layer_begin[l + 1];
    const auto [mine_first, mine_last] = RunOfRank(first, last, rank, ranks);
    pool.ParallelFor(mine_first, mine_last, 1, [&](int worker, uint64_t b, uint64_t e) {
      for (uint64_t k = b; k < e; ++k) {
        solve_block(worker, blocks[own.order[k]], values->data(), aux->data());
      }
    });
    // 3. Each own block of the layer to every other rank that owns a block
    //    reading it: its values, then its records.
    std::vector<std::vector<uint8_t>> send(ranks);
    for (size_t k = mine_first; k < mine_last; ++k) {
      const uint32_t b = own.order[k];
      const Block& block = blocks[b];
      const uint64_t n = block.end - block.begin;
      std::memcpy(kept.data() + kept_size, values->data() + block.begin, n * sizeof(double));
      kept_size += n;
      for (uint32_t j = graph.dependents_begin[b]; j < graph.dependents_begin[b + 1]; ++j) {
        const int r = own.owner[graph.dependents[j]];
        if (r == rank || stamp[r] == b) continue;
        stamp[r] = b;
        PackBlock(block, values->data(), aux->data(), send[r]);
      }
    }
    // 4. The exchange. Each batch ends with one byte: whether the sender
    //    failed (which saves a reduction per layer).
    const uint8_t failed_here = failed() ? 1 : 0;
    for (std::vector<uint8_t>& out : send) out.push_back(failed_here);
    const std::vector<std::vector<uint8_t>> received = comm.AllToAllBytes(send);
    send.clear();
    const bool any_failed = std::ranges::any_of(
        received, [](const std::vector<uint8_t>& in) { return in.back() != 0; });
    // 5. The others' blocks of the layer that this rank reads, in solve
    //    order (each sender's in the order it packed them).
    std::vector<size_t> at(ranks, 0);
    uint64_t positions = 0;
    for (size_t k = first; k < last; ++k) {
      const uint32_t b = own.order[k];
      const Block& block = blocks[b];
      positions += block.end - block.begin;
      const int r = own.owner[b];
      if (r == rank || life.last_read[b] < 0) continue;
      at[r] += UnpackBlock(received[r].data() + at[r], block, values->data(), aux->data());
    }
    // 6. Blocks no later own block reads are released (own values are in
    //    `kept`).
    for (const uint32_t b : life.free_after[l]) {
      releaser.Release(*aux, b, released);
      releaser.Release(*values, b, released);
    }
    if (progress != nullptr) progress->Advance(positions);
    if (any_failed) return {};
  }
  aux.reset();
  values.reset();

  // 7. The values to rank 0 (or everywhere).
  return GatherKeptValues(blocks, own, kept, size, comm, values_on_every_rank);
}

}  // namespace retro::chance::internal

#endif  // RETRO_SOLVER_CHANCE_DISTRIBUTED_H_
