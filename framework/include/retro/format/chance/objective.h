// Whether a chance game's player maximises or minimises, who moves after a
// choice, and the arithmetic of one step: how the chance solver
// (retro/solver/chance.h) chooses and combines, and how readers of its
// values recompute a record (retro/kit/chance_rules.h,
// kObjective and kTurnOrder).
#ifndef RETRO_FORMAT_CHANCE_OBJECTIVE_H_
#define RETRO_FORMAT_CHANCE_OBJECTIVE_H_

#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

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

// The outcome weights as the recurrence counts them: n_o / D, integers
// n_o summing to D, when the weights are such fractions within rounding
// (the rolls of two dice are n/36, a die's faces 1/6): then a value's sums
// are of exact integers and exact values come out exact (a checker on the
// 6-point of a one-die race takes 6 turns, not 6.000000000000001; the
// weights' doubles sum to 1 only up to rounding). Other weights are used as
// they are (D = 1). Built once per solve or reader, not per position.
class OutcomeWeights {
 public:
  // The weights of G's kNumOutcomes outcomes (G's OutcomeWeight).
  template <typename G>
  explicit OutcomeWeights(const G& game) {
    for (int o = 0; o < G::kNumOutcomes; ++o) numerators_.push_back(game.OutcomeWeight(o));
    AsFractions();
  }
  // Outcome o's weight is numerator(o) / denominator().
  double numerator(int o) const { return numerators_[o]; }
  double denominator() const { return denominator_; }

 private:
  // The largest denominator of a weight and of them all (2^24: the throws
  // of up to nine six-sided dice, 6^9). Small enough that weights which are
  // no such fractions find none: a double lies within rounding of p / q
  // for some q only past about 2^26.
  static constexpr uint64_t kMostDenominator = uint64_t{1} << 24;

  // The smallest q <= kMostDenominator with w within rounding of p / q
  // (continued fractions), or 0.
  static uint64_t Denominator(double w) {
    uint64_t p0 = 0, q0 = 1, p1 = 1, q1 = 0;
    double x = w;
    for (int step = 0; step < 64; ++step) {
      const double whole = std::floor(x);
      if (whole > static_cast<double>(kMostDenominator)) return 0;
      const uint64_t a = static_cast<uint64_t>(whole);
      const uint64_t p = a * p1 + p0, q = a * q1 + q0;
      if (q > kMostDenominator) return 0;
      if (std::fabs(static_cast<double>(p) / static_cast<double>(q) - w) <= 4e-16 * w) return q;
      if (x == whole) return 0;
      x = 1 / (x - whole);
      p0 = p1, q0 = q1, p1 = p, q1 = q;
    }
    return 0;
  }

  // numerators_ (the weights) become n_o with denominator_ D when every
  // weight is within rounding of n_o / D and the n_o sum to D.
  void AsFractions() {
    uint64_t common = 1;
    for (const double w : numerators_) {
      const uint64_t q = w == 0 ? 1 : (w > 0 && w <= 1 ? Denominator(w) : 0);
      if (q == 0) return;
      common = std::lcm(common, q);
      if (common > kMostDenominator) return;
    }
    uint64_t total = 0;
    std::vector<double> counts;
    for (const double w : numerators_) {
      const double n = std::round(w * static_cast<double>(common));
      counts.push_back(n);
      total += static_cast<uint64_t>(n);
    }
    if (total != common) return;
    numerators_ = std::move(counts);
    denominator_ = static_cast<double>(common);
  }

  std::vector<double> numerators_;
  double denominator_ = 1;
};

// The value of a position from its turn, outcome by outcome: the reward
// plus the weighted best of each outcome with a move, divided by the
// weight of those outcomes (the outcomes with no move leave the position
// as it is; see retro/solver/chance.h), in OutcomeWeights' counts:
// (R * D + sum n_o * best_o) / (sum n_o). The solver combines every turn
// with it, readers recompute a record with it, and a table-style game may
// use it to compute a value itself.
class TurnValue {
 public:
  // `weights` must outlive it.
  TurnValue(double reward, const OutcomeWeights& weights)
      : weights_(weights), sum_(reward * weights.denominator()) {}
  // Outcome `outcome` (of positive weight) has a move, the best worth `best`.
  void Add(int outcome, double best) {
    const double n = weights_.numerator(outcome);
    sum_ += n * best;
    moving_ += n;  // 1 - q, summed directly to avoid cancellation
  }
  // Whether some outcome has a move; value() requires it.
  bool has_move() const { return moving_ > 0; }
  double value() const { return sum_ / moving_; }

 private:
  const OutcomeWeights& weights_;
  double sum_;
  double moving_ = 0;
};

}  // namespace retro::chance

#endif  // RETRO_FORMAT_CHANCE_OBJECTIVE_H_
