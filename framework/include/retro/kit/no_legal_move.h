// What a loopy win/draw/loss game declares about a position that is not over
// and whose side to move has no legal move (the optional rules member
// `static constexpr retro::kit::NoLegalMove kNoLegalMove`, listed in
// retro/kit/loopy_wdl_rules.h): the kit then applies the rule wherever it
// asks the rules for an outcome or for moves (retro/kit/loopy_wdl_plays.h),
// so that the rules' Outcome need not look for a legal move itself.
#ifndef RETRO_KIT_NO_LEGAL_MOVE_H_
#define RETRO_KIT_NO_LEGAL_MOVE_H_

#include <concepts>

namespace retro::kit {

// The rule for a side to move without a legal move.
enum class NoLegalMove {
  kLoses,   // the side to move loses: WdlOutcome::Loss(0)
  kDraws,   // the game is drawn: WdlOutcome::Draw()
  kPasses,  // the turn passes: one move, "pass", to Pass(position)
};

// static constexpr NoLegalMove kNoLegalMove: optional; the rule above
// (absent: a position that is not over must have a move).
template <typename R>
concept HasNoLegalMoveRule = requires {
  { R::kNoLegalMove } -> std::convertible_to<NoLegalMove>;
};

// Position Pass(const Position&): the same board with the other side to
// move; required with NoLegalMove::kPasses, and an involution (Pass of
// Pass(p) is p).
template <typename R>
concept HasPass = requires(const R& r, const typename R::Position& p) {
  { r.Pass(p) } -> std::convertible_to<typename R::Position>;
};

// The rules' declared rule for a side without a legal move, if any.
template <typename R>
constexpr bool DeclaresNoLegalMove(NoLegalMove rule) {
  if constexpr (HasNoLegalMoveRule<R>) {
    return R::kNoLegalMove == rule;
  } else {
    return false;
  }
}

}  // namespace retro::kit

#endif  // RETRO_KIT_NO_LEGAL_MOVE_H_
