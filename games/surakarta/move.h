// A Surakarta move (from, to, and whether it captures) and a fixed-capacity
// list of moves filled by the move generator.
#ifndef GAMES_SURAKARTA_MOVE_H_
#define GAMES_SURAKARTA_MOVE_H_

#include <array>
#include <cstdint>

namespace retro::surakarta {

// A move of one piece from `from` to `to`. A capture lands on the captured
// piece's point. Moves are identified by (from, to): two capture routes to
// the same target are one move.
struct Move {
  uint8_t from = 0;
  uint8_t to = 0;
  bool capture = false;

  friend bool operator==(const Move&, const Move&) = default;
  friend auto operator<=>(const Move&, const Move&) = default;
};

// Upper bound on the moves of any placement: each piece has at most 8 steps
// and at most 4 capture targets (one per capture ray), on 36 points.
inline constexpr int kMaxMoves = 36 * 12;

// A list of moves with inline storage (no allocation on the hot path).
class MoveList {
 public:
  void push_back(Move m) { moves_[size_++] = m; }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move& operator[](int i) const { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }

 private:
  std::array<Move, kMaxMoves> moves_;
  int size_ = 0;
};

}  // namespace retro::surakarta

#endif  // GAMES_SURAKARTA_MOVE_H_
