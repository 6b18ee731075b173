// The changes of each state's outer term over the layers of one slice of
// the finite-horizon solver (retro/solver/finite_horizon_slice.h): a
// state's outer term is the best of its moves into smaller, solved slices,
// reward - V_{t-1}(child), and changes only at the few layers after a
// capture child changes. The solver merges each state's children's change
// lists once, before the layers, and keeps the result here, so that its
// layers never read the smaller slices.
//
// The states are split into parts of kPartStates states, each built on its
// own (by one thread of the pool) and kept as its own bytes: the events of
// part p, layer by layer, each event the gap from the part's event before
// it in that layer (the part's first state for the first) and the
// zigzagged term, as LEB128 varints (about 2 bytes an event), with where
// each layer's events begin. A part's events are merged once, kept as
// found, then sorted into its layers: the only bytes beyond the result are
// one part's.
//
//   OuterTermEvents events;
//   events.Build(states, horizon, pool, [&](uint64_t begin, uint64_t end, auto&& emit) {
//     emit(state, t, term);  // each later layer t at which a term changes
//   });
//   events.ForEach(t, [&](uint64_t state, int term) { ... });
#ifndef RETRO_SOLVER_OUTER_TERM_EVENTS_H_
#define RETRO_SOLVER_OUTER_TERM_EVENTS_H_

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "retro/thread_pool.h"

namespace retro::solver::internal {

class OuterTermEvents {
 public:
  // States a part holds.
  static constexpr uint64_t kPartStates = uint64_t{1} << 16;

  // Builds the events of `states` states (0..states-1) for layers up to
  // `horizon`, the parts on `pool`: each_state(begin, end, emit) calls
  // emit(state, t, term) for each change of a state's term, layers
  // increasing, for the states of [begin, end) with an outer term, in
  // order; it is called once a part.
  template <typename EachState>
  void Build(uint64_t states, uint32_t horizon, ThreadPool& pool, EachState&& each_state) {
    const uint64_t layers = static_cast<uint64_t>(horizon) + 2;
    parts_.assign((states + kPartStates - 1) / kPartStates, Part());
    pool.ParallelFor(0, parts_.size(), 1, [&](int, uint64_t p_begin, uint64_t p_end) {
      // The part's events as found (state order): the gap from its event
      // before, the layer and the zigzagged term; and each layer's bytes.
      std::vector<uint8_t> found;
      std::vector<uint64_t> at(layers + 1);
      std::vector<uint64_t> previous_of_layer(layers);
      for (uint64_t p = p_begin; p < p_end; ++p) {
        const uint64_t first = p * kPartStates;
        found.clear();
        std::fill(at.begin(), at.end(), 0);
        std::fill(previous_of_layer.begin(), previous_of_layer.end(), first);
        uint64_t previous = first;
        each_state(first, std::min(states, first + kPartStates),
                   [&](uint64_t state, uint32_t t, int term) {
                     uint8_t event[3 * kMaxVarintBytes];
                     uint8_t* end = PutVarint(event, state - previous);
                     end = PutVarint(end, t);
                     end = PutVarint(end, ZigZag(term));
                     found.insert(found.end(), event, end);
                     previous = state;
                     at[t + 1] += VarintBytes(state - previous_of_layer[t]) +
                                  VarintBytes(ZigZag(term));
                     previous_of_layer[t] = state;
                   });
        // Where each layer's events begin, then the events put there.
        Part& part = parts_[p];
        for (uint64_t t = 0; t < layers; ++t) at[t + 1] += at[t];
        part.begin.assign(at.begin(), at.end());
        part.bytes.resize(at[layers]);
        std::fill(previous_of_layer.begin(), previous_of_layer.end(), first);
        const uint8_t* in = found.data();
        const uint8_t* const in_end = in + found.size();
        for (uint64_t state = first; in < in_end;) {
          state += GetVarint(in);
          const uint64_t t = GetVarint(in);
          const uint64_t term = GetVarint(in);
          uint8_t* out = PutVarint(part.bytes.data() + at[t], state - previous_of_layer[t]);
          at[t] = PutVarint(out, term) - part.bytes.data();
          previous_of_layer[t] = state;
        }
      }
    });
    // The last layer with an event in any part.
    last_layer_ = 0;
    for (const Part& part : parts_) {
      for (uint64_t t = layers - 1; t > last_layer_; --t) {
        if (part.begin[t + 1] != part.begin[t]) {
          last_layer_ = static_cast<uint32_t>(t);
          break;
        }
      }
    }
  }

  // Calls f(state, term) for each state whose term changes at layer t, in
  // state order.
  template <typename F>
  void ForEach(uint32_t t, F&& f) const {
    if (t > last_layer_) return;
    for (uint64_t p = 0; p < parts_.size(); ++p) {
      const Part& part = parts_[p];
      const uint8_t* in = part.bytes.data() + part.begin[t];
      const uint8_t* const end = part.bytes.data() + part.begin[t + 1];
      uint64_t state = p * kPartStates;
      while (in < end) {
        state += GetVarint(in);
        const uint64_t zigzag = GetVarint(in);
        f(state, static_cast<int>(static_cast<int64_t>(zigzag >> 1) ^
                                  -static_cast<int64_t>(zigzag & 1)));
      }
    }
  }

  // True when some term changes after layer t.
  bool PendingAfter(uint32_t t) const { return last_layer_ > t; }

  // Frees the events.
  void Clear() {
    std::vector<Part>().swap(parts_);
    last_layer_ = 0;
  }

 private:
  static uint8_t* PutVarint(uint8_t* out, uint64_t v) {
    while (v >= 0x80) {
      *out++ = static_cast<uint8_t>(v | 0x80);
      v >>= 7;
    }
    *out++ = static_cast<uint8_t>(v);
    return out;
  }
  static uint64_t GetVarint(const uint8_t*& in) {
    uint64_t v = 0;
    for (int shift = 0;; shift += 7) {
      const uint8_t byte = *in++;
      v |= uint64_t{byte & 0x7Fu} << shift;
      if ((byte & 0x80) == 0) return v;
    }
  }
  static constexpr int kMaxVarintBytes = 10;
  static uint64_t VarintBytes(uint64_t v) {
    uint64_t bytes = 1;
    for (; v >= 0x80; v >>= 7) ++bytes;
    return bytes;
  }
  static uint64_t ZigZag(int v) {
    return (static_cast<uint64_t>(static_cast<int64_t>(v)) << 1) ^
           static_cast<uint64_t>(static_cast<int64_t>(v) >> 63);
  }

  // One part's events: layer t's are bytes[begin[t] .. begin[t + 1]).
  struct Part {
    std::vector<uint64_t> begin;
    std::vector<uint8_t> bytes;
  };

  std::vector<Part> parts_;
  uint32_t last_layer_ = 0;  // the last layer with an event (0: none)
};

}  // namespace retro::solver::internal

#endif  // RETRO_SOLVER_OUTER_TERM_EVENTS_H_
