// Whether a chance game's player maximises or minimises, and who moves after
// a choice: how the chance solver (retro/solver/chance.h) chooses and how
// readers of its values recompute a record (retro/kit/chance_rules.h,
// kObjective and kTurnOrder).
#ifndef RETRO_FORMAT_CHANCE_OBJECTIVE_H_
#define RETRO_FORMAT_CHANCE_OBJECTIVE_H_

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

}  // namespace retro::chance

#endif  // RETRO_FORMAT_CHANCE_OBJECTIVE_H_
