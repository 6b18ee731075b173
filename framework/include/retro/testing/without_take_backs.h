// A LoopyWdlRules type (retro/kit/loopy_wdl_rules.h) with its take-backs
// hidden, so that the loopy kit lists its predecessors by a forward pass
// over the moves (retro/kit/forward_predecessors.h): for comparing that
// path with the take-backs' byte for byte, and timing the two.
//
//   const retro::testing::WithoutTakeBacks<tictactoe::Rules> rules;
//   static_assert(!retro::kit::HasTakeBacks<decltype(rules)>);
#ifndef RETRO_TESTING_WITHOUT_TAKE_BACKS_H_
#define RETRO_TESTING_WITHOUT_TAKE_BACKS_H_

#include <utility>

namespace retro::testing {

// `R` with the same members but ForEachTakeBack.
template <typename R>
class WithoutTakeBacks : public R {
 public:
  using R::R;
  WithoutTakeBacks() = default;
  explicit WithoutTakeBacks(R rules) : R(std::move(rules)) {}

  template <typename Position, typename Visit>
  void ForEachTakeBack(const Position&, Visit&&) const = delete;
};

}  // namespace retro::testing

#endif  // RETRO_TESTING_WITHOUT_TAKE_BACKS_H_
