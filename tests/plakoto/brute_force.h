// Independent, deliberately plain reference code for the Plakoto tests:
// legal afterstates from every sequence of single-die moves filtered by the
// rules, and the value D by memoised recursion over explicit boards.
#ifndef TESTS_PLAKOTO_BRUTE_FORCE_H_
#define TESTS_PLAKOTO_BRUTE_FORCE_H_

#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "games/plakoto/position.h"
#include "games/plakoto/roll.h"

namespace retro::plakoto::testing {


// Boards reachable by playing `dice` in this order; `used` counts dice
// played; records (dice used, first die used, board).
struct Outcome {
  int used;
  int first_die;
  Board board;
};

inline void Sequences(const Position& position, const std::vector<int>& dice,
               size_t next, int first_die, Board board,
               std::vector<Outcome>* out) {
  bool moved = false;
  if (next < dice.size()) {
    const int d = dice[next];
    for (int k = 1; k <= position.points; ++k) {
      if (board[k] == 0 || k - d < 1) continue;
      Board after = board;
      --after[k];
      ++after[k - d];
      moved = true;
      Sequences(position, dice, next + 1, next == 0 ? d : first_die, after,
                out);
    }
  }
  if (!moved) out->push_back(Outcome{static_cast<int>(next), first_die, board});
}

inline std::set<Board> BruteForceAfterstates(const Position& position, Roll roll,
                                      bool larger_die_rule) {
  std::vector<Outcome> outcomes;
  if (roll.IsDouble()) {
    Sequences(position, {roll.high, roll.high, roll.high, roll.high}, 0, 0,
              position.board, &outcomes);
  } else {
    Sequences(position, {roll.high, roll.low}, 0, 0, position.board,
              &outcomes);
    Sequences(position, {roll.low, roll.high}, 0, 0, position.board,
              &outcomes);
  }
  int most = 0;
  for (const Outcome& o : outcomes) most = std::max(most, o.used);
  std::set<Board> result;
  if (most == 0) return result;
  bool high_playable = false;
  for (const Outcome& o : outcomes) {
    if (o.used == most && o.first_die == roll.high) high_playable = true;
  }
  for (const Outcome& o : outcomes) {
    if (o.used != most) continue;
    if (larger_die_rule && most == 1 && !roll.IsDouble() && high_playable &&
        o.first_die != roll.high) {
      continue;
    }
    result.insert(o.board);
  }
  return result;
}

// D by the recursion of the spec, memoised on the board: every legal
// afterstate of every roll, the no-move rolls solved in closed form.
class BruteForceValues {
 public:
  BruteForceValues(int points, int pin, bool larger_die_rule = true)
      : points_(points), pin_(pin), rule_(larger_die_rule) {}

  double D(const Board& board) {
    auto it = memo_.find(board);
    if (it != memo_.end()) return it->second;
    Position position;
    position.points = points_;
    position.pin = pin_;
    position.board = board;
    double sum = 1.0;
    double q = 0.0;
    for (const Roll& roll : kRolls) {
      const std::set<Board> after =
          BruteForceAfterstates(position, roll, rule_);
      if (after.empty()) {
        q += roll.Probability();
        continue;
      }
      double best = 0.0;
      for (const Board& a : after) {
        const double g = a[pin_] == 0 ? 0.0 : D(a);
        best = std::max(best, g);
      }
      sum += roll.Probability() * best;
    }
    const double value = sum / (1.0 - q);
    memo_.emplace(board, value);
    return value;
  }

 private:
  int points_;
  int pin_;
  bool rule_;
  std::map<Board, double> memo_;
};

}  // namespace retro::plakoto::testing

#endif  // TESTS_PLAKOTO_BRUTE_FORCE_H_
