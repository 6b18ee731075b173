// The changes of each state's outer term over the layers of one slice of
// the finite-horizon solver (retro/solver/finite_horizon_slice.h): a
// state's outer term is the best of its moves into smaller, solved slices,
// reward - V_{t-1}(child), and changes only at the few layers after a
// capture child changes. The solver merges each state's children's change
// lists once, before the layers, and keeps the result here, so that its
// layers never read the smaller slices.
//
// The states are split into parts (one a thread while building); the
// events of layer t and part p are one segment of bytes, each event the
// gap from the state before it (the part's first state for the first) and
// the zigzagged term, as LEB128 varints: about 2 bytes an event.
//
//   OuterTermEvents events;
//   events.Build(states, horizon, parts, pool, [&](uint64_t part, auto&& emit) {
//     emit(state, t, term);  // each later layer t at which a term changes
//   }, [&] { /* the merged inputs may be freed */ });
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
  // Builds the events of `states` states (0..states-1) for layers up to
  // `horizon`, split into `parts` parts (at least 1) built on `pool`:
  // each_state(part, emit) calls emit(state, t, term) for each change of
  // a state's term, layers increasing, for the states with an outer term
  // of part [Begin(part), Begin(part + 1)), in order; it is called once
  // a part. Then `merged()` is called (the caller may free what
  // each_state read) and the events are sorted into their layers' segments.
  template <typename EachState, typename Merged>
  void Build(uint64_t states, uint32_t horizon, uint64_t parts, ThreadPool& pool,
             EachState&& each_state, Merged&& merged) {
    states_ = states;
    parts_ = std::max<uint64_t>(parts, 1);
    const uint64_t layers = static_cast<uint64_t>(horizon) + 2;
    // 1. Each part's events as found (state order): the gap from the
    //    part's event before, the layer and the zigzagged term, as varints;
    //    and the bytes of each of its segments (at[p][t]).
    std::vector<std::vector<uint8_t>> found(parts_);
    std::vector<std::vector<uint64_t>> at(parts_, std::vector<uint64_t>(layers, 0));
    pool.ParallelFor(0, parts_, 1, [&](int, uint64_t p, uint64_t) {
      std::vector<uint64_t> last(layers, Begin(p));
      uint64_t previous = Begin(p);
      each_state(p, [&](uint64_t state, uint32_t t, int term) {
        uint8_t event[3 * kMaxVarintBytes];
        uint8_t* end = PutVarint(event, state - previous);
        end = PutVarint(end, t);
        end = PutVarint(end, ZigZag(term));
        found[p].insert(found[p].end(), event, end);
        previous = state;
        at[p][t] += VarintBytes(state - last[t]) + VarintBytes(ZigZag(term));
        last[t] = state;
      });
    });
    merged();
    // 2. Where each segment begins.
    begin_.assign(layers * parts_ + 1, 0);
    uint64_t sum = 0;
    for (uint64_t t = 0; t < layers; ++t) {
      for (uint64_t p = 0; p < parts_; ++p) {
        begin_[t * parts_ + p] = sum;
        sum += std::exchange(at[p][t], sum);
      }
    }
    begin_.back() = sum;
    bytes_.resize(sum);
    // 3. Each part's events put into their segments.
    pool.ParallelFor(0, parts_, 1, [&](int, uint64_t p, uint64_t) {
      std::vector<uint64_t> last(layers, Begin(p));
      const uint8_t* in = found[p].data();
      const uint8_t* const end = in + found[p].size();
      for (uint64_t state = Begin(p); in < end;) {
        state += GetVarint(in);
        const uint64_t t = GetVarint(in);
        const uint64_t term = GetVarint(in);
        uint8_t* out = PutVarint(bytes_.data() + at[p][t], state - last[t]);
        at[p][t] = PutVarint(out, term) - bytes_.data();
        last[t] = state;
      }
      std::vector<uint8_t>().swap(found[p]);
    });
  }

  // The first state of part p (p = parts: the end).
  uint64_t Begin(uint64_t p) const { return states_ * p / parts_; }

  // Calls f(state, term) for each state whose term changes at layer t, in
  // state order.
  template <typename F>
  void ForEach(uint32_t t, F&& f) const {
    if ((static_cast<uint64_t>(t) + 1) * parts_ >= begin_.size()) return;
    for (uint64_t p = 0; p < parts_; ++p) {
      const uint8_t* in = bytes_.data() + begin_[t * parts_ + p];
      const uint8_t* const end = bytes_.data() + begin_[t * parts_ + p + 1];
      uint64_t state = Begin(p);
      while (in < end) {
        state += GetVarint(in);
        const uint64_t zigzag = GetVarint(in);
        f(state, static_cast<int>(static_cast<int64_t>(zigzag >> 1) ^
                                  -static_cast<int64_t>(zigzag & 1)));
      }
    }
  }

  // True when some term changes after layer t.
  bool PendingAfter(uint32_t t) const {
    const uint64_t first = (static_cast<uint64_t>(t) + 1) * parts_;
    return first < begin_.size() && begin_[first] != begin_.back();
  }

  // Frees the events.
  void Clear() {
    std::vector<uint64_t>().swap(begin_);
    std::vector<uint8_t>().swap(bytes_);
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

  uint64_t states_ = 0;
  uint64_t parts_ = 1;
  // The segment of layer t and part p is bytes_[begin_[t * parts_ + p] ..
  // begin_[t * parts_ + p + 1]).
  std::vector<uint64_t> begin_;
  std::vector<uint8_t> bytes_;
};

}  // namespace retro::solver::internal

#endif  // RETRO_SOLVER_OUTER_TERM_EVENTS_H_
