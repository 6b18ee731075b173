// The writers of the fixed-width and byte-coded finite-horizon stores
// (retro/format/finite_horizon/store.h): the block table and starts of a
// store laid out from counts of units per state, and copies of a store
// with its states selected or renumbered.
#ifndef RETRO_FORMAT_FINITE_HORIZON_WRITE_STORE_WRITER_H_
#define RETRO_FORMAT_FINITE_HORIZON_WRITE_STORE_WRITER_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <span>
#include <vector>

#include "retro/format/finite_horizon/store.h"
#include "retro/internal/huge_pages.h"
#include "retro/internal/parallel_prefault.h"
#include "retro/thread_pool.h"

namespace retro {

// The widest block shift, 6 down to 0, at which every block of 2^shift
// consecutive states of `counts` (entries per state, counts[0] the first
// state of a 64-state block) holds fewer than 65,536 entries, so that the
// starts relative to their block fit in 16 bits; 0 when none does (a single
// state's entries are bounded by the horizon). Narrower blocks keep fitting,
// so the shift of several ranges laid out as one store is their smallest.
uint32_t WidestFiniteHorizonBlockShift(std::span<const uint32_t> counts);

// Lays out a store with counts[s] units (entries, or coded bytes) for state
// s: returns its bytes with the header (from `fields`: entry_bytes, entries,
// horizon, last_change, evaluations; the rest is filled in), the block
// table and the starts written, the code table copied from `codes` (coded
// stores), the units zeroed, and sets first_unit[s] to the first unit of
// state s (a std::vector<uint64_t>, or another vector of them). Blocks
// shrink below 64 states where needed so that relative starts fit in 16
// bits. Given a `pool`, the store's pages are faulted in on its threads
// first (retro/internal/parallel_prefault.h).
template <typename Offsets>
std::vector<uint8_t> LayOutFiniteHorizonStore(const FiniteHorizonStoreHeader& fields,
                                              const std::vector<uint32_t>& counts,
                                              const uint32_t* codes, Offsets& first_unit,
                                              ThreadPool* pool = nullptr) {
  const uint64_t states = counts.size();
  const uint32_t shift = WidestFiniteHorizonBlockShift(counts);
  uint64_t units = 0;
  for (const uint32_t c : counts) units += c;
  FiniteHorizonStoreHeader header = fields;
  header.magic = kFiniteHorizonStoreMagic;
  header.states = states;
  header.block_shift = shift;
  const bool coded = header.entry_bytes == kFiniteHorizonCodedEntries;
  header.coded_bytes = coded ? units : 0;
  if (!coded) header.entries = units;
  const auto sections = FiniteHorizonStoreView::Layout(states, shift, units, header.entry_bytes);
  std::vector<uint8_t> bytes;
  retro::internal::AssignPrefaulted(bytes, sections.total, uint8_t{0}, pool);
  std::memcpy(bytes.data(), &header, sizeof(header));
  if (coded && codes != nullptr) std::memcpy(bytes.data() + sections.codes, codes, 4 * 256);
  auto* blocks = reinterpret_cast<uint64_t*>(bytes.data() + sections.blocks);
  auto* starts = reinterpret_cast<uint16_t*>(bytes.data() + sections.starts);
  first_unit.resize(states);
  uint64_t at = 0;
  for (uint64_t s = 0; s < states; ++s) {
    if (s % (uint64_t{1} << shift) == 0) blocks[s >> shift] = at;
    starts[s] = static_cast<uint16_t>(at - blocks[s >> shift]);
    first_unit[s] = at;
    at += counts[s];
  }
  blocks[FiniteHorizonStoreView::BlockCount(states, shift)] = units;
  return bytes;
}

// The instantiations the framework compiles once
// (src/format/finite_horizon/write/store_writer.cc).
extern template std::vector<uint8_t> LayOutFiniteHorizonStore(const FiniteHorizonStoreHeader&,
                                                              const std::vector<uint32_t>&,
                                                              const uint32_t*,
                                                              std::vector<uint64_t>&, ThreadPool*);
extern template std::vector<uint8_t> LayOutFiniteHorizonStore(const FiniteHorizonStoreHeader&,
                                                              const std::vector<uint32_t>&,
                                                              const uint32_t*,
                                                              internal::HugePageVector<uint64_t>&,
                                                              ThreadPool*);

// A store of `states` states of the fixed-width or byte-coded `store`:
// state i of the result is state old_index(i) of `store`, its units moved
// whole (a coded state's bytes depend on nothing but its own changes and
// the code table, which is kept). Used to renumber a store (PermuteStore,
// bit_coder.h) and to take one rank's range of it (whose
// header keeps the store's horizon and last change, with its own states
// and changes and no evaluation count).
std::vector<uint8_t> SelectUnits(const FiniteHorizonStoreView& store, uint64_t states,
                                 const std::function<uint64_t(uint64_t)>& old_index,
                                 ThreadPool& pool);

}  // namespace retro

#endif  // RETRO_FORMAT_FINITE_HORIZON_WRITE_STORE_WRITER_H_
