// An independent brute force for the tests of the coins example
// (retro_add_game_tests in CMakeLists.txt): plain recursion over every row
// the game can leave, written without the plugin's code. Run with the solve
// parameters (--coins DIGITS --plies T), it prints one line per row and
// plies left t = 0..T, "<row>\tt=<t> value=<v>", in the plugin's notation
// (taken coins as dots) and the first fields of `retro probe`'s one-line
// answer at that many plies left.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

// The most the player to move can score more than the opponent from the
// coins [left, right) of `row` with `plies` plies left.
int BestDifference(const std::string& row, int left, int right, int plies) {
  if (plies == 0 || left == right) return 0;
  const int take_left = (row[left] - '0') - BestDifference(row, left + 1, right, plies - 1);
  const int take_right = (row[right - 1] - '0') - BestDifference(row, left, right - 1, plies - 1);
  return std::max(take_left, take_right);
}

}  // namespace

int main(int argc, char** argv) {
  std::string coins = "31415926";
  int plies = 8;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string option = argv[i];
    if (option == "--coins") coins = argv[i + 1];
    if (option == "--plies") plies = std::atoi(argv[i + 1]);
  }
  const int length = static_cast<int>(coins.size());
  for (int t = 0; t <= plies; ++t) {
    std::printf("%s\tt=%d value=0\n", std::string(length, '.').c_str(), t);
    for (int left = 0; left < length; ++left) {
      for (int right = left + 1; right <= length; ++right) {
        std::string row(length, '.');
        for (int i = left; i < right; ++i) row[i] = coins[i];
        std::printf("%s\tt=%d value=%d\n", row.c_str(), t, BestDifference(coins, left, right, t));
      }
    }
  }
  return 0;
}
