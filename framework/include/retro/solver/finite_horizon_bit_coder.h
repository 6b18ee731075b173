// Writes a finite-horizon store as a bit-coded store (entry_bytes 0,
// finite_horizon_store.h): the form a finished solve keeps in its file.
// The solver builds byte-coded stores (cheap to read while later slices are
// solved); when every slice is solved each store is rewritten once with
// prefix codes chosen from its own changes (finite_horizon_prefix_code.h),
// which takes about half the bits. Lookups skip at most 2^group_shift - 1
// lists of the state's group.
//
//   std::vector<uint8_t> small = BitCodeFiniteHorizonStore(view, pool);
//   std::vector<uint8_t> moved = PermuteStore(view, old_index, pool);
#ifndef RETRO_SOLVER_FINITE_HORIZON_BIT_CODER_H_
#define RETRO_SOLVER_FINITE_HORIZON_BIT_CODER_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "retro/solver/finite_horizon_prefix_code.h"
#include "retro/solver/finite_horizon_store.h"
#include "retro/thread_pool.h"

namespace retro {

// Tables keyed by the code bytes of a byte-coded store: a change written
// there as code byte c < 255 is, in context `context` (its value before and
// whether it is the first), the symbol (context, c, last). One row of 512
// entries (c, last) per context, made when the context is first used, so
// that counting and finding codes take an array access, not a hash.
class CodeByteTable {
 public:
  CodeByteTable() { row_of_.fill(-1); }
  uint64_t& At(int context, int code, bool last) {
    int32_t& row = row_of_[context];
    if (row < 0) {
      row = rows_++;
      entries_.resize(uint64_t(rows_) * kRow, 0);
    }
    return entries_[uint64_t(row) * kRow + Column(code, last)];
  }
  void Swap(CodeByteTable& other) {
    std::swap(row_of_, other.row_of_);
    std::swap(rows_, other.rows_);
    entries_.swap(other.entries_);
  }
  // The entry, 0 for a context without a row.
  uint64_t Get(int context, int code, bool last) const {
    const int32_t row = row_of_[context];
    return row < 0 ? 0 : entries_[uint64_t(row) * kRow + Column(code, last)];
  }
  // Calls f(context, code, last, entry) for each entry that is not 0.
  template <typename F>
  void ForEachNonZero(F&& f) const {
    for (int context = 0; context < kPrefixContexts; ++context) {
      const int32_t row = row_of_[context];
      if (row < 0) continue;
      for (uint64_t i = 0; i < kRow; ++i) {
        const uint64_t entry = entries_[uint64_t(row) * kRow + i];
        if (entry != 0) f(context, static_cast<int>(i >> 1), (i & 1) != 0, entry);
      }
    }
  }

