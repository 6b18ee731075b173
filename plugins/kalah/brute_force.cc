// An independent brute force for the tests of the Kalah example
// (retro_add_game_tests in CMakeLists.txt), written without the plugin's or
// the kit's code: a memoised recursion over the whole board, both stores
// included (pits 0..H-1 south's houses, H south's store, H+1..2H north's
// houses, 2H+1 north's store), of D_t(board, mover) = the most the mover
// can store more than the opponent in t plies: over the mover's moves, the
// seeds it stores, plus D_{t-1} of the board after when it moves again,
// minus it when the opponent moves; when either side is empty, each side's
// own seeds. Reads --houses H --seeds S --plies T; prints one line per board
// of at most S seeds and per t = 0..T, "<position>\tt=<t> value=<v>", in the
// plugin's notation (south to move: "302/011").
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace {

int houses = 3;
std::map<std::tuple<std::vector<int>, int, int>, int> memo;

// Seeds in the houses of `player` (0: south, 1: north).
int SideSeeds(const std::vector<int>& board, int player) {
  int seeds = 0;
  for (int h = 0; h < houses; ++h) seeds += board[player * (houses + 1) + h];
  return seeds;
}

int Best(const std::vector<int>& board, int mover, int t) {
  if (t == 0) return 0;
  const int other = 1 - mover;
  if (SideSeeds(board, 0) == 0 || SideSeeds(board, 1) == 0) {
    return SideSeeds(board, mover) - SideSeeds(board, other);
  }
  const auto key = std::make_tuple(board, mover, t);
  if (const auto it = memo.find(key); it != memo.end()) return it->second;
  const int first = mover * (houses + 1), store = first + houses;
  const int skip = other * (houses + 1) + houses;  // the opponent's store
  int best = -1000;
  for (int house = first; house < store; ++house) {
    if (board[house] == 0) continue;
    std::vector<int> after = board;
    int seeds = after[house], pit = house;
    after[house] = 0;
    while (seeds > 0) {
      pit = (pit + 1) % (2 * houses + 2);
      if (pit == skip) continue;
      ++after[pit];
      --seeds;
    }
    if (pit >= first && pit < store && after[pit] == 1) {
      const int facing = 2 * houses - pit;
      if (after[facing] > 0) {
        after[store] += 1 + after[facing];
        after[pit] = after[facing] = 0;
      }
    }
    const int stored = after[store] - board[store];
    const int rest = pit == store ? Best(after, mover, t - 1) : -Best(after, other, t - 1);
    best = std::max(best, stored + rest);
  }
  return memo[key] = best;
}

// Every board of at most `seeds` seeds in its houses (stores empty).
void Boards(std::vector<int>& board, int pit, int left, std::vector<std::vector<int>>& out) {
  if (pit == 2 * houses + 2) {
    out.push_back(board);
    return;
  }
  if (pit == houses || pit == 2 * houses + 1) return Boards(board, pit + 1, left, out);
  for (int n = 0; n <= left; ++n) {
    board[pit] = n;
    Boards(board, pit + 1, left - n, out);
  }
  board[pit] = 0;
}

}  // namespace

int main(int argc, char** argv) {
  int seeds = 6, plies = 16;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--houses") == 0) houses = std::atoi(argv[i + 1]);
    if (std::strcmp(argv[i], "--seeds") == 0) seeds = std::atoi(argv[i + 1]);
    if (std::strcmp(argv[i], "--plies") == 0) plies = std::atoi(argv[i + 1]);
  }
  std::vector<int> board(2 * houses + 2);
  std::vector<std::vector<int>> boards;
  Boards(board, 0, seeds, boards);
  for (const std::vector<int>& b : boards) {
    std::string text;
    for (int h = 0; h < houses; ++h) text += std::to_string(b[h]);
    text += "/";
    for (int h = 0; h < houses; ++h) text += std::to_string(b[houses + 1 + h]);
    for (int t = 0; t <= plies; ++t) std::printf("%s\tt=%d value=%d\n", text.c_str(), t, Best(b, 0, t));
  }
  return 0;
}
