// Probing the pin-distance databases (building them: pin_build.cc).
#include "plugins/plakoto/pin_database.h"

#include <algorithm>
#include <functional>
#include <utility>

#include "absl/strings/str_cat.h"

namespace retro::plakoto {

absl::StatusOr<PinDatabase> PinDatabase::FromValues(int points, int pin,
                                                    std::vector<double> values) {
  if (absl::Status s = ValidatePoints(points); !s.ok()) return s;
  if (absl::Status s = ValidatePin(pin); !s.ok()) return s;
  const uint64_t expected = BearoffIndexer(points, kFreeCheckers).Size();
  if (values.size() != expected) {
    return absl::InvalidArgumentError(absl::StrCat("a P = ", points, " pin database has ", expected,
                                                   " records, got ", values.size()));
  }
  return PinDatabase(points, pin, std::move(values));
}

absl::Status PinDatabase::CheckPosition(const Position& position) const {
  if (absl::Status s = ValidatePosition(position); !s.ok()) return s;
  if (position.points != points_ || position.pin != pin_) {
    return absl::InvalidArgumentError(
        absl::StrCat("position has P = ", position.points, ", p = ", position.pin,
                     "; this database is for P = ", points_, ", p = ", pin_));
  }
  return absl::OkStatus();
}

absl::StatusOr<double> PinDatabase::Value(const Position& position) const {
  if (absl::Status s = CheckPosition(position); !s.ok()) return s;
  return values_[IndexOf(position)];
}

absl::StatusOr<std::array<RollAnalysis, kNumRolls>> PinDatabase::AnalyzeRolls(
    const Position& position) const {
  if (absl::Status s = CheckPosition(position); !s.ok()) return s;
  std::array<RollAnalysis, kNumRolls> result;
  std::vector<Play> plays;
  for (int r = 0; r < kNumRolls; ++r) {
    RollAnalysis& analysis = result[r];
    analysis.roll = kRolls[r];
    analysis.num_plays = GeneratePlays(position, kRolls[r], &plays);
    analysis.has_move = analysis.num_plays > 0;
    if (!analysis.has_move) continue;
    analysis.best_play = *std::ranges::max_element(
        plays, std::less<>(), [&](const Play& play) { return AfterstateValue(play.after); });
    analysis.best_value = AfterstateValue(analysis.best_play.after);
  }
  return result;
}

double PinDatabase::Residual(uint64_t index) const {
  double sum = 1.0;
  double moving = 0.0;
  for (const RollAnalysis& roll : *AnalyzeRolls(PositionAt(index))) {
    if (!roll.has_move) continue;
    sum += roll.roll.Probability() * roll.best_value;
    moving += roll.roll.Probability();
  }
  return sum / moving - values_[index];
}

}  // namespace retro::plakoto
