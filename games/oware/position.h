// A whole-game oware position: the board seen from the side to move, both
// captured scores and the number of plies played, with the rules of a whole
// game (the book's rule variants plus the majority stop) and its end
// conditions.
//
//   GameRules game;                         // abapa, 200 plies, 25 wins
//   Position pos = Position::Start();
//   Move moves[kMaxMoves];
//   const int n = GenerateMoves(pos.board, game.rules, moves);
//   pos = pos.Play(moves[0]);
//   if (std::optional<int> d = FinalDifference(pos, game)) { /* game over */ }
//
// The game ends (FinalDifference has a value) when
//  - a side has captured more than half of all the seeds in the game (25 of
//    48), if GameRules::majority_ends_game (the default);
//  - the turn limit is reached: the seeds left go as Rules::at_limit says;
//  - the side to move has no legal move: it takes the seeds on its side.
#ifndef GAMES_OWARE_POSITION_H_
#define GAMES_OWARE_POSITION_H_

#include <optional>
#include <string>

#include "absl/status/status.h"
#include "games/oware/board.h"
#include "games/oware/movegen.h"
#include "games/oware/rules.h"

namespace retro::oware {

// The rules of a whole game: the rule set the book uses (grand slam, seeds at
// the limit, turn limit) plus whether a majority of the seeds ends the game.
struct GameRules {
  Rules rules;
  // A side holding more than half of the seeds of the game (board plus both
  // scores) has won and the game stops. When false the game always runs to
  // the turn limit or to a side without moves (the book's "scoreless" game).
  bool majority_ends_game = true;
};

// Largest turn limit the engine accepts (plies left are 15 bits in its
// transposition table key).
inline constexpr int kMaxEngineTurnLimit = (1 << 15) - 1;

// A position of a whole game, from the side to move's view.
struct Position {
  Board board;
  // Seeds captured so far by the side to move and by the other side.
  int mover_score = 0;
  int opponent_score = 0;
  // Plies played since the start; the first player moves at even plies.
  int plies = 0;

  // The start of a game: four seeds in each house, 0-0, no ply played.
  static Position Start();

  // The position after `move` (a legal move of this position's board): the
  // mover's capture is added to its score, the sides swap, one more ply.
  Position Play(const Move& move) const {
    Position next;
    next.board = move.child;
    next.mover_score = opponent_score;
    next.opponent_score = mover_score + move.captured;
    next.plies = plies + 1;
    return next;
  }

  // Seeds in the whole game: on the board and in both scores.
  int TotalGameSeeds() const {
    return TotalSeeds(board) + mover_score + opponent_score;
  }

  friend bool operator==(const Position&, const Position&) = default;
};

// Plies left before the turn limit (0 when it is reached).
inline int PliesLeft(const Position& pos, const GameRules& game) {
  const int left = game.rules.turn_limit - pos.plies;
  return left > 0 ? left : 0;
}

// True if a side holds more than half of the game's seeds and the rules stop
// the game there.
inline bool MajorityReached(const Position& pos, const GameRules& game) {
  if (!game.majority_ends_game) return false;
  const int total = pos.TotalGameSeeds();
  return 2 * pos.mover_score > total || 2 * pos.opponent_score > total;
}

// The seeds each side ends a finished game with: its captures plus the
// seeds the end rule hands it.
struct FinalScores {
  int mover = 0;
  int opponent = 0;
};

// If the game is over at `pos`, both sides' final scores under `game`;
// otherwise nullopt. Generates the moves to detect a side without moves.
std::optional<FinalScores> FinalScoresOf(const Position& pos, const GameRules& game);

// If the game is over at `pos`, the final score difference (mover minus
// opponent) under `game`; otherwise nullopt.
std::optional<int> FinalDifference(const Position& pos, const GameRules& game);

// OK if `pos` is usable by the engine: valid rules, a turn limit of at most
// kMaxEngineTurnLimit, non-negative scores and plies, at most 255 seeds in
// the game.
absl::Status ValidatePosition(const Position& pos, const GameRules& game);

// "4 4 4 4 4 4 | 4 4 4 4 4 4  score 0-0  ply 0".
std::string FormatPosition(const Position& pos);

}  // namespace retro::oware

#endif  // GAMES_OWARE_POSITION_H_
