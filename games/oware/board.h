// The oware board as a compact value type, seen from the side to move:
// houses 0..5 are the mover's (in sowing order), 6..11 the opponent's. A board
// is 12 bytes, trivially copyable, and compares and orders like its houses.
//
// Invariant expected by every hot-path function (move generation, indexers):
// the board holds at most kMaxBoardSeeds seeds in total, so that no house and
// no row sum ever exceeds a byte. ParseBoard enforces it on user input.
#ifndef GAMES_OWARE_BOARD_H_
#define GAMES_OWARE_BOARD_H_

#include <array>
#include <bit>
#include <compare>
#include <cstdint>
#include <cstring>
#include <utility>

namespace retro::oware {

static_assert(std::endian::native == std::endian::little,
              "the packed-board helpers assume a little-endian machine");

// Number of houses on the board, and per side.
inline constexpr int kHouses = 12;
inline constexpr int kHousesPerSide = 6;

// Largest number of seeds a board may hold (see the invariant above). The real
// game uses 48.
inline constexpr int kMaxBoardSeeds = 255;

// A position: seeds per house, houses 0..5 belonging to the side to move.
// Build one with aggregate initialisation: Board{{4, 4, 4, 4, 4, 4, 4, 4, 4,
// 4, 4, 4}}.
struct Board {
  std::array<uint8_t, kHouses> houses{};

  friend auto operator<=>(const Board&, const Board&) = default;
};

// Lets absl::Hash (and so absl::flat_hash_map) hash boards.
template <typename H>
H AbslHashValue(H h, const Board& board) {
  return H::combine(std::move(h), board.houses);
}

namespace internal {

// The board packed into two little-endian words: `lo` holds houses 0..7
// (byte i = house i), `hi` houses 8..11. Used by the SWAR hot paths.
struct PackedBoard {
  uint64_t lo;
  uint32_t hi;
};

inline PackedBoard Pack(const Board& board) {
  PackedBoard p;
  std::memcpy(&p.lo, board.houses.data(), 8);
  std::memcpy(&p.hi, board.houses.data() + 8, 4);
  return p;
}

inline Board Unpack(uint64_t lo, uint32_t hi) {
  Board board;
  std::memcpy(board.houses.data(), &lo, 8);
  std::memcpy(board.houses.data() + 8, &hi, 4);
  return board;
}

// Sum of the bytes of `v`, valid when that sum is below 256.
constexpr int ByteSum(uint64_t v) {
  return static_cast<int>((v * 0x0101010101010101ULL) >> 56);
}

// Mask of the six bytes of a row packed into the low 48 bits of a word.
inline constexpr uint64_t kRowMask = 0x0000FFFFFFFFFFFFULL;

// The mover's row (houses 0..5) in the low 48 bits.
inline uint64_t OwnRow(const PackedBoard& p) { return p.lo & kRowMask; }

// The opponent's row (houses 6..11) in the low 48 bits.
inline uint64_t OpponentRow(const PackedBoard& p) {
  return (p.lo >> 48) | (static_cast<uint64_t>(p.hi) << 16);
}

// The board whose mover's row is `own` and opponent's row `opp` (48-bit rows).
inline Board FromRows(uint64_t own, uint64_t opp) {
  return Unpack(own | (opp << 48), static_cast<uint32_t>(opp >> 16));
}

}  // namespace internal

// Seeds on the mover's side (houses 0..5).
inline int OwnSeeds(const Board& board) {
  return internal::ByteSum(internal::OwnRow(internal::Pack(board)));
}

// Seeds on the opponent's side (houses 6..11).
inline int OpponentSeeds(const Board& board) {
  return internal::ByteSum(internal::OpponentRow(internal::Pack(board)));
}

// All seeds on the board.
inline int TotalSeeds(const Board& board) {
  const internal::PackedBoard p = internal::Pack(board);
  return internal::ByteSum(p.lo) + internal::ByteSum(p.hi);
}

// The same position seen by the other player: the two rows swap.
inline Board Flip(const Board& board) {
  const internal::PackedBoard p = internal::Pack(board);
  return internal::FromRows(internal::OpponentRow(p), internal::OwnRow(p));
}

}  // namespace retro::oware

#endif  // GAMES_OWARE_BOARD_H_
