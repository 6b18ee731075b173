// The change-driven method at its minimum (oware_change_floor.h).
#include "benchmarks/oware_change_floor.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <vector>

#include "games/oware/movegen.h"

namespace retro::oware::floor {
namespace {

using Clock = std::chrono::steady_clock;

double MillisecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// A state that changed at the layer before: its index, V_{t-2}, V_{t-1}.
struct Change {
  uint32_t state;
  int8_t old_value;
  int8_t new_value;
};

}  // namespace

ChangeFloor::ChangeFloor(int seeds, const Rules& rules)
    : seeds_(std::clamp(seeds, 0, kMaxSeeds)), indexer_(seeds_) {
  first_.assign(seeds_ + 2, 0);
  for (int n = 0; n <= seeds_; ++n) {
    first_[n + 1] = first_[n] + static_cast<uint32_t>(indexer_.Size(n));
  }
  switch (rules.grand_slam) {
    case GrandSlam::kForfeit:
      Solve<GrandSlam::kForfeit>(rules);
      break;
    case GrandSlam::kCapture:
      Solve<GrandSlam::kCapture>(rules);
      break;
    case GrandSlam::kForcedOnly:
      Solve<GrandSlam::kForcedOnly>(rules);
      break;
  }
}

template <GrandSlam kGrandSlam>
void ChangeFloor::Solve(const Rules& rules) {
  const uint32_t size = first_.back();
  // Expanding: each board's moves as (child, capture), in CSR form.
  Clock::time_point start = Clock::now();
  std::vector<uint32_t> move_begin(size + 1);
  std::vector<uint32_t> move_child;
  std::vector<int8_t> move_reward;
  move_child.reserve(4 * uint64_t{size});
  move_reward.reserve(4 * uint64_t{size});
  std::vector<int8_t> terminal(size);
  std::vector<int8_t> value(size);  // V_{t-1} while layer t is evaluated
  Move moves[kMaxMoves];
  for (int n = 0; n <= seeds_; ++n) {
    const uint32_t count = first_[n + 1] - first_[n];
    Board board = indexer_.Unrank(n, 0);
    for (uint32_t rank = 0;; board = ColexIndexer::Successor(board)) {
      const uint32_t s = first_[n] + rank;
      move_begin[s] = static_cast<uint32_t>(move_child.size());
      value[s] = static_cast<int8_t>(LimitValue(board, rules.at_limit));
      terminal[s] = static_cast<int8_t>(TerminalValue(board));
      const int legal = GenerateMoves<kGrandSlam>(board, moves);
      for (int m = 0; m < legal; ++m) {
        move_child.push_back(first_[n - moves[m].captured] +
                             static_cast<uint32_t>(indexer_.Rank(moves[m].child)));
        move_reward.push_back(static_cast<int8_t>(moves[m].captured));
      }
      if (++rank == count) break;
    }
  }
  move_begin[size] = static_cast<uint32_t>(move_child.size());
  edges_ = move_child.size();
  times_.expanding_ms = MillisecondsSince(start);

  // The parents of each state, with the reward of the move from them.
  start = Clock::now();
  std::vector<uint32_t> parent_begin(size + 2, 0);
  for (const uint32_t child : move_child) ++parent_begin[child + 2];
  for (uint32_t s = 0; s < size; ++s) parent_begin[s + 2] += parent_begin[s + 1];
  std::vector<uint32_t> parent(edges_);
  std::vector<int8_t> parent_reward(edges_);
  for (uint32_t s = 0; s < size; ++s) {
    for (uint32_t e = move_begin[s]; e < move_begin[s + 1]; ++e) {
      const uint32_t at = parent_begin[move_child[e] + 1]++;
      parent[at] = s;
      parent_reward[at] = move_reward[e];
    }
  }
  times_.reverse_ms = MillisecondsSince(start);

  // Layer 0 is the limit values; then layer t = 1..T.
  std::vector<uint32_t> layer_end;
  for (uint32_t s = 0; s < size; ++s) {
    if (value[s] != 0) {
      log_states_.push_back(s);
      log_values_.push_back(value[s]);
    }
  }
  layer_end.push_back(static_cast<uint32_t>(log_states_.size()));
  std::vector<uint64_t> dirty((size + 63) / 64, 0);
  std::vector<Change> previous, current;
  for (int t = 1; t <= rules.turn_limit; ++t) {
    start = Clock::now();
    if (t == 1) {
      std::fill(dirty.begin(), dirty.end(), ~uint64_t{0});
      if (size % 64 != 0) dirty.back() = (uint64_t{1} << (size % 64)) - 1;
    } else {
      for (const Change& c : previous) {
        for (uint32_t p = parent_begin[c.state]; p < parent_begin[c.state + 1]; ++p) {
          const uint32_t q = parent[p];
          const int now = value[q];
          const int old_term = parent_reward[p] - c.old_value;
          const int new_term = parent_reward[p] - c.new_value;
          // Without a branch: which way it goes is a coin toss.
          const uint64_t mark =
              static_cast<uint64_t>((new_term > now) | ((old_term == now) & (new_term < old_term)));
          dirty[q >> 6] |= mark << (q & 63);
        }
      }
    }
    times_.marking_ms += MillisecondsSince(start);
    start = Clock::now();
    current.clear();
    for (uint64_t w = 0; w < dirty.size(); ++w) {
      uint64_t bits = dirty[w];
      if (bits == 0) continue;
      dirty[w] = 0;
      evaluations_ += std::popcount(bits);
      for (; bits != 0; bits &= bits - 1) {
        const uint32_t s = static_cast<uint32_t>(64 * w + std::countr_zero(bits));
        int best = terminal[s];
        if (move_begin[s] != move_begin[s + 1]) {
          best = -128;
          for (uint32_t e = move_begin[s]; e < move_begin[s + 1]; ++e) {
            best = std::max(best, move_reward[e] - value[move_child[e]]);
          }
        }
        if (best != value[s]) {
          current.push_back({s, value[s], static_cast<int8_t>(best)});
        }
      }
    }
    for (const Change& c : current) {
      value[c.state] = c.new_value;
      log_states_.push_back(c.state);
      log_values_.push_back(c.new_value);
    }
    layer_end.push_back(static_cast<uint32_t>(log_states_.size()));
    times_.evaluating_ms += MillisecondsSince(start);
    if (current.empty()) break;
    last_change_ = t;
    std::swap(previous, current);
  }
  BuildLists(layer_end);
}

void ChangeFloor::BuildLists(const std::vector<uint32_t>& layer_end) {
  const uint32_t size = first_.back();
  by_state_begin_.assign(size + 2, 0);
  for (const uint32_t s : log_states_) ++by_state_begin_[s + 2];
  for (uint32_t s = 0; s < size; ++s) by_state_begin_[s + 2] += by_state_begin_[s + 1];
  by_state_layers_.resize(log_states_.size());
  by_state_values_.resize(log_states_.size());
  uint32_t i = 0;
  for (size_t layer = 0; layer < layer_end.size(); ++layer) {
    for (; i < layer_end[layer]; ++i) {
      const uint32_t at = by_state_begin_[log_states_[i] + 1]++;
      by_state_layers_[at] = static_cast<uint16_t>(layer);
      by_state_values_[at] = log_values_[i];
    }
  }
  by_state_begin_.pop_back();
}

int ChangeFloor::Value(const Board& board, int t) const {
  const uint32_t s = first_[TotalSeeds(board)] + static_cast<uint32_t>(indexer_.Rank(board));
  int value = 0;
  for (uint32_t i = by_state_begin_[s]; i < by_state_begin_[s + 1] && by_state_layers_[i] <= t;
       ++i) {
    value = by_state_values_[i];
  }
  return value;
}

uint64_t ChangeFloor::ChangesWithSeeds(int n) const {
  return by_state_begin_[first_[n + 1]] - by_state_begin_[first_[n]];
}

}  // namespace retro::oware::floor
