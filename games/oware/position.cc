// Whole-game positions: start, end conditions, validation and formatting.
#include "games/oware/position.h"

#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "games/oware/notation.h"

namespace retro::oware {

Position Position::Start() {
  Position pos;
  pos.board.houses.fill(4);
  return pos;
}

std::optional<FinalScores> FinalScoresOf(const Position& pos, const GameRules& game) {
  FinalScores scores{pos.mover_score, pos.opponent_score};
  if (MajorityReached(pos, game)) return scores;
  if (PliesLeft(pos, game) == 0) {
    if (game.rules.at_limit == AtLimit::kOwnSide) {
      scores.mover += OwnSeeds(pos.board);
      scores.opponent += OpponentSeeds(pos.board);
    }
    return scores;
  }
  Move moves[kMaxMoves];
  if (GenerateMoves(pos.board, game.rules, moves) == 0) {
    scores.mover += TerminalValue(pos.board);  // the mover takes its side
    return scores;
  }
  return std::nullopt;
}

std::optional<int> FinalDifference(const Position& pos, const GameRules& game) {
  const std::optional<FinalScores> scores = FinalScoresOf(pos, game);
  if (!scores.has_value()) return std::nullopt;
  return scores->mover - scores->opponent;
}

absl::Status ValidatePosition(const Position& pos, const GameRules& game) {
  if (absl::Status s = ValidateRules(game.rules); !s.ok()) return s;
  if (game.rules.turn_limit > kMaxEngineTurnLimit) {
    return absl::InvalidArgumentError(
        absl::StrFormat("turn limit %d is above the engine's limit %d",
                        game.rules.turn_limit, kMaxEngineTurnLimit));
  }
  if (pos.mover_score < 0 || pos.opponent_score < 0 || pos.plies < 0) {
    return absl::InvalidArgumentError(
        "scores and plies played must not be negative");
  }
  if (pos.TotalGameSeeds() > 255) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%d seeds in the game (board and scores); at most 255 are supported",
        pos.TotalGameSeeds()));
  }
  return absl::OkStatus();
}

std::string FormatPosition(const Position& pos) {
  return absl::StrFormat("%s  score %d-%d  ply %d", FormatBoard(pos.board),
                         pos.mover_score, pos.opponent_score, pos.plies);
}

}  // namespace retro::oware
