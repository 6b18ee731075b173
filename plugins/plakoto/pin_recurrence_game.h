// A full verify's one-move check of a stored pin slice, as a table-style
// game for the chance solver (retro/solver/chance.h), so that it runs with
// the solver's schedule: the blocks of PinTableGame, as a dependency graph,
// each in ascending index order with the next board's records prefetched.
//
// Over all 14-checker boards t of one pin point, with g = the stored values
// (0 where the pin is released, else the stored D, by board; see
// PinBestPlays), the record of t holds
//
//   M_j^d(t) = best over sequences of exactly j moves of die d from t of
//              g(end), j = 1..3   (-inf when there are fewer than j such
//              moves), from the records of t's single-move neighbours:
//              M_j^d(t) = max over single d-moves m of M_{j-1}^d(t - m),
//              M_0 = g.
//
// and from the neighbours' records each roll's best play follows by the
// rules of move_generator.h (every point is open, so a play is a sequence
// of single-die moves):
//   double d:     M_4^d(t) if four moves of d exist, else M_3, M_2 or M_1
//                 of t itself, the longest that exists;
//   non-double:   the best over larger-die moves m of M_1^{smaller}(t - m)
//                 (both dice, in either order: the same afterstates), else
//                 M_1 of the larger die, else of the smaller one.
// The board's value is then one step of the recurrence from those bests
// (kit::ValueFromBests, the kit's own arithmetic, not the solver's), or 0
// where the pin is released. EvaluateTurn reports it as a terminal value,
// so the solver merely stores it: the solve's result is the recomputed
// value of every board.
//
// The tables are this file's own, written apart from the solver's
// (pin_table_game.h), which builds the same maxima its own way; only the
// single moves, the ranks and the block schedule are shared
// (PinTableGame::StepTo, Blocks, BlockDependencies). A board's record
// also holds its stored g, copied in when the board is reached, so that a
// neighbour's g is read with its tables rather than from the stored values.
#ifndef PLUGINS_PLAKOTO_PIN_RECURRENCE_GAME_H_
#define PLUGINS_PLAKOTO_PIN_RECURRENCE_GAME_H_

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "games/plakoto/bearoff_indexer.h"
#include "games/plakoto/position.h"
#include "games/plakoto/roll.h"
#include "plugins/plakoto/pin_table_game.h"
#include "retro/kit/chance_database.h"
#include "retro/solver/chance_game.h"

namespace retro::plakoto {

template <typename Rules>
class PinRecurrenceGame {
 public:
  // Every board's value is reported as terminal: one outcome suffices.
  static constexpr int kNumOutcomes = 1;
  // One board's record: its stored value g = M_0, and M_j^d as
  // m[j - 1][d - 1].
  struct Aux {
    double g;
    double m[3][6];
  };
  // Per thread: the moves of the board being checked and of the next one
  // (blocks run in ascending order), found one call ahead.
  using Scratch = PinTableGame<BearoffIndexer>::Scratch;

  // `g`: the stored values by board (Size() of them), which must outlive
  // this game; `rules` gives the recurrence's weights and reward.
  PinRecurrenceGame(int points, int pin, const double* g, const Rules& rules)
      : g_(g), rules_(rules), boards_(points, pin) {}

  uint64_t Size() const { return boards_.Size(); }
  double OutcomeWeight(int) const { return 1.0; }
  double TurnReward() const { return 0.0; }
  std::vector<chance::Block> Blocks() const { return boards_.Blocks(); }
  const std::vector<std::vector<uint32_t>>& BlockDependencies(
      const std::vector<chance::Block>& blocks) const {
    return boards_.BlockDependencies(blocks);
  }

  // Fills board `index`'s record from its neighbours' and reports its
  // recomputed value (NaN when no roll has a play and the pin holds).
  void EvaluateTurn(uint64_t index, const double*, Aux* aux, Scratch& scratch,
                    chance::Turn<kNumOutcomes>* turn) const {
    // 1. The board's moves, and the next board's (PinTableGame::StepTo).
    //    Boards no play from a held pin reaches need no tables: their
    //    value is 0.
    bool pin_holds;
    const Moves* moves = boards_.StepTo(index, aux, scratch, &pin_holds);
    turn->terminal = true;
    if (moves == nullptr) return;  // value 0

    // 2. The board's record, and the best of four moves of each die and
    //    of a larger-die move followed by a smaller-die one, die by die
    //    (each die's maxima in registers).
    Aux& mine = aux[index];
    mine.g = g_[index];
    Bests bests;
    FoldDie<0>(*moves, aux, &mine, &bests);
    FoldDie<1>(*moves, aux, &mine, &bests);
    FoldDie<2>(*moves, aux, &mine, &bests);
    FoldDie<3>(*moves, aux, &mine, &bests);
    FoldDie<4>(*moves, aux, &mine, &bests);
    FoldDie<5>(*moves, aux, &mine, &bests);
    if (!pin_holds) return;  // the game is over: value 0

    // 3. Each roll's best play, then one step of the recurrence.
    std::optional<double> best[kNumRolls];
    for (int o = 0; o < kNumRolls; ++o) {
      const int high = kRolls[o].high - 1;
      const int low = kRolls[o].low - 1;
      double value;
      if (high == low) {
        value = bests.four[high];
        for (int j = 3; j >= 1 && value == kNone; --j) value = mine.m[j - 1][high];
      } else {
        value = bests.both[high][low];
        if (value == kNone) value = mine.m[0][high];
        if (value == kNone) value = mine.m[0][low];
      }
      if (value != kNone) best[o] = value;
    }
    const std::optional<double> value = kit::ValueFromBests(rules_, weights_, best);
    turn->terminal_value = value.value_or(std::numeric_limits<double>::quiet_NaN());
  }

 private:
  static constexpr double kNone = -std::numeric_limits<double>::infinity();
  using Moves = PinTableGame<BearoffIndexer>::Moves;

  // The best of four moves of each die, and both[high][low] (low < high):
  // of a larger-die move followed by a smaller-die one.
  struct Bests {
    double four[6];
    double both[6][6];
  };

  // Folds the records of the neighbours one move of die kDie + 1 away into
  // `mine` (M_1..M_3 of that die) and `bests`.
  template <int kDie>
  void FoldDie(const Moves& moves, const Aux* aux, Aux* mine, Bests* bests) const {
    double m1 = kNone, m2 = kNone, m3 = kNone, m4 = kNone;
    double both[kDie + 1];  // both[kDie] unused
    std::fill_n(both, kDie + 1, kNone);
    for (int c = 0; c < moves.count[kDie]; ++c) {
      const uint64_t n = moves.to[kDie][c];
      const Aux& r = aux[n];
      m1 = std::max(m1, r.g);
      m2 = std::max(m2, r.m[0][kDie]);
      m3 = std::max(m3, r.m[1][kDie]);
      m4 = std::max(m4, r.m[2][kDie]);
      for (int l = 0; l < kDie; ++l) both[l] = std::max(both[l], r.m[0][l]);
    }
    mine->m[0][kDie] = m1;
    mine->m[1][kDie] = m2;
    mine->m[2][kDie] = m3;
    bests->four[kDie] = m4;
    for (int l = 0; l < kDie; ++l) bests->both[kDie][l] = both[l];
  }

  const double* g_;
  const Rules& rules_;
  PinTableGame<BearoffIndexer> boards_;     // boards, single moves, blocks
  chance::OutcomeWeights weights_{rules_};  // after rules_
};

}  // namespace retro::plakoto

#endif  // PLUGINS_PLAKOTO_PIN_RECURRENCE_GAME_H_