 private:
  static constexpr uint64_t kRow = 512;
  static uint64_t Column(int code, bool last) { return (uint64_t(code) << 1) | (last ? 1 : 0); }
  std::array<int32_t, kPrefixContexts> row_of_;
  int32_t rows_ = 0;
  std::vector<uint64_t> entries_;
};

// The same changes as `store` (any encoding, validated), bit-coded; state
// i of the result is state old_index(i) of `store` (default: i). The same
// store gives the same bytes whatever the thread count.
inline std::vector<uint8_t> BitCodeFiniteHorizonStore(
    const FiniteHorizonStoreView& store, ThreadPool& pool,
    const std::function<uint64_t(uint64_t)>& old_index = nullptr) {
  const uint64_t states = store.states();
  constexpr uint64_t kGrain = 1 << 12;
  // Calls each(context, layer step, new value, last, code byte or -1) for
  // each change of state `state` of the result, or empty() when it has
  // none.
  const auto visit = [&store, &old_index](uint64_t state, auto&& each, auto&& empty) {
    // The change waiting to learn whether it is the last.
    int context = 0;
    uint32_t step = 0;
    int new_value = 0;
    int code = -1;
    bool pending = false;
    uint32_t previous_layer = 0;
    int previous_value = 0;
    store.ForEachChange(old_index ? old_index(state) : state,
                        [&](uint32_t layer, int value, int code_byte) {
                          if (pending) each(context, step, new_value, false, code);
                          context = PrefixContext(previous_value, !pending);
                          step = layer - previous_layer;
                          new_value = value;
                          code = code_byte;
                          pending = true;
                          previous_layer = layer;
                          previous_value = value;
                          return true;
                        });
    if (pending) {
      each(context, step, new_value, true, code);
    } else {
      empty();
    }
  };

  // 1. The symbols' counts, per worker, then summed (sums do not depend on
  //    how the states were split). Changes with a code byte are counted by
  //    it, the rest by key.
  std::vector<absl::flat_hash_map<uint64_t, uint64_t>> worker_counts(pool.size());
  std::vector<CodeByteTable> worker_byte_counts(pool.size());
  pool.ParallelFor(0, states, kGrain, [&](int worker, uint64_t b, uint64_t e) {
    auto& counts = worker_counts[worker];
    auto& byte_counts = worker_byte_counts[worker];
    for (uint64_t s = b; s < e; ++s) {
      visit(
          s,
          [&](int context, uint32_t step, int value, bool last, int code) {
            if (code >= 0) {
              ++byte_counts.At(context, code, last);
            } else {
              ++counts[PrefixCodeEncoder::ChangeKey(context, step, value, last)];
            }
          },
          [&] { ++counts[PrefixCodeEncoder::EmptyKey()]; });
    }
  });
  for (size_t w = 1; w < worker_byte_counts.size(); ++w) {
    worker_byte_counts[w].ForEachNonZero([&](int context, int code, bool last, uint64_t n) {
      worker_byte_counts[0].At(context, code, last) += n;
    });
    CodeByteTable().Swap(worker_byte_counts[w]);
  }
  const CodeByteTable& byte_counts = worker_byte_counts[0];
  // The change a code byte stands for in a context: (layer step, new value).
  const auto change_of = [&store](int context, int code, uint32_t& step, int& value) {
    const uint32_t entry = store.codes()[code];
    step = entry >> 8;
    value = ((context >> 1) - 128) + static_cast<int8_t>(entry & 0xFF);
  };
  byte_counts.ForEachNonZero([&](int context, int code, bool last, uint64_t n) {
    uint32_t step;
    int value;
    change_of(context, code, step, value);
    worker_counts[0][PrefixCodeEncoder::ChangeKey(context, step, value, last)] += n;
  });
  for (size_t w = 1; w < worker_counts.size(); ++w) {
    for (const auto& [key, n] : worker_counts[w]) worker_counts[0][key] += n;
    absl::flat_hash_map<uint64_t, uint64_t>().swap(worker_counts[w]);
  }
  const PrefixCodeEncoder encoder(worker_counts[0]);
  worker_counts.clear();
  const std::vector<uint8_t> model = encoder.Model();

  // The codes of the code bytes seen, packed: the code first bit lowest
  // (bits 0-23), first bit highest (24-47), its length (48-55); 0 when the
  // change is escaped.
  CodeByteTable byte_codes;
  byte_counts.ForEachNonZero([&](int context, int code, bool last, uint64_t) {
    uint32_t step;
    int value;
    change_of(context, code, step, value);
    if (const PrefixCodeEncoder::Code* c = encoder.Find(context, step, value, last)) {
      byte_codes.At(context, code, last) = uint64_t{c->reversed} | (uint64_t{c->natural} << 24) |
                                           (uint64_t{c->length} << 48);
    }
  });
  worker_byte_counts.clear();
  const auto packed_code = [&byte_codes](int context, int code, bool last) -> uint64_t {
    return code >= 0 ? byte_codes.Get(context, code, last) : 0;
  };
  // Writes a change, through its code byte's packed code when it has one.
  const auto write_change = [&](auto& out, int context, uint32_t step, int value, bool last,
                                int code) {
    if (const uint64_t packed = packed_code(context, code, last)) {
      out.PutCode(packed & 0xFFFFFF, (packed >> 24) & 0xFFFFFF, static_cast<int>(packed >> 48));
    } else {
      encoder.WriteChange(out, context, step, value, last);
    }
  };
  // The empty list's code (looked up once; null when no list is empty).
  const PrefixCodeEncoder::Code* const empty_code = encoder.EmptyCode();
  const auto write_empty = [empty_code](auto& out) {
    out.PutCode(empty_code->reversed, empty_code->natural, empty_code->length);
  };

  // 2. Each state's bits.
  const uint32_t empty_bits = empty_code != nullptr ? empty_code->length : 0;
  std::vector<uint32_t> bits(states);
  pool.ParallelFor(0, states, kGrain, [&](int, uint64_t b, uint64_t e) {
    for (uint64_t s = b; s < e; ++s) {
      uint64_t n = 0;
      visit(
          s,
          [&](int context, uint32_t step, int value, bool last, int code) {
            const uint64_t packed = packed_code(context, code, last);
            n += packed != 0 ? packed >> 48 : encoder.ChangeBits(context, step, value, last);
          },
          [&] { n += empty_bits; });
      bits[s] = static_cast<uint32_t>(std::min<uint64_t>(n, UINT32_MAX));
    }
  });

  // 3. The widest blocks (at most 1,024 states) whose groups' starts fit
  //    in 16 bits relative to their block; one state a block always fits.
  uint32_t block_shift = 10;
  for (; block_shift > 0; --block_shift) {
    const uint64_t block = uint64_t{1} << block_shift;
    bool fits = true;
    for (uint64_t b = 0; fits && b < states; b += block) {
      uint64_t sum = 0;
      const uint64_t last_state = std::min(states, b + block) - 1;
      for (uint64_t s = b; s < last_state; ++s) sum += bits[s];
      fits = sum < 65536;
    }
    if (fits) break;
  }
  const uint32_t group_shift = std::min(kFiniteHorizonMaxGroupShift, block_shift);
  const uint64_t blocks = FiniteHorizonStoreView::BlockCount(states, block_shift);
  std::vector<uint64_t> block_bit(blocks + 1);
  uint64_t end_bit = 0;
  for (uint64_t b = 0; b < blocks; ++b) {
    block_bit[b] = end_bit;
    for (uint64_t s = b << block_shift; s < std::min(states, (b + 1) << block_shift); ++s) {
      end_bit += bits[s];
    }
  }
  block_bit[blocks] = end_bit;

  // 4. The store. Chunks of blocks are written in two rounds (even chunks,
  //    then odd ones), so no two threads write the byte where one chunk
  //    ends and the next begins.
  FiniteHorizonStoreHeader header = store.header();
  header.magic = kFiniteHorizonStoreMagic;
  header.entry_bytes = kFiniteHorizonBitCodedEntries;
  header.block_shift = block_shift;
  header.group_shift = group_shift;
  header.coded_bytes = (end_bit + 7) / 8 + FiniteHorizonStoreView::kStreamPadding;
  header.model_bytes = model.size();
  const auto sections = FiniteHorizonStoreView::BitLayout(states, block_shift, group_shift,
                                                          model.size(), header.coded_bytes);
  std::vector<uint8_t> bytes(sections.total, 0);
  std::memcpy(bytes.data(), &header, sizeof(header));
  std::memcpy(bytes.data() + sections.blocks, block_bit.data(), 8 * (blocks + 1));
  std::memcpy(bytes.data() + sections.codes, model.data(), model.size());
  auto* group_start = reinterpret_cast<uint16_t*>(bytes.data() + sections.starts);
  uint8_t* stream = bytes.data() + sections.entries;
  const uint64_t group_size = uint64_t{1} << group_shift;
  const uint64_t forward_size = group_shift == 0 ? 1 : group_size / 2;
  const auto write_block = [&](uint64_t b) {
    uint64_t group_bit = block_bit[b];
    const uint64_t block_end = std::min(states, (b + 1) << block_shift);
    for (uint64_t g = b << block_shift; g < block_end; g += group_size) {
      group_start[g >> group_shift] = static_cast<uint16_t>(group_bit - block_bit[b]);
      const uint64_t count = std::min(group_size, states - g);
      const uint64_t forward = std::min(count, forward_size);
      uint64_t group_end = group_bit;
      for (uint64_t s = g; s < g + count; ++s) group_end += bits[s];
      BitWriter out(stream, group_bit);
      for (uint64_t s = g; s < g + forward; ++s) {
        visit(
            s,
            [&](int context, uint32_t step, int value, bool last, int code) {
              write_change(out, context, step, value, last, code);
            },
            [&] { write_empty(out); });
      }
      out.Flush();
      // The rest, last state first, read backward from the group's end.
      BackwardBitWriter back(stream, group_end);
      for (uint64_t s = g + count; s-- > g + forward;) {
        visit(
            s,
            [&](int context, uint32_t step, int value, bool last, int code) {
              write_change(back, context, step, value, last, code);
            },
            [&] { write_empty(back); });
      }
      group_bit = group_end;
    }
  };
  const uint64_t blocks_a_chunk = std::max<uint64_t>(1, kGrain >> block_shift);
  const uint64_t chunks = (blocks + blocks_a_chunk - 1) / blocks_a_chunk;
  for (uint64_t round = 0; round < 2; ++round) {
    pool.ParallelFor(0, (chunks + 1 - round) / 2, 1, [&](int, uint64_t c_begin, uint64_t c_end) {
      for (uint64_t c = c_begin; c < c_end; ++c) {
        const uint64_t chunk = 2 * c + round;
        const uint64_t last = std::min(blocks, (chunk + 1) * blocks_a_chunk);
        for (uint64_t b = chunk * blocks_a_chunk; b < last; ++b) write_block(b);
      }
    });
  }
  return bytes;
}

// A copy of `store` with its states renumbered: state i of the result is
// state old_index(i) of `store`. Used to bring a store solved under one
// indexer into another indexer's order. Fixed-width and byte-coded stores
// move each state's units whole (a coded state's bytes depend on nothing
// but its own changes and the code table, which is kept); bit-coded ones
// are coded again in the new order.
inline std::vector<uint8_t> PermuteStore(const FiniteHorizonStoreView& store,
                                         const std::function<uint64_t(uint64_t)>& old_index,
                                         ThreadPool& pool) {
  if (store.bit_coded()) return BitCodeFiniteHorizonStore(store, pool, old_index);
  return PermuteUnits(store, old_index, pool);
}

}  // namespace retro

#endif  // RETRO_SOLVER_FINITE_HORIZON_BIT_CODER_H_
