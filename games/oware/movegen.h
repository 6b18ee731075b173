// Move generation, the hot path of every oware solver, plus the values of
// positions the recursion does not expand (no legal move, turn limit reached).
//
//   Move moves[kMaxMoves];
//   const int n = GenerateMoves(board, rules, moves);  // 0 = terminal
//   for (int i = 0; i < n; ++i) {
//     value = std::max(value, moves[i].captured - ValueOf(moves[i].child));
//   }
//
// Each move carries the child board already flipped to the new mover's view,
// so a solver never has to flip. Generation is branch-light SWAR arithmetic on
// the packed board (see board.h); it requires TotalSeeds(board) <=
// kMaxBoardSeeds.
//
// Legality, in the words of the spec plus the decisions the spec leaves open:
//  1. Any non-empty house 0..5 may be played. Sowing skips the origin house.
//  2. Capture runs backwards from the last seed while the house is the
//     opponent's and holds 2 or 3 seeds.
//  3. A grand slam is a move whose capture would take every seed on the
//     opponent's side. kForfeit: legal, captures nothing, board as sown.
//     kCapture: legal, captures all. kForcedOnly: only legal when no legal
//     non-grand-slam move exists; then it captures all.
//  4. Must feed: if the opponent has no seeds, a move is legal only if the
//     opponent has at least one seed after it, capture included. So under
//     kCapture and kForcedOnly a grand slam never counts as feeding.
//  5. If no move is legal the position is terminal: the mover captures every
//     seed on its own side (TerminalValue).
#ifndef GAMES_OWARE_MOVEGEN_H_
#define GAMES_OWARE_MOVEGEN_H_

#include <bit>
#include <cstdint>

#include "games/oware/board.h"
#include "games/oware/rules.h"

namespace retro::oware {

// Most legal moves a position can have.
inline constexpr int kMaxMoves = kHousesPerSide;

// A legal move and its outcome.
struct Move {
  // House played, 0..5.
  uint8_t house;
  // Seeds captured by the move (0 for a forfeited grand slam).
  uint8_t captured;
  // The board after the move and its capture, flipped so that the new side to
  // move owns houses 0..5.
  Board child;
};

namespace internal {

// Precomputed sowing and capture masks on 48-bit rows (byte i = house i of the
// row). Sowing n seeds from house h gives every other house q = n / 11 seeds
// and the r = n % 11 houses after h one more; the last seed lands r houses
// after h (11 when r = 0).
struct SowTables {
  // One seed in each of the r houses after h: [h][r], own and opponent rows.
  uint64_t ones_own[kHousesPerSide][11] = {};
  uint64_t ones_opp[kHousesPerSide][11] = {};
  // One seed in every house but h (a full lap).
  uint64_t lap_own[kHousesPerSide] = {};
  uint64_t lap_opp[kHousesPerSide] = {};
  // Capture window [h][r]: if the last seed lands in opponent house j, bytes
  // 0..j+1 set (byte 0 is a sentinel, byte k + 1 stands for opponent house
  // k); 0 if the last seed lands on the mover's side.
  uint64_t window[kHousesPerSide][11] = {};
  // q and r of n / 11 for every byte value n.
  uint8_t laps[256] = {};
  uint8_t rest[256] = {};

