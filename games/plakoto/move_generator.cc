// Play generation for the pin endgame. Because every point is open, the
// legality rules reduce to counting: a non-double can use both dice iff some
// checker can move the larger die and then some checker (possibly the same)
// the smaller one; a double can be played min(4, capacity) times, where the
// capacity sums floor((k - 1) / d) over the checkers, and any partial play
// extends to a full one. Plays are enumerated in a canonical order so that
// each afterstate is produced exactly once (no deduplication pass needed).
#include "games/plakoto/move_generator.h"

#include <algorithm>

namespace retro::plakoto {
namespace {

// The move of a checker from point `from` by `die`.
Move SingleMove(int from, int die) {
  return Move{static_cast<uint8_t>(from), static_cast<uint8_t>(from - die)};
}

// Appends the play made of `moves` ending on `board`.
void Emit(const Position& from, const Board& board, const Move* moves, int num_moves,
          std::vector<Play>* plays) {
  Play& play = plays->emplace_back();
  std::copy_n(moves, num_moves, play.moves.begin());
  play.num_moves = num_moves;
  play.after.points = from.points;
  play.after.pin = from.pin;
  play.after.board = board;
}

// Plays of a non-double that use both dice: one checker from `a` by `high`,
// then one from `b` by `low` (b may be the checker just moved). The pair with
// b - low == a ends on the same board as moving the checker on b by both
// dice, which the loop produces as (a = b, then b - high), so it is skipped.
void BothDice(const Position& position, int high, int low, std::vector<Play>* plays) {
  const int points = position.points;
  Board board = position.board;
  Move moves[2];
  for (int a = points; a > high; --a) {
    if (board[a] == 0) continue;
    --board[a];
    ++board[a - high];
    moves[0] = SingleMove(a, high);
    for (int b = points; b > low; --b) {
      if (board[b] == 0 || b - low == a) continue;
      --board[b];
      ++board[b - low];
      moves[1] = SingleMove(b, low);
      Emit(position, board, moves, 2, plays);
      ++board[b];
      --board[b - low];
    }
    ++board[a];
    --board[a - high];
  }
}

// Sequences of `left` more moves of `die` whose source points never increase
// (every multiset of moves can be played in that order, and distinct
// multisets give distinct boards): a double's plays, or with left = 1 the
// plays of one die.
void SameDie(const Position& position, int die, int max_source, int left, Board& board, Move* moves,
             int played, std::vector<Play>* plays) {
  if (left == 0) {
    Emit(position, board, moves, played, plays);
    return;
  }
  for (int a = max_source; a > die; --a) {
    if (board[a] == 0) continue;
    --board[a];
    ++board[a - die];
    moves[played] = SingleMove(a, die);
    SameDie(position, die, a, left - 1, board, moves, played + 1, plays);
    ++board[a];
    --board[a - die];
  }
}

// The number of single moves of `die` the checkers can make in total.
int Capacity(const Position& position, int die) {
  int capacity = 0;
  for (int k = die + 1; k <= position.points; ++k) {
    capacity += position.board[k] * ((k - 1) / die);
  }
  return capacity;
}

// The highest occupied point.
int HighestPoint(const Position& position) {
  for (int k = position.points; k >= 1; --k) {
    if (position.board[k] > 0) return k;
  }
  return 0;
}

}  // namespace

int GeneratePlays(const Position& position, Roll roll, std::vector<Play>* plays,
                  const MoveRules& rules) {
  plays->clear();
  const int high = roll.high;
  const int low = roll.low;
  Board board = position.board;
  Move moves[4];
  if (roll.IsDouble()) {
    const int capacity = Capacity(position, high);
    if (capacity == 0) return 0;
    SameDie(position, high, position.points, std::min(capacity, 4), board, moves, 0, plays);
    return static_cast<int>(plays->size());
  }
  BothDice(position, high, low, plays);
  if (!plays->empty()) return static_cast<int>(plays->size());
  SameDie(position, high, position.points, 1, board, moves, 0, plays);
  if (plays->empty() || !rules.larger_die_rule) {
    SameDie(position, low, position.points, 1, board, moves, 0, plays);
  }
  return static_cast<int>(plays->size());
}

bool HasLegalMove(const Position& position, Roll roll) {
  // The lower die is the easier one to play: any checker above it can move.
  return HighestPoint(position) > roll.low;
}

double NoMoveProbability(const Position& position) {
  // A roll has no move iff both dice exceed (highest point - 1).
  const int highest = HighestPoint(position);  // dice >= highest can't move
  const int stuck_faces = std::clamp(7 - highest, 0, 6);
  return static_cast<double>(stuck_faces * stuck_faces) / 36.0;
}

}  // namespace retro::plakoto
