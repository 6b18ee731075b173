// An independent tic-tac-toe reference for the tests: boards as 9-character
// strings ("x", "o", "." row by row), every position reachable from the
// empty board found by playing out every game, and every value computed by
// plain recursive minimax with distances. Shares no code with the plugin.
#ifndef RETRO_TESTS_TICTACTOE_BRUTE_FORCE_H_
#define RETRO_TESTS_TICTACTOE_BRUTE_FORCE_H_

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tictactoe_reference {

// The value of a board for the side to move: 'w', 'd' or 'l', and plies to
// the end of the game with the winner hurrying and the loser delaying (for a
// draw, the plies until the board is full).
struct Value {
  char result = 'd';
  int distance = 0;
  bool operator==(const Value&) const = default;
};

inline bool Won(const std::string& b, char who) {
  static constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8},
                                       {0, 3, 6}, {1, 4, 7}, {2, 5, 8},
                                       {0, 4, 8}, {2, 4, 6}};
  for (const auto& line : kLines) {
    if (b[line[0]] == who && b[line[1]] == who && b[line[2]] == who) {
      return true;
    }
  }
  return false;
}

inline char ToMove(const std::string& b) {
  return std::count(b.begin(), b.end(), 'x') ==
                 std::count(b.begin(), b.end(), 'o')
             ? 'x'
             : 'o';
}

inline bool GameOver(const std::string& b) {
  return Won(b, 'x') || Won(b, 'o') || b.find('.') == std::string::npos;
}

// The boards after each move of `b` (none when the game is over).
inline std::vector<std::string> Children(const std::string& b) {
  std::vector<std::string> children;
  if (GameOver(b)) return children;
  for (int i = 0; i < 9; ++i) {
    if (b[i] != '.') continue;
    std::string child = b;
    child[i] = ToMove(b);
    children.push_back(child);
  }
  return children;
}

// Every board reachable from the empty board, with its value.
class Reference {
 public:
  Reference() { Solve(std::string(9, '.')); }

  const std::map<std::string, Value>& values() const { return values_; }

  // Leaves of the game tree of the empty board at each depth 0..9 (games
  // that end earlier do not reach deeper).
  std::vector<uint64_t> Perft() const {
    std::vector<uint64_t> counts(10, 0);
    Count(std::string(9, '.'), 0, counts);
    return counts;
  }

 private:
  Value Solve(const std::string& b) {
    if (auto it = values_.find(b); it != values_.end()) return it->second;
    Value v;
    const char mover = ToMove(b);
    const char other = mover == 'x' ? 'o' : 'x';
    const int empty = static_cast<int>(std::count(b.begin(), b.end(), '.'));
    if (Won(b, other)) {
      v = {'l', 0};
    } else if (empty == 0) {
      v = {'d', 0};
    } else {
      int fastest_win = 100, slowest_loss = -1;
      bool draw = false;
      for (const std::string& child : Children(b)) {
        const Value c = Solve(child);
        if (c.result == 'l')
          fastest_win = std::min(fastest_win, c.distance + 1);
        if (c.result == 'd') draw = true;
        if (c.result == 'w')
          slowest_loss = std::max(slowest_loss, c.distance + 1);
      }
      if (fastest_win < 100) {
        v = {'w', fastest_win};
      } else if (draw) {
        v = {'d', empty};
      } else {
        v = {'l', slowest_loss};
      }
    }
    values_[b] = v;
    return v;
  }

  static void Count(const std::string& b, int depth,
                    std::vector<uint64_t>& counts) {
    ++counts[depth];
    for (const std::string& child : Children(b))
      Count(child, depth + 1, counts);
  }

  std::map<std::string, Value> values_;
};

// "x.o.x...o" -> "x.o/.x./..o".
inline std::string WithSlashes(const std::string& b) {
  return b.substr(0, 3) + "/" + b.substr(3, 3) + "/" + b.substr(6, 3);
}

// The base-3 index of a board (cell i is digit i: . 0, x 1, o 2), computed
// here independently of the plugin's indexer.
inline uint64_t Base3(const std::string& b) {
  uint64_t index = 0;
  for (int i = 8; i >= 0; --i)
    index = 3 * index + (b[i] == 'x' ? 1 : b[i] == 'o' ? 2 : 0);
  return index;
}

}  // namespace tictactoe_reference

#endif  // RETRO_TESTS_TICTACTOE_BRUTE_FORCE_H_