  constexpr SowTables() {
    auto set = [](uint64_t& own, uint64_t& opp, int house) {
      if (house < kHousesPerSide) {
        own |= uint64_t{1} << (8 * house);
      } else {
        opp |= uint64_t{1} << (8 * (house - kHousesPerSide));
      }
    };
    for (int h = 0; h < kHousesPerSide; ++h) {
      for (int k = 1; k < kHouses; ++k) {
        set(lap_own[h], lap_opp[h], (h + k) % kHouses);
      }
      for (int r = 0; r < 11; ++r) {
        for (int k = 1; k <= r; ++k) {
          set(ones_own[h][r], ones_opp[h][r], (h + k) % kHouses);
        }
        const int last = (h + (r == 0 ? 11 : r)) % kHouses;
        if (last >= kHousesPerSide) {
          const int j = last - kHousesPerSide;
          window[h][r] = (uint64_t{1} << (8 * (j + 2))) - 1;
        }
      }
    }
    for (int n = 0; n < 256; ++n) {
      laps[n] = static_cast<uint8_t>(n / 11);
      rest[n] = static_cast<uint8_t>(n % 11);
    }
  }
};

inline constexpr SowTables kSowTables{};

// The outcome of sowing from one house, before the grand slam rule applies.
struct Sowing {
  uint64_t own;     // The mover's row after sowing (48 bits).
  uint64_t opp;     // The opponent's row after sowing (48 bits).
  uint64_t run;     // Bytes of `opp` the capture run would take.
  int captured;     // Seeds in `run`.
  bool grand_slam;  // The run would take every seed of the opponent.
};

// Sows the n > 0 seeds of house h of the rows (own, opp) and finds the
// capture run.
inline Sowing Sow(uint64_t own, uint64_t opp, int h, int n) {
  constexpr uint64_t kLow7 = 0x7F7F7F7F7F7F7F7FULL;
  const SowTables& t = kSowTables;
  const uint64_t q = t.laps[n];
  const int r = t.rest[n];
  Sowing s;
  s.own = (own & ~(uint64_t{0xFF} << (8 * h))) + q * t.lap_own[h] + t.ones_own[h][r];
  s.opp = opp + q * t.lap_opp[h] + t.ones_opp[h][r];
  // Bytes holding 2 or 3: (x & ~1) == 2, i.e. x' = (x & 0xFE) ^ 2 is zero.
  const uint64_t x = (s.opp & 0x0000FEFEFEFEFEFEULL) ^ 0x0000020202020202ULL;
  const uint64_t zero = ~(((x & kLow7) + kLow7) | x | kLow7) & 0x0000808080808080ULL;
  const uint64_t capturable = (zero >> 7) * 0xFF;
  // The highest non-capturable byte at or below the last seed (the sentinel
  // byte 0 always is one) ends the run.
  const uint64_t window = t.window[h][r];
  const uint64_t stops = ((~capturable << 8) & window) | 0xFF;
  const int top = 63 - std::countl_zero(stops);
  s.run = (window & ~((uint64_t{2} << top) - 1)) >> 8;
  s.captured = ByteSum(s.opp & s.run);
  s.grand_slam = s.captured != 0 && s.captured == ByteSum(s.opp);
  return s;
}

}  // namespace internal

// Writes the legal moves of `board` under grand slam rule `kGrandSlam` to
// out[0..n) in increasing house order and returns n; 0 means the position is
// terminal. `out` must have room for kMaxMoves moves (all may be written to).
template <GrandSlam kGrandSlam>
inline int GenerateMoves(const Board& board, Move* out) {
  const internal::PackedBoard p = internal::Pack(board);
  const uint64_t own = internal::OwnRow(p);
  const uint64_t opp = internal::OpponentRow(p);
  const bool opponent_starving = opp == 0;
  int count = 0;
  // kForcedOnly keeps grand slams at the back of `out` until it knows whether
  // a non-grand-slam move exists (both kinds together never exceed 6).
  int slam_count = 0;
  // Visit only the non-empty houses: bit 8h+7 of `todo` is set iff house h
  // holds seeds (small books are dominated by sparse boards).
  constexpr uint64_t kLow7 = 0x7F7F7F7F7F7F7F7FULL;
  for (uint64_t todo = (((own & kLow7) + kLow7) | own) & 0x0000808080808080ULL; todo != 0;
       todo &= todo - 1) {
    const int h = std::countr_zero(todo) >> 3;
    const int n = static_cast<int>((own >> (8 * h)) & 0xFF);
    const internal::Sowing s = internal::Sow(own, opp, h, n);
    // A forfeited grand slam captures nothing: the opponent keeps what was sown.
    const bool forfeit = kGrandSlam == GrandSlam::kForfeit && s.grand_slam;
    const uint64_t opp_after = s.opp & ~(forfeit ? 0 : s.run);
    const bool feeds = !opponent_starving | (opp_after != 0);
    if (kGrandSlam == GrandSlam::kForcedOnly && !feeds) continue;
    // The move is written in place and kept if it feeds (no branch), or set aside.
    const bool aside = kGrandSlam == GrandSlam::kForcedOnly && s.grand_slam;
    Move& m = aside ? out[kMaxMoves - 1 - slam_count++] : out[count];
    m.house = static_cast<uint8_t>(h);
    m.captured = static_cast<uint8_t>(forfeit ? 0 : s.captured);
    m.child = internal::FromRows(opp_after, s.own);
    count += !aside & feeds;
  }
  if constexpr (kGrandSlam == GrandSlam::kForcedOnly) {
    if (count == 0 && slam_count != 0) {
      // Only grand slams: they become legal. Restore increasing house order.
      Move slams[kMaxMoves];
      for (int i = 0; i < slam_count; ++i) slams[i] = out[kMaxMoves - 1 - i];
      for (int i = 0; i < slam_count; ++i) out[i] = slams[i];
      count = slam_count;
    }
  }
  return count;
}

// Writes the legal moves of `board` under `rules` to out[0..n) and returns n
// (0 = terminal). Dispatches once on the grand slam rule; solvers that loop
// over many boards should call GenerateMoves<kGrandSlam> directly.
inline int GenerateMoves(const Board& board, const Rules& rules, Move* out) {
  return VisitGrandSlam(rules.grand_slam, [&](auto rule) {
    return GenerateMoves<decltype(rule)::value>(board, out);
  });
}

// V_t of a position without legal moves, for t >= 1: the mover captures
// every seed on its own side (0 if it has none).
inline int TerminalValue(const Board& board) { return OwnSeeds(board); }

// V_0, the value when no ply is left: 0 under AtLimit::kNobody, own minus
// opponent seeds under AtLimit::kOwnSide.
inline int LimitValue(const Board& board, AtLimit at_limit) {
  return at_limit == AtLimit::kOwnSide ? OwnSeeds(board) - OpponentSeeds(board) : 0;
}

}  // namespace retro::oware

#endif  // GAMES_OWARE_MOVEGEN_H_
