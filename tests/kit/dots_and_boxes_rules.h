// Dots and boxes on two by two boxes, a test game of the loopy win/draw/loss
// kit's extra turns (kMovesMayKeepTurn): a move draws one of the 12 lines,
// and a move completing a box (or two) scores it and keeps the turn. The
// game ends when a side holds three of the four boxes (won, whatever is
// left), or when every line is drawn (the side with more boxes wins, 2-2 is
// a draw). A position is the lines drawn and the side to move's boxes less
// the opponent's: "0b000000111111 +1" (line 11 first).
//
// Three layouts of the same game: kOneSlice (one slice of 4096 x 9 indices,
// every move within it, predecessors from the kit's forward pass),
// kTakeBacks (the same, predecessors from ForEachTakeBack) and kByLines
// (slice s: the positions with s lines left, so every move converts into
// an earlier slice).
#ifndef TESTS_KIT_DOTS_AND_BOXES_RULES_H_
#define TESTS_KIT_DOTS_AND_BOXES_RULES_H_

#include <bit>
#include <bitset>
#include <cstdint>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/combinatorics.h"
#include "retro/contract/checkable_game.h"
#include "retro/format/wdl/wdl.h"

namespace dots_and_boxes {

inline constexpr int kLines = 12;
inline constexpr int kBoxes = 4;

// Lines: horizontal 0..5 (row r = 0..2, column c = 0..1: 2r + c), vertical
// 6..11 (row r = 0..1, column c = 0..2: 6 + 3r + c). Box (r, c)'s lines.
inline constexpr uint16_t kBoxLines[kBoxes] = {
    (1 << 0) | (1 << 2) | (1 << 6) | (1 << 7),    // box (0, 0)
    (1 << 1) | (1 << 3) | (1 << 7) | (1 << 8),    // box (0, 1)
    (1 << 2) | (1 << 4) | (1 << 9) | (1 << 10),   // box (1, 0)
    (1 << 3) | (1 << 5) | (1 << 10) | (1 << 11),  // box (1, 1)
};

struct Position {
  uint16_t lines = 0;  // bit l: line l drawn
  int lead = 0;        // the side to move's boxes less the opponent's
};
using Move = int;  // the line drawn

// The boxes complete with `lines` drawn.
inline int Boxes(uint16_t lines) {
  int boxes = 0;
  for (const uint16_t box : kBoxLines) boxes += (lines & box) == box;
  return boxes;
}

enum class Layout { kOneSlice, kTakeBacks, kByLines };

template <Layout kLayout>
class Rules {
 public:
  using Position = dots_and_boxes::Position;
  using Move = dots_and_boxes::Move;
  static constexpr bool kMovesMayKeepTurn = true;

  int num_slices() const { return kLayout == Layout::kByLines ? kLines + 1 : 1; }
  uint64_t slice_size(int s) const {
    return kLayout == Layout::kByLines ? retro::Binomial(kLines, kLines - s) * 9 : 4096 * 9;
  }
  std::string slice_name(int s) const { return absl::StrCat("left-", s); }
  Position Unrank(int s, uint64_t index) const {
    const int lead = static_cast<int>(index % 9) - 4;
    if (kLayout != Layout::kByLines) return {static_cast<uint16_t>(index / 9), lead};
    return {static_cast<uint16_t>(retro::CombinationUnrank(index / 9, kLines - s, kLines)), lead};
  }
  retro::SliceIndex Rank(const Position& p) const {
    if (kLayout != Layout::kByLines) return {0, p.lines * 9u + (p.lead + 4)};
    return {kLines - std::popcount(p.lines), retro::CombinationRank(p.lines) * 9 + (p.lead + 4)};
  }
  // The lead is possible for the boxes drawn: of their parity, no larger.
  bool IsPosition(const Position& p) const {
    const int boxes = Boxes(p.lines);
    return p.lead >= -boxes && p.lead <= boxes && (boxes + p.lead) % 2 == 0;
  }
  std::optional<retro::WdlOutcome> Outcome(const Position& p) const {
    const int boxes = Boxes(p.lines), mine = (boxes + p.lead) / 2, theirs = boxes - mine;
    if (mine > kBoxes / 2) return retro::WdlOutcome::Win(0);
    if (theirs > kBoxes / 2) return retro::WdlOutcome::Loss(0);
    if (p.lines != (1 << kLines) - 1) return std::nullopt;
    if (p.lead == 0) return retro::WdlOutcome::Draw();
    return p.lead > 0 ? retro::WdlOutcome::Win(0) : retro::WdlOutcome::Loss(0);
  }
  template <typename Visit>
  void ForEachMove(const Position& p, Visit&& visit) const {
    if (Outcome(p)) return;
    for (int line = 0; line < kLines; ++line) {
      if (p.lines & (1 << line)) continue;
      const uint16_t lines = p.lines | (1 << line);
      const int scored = Boxes(lines) - Boxes(p.lines);
      if (scored > 0) {
        visit(line, Position{lines, p.lead + scored}, true);
      } else {
        visit(line, Position{lines, -p.lead}, false);
      }
    }
  }
  // The parents within the slice (kTakeBacks only): a drawn line undrawn,
  // the boxes it completed taken off the mover's lead if it kept the turn,
  // else the lead seen from the other side; parents that are positions
  // and not over.
  template <typename Visit>
    requires(kLayout == Layout::kTakeBacks)
  void ForEachTakeBack(const Position& p, Visit&& visit) const {
    for (int line = 0; line < kLines; ++line) {
      if ((p.lines & (1 << line)) == 0) continue;
      const uint16_t lines = p.lines & ~(1 << line);
      const int scored = Boxes(p.lines) - Boxes(lines);
      const Position parent{lines, scored > 0 ? p.lead - scored : -p.lead};
      if (IsPosition(parent) && !Outcome(parent)) visit(parent, scored > 0);
    }
  }

  std::string Format(const Position& p) const {
    return absl::StrCat("0b", std::bitset<kLines>(p.lines).to_string(), p.lead >= 0 ? " +" : " ",
                        p.lead);
  }
  absl::StatusOr<Position> Parse(const std::string& text) const {
    for (int s = 0; s < num_slices(); ++s) {
      for (uint64_t i = 0; i < slice_size(s); ++i) {
        if (Format(Unrank(s, i)) == text) return Unrank(s, i);
      }
    }
    return absl::InvalidArgumentError(absl::StrCat("not a position: ", text));
  }
  std::string FormatMove(const Position&, Move line) const { return std::to_string(line); }
};

}  // namespace dots_and_boxes

#endif  // TESTS_KIT_DOTS_AND_BOXES_RULES_H_
