// Win/draw/loss results with distances, and the one-byte codec of the
// tables the loopy win/draw/loss solver (retro/solver/loopy_wdl.h) writes
// and every reader of those tables decodes.
#ifndef RETRO_FORMAT_WDL_WDL_H_
#define RETRO_FORMAT_WDL_WDL_H_

#include <cstdint>

namespace retro {

// The result of a position for the side to move.
enum class Wdl : uint8_t { kLoss = 0, kDraw = 1, kWin = 2 };

// A result with its distance in plies (0 for draws).
struct WdlOutcome {
  Wdl result = Wdl::kDraw;
  int distance = 0;

  // A win or loss in `plies` plies, or the draw.
  //   Returns: the outcome; no errors. Thread safety: any thread.
  //   Cost: fit for every node (constexpr).
  static constexpr WdlOutcome Win(int plies) { return {Wdl::kWin, plies}; }
  static constexpr WdlOutcome Loss(int plies) { return {Wdl::kLoss, plies}; }
  static constexpr WdlOutcome Draw() { return {Wdl::kDraw, 0}; }

  // The value, for the mover, of a move into a position of the same game
  // whose value for its side to move is `child`: the result flips and the
  // move adds one ply.
  //   Returns: the move's value; no errors. Thread safety: any thread.
  //   Cost: fit for every node (constexpr).
  static constexpr WdlOutcome AfterMove(WdlOutcome child) {
    return Opposite(AfterMoveKeepingTurn(child));
  }

  // The value, for the mover, of a move after which the same player moves
  // again (an extra turn) into a position worth `child` to it: the result
  // stays and the move adds one ply.
  //   Returns: the move's value; no errors. Thread safety: any thread.
  //   Cost: fit for every node (constexpr).
  static constexpr WdlOutcome AfterMoveKeepingTurn(WdlOutcome child) {
    return child.result == Wdl::kDraw ? Draw() : WdlOutcome{child.result, child.distance + 1};
  }
  // The same value from the other side: a win is the other's loss.
  //   Returns: the outcome; no errors. Thread safety: any thread.
  //   Cost: fit for every node (constexpr).
  static constexpr WdlOutcome Opposite(WdlOutcome v) {
    return v.result == Wdl::kWin    ? Loss(v.distance)
           : v.result == Wdl::kLoss ? Win(v.distance)
                                    : Draw();
  }

  friend constexpr bool operator==(const WdlOutcome&, const WdlOutcome&) = default;
};

// True when `a` is strictly better than `b` for the side to move: wins beat
// draws beat losses, shorter wins and longer losses are better.
//   Returns: the comparison; no errors. Thread safety: any thread.
//   Cost: fit for every node (constexpr).
constexpr bool BetterForMover(WdlOutcome a, WdlOutcome b) {
  if (a.result != b.result) return a.result > b.result;
  if (a.result == Wdl::kWin) return a.distance < b.distance;
  if (a.result == Wdl::kLoss) return a.distance > b.distance;
  return false;
}

// The byte codec of solved tables:
//   0          draw
//   1 .. 127   win,  distance = byte - 1    (0 .. 126 plies)
//   128 .. 254 loss, distance = byte - 128  (0 .. 126 plies)
//   255        never in a finished table (the solver's "unknown")
inline constexpr int kWdlMaxDistance = 126;
inline constexpr uint8_t kWdlDrawByte = 0;
inline constexpr uint8_t kWdlUnknownByte = 255;

// The byte of `o` (the writer's side, kept beside its inverse).
//   Parameters: o, with 0 <= o.distance <= kWdlMaxDistance (unchecked).
//   Returns: the byte, never 255; no errors. Thread safety: any thread.
//   Cost: fit for every node (constexpr).
constexpr uint8_t EncodeWdl(WdlOutcome o) {
  switch (o.result) {
    case Wdl::kWin:
      return static_cast<uint8_t>(1 + o.distance);
    case Wdl::kLoss:
      return static_cast<uint8_t>(128 + o.distance);
    default:
      return kWdlDrawByte;
  }
}

// The outcome of a table byte.
//   Parameters: byte, any (255, no value in a finished table, decodes as
//     a draw: readers check tables for it when they open them).
//   Returns: the outcome; no errors. Thread safety: any thread.
//   Cost: fit for every node (constexpr).
constexpr WdlOutcome DecodeWdl(uint8_t byte) {
  if (byte == kWdlDrawByte || byte == kWdlUnknownByte) {
    return WdlOutcome::Draw();
  }
  if (byte < 128) return WdlOutcome::Win(byte - 1);
  return WdlOutcome::Loss(byte - 128);
}

}  // namespace retro

#endif  // RETRO_FORMAT_WDL_WDL_H_
