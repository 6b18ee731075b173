// Writes a finite-horizon store as a bit-coded store (entry_bytes 0,
// retro/format/finite_horizon/store.h): the form a finished solve keeps in its file.
// The solver builds byte-coded stores (cheap to read while later slices are
// solved); when every slice is solved each store is rewritten once with
// prefix codes chosen from its own changes (retro/format/finite_horizon/prefix_code.h),
// which takes about half the bits. Lookups skip at most 2^group_shift - 1
// lists of the state's group.
//
//   std::vector<uint8_t> small = BitCodeFiniteHorizonStore(view, pool);
//   std::vector<uint8_t> moved = PermuteStore(view, old_index, pool);
//
// A store split across the ranks of a distributed solve is coded by the
// same steps (BitCodeFiniteHorizonRange), each rank its own range, with the
// ranks' agreements made by the BitCodeExchange the caller gives: one
// process's is LocalBitCodeExchange; the distributed solver's is
// retro/solver/finite_horizon_exchange.h's, over its communicator. The
// steps are in src/format/finite_horizon/write/bit_coder.cc.
#ifndef RETRO_FORMAT_FINITE_HORIZON_WRITE_BIT_CODER_H_
#define RETRO_FORMAT_FINITE_HORIZON_WRITE_BIT_CODER_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "retro/format/finite_horizon/store.h"
#include "retro/thread_pool.h"

namespace retro {
namespace internal {

// The partial bit sum of a block of a bit-coded store that crosses the
// ends of a rank's range.
struct BlockBits {
  uint64_t block, sum;
};

// True when each block's parts in `crossing` (every rank's, any order) sum
// to fewer than 65,536 bits.
bool CrossingBlocksFit(const std::vector<BlockBits>& crossing);

// What a rank tells the others of its bits: its first state, its states,
// its bits, and those of its last block's part.
struct StreamPart {
  uint64_t first, states, bits, tail;
};

// This rank's parts of a bit-coded store: the block table's entries of the
// blocks that start in its range, the starts of its groups and its bits of
// the stream (from the byte its first bit falls in). Rank 0 writes them in
// place in the whole store (`bytes`, header and model written); the others
// in their own vectors.
struct BitCodedParts {
  FiniteHorizonStoreView::Sections sections;
  uint64_t blocks = 0, first_block = 0, end_block = 0, first_group = 0, own_groups = 0;
  uint64_t stream_origin = 0;  // the stream byte of stream[0]
  uint64_t own_stream_bytes = 0;
  std::vector<uint8_t> bytes;
  std::vector<uint64_t> own_blocks;
  std::vector<uint16_t> own_starts;
  std::vector<uint8_t> own_stream;
  uint64_t* block_bit = nullptr;    // entry first_block of the block table
  uint16_t* group_start = nullptr;  // start of group first_group
  uint8_t* stream = nullptr;        // byte stream_origin of the stream
};

}  // namespace internal

// The ranks' agreements while they bit-code a store split across them
// (BitCodeFiniteHorizonRange): a handful of calls a store, each made by
// every rank.
class BitCodeExchange {
 public:
  virtual ~BitCodeExchange() = default;
  virtual int rank() const = 0;
  virtual bool root() const = 0;
  // Every rank's (key, count) pairs summed into each rank's `counts`.
  virtual void SumCounts(absl::flat_hash_map<uint64_t, uint64_t>& counts) = 0;
  // Whether every rank's own blocks fit (`fits`), and every block across
  // ranks (each rank's `crossing` parts summed).
  virtual bool AllBlocksFit(bool fits, const std::vector<internal::BlockBits>& crossing) = 0;
  // Every rank's part of the stream, in rank order.
  virtual std::vector<internal::StreamPart> AllStreamParts(const internal::StreamPart& mine) = 0;
  // Rank 0 gathers every rank's `parts` into its whole store (its stream
  // ends at `end_bit`; this rank's bits begin at `base` and number
  // `own_bits`; the caller writes the block table's end entry).
  virtual void Gather(internal::BitCodedParts& parts, uint64_t states, uint32_t group_shift,
                      uint64_t base, uint64_t own_bits, uint64_t end_bit) = 0;
};

// One process's exchange: the ranks' agreements of one rank, itself.
class LocalBitCodeExchange final : public BitCodeExchange {
 public:
  int rank() const override { return 0; }
  bool root() const override { return true; }
  void SumCounts(absl::flat_hash_map<uint64_t, uint64_t>&) override {}
  bool AllBlocksFit(bool fits, const std::vector<internal::BlockBits>& crossing) override {
    return fits && internal::CrossingBlocksFit(crossing);
  }
  std::vector<internal::StreamPart> AllStreamParts(const internal::StreamPart& mine) override {
    return {mine};
  }
  // The whole store is this rank's already.
  void Gather(internal::BitCodedParts&, uint64_t, uint32_t, uint64_t, uint64_t,
              uint64_t) override {}
};

// Bit-codes a store split across ranks, each calling this with its
// `exchange`. Each rank gives its range of it, `range` (any encoding,
// validated), whose state i is state first + i of the whole store; ranges
// are in rank order, start at multiples of 64 states and cover the store;
// `whole` is the whole store's header (its states, entries, horizon, last
// change and evaluations). Returns on the root the whole bit-coded store,
// byte for byte BitCodeFiniteHorizonStore of the whole store, and nothing
// on the other ranks: the code model comes from every rank's counts, each
// rank writes its own states' bits at their place in the stream, and the
// root gathers the parts. In one process (LocalBitCodeExchange) this is
// BitCodeFiniteHorizonStore; `old_index` then renumbers (state i of the
// result is state old_index(i) of `range`). `read`, when given, is called
// once `range` and `whole` will not be read again, before the coded store
// is allocated: a caller may free them there, so that the peak holds the
// coded bits twice (laid out and in place) but not the range as well.
std::vector<uint8_t> BitCodeFiniteHorizonRange(
    const FiniteHorizonStoreView& range, uint64_t first, const FiniteHorizonStoreHeader& whole,
    ThreadPool& pool, BitCodeExchange& exchange,
    const std::function<uint64_t(uint64_t)>& old_index = nullptr,
    const std::function<void()>& read = nullptr);

// The same changes as `store` (any encoding, validated), bit-coded; state
// i of the result is state old_index(i) of `store` (default: i). The same
// store gives the same bytes whatever the thread count. `read` as for
// BitCodeFiniteHorizonRange.
std::vector<uint8_t> BitCodeFiniteHorizonStore(
    const FiniteHorizonStoreView& store, ThreadPool& pool,
    const std::function<uint64_t(uint64_t)>& old_index = nullptr,
    const std::function<void()>& read = nullptr);

// A copy of `store` with its states renumbered: state i of the result is
// state old_index(i) of `store`. Used to bring a store solved under one
// indexer into another indexer's order. Fixed-width and byte-coded stores
// move each state's units whole (a coded state's bytes depend on nothing
// but its own changes and the code table, which is kept); bit-coded ones
// are coded again in the new order.
std::vector<uint8_t> PermuteStore(const FiniteHorizonStoreView& store,
                                  const std::function<uint64_t(uint64_t)>& old_index,
                                  ThreadPool& pool);

}  // namespace retro

#endif  // RETRO_FORMAT_FINITE_HORIZON_WRITE_BIT_CODER_H_
