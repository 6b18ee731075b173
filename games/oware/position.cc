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

std::optional<int> FinalDifference(const Position& pos, const GameRules& game) {
  const int diff = pos.mover_score - pos.opponent_score;
  if (MajorityReached(pos, game)) return diff;
  if (PliesLeft(pos, game) == 0) {
    return diff + LimitValue(pos.board, game.rules.at_limit);
  }
  Move moves[kMaxMoves];
  if (GenerateMoves(pos.board, game.rules, moves) == 0) {
    return diff + TerminalValue(pos.board);
  }
  return std::nullopt;
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
