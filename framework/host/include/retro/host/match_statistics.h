// The statistics of a match between two players: the score fraction of a
// win/draw/loss tally, its 95% confidence interval and the Elo difference it
// implies.
//
//   ScoreEstimate e = EstimateScore({.wins = 312, .draws = 400, .losses = 288});
//   // e.score = 0.512, e.low/e.high: the interval, e.elo and its interval
//
// The interval is the normal approximation over games: each game scores 1,
// 1/2 or 0; with n games and score fraction s, the per-game variance is
// v = (w (1 - s)^2 + d (1/2 - s)^2 + l s^2) / n and the interval
// s +- 1.96 sqrt(v / n), clipped to [0, 1]. The Elo difference of a score s
// is -400 log10(1/s - 1) (infinite at 0 and 1); its interval is the Elo of
// the score interval's ends.
#ifndef RETRO_HOST_MATCH_STATISTICS_H_
#define RETRO_HOST_MATCH_STATISTICS_H_

#include <cstdint>

namespace retro {

// Wins, draws and losses of one player.
struct Tally {
  uint64_t wins = 0;
  uint64_t draws = 0;
  uint64_t losses = 0;

  uint64_t games() const { return wins + draws + losses; }
  friend bool operator==(const Tally&, const Tally&) = default;
};

// The score fraction with its 95% interval, and the Elo difference with its
// interval (+-infinity where the score is 0 or 1). All zero (score 0.5) for
// an empty tally.
struct ScoreEstimate {
  double score = 0.5;
  double low = 0.5;
  double high = 0.5;
  double elo = 0;
  double elo_low = 0;
  double elo_high = 0;
};

// z of a two-sided 95% normal interval.
inline constexpr double kZ95 = 1.959963984540054;

// The Elo difference implied by score fraction `score` (0..1).
double EloFromScore(double score);

// The estimate of `tally` (see the file comment).
ScoreEstimate EstimateScore(const Tally& tally);

}  // namespace retro

#endif  // RETRO_HOST_MATCH_STATISTICS_H_
