// The turn distributions of a pin database.
#include "plugins/plakoto/turn_distribution.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "games/plakoto/move_generator.h"

namespace retro::plakoto {

uint64_t TurnDistribution::StorageBytes(int points, int max_turns) {
  return BearoffIndexer(points, kFreeCheckers).Size() *
         static_cast<uint64_t>(max_turns) * sizeof(float);
}

double TurnDistribution::Tail(uint64_t index) const {
  double mass = 0;
  for (float p : Of(index)) mass += p;
  return mass >= 1 ? 0.0 : 1.0 - mass;
}

absl::StatusOr<TurnDistribution> TurnDistribution::Build(
    const PinDatabase& db, const TurnDistributionOptions& options) {
  const int turns = options.max_turns;
  if (turns < 1 || turns > 4096) {
    return absl::InvalidArgumentError(absl::StrCat(
        "max_turns ", turns, " is out of range; must be in 1..4096"));
  }
  const uint64_t size = db.size();
  std::vector<float> probabilities(size * turns, 0.0f);
  std::vector<Play> plays;
  std::vector<double> row(turns + 1);
  constexpr uint64_t kReport = 1 << 12;
  if (options.progress != nullptr) {
    options.progress->StartPhase("turn distribution", size);
  }
  for (uint64_t index = 0; index < size; ++index) {
    TurnDistributionRow(
        db.PositionAt(index), turns,
        [&](const Position& after) { return db.AfterstateValue(after); },
        [&](const Position& after) { return probabilities.data() + db.IndexOf(after) * turns; },
        plays, row);
    float* out = probabilities.data() + index * turns;
    for (int t = 1; t <= turns; ++t) out[t - 1] = static_cast<float>(row[t]);
    if (options.progress != nullptr && (index + 1) % kReport == 0) {
      options.progress->Advance(kReport);
    }
  }
  if (options.progress != nullptr) options.progress->Advance(size % kReport);
  return TurnDistribution(turns, std::move(probabilities));
}

}  // namespace retro::plakoto
