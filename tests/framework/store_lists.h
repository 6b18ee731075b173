// Finite-horizon stores (retro/format/finite_horizon/store.h) as plain
// lists of changes per state, for tests: the lists of a store, and a
// fixed-width or byte-coded store (coded as the solver codes) of lists a
// test wrote or edited.
#ifndef RETRO_TESTS_FRAMEWORK_STORE_LISTS_H_
#define RETRO_TESTS_FRAMEWORK_STORE_LISTS_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "retro/format/finite_horizon/store.h"
#include "retro/format/finite_horizon/write/byte_coder.h"
#include "retro/format/finite_horizon/write/store_writer.h"

namespace retro::testing {

// One change of a state's value: V_t = value from t = layer on.
struct Change {
  uint32_t layer;
  int value;
};
using Lists = std::vector<std::vector<Change>>;

// The lists of every state of `store` (a valid one).
inline Lists ListsOf(const FiniteHorizonStoreView& store) {
  Lists lists(store.states());
  for (uint64_t s = 0; s < store.states(); ++s) {
    store.ForEachChange(s, [&](uint32_t layer, int value) {
      lists[s].push_back({layer, value});
      return true;
    });
  }
  return lists;
}

// The header fields of a store of `lists` (entries, horizon, last change).
inline FiniteHorizonStoreHeader Fields(uint32_t entry_bytes, uint32_t horizon, const Lists& lists) {
  FiniteHorizonStoreHeader fields{};
  fields.entry_bytes = entry_bytes;
  fields.horizon = horizon;
  for (const auto& list : lists) {
    fields.entries += list.size();
    if (!list.empty()) fields.last_change = std::max(fields.last_change, list.back().layer);
  }
  return fields;
}

// A fixed-width store of `lists`.
inline std::vector<uint8_t> FixedWidthStore(const Lists& lists, uint32_t horizon) {
  const uint32_t width = horizon <= 255 ? 2 : 4;
  std::vector<uint32_t> counts;
  for (const auto& list : lists) counts.push_back(static_cast<uint32_t>(list.size()));
  std::vector<uint64_t> first;
  std::vector<uint8_t> bytes =
      LayOutFiniteHorizonStore(Fields(width, horizon, lists), counts, nullptr, first);
  const auto* header = reinterpret_cast<const FiniteHorizonStoreHeader*>(bytes.data());
  uint8_t* out = bytes.data() + FiniteHorizonStoreView::Layout(lists.size(), header->block_shift,
                                                               header->entries, width).entries;
  for (size_t s = 0; s < lists.size(); ++s) {
    for (size_t i = 0; i < lists[s].size(); ++i) {
      // Entry (layer << 8 | uint8(value)) in `width` bytes, little-endian.
      const uint32_t e = (lists[s][i].layer << 8) | static_cast<uint8_t>(lists[s][i].value);
      std::memcpy(out + width * (first[s] + i), &e, width);
    }
  }
  return bytes;
}

// A byte-coded store of `lists`, coded as the solver codes.
inline std::vector<uint8_t> CodedStore(const Lists& lists, uint32_t horizon) {
  std::vector<uint64_t> step_counts(FiniteHorizonCoder::kSteps, 0);
  const auto each_step = [&](auto&& f) {
    for (size_t s = 0; s < lists.size(); ++s) {
      uint32_t layer = 0;
      int value = 0;
      for (const Change& c : lists[s]) {
        f(s, c.layer - layer, c.value - value, c.value);
        layer = c.layer;
        value = c.value;
      }
    }
  };
  each_step([&](size_t, uint32_t dl, int dv, int) {
    FiniteHorizonCoder::CountStep(step_counts, dl, dv);
  });
  const FiniteHorizonCoder coder(step_counts);
  std::vector<uint32_t> counts(lists.size(), 0);
  each_step([&](size_t s, uint32_t dl, int dv, int) { counts[s] += coder.Bytes(dl, dv); });
  std::vector<uint64_t> first;
  std::vector<uint8_t> bytes = LayOutFiniteHorizonStore(
      Fields(kFiniteHorizonCodedEntries, horizon, lists), counts, coder.codes().data(), first);
  const auto* header = reinterpret_cast<const FiniteHorizonStoreHeader*>(bytes.data());
  uint8_t* out = bytes.data() + FiniteHorizonStoreView::Layout(lists.size(), header->block_shift,
                                                               header->coded_bytes, 1).entries;
  each_step([&](size_t s, uint32_t dl, int dv, int value) {
    uint8_t* at = out + first[s];
    first[s] += coder.Write(at, dl, dv, value) - at;
  });
  return bytes;
}

// The valid store `store` with the last value of `state` replaced by
// `value` (a change at layer 0 when it has none), byte-coded again: a store
// whose checksums a container recomputes, for tests of value checks. Empty
// when `store` does not open.
inline std::vector<uint8_t> CodedStoreWithFinalValue(std::span<const uint8_t> store,
                                                     uint64_t state, int value) {
  const absl::StatusOr<FiniteHorizonStoreView> view = FiniteHorizonStoreView::Open(store);
  if (!view.ok() || state >= view->states()) return {};
  Lists lists = ListsOf(*view);
  if (lists[state].empty()) lists[state].push_back({0, value});
  lists[state].back().value = value;
  return CodedStore(lists, view->horizon());
}

}  // namespace retro::testing

#endif  // RETRO_TESTS_FRAMEWORK_STORE_LISTS_H_
