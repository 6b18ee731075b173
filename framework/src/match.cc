// The match runner: pairs of games from one opening with colours swapped,
// played on a thread pool, collected by game index.
#include "retro/host/match.h"

#include <chrono>
#include <optional>

#include "absl/strings/str_cat.h"
#include "retro/split_mix64.h"

namespace retro {
namespace {

void Count(Outcome outcome, Tally& tally) {
  ++(outcome == Outcome::kWin    ? tally.wins
     : outcome == Outcome::kDraw ? tally.draws
                                 : tally.losses);
}

}  // namespace

std::string MatchResult::Outcomes() const {
  std::string letters;
  letters.reserve(games.size());
  for (const MatchGame& game : games) {
    const Outcome o = game.a_outcome();
    letters += o == Outcome::kWin ? 'W' : o == Outcome::kDraw ? 'D' : 'L';
  }
  return letters;
}

uint64_t OpeningSeed(uint64_t seed, uint64_t pair) { return SplitMix64(SplitMix64(seed) ^ pair); }

absl::StatusOr<MatchResult> RunMatch(const PlayCapability& play, const Player& a, const Player& b,
                                     const MatchOptions& options, ThreadPool& pool,
                                     Progress* progress) {
  if (options.games == 0 || options.games % 2 != 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a match needs an even number of games, at least 2 (pairs from one opening with "
        "colours swapped); got ",
        options.games));
  }
  const auto start = std::chrono::steady_clock::now();
  MatchResult result;
  result.games.resize(options.games);
  std::vector<std::optional<absl::Status>> errors(options.games);
  if (progress != nullptr) progress->StartPhase("match", options.games, {"games", 1});
  pool.ParallelFor(0, options.games, 1, [&](int, uint64_t begin, uint64_t end) {
    for (uint64_t i = begin; i < end; ++i) {
      MatchGame& game = result.games[i];
      game.opening = play.RandomOpening(OpeningSeed(options.seed, i / 2));
      game.a_first = i % 2 == 0;
      absl::StatusOr<GameRecord> record =
          game.a_first ? play.PlayGame(a, b, game.opening) : play.PlayGame(b, a, game.opening);
      if (record.ok()) {
        game.record = *std::move(record);
      } else {
        errors[i] = record.status();
      }
      if (progress != nullptr) progress->Advance(1);
    }
  });
  for (uint64_t i = 0; i < options.games; ++i) {
    if (errors[i].has_value()) {
      return absl::Status(errors[i]->code(),
                          absl::StrCat("game ", i + 1, " (opening ", result.games[i].opening,
                                       "): ", errors[i]->message()));
    }
  }
  for (const MatchGame& game : result.games) {
    const Outcome o = game.a_outcome();
    Count(o, result.a);
    Count(o, game.a_first ? result.a_first : result.a_second);
    result.a_totals += game.a_first ? game.record.first : game.record.second;
    result.b_totals += game.a_first ? game.record.second : game.record.first;
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace retro
