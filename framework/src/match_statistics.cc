// Score fraction, confidence interval and Elo of a match tally.
#include "retro/host/match_statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace retro {

double EloFromScore(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400.0 * std::log10(1.0 / score - 1.0);
}

ScoreEstimate EstimateScore(const Tally& tally) {
  ScoreEstimate e;
  const uint64_t n = tally.games();
  if (n == 0) return e;
  const double games = static_cast<double>(n);
  const double s = (tally.wins + 0.5 * tally.draws) / games;
  const double variance = (tally.wins * (1 - s) * (1 - s) + tally.draws * (0.5 - s) * (0.5 - s) +
                           tally.losses * s * s) /
                          games;
  const double half = kZ95 * std::sqrt(variance / games);
  e.score = s;
  e.low = std::max(0.0, s - half);
  e.high = std::min(1.0, s + half);
  e.elo = EloFromScore(s);
  e.elo_low = EloFromScore(e.low);
  e.elo_high = EloFromScore(e.high);
  return e;
}

}  // namespace retro
