// An independent brute force for the tests of the dice race example
// (retro_add_game_tests in CMakeLists.txt), written without the plugin's or
// the kit's code: value iteration over every position (Gauss-Seidel sweeps of
// E(s) = 1 + the sum over the six dice of E(best move) / 6, or E(s) itself
// when the die moves no checker) until no value changes. Prints one line per
// position, "<position>\tE=<expected turns>", in the plugin's notation ("7 3",
// "5") and the first field of `retro probe`'s one-line answer.
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace {

constexpr int kPoints = 12;

// e[high][low], high >= low; low = 0: one checker; e[0][0] = 0: the race is over.
double e[kPoints + 1][kPoints + 1];

// The value after a checker on `from` moves by `die` with the other on `other`;
// a negative number when it cannot move.
double After(int from, int other, int die) {
  if (from == 0 || die > from) return -1;
  const int to = from - die;
  return e[std::max(to, other)][std::min(to, other)];
}

}  // namespace

int main() {
  for (double change = 1; change > 0;) {
    change = 0;
    for (int high = 1; high <= kPoints; ++high) {
      for (int low = 0; low <= high; ++low) {
        double next = 1;
        for (int die = 1; die <= 6; ++die) {
          const double a = After(high, low, die), b = After(low, high, die);
          const double best = a < 0 ? b : b < 0 ? a : std::min(a, b);
          next += (best < 0 ? e[high][low] : best) / 6;
        }
        change = std::max(change, std::abs(next - e[high][low]));
        e[high][low] = next;
      }
    }
  }
  for (int high = 1; high <= kPoints; ++high) {
    for (int low = 0; low <= high; ++low) {
      if (low == 0) std::printf("%d\tE=%.17g\n", high, e[high][low]);
      if (low > 0) std::printf("%d %d\tE=%.17g\n", high, low, e[high][low]);
    }
  }
  return 0;
}
