// The match runner: games between players A and B through a game's play
// capability (retro/play.h), in pairs from the same random opening with the
// colours swapped, spread over a thread pool.
//
//   MatchResult r = *RunMatch(*play, *a, *b, {.games = 1000, .seed = 1}, pool, &progress);
//   ScoreEstimate e = EstimateScore(r.a);     // retro/host/match_statistics.h
//
// Game i belongs to pair i / 2; the pair's opening comes from
// RandomOpening(OpeningSeed(seed, i / 2)); A moves first in even games, B in
// odd ones. Each game is independent (the plugin builds fresh search state
// per game) and its record is stored at its index, so the tally and the
// totals do not depend on the number of threads when the players' budgets
// are deterministic (depth, nodes).
#ifndef RETRO_HOST_MATCH_H_
#define RETRO_HOST_MATCH_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "retro/host/match_statistics.h"
#include "retro/play.h"
#include "retro/progress.h"
#include "retro/thread_pool.h"

namespace retro {

// How many games and from which seed.
struct MatchOptions {
  uint64_t games = 2;  // even, at least 2
  uint64_t seed = 1;
};

// One game of a match.
struct MatchGame {
  std::string opening;
  bool a_first = true;  // A played the side that moves first
  GameRecord record;    // from the first player's view

  // The outcome for A.
  Outcome a_outcome() const {
    return a_first ? record.outcome : static_cast<Outcome>(-static_cast<int>(record.outcome));
  }
};

// The whole match, from A's view.
struct MatchResult {
  std::vector<MatchGame> games;  // by game index
  Tally a;                       // A's wins, draws, losses
  Tally a_first;                 // in the games where A moved first
  Tally a_second;                // in the games where B moved first
  SearchTotals a_totals;         // A's searches over all games
  SearchTotals b_totals;
  double seconds = 0;  // wall time

  // One letter per game, A's view: W, D or L.
  std::string Outcomes() const;
};

// The seed of the opening of pair `pair` in a match with seed `seed`.
uint64_t OpeningSeed(uint64_t seed, uint64_t pair);

// Plays the match on `pool`, advancing `progress` (may be null) by one per
// game. Fails with the first failing game's error (by index); InvalidArgument
// for an odd or zero number of games.
absl::StatusOr<MatchResult> RunMatch(const PlayCapability& play, const Player& a, const Player& b,
                                     const MatchOptions& options, ThreadPool& pool,
                                     Progress* progress);

}  // namespace retro

#endif  // RETRO_HOST_MATCH_H_
