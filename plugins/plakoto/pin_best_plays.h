// Each roll's best play of every record of one pin slice, valued from the
// stored values, for a full `retro verify` (PinRules::MakeBestChoices, the
// chance kit's hook). Enumerating every play of every record (what a sampled
// verify and probe do) visits about 720 afterstates a record for P = 12;
// this shares the partial plays instead. Because every point is open, a
// play is a sequence of single-die moves, so with
//
//   M_j^d(t) = best over sequences of exactly j moves of die d from board t
//              of g(end)   (-inf when there are fewer than j such moves)
//
// over all 14-checker boards t (g: 0 where the pin is released, else the
// stored D), M_j^d(t) = max over single d-moves m of M_{j-1}^d(t - m) and
// M_0 = g, and the rules of move_generator.h give each roll's best:
//   double d:     M_n^d(t), n the largest of 1..4 with M_n^d(t) > -inf
//                 (as many moves as the checkers allow, at most four);
//   non-double:   the best over larger-die moves m of M_1^{smaller}(t - m)
//                 (both dice played, in either order: same afterstates),
//                 else M_1 of the larger die, else of the smaller one, else
//                 no move.
// Only the single moves and their boards' ranks come from the solver's
// adapter (PinTableGame::ForEachMove); the tables and the roll rules are
// computed here from the stored values. Memory: 8 bytes per board for g and
// 48 per board for each of M_1, M_2, M_3 (0.68 GB for P = 12), kept from
// slice to slice.
#ifndef PLUGINS_PLAKOTO_PIN_BEST_PLAYS_H_
#define PLUGINS_PLAKOTO_PIN_BEST_PLAYS_H_

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "games/plakoto/bearoff_indexer.h"
#include "games/plakoto/position.h"
#include "plugins/plakoto/pin_table_game.h"
#include "retro/kit/chance_reader.h"
#include "retro/game_module.h"

namespace retro::plakoto {

class PinRules;  // rules.h, which includes this header

// The tables of one slice at a time (built on the context's threads, the
// memory kept from slice to slice), then each record's 21 roll bests on any
// thread.
class PinBestPlays {
 public:
  explicit PinBestPlays(const kit::ChanceTables<PinRules>& tables);

  // Builds the tables of `slice`.
  void Prepare(int slice, const WorkContext& context);

  // best[o]: the best afterstate value of roll kRolls[o] from record `index`
  // (position p) of the prepared slice, nullopt when the roll has no move.
  void Bests(uint64_t index, const Position& p, std::optional<double>* best) const;

 private:
  // M_j^d of one board, die d at [d - 1].
  using DieValues = std::array<double, 6>;

  // Fills level j (1..3) of every board from level j - 1 (g for j = 1).
  void FillLevel(int j, const WorkContext& context);

  const kit::ChanceTables<PinRules>& tables_;
  std::optional<PinTableGame<BearoffIndexer>> game_;  // boards, single moves
  std::vector<double> g_;                             // by board
  std::array<std::vector<DieValues>, 3> levels_;      // levels_[j - 1][board]
};

}  // namespace retro::plakoto

#endif  // PLUGINS_PLAKOTO_PIN_BEST_PLAYS_H_
