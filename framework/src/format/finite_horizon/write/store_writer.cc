// The writers of fixed-width and byte-coded finite-horizon stores
// (retro/format/finite_horizon/write/store_writer.h): block widths, and
// copies of a store with its states selected or renumbered.
#include "retro/format/finite_horizon/write/store_writer.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <functional>
#include <span>
#include <vector>

#include "retro/format/finite_horizon/store.h"
#include "retro/internal/huge_pages.h"
#include "retro/thread_pool.h"

namespace retro {

uint32_t WidestFiniteHorizonBlockShift(std::span<const uint32_t> counts) {
  uint32_t shift = 6;
  for (; shift > 0; --shift) {
    bool fits = true;
    const uint64_t block = uint64_t{1} << shift;
    for (uint64_t b = 0; fits && b < counts.size(); b += block) {
      uint64_t sum = 0;
      for (uint64_t s = b; s < std::min<uint64_t>(counts.size(), b + block); ++s) sum += counts[s];
      fits = sum < 65536;
    }
    if (fits) break;
  }
  return shift;
}

std::vector<uint8_t> SelectUnits(const FiniteHorizonStoreView& store, uint64_t states,
                                 const std::function<uint64_t(uint64_t)>& old_index,
                                 ThreadPool& pool) {
  std::vector<uint64_t> source(states);
  std::vector<uint32_t> counts(states);
  // The changes kept: every one when every state is (a permutation).
  std::atomic<uint64_t> changes{0};
  const bool every_state = states == store.states();
  pool.ParallelFor(0, states, 1 << 14, [&](int, uint64_t b, uint64_t e) {
    uint64_t mine = 0;
    for (uint64_t i = b; i < e; ++i) {
      source[i] = old_index(i);
      uint64_t begin, end;
      store.EntryRange(source[i], begin, end);
      counts[i] = static_cast<uint32_t>(end - begin);
      if (!every_state)
        store.ForEachChange(source[i], [&mine](uint32_t, int) { return ++mine, true; });
    }
    changes.fetch_add(mine, std::memory_order_relaxed);
  });
  FiniteHorizonStoreHeader fields = store.header();
  if (!every_state) {
    fields.entries = changes.load();
    fields.evaluations = 0;  // a statistic of the whole store only
  }
  std::vector<uint64_t> first;
  std::vector<uint8_t> bytes = LayOutFiniteHorizonStore(fields, counts, store.codes(), first);
  const uint32_t width = store.header().entry_bytes;
  const auto* header = reinterpret_cast<const FiniteHorizonStoreHeader*>(bytes.data());
  uint8_t* out =
      bytes.data() + FiniteHorizonStoreView::Layout(states, header->block_shift, 0, width).entries;
  const uint8_t* in = store.unit_bytes();
  pool.ParallelFor(0, states, 1 << 14, [&](int, uint64_t b, uint64_t e) {
    for (uint64_t i = b; i < e; ++i) {
      uint64_t begin, end;
      store.EntryRange(source[i], begin, end);
      std::memcpy(out + width * first[i], in + width * begin, width * (end - begin));
    }
  });
  return bytes;
}

template std::vector<uint8_t> LayOutFiniteHorizonStore(const FiniteHorizonStoreHeader&,
                                                       const std::vector<uint32_t>&,
                                                       const uint32_t*, std::vector<uint64_t>&,
                                                       ThreadPool*);
template std::vector<uint8_t> LayOutFiniteHorizonStore(const FiniteHorizonStoreHeader&,
                                                       const std::vector<uint32_t>&,
                                                       const uint32_t*,
                                                       internal::HugePageVector<uint64_t>&,
                                                       ThreadPool*);

}  // namespace retro
