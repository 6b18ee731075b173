// What happens to a side that has pieces but no legal move (rule 3 of the
// specification): it loses (the default), or the side with more pieces wins
// and equal material is a draw (the variant).
#ifndef GAMES_SURAKARTA_NO_MOVE_RULE_H_
#define GAMES_SURAKARTA_NO_MOVE_RULE_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace retro::surakarta {

enum class NoMoveRule { kLoss, kCount };

// "loss" or "count", as on the command line (--no-move loss|count).
inline std::string NoMoveRuleName(NoMoveRule rule) {
  return rule == NoMoveRule::kLoss ? "loss" : "count";
}

// The result, for the side to move, of a position where it has `mine`
// pieces, the opponent `theirs` and it has no legal move: +1 a win, 0 a draw,
// -1 a loss. The one place the rule is written.
constexpr int NoMoveResult(NoMoveRule rule, int mine, int theirs) {
  if (rule == NoMoveRule::kLoss) return -1;
  return mine > theirs ? 1 : mine < theirs ? -1 : 0;
}

// Parses "loss" or "count".
inline absl::StatusOr<NoMoveRule> ParseNoMoveRule(absl::string_view text) {
  if (text == "loss") return NoMoveRule::kLoss;
  if (text == "count") return NoMoveRule::kCount;
  return absl::InvalidArgumentError(absl::StrCat(
      "bad no-move rule '", text,
      "': expected 'loss' (a side with no legal move loses) or 'count' (more "
      "pieces wins, equal is a draw)"));
}

}  // namespace retro::surakarta

#endif  // GAMES_SURAKARTA_NO_MOVE_RULE_H_
