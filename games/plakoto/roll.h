// The 21 distinct rolls of two dice and their probabilities. A roll is stored
// with its larger die first; doubles are played four times.
#ifndef GAMES_PLAKOTO_ROLL_H_
#define GAMES_PLAKOTO_ROLL_H_

#include <array>
#include <cstdint>

namespace retro::plakoto {

// One roll of two dice, `high` >= `low`, both in 1..6.
struct Roll {
  uint8_t high = 1;
  uint8_t low = 1;

  bool IsDouble() const { return high == low; }
  // 1/36 for a double, 2/36 otherwise.
  double Probability() const { return IsDouble() ? 1.0 / 36 : 2.0 / 36; }

  friend bool operator==(const Roll&, const Roll&) = default;
};

// The number of distinct rolls.
inline constexpr int kNumRolls = 21;

namespace internal {
constexpr std::array<Roll, kNumRolls> MakeRolls() {
  std::array<Roll, kNumRolls> rolls{};
  int i = 0;
  for (int high = 1; high <= 6; ++high) {
    for (int low = 1; low <= high; ++low) {
      rolls[i++] = Roll{static_cast<uint8_t>(high), static_cast<uint8_t>(low)};
    }
  }
  return rolls;
}
}  // namespace internal

// Every roll once, ordered 1-1, 2-1, 2-2, 3-1, 3-2, 3-3, ..., 6-6.
inline constexpr std::array<Roll, kNumRolls> kRolls = internal::MakeRolls();

// The position of roll (a, b) in kRolls, in either order of the dice.
// Requires both in 1..6.
constexpr int RollIndex(int a, int b) {
  const int high = a > b ? a : b;
  const int low = a > b ? b : a;
  return high * (high - 1) / 2 + (low - 1);
}

}  // namespace retro::plakoto

#endif  // GAMES_PLAKOTO_ROLL_H_
