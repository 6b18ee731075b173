// Optional companion of a pin database: for every position the distribution
// of T, the number of the mover's turns until the turn in which the pin is
// released (counting the current one, so E[T] = D), when the mover follows
// the database's policy (the first best play of each roll in generation
// order; tied plays give the same D but may give different distributions).
// Like the roll distributions of backgammon bearoff databases, it answers
// "how likely is the pin to survive k more turns", not just the mean.
//
// Stored as float P(T = t) for t = 1..max_turns per record, the rest of the
// mass being P(T > max_turns). Size: records x max_turns x 4 bytes, e.g.
// 8,568 x 64 x 4 = 2.2 MB for P = 6 and 2,496,144 x 64 x 4 = 639 MB for
// P = 12 (per pin point); see StorageBytes(). Building it generates every
// play of every roll of every position (the plain method), so it costs far
// more than the values for P = 12; it is never built unless asked for.
#ifndef PLUGINS_PLAKOTO_TURN_DISTRIBUTION_H_
#define PLUGINS_PLAKOTO_TURN_DISTRIBUTION_H_

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "games/plakoto/move_generator.h"
#include "plugins/plakoto/pin_database.h"
#include "retro/progress.h"

namespace retro::plakoto {

// Options of TurnDistribution::Build.
struct TurnDistributionOptions {
  // The number of turns stored per record, 1..4096.
  int max_turns = 64;
  // May be null.
  Progress* progress = nullptr;
};

// The turn distribution of one record, from those of its afterstates: into
// row[1..turns] (row has turns + 1 entries; row[0] ends 0) P(T = t) for
// `position`. Each roll's first best play (the largest value_of(after), in
// generation order) adds the distribution of its afterstate, next_of(after)
// (indexable by t - 1 for P(T = t)), one turn later, or T = 1 when it
// releases the pin; the rolls without a move repeat the position:
// row[t] += q * row[t - 1]. `plays` is scratch. Both the builder and the
// verifier (rules.cc) compute a row this way, so they agree bit for bit.
template <typename ValueOf, typename NextOf>
void TurnDistributionRow(const Position& position, int turns, ValueOf&& value_of,
                         NextOf&& next_of, std::vector<Play>& plays, std::vector<double>& row) {
  std::fill(row.begin(), row.end(), 0.0);
  double q = 0;
  for (const Roll& roll : kRolls) {
    if (GeneratePlays(position, roll, &plays) == 0) {
      q += roll.Probability();
      continue;
    }
    const Play& best = *std::ranges::max_element(
        plays, std::less<>(), [&](const Play& play) { return value_of(play.after); });
    if (!best.after.PinHolds()) {
      row[1] += roll.Probability();
      continue;
    }
    const auto& next = next_of(best.after);
    for (int t = 2; t <= turns; ++t) row[t] += roll.Probability() * next[t - 2];
  }
  for (int t = 1; t <= turns; ++t) row[t] += q * row[t - 1];
}

// P(T = t) per position of one pin database.
class TurnDistribution {
 public:
  // Computes the distribution of every record of `db` in one ascending pass
  // (every afterstate has a lower index). Error: max_turns out of range.
  static absl::StatusOr<TurnDistribution> Build(
      const PinDatabase& db, const TurnDistributionOptions& options = {});

  // The bytes needed for P = `points` with `max_turns` turns per record.
  static uint64_t StorageBytes(int points, int max_turns);

  int max_turns() const { return max_turns_; }
  uint64_t size() const { return probabilities_.size() / max_turns_; }

  // P(T = t) for t = 1..max_turns() (element t - 1), for record `index`.
  std::span<const float> Of(uint64_t index) const {
    return std::span<const float>(probabilities_.data() + index * max_turns_,
                                  max_turns_);
  }
  // P(T > max_turns()) for record `index`.
  double Tail(uint64_t index) const;

 private:
  TurnDistribution(int max_turns, std::vector<float> probabilities)
      : max_turns_(max_turns), probabilities_(std::move(probabilities)) {}

  int max_turns_;
  std::vector<float> probabilities_;
};

}  // namespace retro::plakoto

#endif  // PLUGINS_PLAKOTO_TURN_DISTRIBUTION_H_
