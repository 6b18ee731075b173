// The Plakoto pin databases as the contract checker sees them
// (retro::CheckableGame, retro/contract/checkable_game.h): one slice per pin
// point, each the 13 free checkers ranked by BearoffIndexer (the records'
// order). Children are the afterstates of every roll (GeneratePlays) that
// still hold the pin; the consistency hook checks what the chance solver
// relies on: every afterstate, the pin-releasing ones included, has fewer
// pips (so an order by index blocks sees it solved first), the pips drop by
// the dice played, and the no-move probability q the solver divides by is
// that of the rolls without a play. The chance solver needs no take-backs.
#ifndef PLUGINS_PLAKOTO_CONTRACT_H_
#define PLUGINS_PLAKOTO_CONTRACT_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "games/plakoto/bearoff_indexer.h"
#include "games/plakoto/move_generator.h"
#include "games/plakoto/notation.h"
#include "games/plakoto/position.h"
#include "games/plakoto/roll.h"
#include "retro/contract/checkable_game.h"

namespace retro::plakoto {

// The checkable view of the databases of `pins` on `points` points.
class ContractGame {
 public:
  using Position = plakoto::Position;

  ContractGame(int points, std::vector<int> pins)
      : points_(points), pins_(std::move(pins)), indexer_(points, kFreeCheckers) {}

  int num_slices() const { return static_cast<int>(pins_.size()); }
  uint64_t slice_size(int) const { return indexer_.Size(); }
  std::string slice_name(int slice) const { return absl::StrCat("pin ", pins_[slice]); }
  Position Unrank(int slice, uint64_t index) const {
    return PositionFromFree(points_, pins_[slice], indexer_.Unrank(index));
  }
  SliceIndex Rank(const Position& p) const {
    const auto it = std::find(pins_.begin(), pins_.end(), p.pin);
    if (it == pins_.end() || !p.PinHolds() || p.points != points_) return {-1, 0};
    return {static_cast<int>(it - pins_.begin()), indexer_.Rank(p.FreeBoard())};
  }
  bool IsPosition(const Position&) const { return true; }
  std::string Format(const Position& p) const { return FormatPosition(p); }
  absl::StatusOr<Position> Parse(const std::string& text) const {
    return ParsePosition(text);
  }

  // The afterstates of every roll that still hold the pin (a released pin
  // ends the game with value 0: no record).
  template <typename Visit>
  void ForEachChild(const Position& p, Visit&& visit) const {
    std::vector<Play> plays;
    for (const Roll roll : kRolls) {
      GeneratePlays(p, roll, &plays);
      for (const Play& play : plays) {
        if (play.after.PinHolds()) visit(play.after);
      }
    }
  }
  bool ChildSliceAllowed(int from, int to) const { return from == to; }

  std::string Inconsistency(const Position& p) const {
    const int pips = p.PipCount();
    double no_move = 0;
    std::vector<Play> plays;
    for (const Roll roll : kRolls) {
      GeneratePlays(p, roll, &plays);
      if (plays.empty()) no_move += roll.Probability();
      for (const Play& play : plays) {
        int dice = 0;
        for (int m = 0; m < play.num_moves; ++m) dice += play.moves[m].from - play.moves[m].to;
        if (play.num_moves == 0 || play.after.PipCount() != pips - dice) {
          return absl::StrCat("roll ", FormatRoll(roll), ": play ", FormatPlay(play),
                              " leads to \"", FormatPosition(play.after), "\" with ",
                              play.after.PipCount(), " pips, not ", pips - dice);
        }
      }
    }
    const double q = NoMoveProbability(p);
    if (std::abs(q - no_move) > 1e-12) {
      return absl::StrCat("NoMoveProbability is ", q, " but the rolls without a play add up to ",
                          no_move);
    }
    return "";
  }

 private:
  int points_;
  std::vector<int> pins_;
  BearoffIndexer indexer_;
};

static_assert(CheckableGame<ContractGame>);

}  // namespace retro::plakoto

#endif  // PLUGINS_PLAKOTO_CONTRACT_H_
