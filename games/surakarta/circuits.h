// The two capture circuits of Surakarta in travel order, and the capture
// rays precomputed from them: for every square, every occurrence of it on a
// circuit and both directions, the sequence of points a capturing piece walks
// through in one lap. Everything is built at compile time.
#ifndef GAMES_SURAKARTA_CIRCUITS_H_
#define GAMES_SURAKARTA_CIRCUITS_H_

#include <array>
#include <cstdint>

#include "games/surakarta/board.h"

namespace retro::surakarta {

// Points per circuit in travel order (crossing points appear twice). An arc
// joins entry 6k+5 to entry 6k+6 (mod 24), k = 0..3.
inline constexpr int kCircuitLength = 24;
inline constexpr int kCircuitCount = 2;

// Travel orders as in the specification: small-loop circuit (ranks 2 and 5,
// files b and e) first, then the large-loop circuit (ranks 3, 4, files c, d).
inline constexpr std::array<std::array<uint8_t, kCircuitLength>, kCircuitCount> kCircuits = {{
    {6, 7, 8, 9, 10, 11, 4, 10, 16, 22, 28, 34, 29, 28, 27, 26, 25, 24, 31, 25, 19, 13, 7, 1},
    {12, 13, 14, 15, 16, 17, 3, 9, 15, 21, 27, 33, 23, 22, 21, 20, 19, 18, 32, 26, 20, 14, 8, 2},
}};

// True when walking from travel-order entry `i` to its neighbour in direction
// `direction` (+1 or -1) crosses an arc.
constexpr bool CrossesArc(int i, int direction) { return direction > 0 ? i % 6 == 5 : i % 6 == 0; }

// One capture ray: the walk of a piece that leaves its square along a
// circuit in one direction for one lap (the final return to the start
// omitted). The points it meets before crossing its first arc form
// `before_arc`, those met after it `after_arc`. `first_step[s]` is the first
// step after the arc at which the walk reaches square s (kNever if it does
// not), so the first piece met after the arc is the occupied square with the
// smallest first_step.
struct CaptureRay {
  static constexpr uint8_t kNever = 255;
  std::array<uint8_t, kSquares> first_step{};
  Bitboard before_arc = 0;
  Bitboard after_arc = 0;
};

// Up to four rays per square (two occurrences on the circuits, two
// directions each); corners have none.
struct SquareRays {
  std::array<CaptureRay, 4> rays{};
  int count = 0;
};

namespace internal {

struct CaptureTables {
  std::array<SquareRays, kSquares> by_square{};
  std::array<Bitboard, kCircuitCount> circuit_points{};

  constexpr CaptureTables() {
    for (int c = 0; c < kCircuitCount; ++c) {
      for (int start = 0; start < kCircuitLength; ++start) {
        circuit_points[c] |= SquareBit(kCircuits[c][start]);
        for (int direction = -1; direction <= 1; direction += 2) {
          CaptureRay ray;
          ray.first_step.fill(CaptureRay::kNever);
          int position = start;
          bool crossed = false;
          for (int step = 0; step < kCircuitLength - 1; ++step) {
            if (CrossesArc(position, direction)) crossed = true;
            position = (position + direction + kCircuitLength) % kCircuitLength;
            const int square = kCircuits[c][position];
            if (!crossed) {
              ray.before_arc |= SquareBit(square);
            } else {
              ray.after_arc |= SquareBit(square);
              if (ray.first_step[square] == CaptureRay::kNever) {
                ray.first_step[square] = static_cast<uint8_t>(step);
              }
            }
          }
          SquareRays& rays = by_square[kCircuits[c][start]];
          rays.rays[rays.count++] = ray;
        }
      }
    }
  }
};

inline constexpr CaptureTables kCaptureTables{};

}  // namespace internal

// The capture rays of `square`.
inline const SquareRays& RaysOf(int square) { return internal::kCaptureTables.by_square[square]; }

// All points of circuit `c` (0 = small loop, 1 = large loop).
constexpr Bitboard CircuitPoints(int c) { return internal::kCaptureTables.circuit_points[c]; }

}  // namespace retro::surakarta

#endif  // GAMES_SURAKARTA_CIRCUITS_H_
