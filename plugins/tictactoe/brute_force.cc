// An independent brute force for the tests of the tic-tac-toe example
// (retro_add_game_tests in CMakeLists.txt): plain minimax over every position
// reachable from the empty board, written without the plugin's code. Prints
// one line per position, "<position>\t<result> <distance>", in the plugin's
// notation and the first fields of `retro probe`'s one-line form (a draw's
// distance is its length: the board fills).
#include <cstdio>
#include <map>
#include <string>

namespace {

// The board as 9 characters 'x', 'o', '.', row by row.
bool HasLine(const std::string& b, char p) {
  static const int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                   {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
  for (const auto& l : kLines) {
    if (b[l[0]] == p && b[l[1]] == p && b[l[2]] == p) return true;
  }
  return false;
}

// Value for the side to move: +d a win in d plies, -d a loss in d plies
// (-0 is written as a loss by `lost`), 0 a draw.
struct Value {
  char result;  // 'w', 'd' or 'l'
  int distance;
};

std::map<std::string, Value> values;

Value Solve(const std::string& b, char mover) {
  if (auto it = values.find(b); it != values.end()) return it->second;
  const char other = mover == 'x' ? 'o' : 'x';
  Value best{'l', 0};
  bool any = false, over = HasLine(b, other);
  for (int cell = 0; cell < 9 && !over; ++cell) {
    if (b[cell] != '.') continue;
    std::string child = b;
    child[cell] = mover;
    const Value c = Solve(child, other);
    // The move's value for the mover: the child's flipped, one ply longer.
    const Value v = c.result == 'w'   ? Value{'l', c.distance + 1}
                    : c.result == 'l' ? Value{'w', c.distance + 1}
                                      : Value{'d', c.distance + 1};
    const auto rank = [](const Value& x) {
      return x.result == 'w' ? 1000 - x.distance : x.result == 'd' ? 0 : -1000 + x.distance;
    };
    if (!any || rank(v) > rank(best)) best = v;
    any = true;
  }
  if (!any) best = over ? Value{'l', 0} : Value{'d', 0};
  values[b] = best;
  return best;
}

}  // namespace

int main() {
  Solve(".........", 'x');
  for (const auto& [b, v] : values) {
    std::printf("%s/%s/%s\t%s %d\n", b.substr(0, 3).c_str(), b.substr(3, 3).c_str(),
                b.substr(6, 3).c_str(),
                v.result == 'w' ? "win" : v.result == 'l' ? "loss" : "draw", v.distance);
  }
  return 0;
}
