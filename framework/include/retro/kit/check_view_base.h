// What the kits' contract-checker views (retro/kit/*_check_view.h) share:
// the members of retro::CheckableGame (retro/contract/checkable_game.h) that
// forward to the rules as they are: slices, indexer and notation. Each kit's
// view adds its moves, its take-backs and its consistency check, and may
// replace IsPosition (every index is a position by default); a move may
// lead to its own slice or an earlier one.
#ifndef RETRO_KIT_CHECK_VIEW_BASE_H_
#define RETRO_KIT_CHECK_VIEW_BASE_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "retro/contract/checkable_game.h"

namespace retro::kit {

// The forwarding half of a kit's checkable view of `rules` (which must
// outlive it).
template <typename R>
class CheckViewBase {
 public:
  using Position = typename R::Position;

  explicit CheckViewBase(const R& rules) : rules_(rules) {}

  int num_slices() const { return rules_.num_slices(); }
  uint64_t slice_size(int slice) const { return rules_.slice_size(slice); }
  std::string slice_name(int slice) const { return rules_.slice_name(slice); }
  Position Unrank(int slice, uint64_t index) const { return rules_.Unrank(slice, index); }
  SliceIndex Rank(const Position& p) const { return rules_.Rank(p); }
  bool IsPosition(const Position&) const { return true; }
  bool ChildSliceAllowed(int from, int to) const { return to <= from; }
  std::string Format(const Position& p) const { return rules_.Format(p); }
  absl::StatusOr<Position> Parse(const std::string& text) const { return rules_.Parse(text); }

 protected:
  const R& rules_;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_CHECK_VIEW_BASE_H_
