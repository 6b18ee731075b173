// The engine's transposition table: a power-of-two array of 24-byte entries,
// one per slot, always replaced. The key is the whole node state, packed
// exactly into 128 bits (board, both scores, plies left, whether the side to
// move is the evaluating player), so a hit never confuses two positions.
#ifndef GAMES_OWARE_TRANSPOSITION_TABLE_H_
#define GAMES_OWARE_TRANSPOSITION_TABLE_H_

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "games/oware/board.h"

namespace retro::oware {

// The exact key of a search node.
struct NodeKey {
  uint64_t lo;  // houses 0..7
  uint64_t hi;  // houses 8..11, scores, plies left, evaluator bit

  friend bool operator==(const NodeKey&, const NodeKey&) = default;
};

// Packs a node. Requires scores <= 255 and plies_left < 2^15.
inline NodeKey MakeNodeKey(const Board& board, int mover_score, int opponent_score, int plies_left,
                           bool mover_is_evaluator) {
  const internal::PackedBoard p = internal::Pack(board);
  return {p.lo, uint64_t{p.hi} | (uint64_t(mover_score) << 32) | (uint64_t(opponent_score) << 40) |
                    (uint64_t(plies_left) << 48) | (uint64_t(mover_is_evaluator) << 63)};
}

// What a stored value is: exact, a lower bound (fail high) or an upper bound
// (fail low).
enum class Bound : uint8_t { kNone = 0, kExact, kLower, kUpper };

// Depth recorded for a value whose subtree had only exact leaves: valid at
// any depth.
inline constexpr int kProvenDepth = 127;

// One slot.
struct TableEntry {
  NodeKey key;
  int32_t value;
  int8_t depth;
  Bound bound;
  uint8_t move;  // best or refuting house, 0..5; 255 for none
  uint8_t unused;
};
static_assert(sizeof(TableEntry) == 24);

class TranspositionTable {
 public:
  // A table of the largest power-of-two number of entries within `megabytes`
  // MiB (at least one entry), all empty.
  explicit TranspositionTable(size_t megabytes)
      : entries_(std::bit_floor(std::max<size_t>(1, (megabytes << 20) / sizeof(TableEntry)))),
        mask_(entries_.size() - 1) {}

  // The entry for `key`, or nullptr.
  const TableEntry* Probe(const NodeKey& key) const {
    const TableEntry& e = entries_[Slot(key)];
    return e.bound != Bound::kNone && e.key == key ? &e : nullptr;
  }

  void Store(const NodeKey& key, int value, int depth, Bound bound, int move) {
    TableEntry& e = entries_[Slot(key)];
    e.key = key;
    e.value = value;
    e.depth = static_cast<int8_t>(depth);
    e.bound = bound;
    e.move = static_cast<uint8_t>(move);
  }

 private:
  size_t Slot(const NodeKey& key) const {
    uint64_t h = key.lo * 0x9E3779B97F4A7C15ULL ^ key.hi * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return static_cast<size_t>(h) & mask_;
  }

  std::vector<TableEntry> entries_;
  size_t mask_;
};

}  // namespace retro::oware

#endif  // GAMES_OWARE_TRANSPOSITION_TABLE_H_
