// Whether a chance game's player maximises or minimises, who moves after a
// choice, and the arithmetic of one step: how the chance solver
// (retro/solver/chance.h) chooses and combines, and how readers of its
// values recompute a record (retro/kit/chance_rules.h,
// kObjective and kTurnOrder).
#ifndef RETRO_FORMAT_CHANCE_OBJECTIVE_H_
#define RETRO_FORMAT_CHANCE_OBJECTIVE_H_

#include <cmath>

namespace retro::chance {

// Whether the player maximises or minimises the value of its choice.
enum class Objective { kMaximize, kMinimize };

// Who moves after a choice. In a one-player game the same player (the
// default); in a two-player game the opponent: every value is then for the
// side to move, and the player choosing values an afterstate its opponent
// values at v as value_sum - v (1 for chances of winning, 0 for equities
// and score differences).
struct TurnOrder {
  bool opponent_moves_next = false;
  double value_sum = 0;

  // The value of an afterstate to the player choosing it, from its value
  // `v` to the side to move there.
  constexpr double ChooserValue(double v) const {
    return opponent_moves_next ? value_sum - v : v;
  }
};

// The turn order of a one-player game, and of a two-player game whose two
// sides' values of one position sum to `value_sum`.
inline constexpr TurnOrder kOnePlayer{};
constexpr TurnOrder TwoPlayers(double value_sum) { return {true, value_sum}; }

// The turn order a game or rules class G declares as `static constexpr
// retro::chance::TurnOrder kTurnOrder`, kOnePlayer when it declares none.
template <typename G>
constexpr TurnOrder TurnOrderOf() {
  if constexpr (requires { G::kTurnOrder; }) {
    return G::kTurnOrder;
  } else {
    return kOnePlayer;
  }
}

// A sum of doubles carried with its rounding error (Neumaier's
// compensated summation), so that value() is the exact sum correctly
// rounded in all but contrived cases: the 21 rolls of two dice, whose
// weights sum to 1 + 2^-52 added one by one, sum to 1.
class CompensatedSum {
 public:
  void Add(double x) {
    const double t = hi_ + x;
    lo_ += std::fabs(hi_) >= std::fabs(x) ? (hi_ - t) + x : (x - t) + hi_;
    hi_ = t;
  }
  // Adds a * b with the product's own rounding error.
  void AddProduct(double a, double b) {
    const double product = a * b;
    Add(product);
    lo_ += std::fma(a, b, -product);
  }
  double value() const { return hi_ + lo_; }

 private:
  double hi_ = 0;
  double lo_ = 0;
};

// The value of a position from its turn, outcome by outcome: the reward
// plus the weighted best of each outcome with a move, divided by the
// weight of those outcomes (the outcomes with no move leave the position
// as it is; see retro/solver/chance.h). Both sums are compensated, so that
// weights that sum to 1 only up to rounding (six 1/6, the 21 rolls of two
// dice) still give exactly 6 turns where the answer is 6. The solver
// combines every turn with it, readers recompute a record with it, and a
// table-style game may use it to compute a value itself.
class TurnValue {
 public:
  explicit TurnValue(double reward) { sum_.Add(reward); }
  // Outcome of weight `weight` (> 0) has a move, the best worth `best`.
  void Add(double weight, double best) {
    sum_.AddProduct(weight, best);
    moving_.Add(weight);  // 1 - q, summed directly to avoid cancellation
  }
  // Whether some outcome has a move; value() requires it.
  bool has_move() const { return moving_.value() > 0; }
  double value() const { return sum_.value() / moving_.value(); }

 private:
  CompensatedSum sum_;
  CompensatedSum moving_;
};

}  // namespace retro::chance

#endif  // RETRO_FORMAT_CHANCE_OBJECTIVE_H_
