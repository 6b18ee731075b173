// The scale of the engine's search values. A heuristic (evaluated) value lies
// strictly between -kProvenWin and kProvenWin; a proven game outcome with
// final score difference d (side to move minus the other) is encoded as
//   kProvenWin + d   if d > 0,   0 if d == 0,   -kProvenWin + d   if d < 0,
// an odd, strictly increasing map of d: a proven win beats every heuristic
// value, a proven loss is below every one, and minimax over encoded proven
// values is the encoding of the minimax over differences.
#ifndef GAMES_OWARE_SEARCH_VALUE_H_
#define GAMES_OWARE_SEARCH_VALUE_H_

#include <algorithm>

namespace retro::oware {

inline constexpr int kProvenWin = 1'000'000;
// Larger than any value the search produces.
inline constexpr int kInfinity = 2'000'000;

// The value of a proven outcome with final difference `diff`.
constexpr int ProvenValue(int diff) {
  return diff > 0 ? kProvenWin + diff : diff < 0 ? -kProvenWin + diff : 0;
}

// True if `value` encodes a proven win or loss (a proven draw is 0, which a
// heuristic value may also be: the search tracks exactness separately).
constexpr bool IsDecisive(int value) {
  return value > kProvenWin || value < -kProvenWin;
}

// The final difference of a proven value (0 for a draw).
constexpr int ProvenDifference(int value) {
  return value > kProvenWin    ? value - kProvenWin
         : value < -kProvenWin ? value + kProvenWin
                               : 0;
}

// A heuristic value clamped into the open heuristic range.
constexpr int ClampHeuristic(int value) {
  return std::clamp(value, -kProvenWin + 1, kProvenWin - 1);
}

}  // namespace retro::oware

#endif  // GAMES_OWARE_SEARCH_VALUE_H_
