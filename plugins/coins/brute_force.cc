// An independent brute force for the tests of the coins example
// (retro_add_game_tests in CMakeLists.txt): plain recursion over every row
// the game can leave, written without the plugin's code. Prints one line per
// row, "<row>\tt=6 value=<v>", in the plugin's notation (taken coins as
// dots) and the first fields of `retro probe`'s one-line answer, for the
// parameters the test solves: --coins 31415926 --plies 6.
#include <algorithm>
#include <cstdio>
#include <string>

namespace {

constexpr char kRow[] = "31415926";
constexpr int kLength = 8;
constexpr int kPlies = 6;

// The most the player to move can score more than the opponent from the
// coins [left, right) with `plies` plies left.
int BestDifference(int left, int right, int plies) {
  if (plies == 0 || left == right) return 0;
  const int take_left = (kRow[left] - '0') - BestDifference(left + 1, right, plies - 1);
  const int take_right = (kRow[right - 1] - '0') - BestDifference(left, right - 1, plies - 1);
  return std::max(take_left, take_right);
}

}  // namespace

int main() {
  std::printf("%s\tt=%d value=0\n", std::string(kLength, '.').c_str(), kPlies);
  for (int left = 0; left < kLength; ++left) {
    for (int right = left + 1; right <= kLength; ++right) {
      std::string row(kLength, '.');
      for (int i = left; i < right; ++i) row[i] = kRow[i];
      std::printf("%s\tt=%d value=%d\n", row.c_str(), kPlies, BestDifference(left, right, kPlies));
    }
  }
  return 0;
}
