// The plain adapter of the pin endgame to the chance solver (afterstate
// style, see retro/solver/chance_game.h): for each position (the 13 free
// checkers ranked by the bearoff hash) and roll it generates every distinct
// afterstate with GeneratePlays. Simple and obviously faithful to the rules,
// but it visits about a thousand afterstates per P = 12 position; the
// databases use PinTableGame, and this adapter cross-checks it and serves as
// the baseline in measurements.
#ifndef PLUGINS_PLAKOTO_PIN_AFTERSTATE_GAME_H_
#define PLUGINS_PLAKOTO_PIN_AFTERSTATE_GAME_H_

#include <cstdint>
#include <vector>

#include "games/plakoto/bearoff_indexer.h"
#include "games/plakoto/move_generator.h"
#include "games/plakoto/position.h"
#include "games/plakoto/roll.h"
#include "retro/solver/chance_game.h"

namespace retro::plakoto {

// The pin endgame for (points, pin) in afterstate style; index = the rank of
// the free checkers under `Indexer` (the bearoff hash by default; any scheme
// whose rank every move lowers works, e.g. LexIndexer), value = D.
template <typename Indexer = BearoffIndexer>
class PinAfterstateGame {
 public:
  static constexpr int kNumOutcomes = kNumRolls;
  static constexpr chance::Objective kObjective = chance::Objective::kMaximize;
  struct Scratch {
    std::vector<Play> plays;
    uint64_t index = ~uint64_t{0};  // the position cached in `position`
    Position position;
  };

  // Requires a valid number of points and pin point.
  PinAfterstateGame(int points, int pin, const MoveRules& rules = {})
      : points_(points),
        pin_(pin),
        rules_(rules),
        indexer_(points, kFreeCheckers) {}

  // The database's records: C(13 + P - 1, P - 1).
  uint64_t Size() const { return indexer_.Size(); }
  // Layer = pip count of the free checkers - 13.
  int NumLayers() const { return kFreeCheckers * (points_ - 1) + 1; }
  int Layer(uint64_t index) const {
    return PositionFromFree(points_, pin_, indexer_.Unrank(index)).PipCount() -
           pin_ - kFreeCheckers;
  }
  // Outcome o is roll kRolls[o]; each turn counts 1; no position is
  // terminal (released afterstates are terminal afterstates worth 0).
  double OutcomeWeight(int outcome) const {
    return kRolls[outcome].Probability();
  }
  double TurnReward() const { return 1.0; }
  bool IsTerminal(uint64_t, double*) const { return false; }

  // Visits the afterstate of every distinct play of roll kRolls[outcome].
  template <typename Visit>
  void ForEachAfterstate(uint64_t index, int outcome, Scratch& scratch,
                         Visit&& visit) const {
    if (scratch.index != index) {
      scratch.position = PositionFromFree(points_, pin_, indexer_.Unrank(index));
      scratch.index = index;
    }
    GeneratePlays(scratch.position, kRolls[outcome], &scratch.plays, rules_);
    for (const Play& play : scratch.plays) {
      if (!play.after.PinHolds()) {
        visit(chance::Afterstate::Terminal(0.0));
      } else {
        visit(chance::Afterstate::Position(
            indexer_.Rank(play.after.FreeBoard())));
      }
    }
  }

 private:
  int points_;
  int pin_;
  MoveRules rules_;
  Indexer indexer_;
};

}  // namespace retro::plakoto

#endif  // PLUGINS_PLAKOTO_PIN_AFTERSTATE_GAME_H_
