// An independent brute force for the tests of the bearoff race example
// (retro_add_game_tests in CMakeLists.txt), written without the plugin's or
// the kit's code: a memoised recursion over sides written as their checkers'
// points, highest first, P(mover, other) = the sum over the 21 rolls of the
// roll's chance times the best play's 1 - P(other, after) (1 when the play
// bears the last checker off). Reads --points P --checkers C; prints one line
// per position, "<position>\tP=<chance>", in the plugin's notation ("331/2").
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace {

using Side = std::vector<int>;  // points, highest first
std::map<std::pair<Side, Side>, double> memo;

// The sides `side` can leave by playing `dice` in this order.
void Plays(const Side& side, const std::vector<int>& dice, size_t used, std::set<Side>* out) {
  if (used == dice.size() || side.empty()) {
    out->insert(side);
    return;
  }
  for (size_t i = 0; i < side.size(); ++i) {
    if (i > 0 && side[i] == side[i - 1]) continue;  // the same point
    const int to = side[i] - dice[used];
    if (to < 0 && i > 0) continue;  // a higher die bears off only the highest checker
    Side next = side;
    next.erase(next.begin() + i);
    if (to > 0) {
      next.push_back(to);
      std::sort(next.rbegin(), next.rend());
    }
    Plays(next, dice, used + 1, out);
  }
}

double Win(const Side& mover, const Side& other) {
  const auto key = std::make_pair(mover, other);
  if (const auto it = memo.find(key); it != memo.end()) return it->second;
  double win = 0;
  for (int a = 1; a <= 6; ++a) {
    for (int b = 1; b <= a; ++b) {
      std::set<Side> after;
      if (a == b) Plays(mover, {a, a, a, a}, 0, &after);
      if (a != b) Plays(mover, {a, b}, 0, &after), Plays(mover, {b, a}, 0, &after);
      double best = 0;
      for (const Side& s : after) best = std::max(best, s.empty() ? 1.0 : 1 - Win(other, s));
      win += (a == b ? 1.0 : 2.0) / 36 * best;
    }
  }
  return memo[key] = win;
}

// Every side of 1..checkers checkers on points 1..points.
std::vector<Side> Sides(int points, int checkers) {
  std::vector<Side> all;
  std::function<void(Side, int)> grow = [&](Side s, int top) {
    if (!s.empty()) all.push_back(s);
    if (static_cast<int>(s.size()) == checkers) return;
    for (int q = top; q >= 1; --q) {
      s.push_back(q);
      grow(s, q);
      s.pop_back();
    }
  };
  grow({}, points);
  return all;
}

std::string Text(const Side& s) {
  std::string text;
  for (const int q : s) text += static_cast<char>('0' + q);
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  int points = 6, checkers = 3;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--points") == 0) points = std::atoi(argv[i + 1]);
    if (std::strcmp(argv[i], "--checkers") == 0) checkers = std::atoi(argv[i + 1]);
  }
  const std::vector<Side> sides = Sides(points, checkers);
  for (const Side& mover : sides) {
    for (const Side& other : sides) {
      std::printf("%s/%s\tP=%.17g\n", Text(mover).c_str(), Text(other).c_str(),
                  Win(mover, other));
    }
  }
  return 0;
}
