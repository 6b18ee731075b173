// The value of every record of one pin slice recomputed from the stored
// values, for a full `retro verify` (PinRules::MakeBestChoices, the chance
// kit's hook). Enumerating every play of every record (what a sampled
// verify and probe do) visits about 720 afterstates a record for P = 12;
// this shares the partial plays instead: per pin, over all 14-checker
// boards, the tables of pin_recurrence_game.h, built in one pass of the
// chance solver and each board's value taken from them. Memory: 8 bytes per
// board for g, 152 per board for the tables (g again, with M_1..M_3) and 8
// for the recomputed values (0.75 GB for P = 12), kept from slice to slice,
// and 8 per record.
#ifndef PLUGINS_PLAKOTO_PIN_BEST_PLAYS_H_
#define PLUGINS_PLAKOTO_PIN_BEST_PLAYS_H_

#include <span>
#include <vector>

#include "retro/game_module.h"
#include "retro/kit/chance_reader.h"
#include "retro/solver/chance_workspace.h"

namespace retro::plakoto {

class PinRules;  // rules.h, which includes this header

// Recomputes one slice at a time (on the context's threads, the memory
// kept from slice to slice); the values are then read from any thread.
class PinBestPlays {
 public:
  explicit PinBestPlays(const kit::ChanceTables<PinRules>& tables);

  // Recomputes every record of `slice`.
  void Prepare(int slice, const WorkContext& context);

  // By record of the prepared slice: its value recomputed from the stored
  // values of its afterstates (one step of the recurrence,
  // kit::ValueFromBests), NaN when no roll has a play.
  std::span<const double> RecomputedValues() const { return recomputed_; }

 private:
  const kit::ChanceTables<PinRules>& tables_;
  std::vector<double> g_;           // by board: 0 or the stored D
  std::vector<double> recomputed_;  // by record
  chance::Workspace workspace_;     // the tables, and the values by board
};

}  // namespace retro::plakoto

#endif  // PLUGINS_PLAKOTO_PIN_BEST_PLAYS_H_
