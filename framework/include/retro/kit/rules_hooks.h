// Optional members of a rules class that more than one value-family kit
// (retro/kit/*_rules.h) understands in the same form, each a concept the
// kits test with `if constexpr` (the parameter hooks are in
// rules_parameters.h). Each kit's rules header says what it does with them.
#ifndef RETRO_KIT_RULES_HOOKS_H_
#define RETRO_KIT_RULES_HOOKS_H_

#include <concepts>
#include <cstdint>
#include <span>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "retro/kit/rules_parameters.h"
#include "retro/moves_keep_turn.h"

namespace retro::kit {

// static constexpr bool kMovesMayKeepTurn: optional; a move may keep the
// turn (an extra turn: Kalah's last seed in the store), and the rules'
// ForEachMove passes its visit one more argument, bool keeps_turn (absent:
// every move passes the turn): MovesMayKeepTurn<R>()
// (retro/moves_keep_turn.h). The finite-horizon and loopy kits' rules
// headers say what a kept turn counts.
// ForEachMoveWithTurn calls visit with the arguments of the rules'
// ForEachMove and then keeps_turn, false without kMovesMayKeepTurn.
template <typename R, typename Visit>
void ForEachMoveWithTurn(const R& rules, const typename R::Position& p, Visit&& visit) {
  if constexpr (MovesMayKeepTurn<R>()) {
    rules.ForEachMove(p, visit);
  } else {
    rules.ForEachMove(p, [&](const auto&... move) { visit(move..., false); });
  }
}

// SizeEstimates EstimateSizes(uint64_t available_bytes): optional; the
// rules' own estimates (retro/kit/size_estimates.h, declared here: only
// the kits' plans read them, retro/kit/kit_module.h).
struct SizeEstimates;
template <typename R>
concept HasSizeEstimates = requires(const R& r, uint64_t available_bytes) {
  { r.EstimateSizes(available_bytes) } -> std::same_as<SizeEstimates>;
};

// std::string Inconsistency(const Position&): optional; what `retro check`
// finds wrong with a position beyond the kit's own checks, or "" (absent:
// nothing more checked): a game's own solver adapter against its rules
// (oware, Surakarta), or its moves' chances (Plakoto).
template <typename R>
concept HasInconsistency = requires(const R& r, const typename R::Position& p) {
  { r.Inconsistency(p) } -> std::convertible_to<std::string>;
};

// std::string GameOverNote(const Position&): optional; probe's note on a
// position where the game is over, saying why: a loopy game's over
// position ("x has three in a row"), a finite-horizon position without a
// move, the afterstate of a chance choice that ends the game ("bears
// off") (absent: the kit's generic words, or none).
template <typename R>
concept HasGameOverNote = requires(const R& r, const typename R::Position& p) {
  { r.GameOverNote(p) } -> std::convertible_to<std::string>;
};

// std::string PositionNote(const Position&): optional; probe's note on a
// position (absent: loopy says "x to move" from SideToMove, finite
// horizon the slice's name, chance nothing).
template <typename R>
concept HasPositionNote = requires(const R& r, const typename R::Position& p) {
  { r.PositionNote(p) } -> std::convertible_to<std::string>;
};

// std::string StatsTitle(): optional; the first line of `retro stats`
// (absent: none, or the family's own heading).
template <typename R>
concept HasStatsTitle = requires(const R& r) {
  { r.StatsTitle() } -> std::convertible_to<std::string>;
};

// absl::Status Covers(const Position&): optional; OK when the tables cover `p` (e.g. a
// board with no more seeds than the book), else InvalidArgument saying what
// they cover (absent: every position is covered).
template <typename R>
concept HasCovers = requires(const R& r, const typename R::Position& p) {
  { r.Covers(p) } -> std::same_as<absl::Status>;
};

// What `retro explore` shows of the game, both members or neither:
// std::string RenderSvg(const Position&), a picture of the position as one
// standalone SVG element (OpenDatabase::RenderSvg), and Position
// StartPosition(), a position of the database to start exploring from
// (OpenDatabase::StartPosition). Absent: the page shows the notation and
// asks for a position. BoardPicture<R>() refuses, at compile time, a
// RenderSvg without its StartPosition.
template <typename R>
concept HasBoardPicture = requires(const R& r, const typename R::Position& p) {
  { r.RenderSvg(p) } -> std::convertible_to<std::string>;
  { r.StartPosition() } -> std::convertible_to<typename R::Position>;
};
template <typename R>
constexpr bool BoardPicture() {
  static_assert(HasBoardPicture<R> || !requires(const R& r, const typename R::Position& p) {
    r.RenderSvg(p);
  }, "a rules class with RenderSvg must also have StartPosition (rules_hooks.h)");
  return HasBoardPicture<R>;
}

// static constexpr int kPositionCells and StatusOr<Position>
// FromCells(std::span<const int32_t> cells): optional; the game's binary
// position form, kPositionCells integers a position (GameInfo::cells_syntax
// says what each is), read without text: the C API's and the Python
// module's fast probes (retro/value_probe.h). FromCells gets exactly
// kPositionCells integers and refuses any out of range with
// InvalidArgument naming it (absent: no binary form).
template <typename R>
concept HasPositionCells = requires(const R& r, std::span<const int32_t> cells) {
  { R::kPositionCells } -> std::convertible_to<int>;
  { r.FromCells(cells) } -> std::same_as<absl::StatusOr<typename R::Position>>;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_RULES_HOOKS_H_
