// Legal plays of one roll in the pin endgame, under the backgammon rules
// without bearing off: a die d moves a checker from point k to k - d only if
// k - d >= 1 (every point is open); as many dice as possible must be played,
// in either order; if only one die of a non-double can be played, the larger
// must be; a double is played up to four times. With no legal play the turn
// passes.
//
// The generator returns one play per distinct afterstate (two plays that end
// on the same board are the same choice for the value), without allocation
// once the output vector has grown.
#ifndef GAMES_PLAKOTO_MOVE_GENERATOR_H_
#define GAMES_PLAKOTO_MOVE_GENERATOR_H_

#include <array>
#include <cstdint>
#include <vector>

#include "games/plakoto/position.h"
#include "games/plakoto/roll.h"

namespace retro::plakoto {

// One checker moved by one die: from point `from` to point `to`.
struct Move {
  uint8_t from = 0;
  uint8_t to = 0;
  friend bool operator==(const Move&, const Move&) = default;
};

// A legal play: the single-die moves in the order played, and the position
// after it (which may have released the pin: !after.PinHolds()).
struct Play {
  std::array<Move, 4> moves{};
  int num_moves = 0;
  Position after;
};

// Rule switches. The defaults are the real rules; the others exist to show in
// tests what a rule changes.
struct MoveRules {
  // If only one die of a non-double can be played, the larger must be.
  bool larger_die_rule = true;
};

// Fills `plays` (cleared first) with the legal plays of `roll` from
// `position`, one per distinct afterstate, and returns their number. An empty
// result means the roll has no legal move. `position` need not hold the pin,
// but must have its checkers on points 1..position.points.
int GeneratePlays(const Position& position, Roll roll, std::vector<Play>* plays,
                  const MoveRules& rules = {});

// True when `roll` has at least one legal move from `position`.
bool HasLegalMove(const Position& position, Roll roll);

// The probability q of rolling a roll with no legal move from `position`.
double NoMoveProbability(const Position& position);

}  // namespace retro::plakoto

#endif  // GAMES_PLAKOTO_MOVE_GENERATOR_H_
