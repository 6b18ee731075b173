// The reference rules: sow one seed at a time, walk the capture backwards,
// then apply the grand slam and must-feed rules exactly as the spec words
// them.
#include "tests/oware/reference_rules.h"

#include <vector>

namespace retro::oware::reference {
namespace {

// Everything about playing one house, before deciding whether it is legal.
struct Candidate {
  int house = 0;
  std::vector<int> after;  // Houses after sowing and (if any) capture.
  int captured = 0;
  bool grand_slam = false;
};

bool IsOpponentHouse(int house) { return house >= 6 && house <= 11; }

int OpponentTotal(const std::vector<int>& houses) {
  int total = 0;
  for (int i = 6; i < 12; ++i) total += houses[i];
  return total;
}

Candidate Play(const Board& board, int house, GrandSlam grand_slam) {
  std::vector<int> h(board.houses.begin(), board.houses.end());
  // Sow, one seed at a time, never into the origin house.
  int seeds = h[house];
  h[house] = 0;
  int pos = house;
  while (seeds > 0) {
    pos = (pos + 1) % 12;
    if (pos == house) continue;
    h[pos] += 1;
    seeds -= 1;
  }
  // Walk the capture backwards from the last seed.
  std::vector<int> taken;
  int sum = 0;
  int p = pos;
  while (IsOpponentHouse(p) && (h[p] == 2 || h[p] == 3)) {
    taken.push_back(p);
    sum += h[p];
    p -= 1;
  }
  Candidate c;
  c.house = house;
  c.grand_slam = sum > 0 && sum == OpponentTotal(h);
  const bool capture_happens =
      sum > 0 && !(c.grand_slam && grand_slam == GrandSlam::kForfeit);
  if (capture_happens) {
    for (int q : taken) h[q] = 0;
    c.captured = sum;
  }
  c.after = h;
  return c;
}

ReferenceMove ToMove(const Candidate& c) {
  ReferenceMove move;
  move.house = c.house;
  move.captured = c.captured;
  // Flip: the opponent's row becomes houses 0..5.
  for (int i = 0; i < 12; ++i) {
    move.child.houses[i] = static_cast<uint8_t>(c.after[(i + 6) % 12]);
  }
  return move;
}

}  // namespace

std::vector<ReferenceMove> ReferenceLegalMoves(const Board& board,
                                               GrandSlam grand_slam) {
  int opponent_before = 0;
  for (int i = 6; i < 12; ++i) opponent_before += board.houses[i];

  // Moves allowed by the must-feed rule: if the opponent is empty, the move
  // must leave them at least one seed.
  std::vector<Candidate> feeding;
  for (int house = 0; house < 6; ++house) {
    if (board.houses[house] == 0) continue;
    Candidate c = Play(board, house, grand_slam);
    if (opponent_before == 0 && OpponentTotal(c.after) == 0) continue;
    feeding.push_back(c);
  }

  std::vector<ReferenceMove> moves;
  if (grand_slam == GrandSlam::kForcedOnly) {
    // Grand slams only if nothing else is legal.
    for (const Candidate& c : feeding) {
      if (!c.grand_slam) moves.push_back(ToMove(c));
    }
    if (moves.empty()) {
      for (const Candidate& c : feeding) moves.push_back(ToMove(c));
    }
  } else {
    for (const Candidate& c : feeding) moves.push_back(ToMove(c));
  }
  return moves;
}

}  // namespace retro::oware::reference
