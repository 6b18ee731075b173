// The seed document's oware book generator, implemented as fast as its method
// allows: the baseline every ratio in docs/benchmarks.md is taken against.
//
// The method, as the seed describes it:
//  - every board of 0..N seeds in one dense array, indexed by the seed's
//    lexicographic index function (the stateCounts walk over houses 0..10,
//    house 11 implied, plus the first index of the board's seed count);
//  - one int8 per board per ply layer, every computed layer kept (the seed's
//    book is ~300k boards x 200 layers of int8);
//  - layer t computed from layer t - 1 by one sweep over every board, the
//    maximum over its legal moves of capture - V_{t-1}(child). The moves
//    are sown and their children ranked once, before the first sweep, and
//    kept (Moves::kCached, the default: 0.2 s for 9 seeds here), or sown and
//    ranked again at every layer (Moves::kRecomputed: 1.8 s; the seed
//    document does not say which its generator does, and reports 0.5 s);
//  - an early stop at the first layer equal to the one before: later layers
//    would repeat it (for N = 9, V_146 = V_145).
//
// What makes it fast without changing the method: the board in two machine
// words, so that a sowing is one addition of a precomputed pattern (what
// sowing n seeds from house h adds to every house) and no house goes through
// memory; only the non-empty houses visited; the child ranked straight from
// the unflipped board; the index table flattened (32-bit entries, each seed
// count's first index folded into house 0's entries); a child's seed count
// taken from its parent's minus the capture; the layers allocated once and
// never zeroed; the early-stop test folded into the sweep. Single threaded,
// like the seed.
#ifndef BENCHMARKS_OWARE_SEED_BASELINE_H_
#define BENCHMARKS_OWARE_SEED_BASELINE_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "games/oware/board.h"
#include "games/oware/rules.h"

namespace retro::oware::baseline {

class SeedBook {
 public:
  // The most seeds a book may cover (its index fits 32 bits; the dense
  // layers of a larger book would not fit memory anyway).
  static constexpr int kMaxSeeds = 24;

  // How a sweep finds each board's moves: kRecomputed sows every move and
  // ranks every child again at every layer; kCached does that once, before
  // the first sweep, and keeps each board's (child index, capture) list
  // (8 bytes a move, 5 a board: 7.4 MB for 9 seeds).
  enum class Moves { kRecomputed, kCached };

  // Builds the dense book of every board with 0..seeds seeds (seeds <=
  // kMaxSeeds) for t = 0..rules.turn_limit, stopping early at the fixed
  // point.
  SeedBook(int seeds, const Rules& rules, Moves moves = Moves::kCached);

  // V_t(board), for 0 <= t <= the turn limit and TotalSeeds(board) <= seeds.
  int Value(const Board& board, int t) const {
    const int layer = t < stored_layers_ ? t : stored_layers_ - 1;
    return values_[static_cast<uint64_t>(layer) * boards_ + Index(board)];
  }

  // The seed's global index of `board`: the first index of its seed count
  // plus its lexicographic rank among the boards with that many seeds.
  uint64_t Index(const Board& board) const { return Index(board, TotalSeeds(board)); }

  // Boards of 0..seeds seeds.
  uint64_t boards() const { return boards_; }
  // Boards with exactly n seeds, 0 <= n <= seeds.
  uint64_t BoardsWithSeeds(int n) const { return first_[n + 1] - first_[n]; }
  // Layers computed and stored: t = 0..stored_layers() - 1. When it is at
  // most the turn limit, layer stored_layers() - 1 equals the one before it
  // and every later layer equals it.
  int stored_layers() const { return stored_layers_; }
  // Bytes of value layers held.
  uint64_t bytes() const { return static_cast<uint64_t>(stored_layers_) * boards_; }

 private:
  template <GrandSlam kGrandSlam>
  void Solve(AtLimit at_limit, int turn_limit, Moves moves);
  // Calls each(captured, child index, grand slam) for every legal move of
  // `board`, which holds n seeds (grand slam: a kForcedOnly grand slam, legal
  // only if no other move is).
  template <GrandSlam kGrandSlam, typename F>
  void ForEachMove(const Board& board, int n, F&& each) const;
  // Computes layer t into `current` from `previous`; true if any value
  // differs from `previous`. Sweep generates the moves, SweepCached reads
  // the lists CacheMoves made.
  template <GrandSlam kGrandSlam>
  bool Sweep(const int8_t* previous, int8_t* current) const;
  template <GrandSlam kGrandSlam>
  void CacheMoves();
  bool SweepCached(const int8_t* previous, int8_t* current) const;
  // Index of a board known to hold `seeds` seeds.
  uint64_t Index(const Board& board, int seeds) const {
    uint64_t index = 0;
    int left = seeds;
    for (int house = 0; house < kHouses - 1; ++house) {
      const int here = board.houses[house];
      index += counts_[(house * kStride + left) * kStride + here];
      left -= here;
    }
    return index;
  }

  // A board in two words, byte k of lo = house k (0..7), byte k of hi =
  // house 8 + k: sowing is one addition, and no house goes through memory.
  struct Words {
    uint64_t lo = 0;
    uint64_t hi = 0;
    int At(int house) const {
      return static_cast<int>(
          (house < 8 ? lo >> (8 * house) : hi >> (8 * (house - 8))) & 0xFF);
    }
    void Clear(int house) {
      if (house < 8) {
        lo &= ~(uint64_t{0xFF} << (8 * house));
      } else {
        hi &= ~(uint64_t{0xFF} << (8 * (house - 8)));
      }
    }
  };

  // Index of the flip of `board` (the child as its mover sees it: houses
  // 6..11 first), which holds `seeds` seeds.
  uint32_t ChildIndex(const Words& board, int seeds) const {
    uint32_t index = 0;
    int left = seeds;
    for (int k = 0; k < kHouses - 1; ++k) {
      const int here = board.At(k < kHousesPerSide ? k + kHousesPerSide : k - kHousesPerSide);
      index += counts_[(k * kStride + left) * kStride + here];
      left -= here;
    }
    return index;
  }

  // The effect of sowing `sown` seeds from one house: what it adds to every
  // house, the house of the last seed, the seeds that reach the opponent.
  struct Sowing {
    Words add;
    int last = 0;
    int to_opponent = 0;
  };

  // Row length of counts_: more than the most seeds a board may hold here.
  static constexpr int kStride = 32;

  int seeds_;
  uint64_t boards_ = 0;
  std::vector<uint64_t> first_;       // first global index of each seed count
  // counts_[house][left][seeds]: the seed's stateCounts, distributions of
  // `left` seeds over houses house..11 with fewer than `seeds` in `house`
  // (plus, at house 0, the first index of the seed count `left`).
  std::vector<uint32_t> counts_;
  std::vector<Sowing> sowings_;  // [house][sown]
  std::vector<Board> boards_by_index_;
  // Moves::kCached: board i's moves are moves_[move_begin_[i] ..
  // move_begin_[i + 1]), its value without a move terminal_[i].
  struct CachedMove {
    uint32_t child;
    int8_t captured;
  };
  std::vector<CachedMove> moves_;
  std::vector<uint32_t> move_begin_;
  std::vector<int8_t> terminal_;
  int stored_layers_ = 0;
  std::unique_ptr<int8_t[]> values_;  // [t * boards_ + index]
};

}  // namespace retro::oware::baseline

#endif  // BENCHMARKS_OWARE_SEED_BASELINE_H_
