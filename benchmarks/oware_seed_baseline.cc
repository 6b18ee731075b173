// The seed-method baseline (see oware_seed_baseline.h): the index table, the
// boards in index order, and the layer sweeps with the early stop.
#include "benchmarks/oware_seed_baseline.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>

#include "games/oware/movegen.h"
#include "retro/combinatorics.h"

namespace retro::oware::baseline {
namespace {

// Appends every board of `left` more seeds over houses house..11 (houses
// 0..house-1 as in `board`) in the seed's lexicographic order: fewest seeds
// in the lowest house first, house 11 taking what is left.
void AppendInOrder(Board& board, int house, int left, std::vector<Board>& out) {
  if (house == kHouses - 1) {
    board.houses[house] = static_cast<uint8_t>(left);
    out.push_back(board);
    return;
  }
  for (int here = 0; here <= left; ++here) {
    board.houses[house] = static_cast<uint8_t>(here);
    AppendInOrder(board, house + 1, left - here, out);
  }
}

}  // namespace

SeedBook::SeedBook(int seeds, const Rules& rules, Moves moves) : seeds_(seeds) {
  assert(seeds >= 0 && seeds <= kMaxSeeds && rules.turn_limit >= 1);
  for (int n = 0; n <= seeds; ++n) {
    first_.push_back(boards_);
    boards_ += CompositionCount(n, kHouses);
  }
  first_.push_back(boards_);
  counts_.assign(static_cast<size_t>(kHouses - 1) * kStride * kStride, 0);
  for (int house = 0; house < kHouses - 1; ++house) {
    for (int left = 0; left <= seeds; ++left) {
      uint32_t before = static_cast<uint32_t>(house == 0 ? first_[left] : 0);
      for (int here = 0; here <= left; ++here) {
        counts_[(house * kStride + left) * kStride + here] = before;
        before += static_cast<uint32_t>(CompositionCount(left - here, kHouses - 1 - house));
      }
    }
  }
  // Sowing n seeds from house h gives every other house n / 11 seeds and the
  // n % 11 houses after h one more.
  sowings_.assign(static_cast<size_t>(kHousesPerSide) * kStride, Sowing{});
  for (int house = 0; house < kHousesPerSide; ++house) {
    for (int sown = 1; sown <= seeds; ++sown) {
      Sowing& sowing = sowings_[house * kStride + sown];
      int at = house;
      for (int k = 0; k < sown; ++k) {
        at = (at + 1) % kHouses;
        if (at == house) at = (at + 1) % kHouses;
        if (at < 8) {
          sowing.add.lo += uint64_t{1} << (8 * at);
        } else {
          sowing.add.hi += uint64_t{1} << (8 * (at - 8));
        }
        sowing.to_opponent += at >= kHousesPerSide;
      }
      sowing.last = at;
    }
  }
  boards_by_index_.reserve(boards_);
  for (int n = 0; n <= seeds; ++n) {
    Board board;
    AppendInOrder(board, 0, n, boards_by_index_);
  }
  switch (rules.grand_slam) {
    case GrandSlam::kCapture:
      Solve<GrandSlam::kCapture>(rules.at_limit, rules.turn_limit, moves);
      break;
    case GrandSlam::kForcedOnly:
      Solve<GrandSlam::kForcedOnly>(rules.at_limit, rules.turn_limit, moves);
      break;
    case GrandSlam::kForfeit:
    default:
      Solve<GrandSlam::kForfeit>(rules.at_limit, rules.turn_limit, moves);
      break;
  }
}

template <GrandSlam kGrandSlam>
void SeedBook::Solve(AtLimit at_limit, int turn_limit, Moves moves) {
  if (moves == Moves::kCached) CacheMoves<kGrandSlam>();
  // Room for every layer; only the layers written are ever touched.
  values_.reset(new int8_t[static_cast<uint64_t>(turn_limit + 1) * boards_]);
  for (uint64_t i = 0; i < boards_; ++i) {
    values_[i] = static_cast<int8_t>(LimitValue(boards_by_index_[i], at_limit));
  }
  stored_layers_ = 1;
  for (int t = 1; t <= turn_limit; ++t) {
    int8_t* current = values_.get() + static_cast<uint64_t>(t) * boards_;
    const bool changed = moves == Moves::kCached
                             ? SweepCached(current - boards_, current)
                             : Sweep<kGrandSlam>(current - boards_, current);
    stored_layers_ = t + 1;
    if (!changed) break;  // V_t = V_{t-1}: every later layer repeats it.
  }
}

template <GrandSlam kGrandSlam, typename F>
void SeedBook::ForEachMove(const Board& board, int n, F&& each) const {
  constexpr uint64_t kLow7 = 0x7F7F7F7F7F7F7F7FULL;
  Words words;
  std::memcpy(&words.lo, board.houses.data(), 8);
  uint32_t hi32;
  std::memcpy(&hi32, board.houses.data() + 8, 4);
  words.hi = hi32;
  const uint64_t own = words.lo & internal::kRowMask;
  const int opponent = n - internal::ByteSum(own);
  // Bit 8h + 7 set for each non-empty house h of the mover.
  for (uint64_t todo = (((own & kLow7) + kLow7) | own) & 0x0000808080808080ULL; todo != 0;
       todo &= todo - 1) {
    const int house = std::countr_zero(todo) >> 3;
    const Sowing& sowing = sowings_[house * kStride + ((own >> (8 * house)) & 0xFF)];
    // Sow: the origin emptied, every other house given its seeds.
    Words child{(words.lo & ~(uint64_t{0xFF} << (8 * house))) + sowing.add.lo,
                words.hi + sowing.add.hi};
    const int opponent_sown = opponent + sowing.to_opponent;
    // The capture run backwards from the last seed.
    int run = 0, stop = sowing.last;
    while (stop >= kHousesPerSide && (child.At(stop) & ~1) == 2) run += child.At(stop--);
    const bool slam = run != 0 && run == opponent_sown;
    int captured = run;
    if (slam && kGrandSlam == GrandSlam::kForfeit) captured = 0;
    // Must feed (a capture counted).
    if (opponent == 0 && opponent_sown == captured) continue;
    for (int h = stop + 1; h <= sowing.last && captured != 0; ++h) child.Clear(h);
    each(captured, ChildIndex(child, n - captured),
         kGrandSlam == GrandSlam::kForcedOnly && slam);
  }
}

template <GrandSlam kGrandSlam>
bool SeedBook::Sweep(const int8_t* previous, int8_t* current) const {
  int changed = 0;
  for (int n = 0; n <= seeds_; ++n) {
    for (uint64_t i = first_[n]; i < first_[n + 1]; ++i) {
      const Board& board = boards_by_index_[i];
      // The best move, and (kForcedOnly) the best grand slam.
      int best = -128, best_slam = -128;
      bool any = false, any_slam = false;
      ForEachMove<kGrandSlam>(board, n, [&](int captured, uint32_t child, bool slam) {
        const int value = captured - previous[child];
        if (slam) {
          best_slam = std::max(best_slam, value);
          any_slam = true;
        } else {
          best = std::max(best, value);
          any = true;
        }
      });
      if (!any) best = any_slam ? best_slam : OwnSeeds(board);
      current[i] = static_cast<int8_t>(best);
      changed |= current[i] != previous[i];
    }
  }
  return changed != 0;
}

template <GrandSlam kGrandSlam>
void SeedBook::CacheMoves() {
  move_begin_.assign(boards_ + 1, 0);
  terminal_.assign(boards_, 0);
  for (int n = 0; n <= seeds_; ++n) {
    for (uint64_t i = first_[n]; i < first_[n + 1]; ++i) {
      const Board& board = boards_by_index_[i];
      CachedMove moves[kHousesPerSide], slams[kHousesPerSide];
      int count = 0, slam_count = 0;
      ForEachMove<kGrandSlam>(board, n, [&](int captured, uint32_t child, bool slam) {
        (slam ? slams[slam_count++] : moves[count++]) =
            CachedMove{child, static_cast<int8_t>(captured)};
      });
      // kForcedOnly: grand slams are the moves only when nothing else is.
      const CachedMove* legal = count > 0 ? moves : slams;
      const int legal_count = count > 0 ? count : slam_count;
      moves_.insert(moves_.end(), legal, legal + legal_count);
      move_begin_[i + 1] = static_cast<uint32_t>(moves_.size());
      terminal_[i] = static_cast<int8_t>(OwnSeeds(board));
    }
  }
}

bool SeedBook::SweepCached(const int8_t* previous, int8_t* current) const {
  int changed = 0;
  for (uint64_t i = 0; i < boards_; ++i) {
    const uint32_t begin = move_begin_[i], end = move_begin_[i + 1];
    int best = begin == end ? terminal_[i] : -128;
    for (uint32_t m = begin; m < end; ++m) {
      best = std::max(best, moves_[m].captured - previous[moves_[m].child]);
    }
    current[i] = static_cast<int8_t>(best);
    changed |= current[i] != previous[i];
  }
  return changed != 0;
}

}  // namespace retro::oware::baseline
