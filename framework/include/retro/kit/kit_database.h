// What the kits' opened databases (retro/kit/*_database.h) share: the base
// class answering `retro explore` from the rules' picture hooks, and which
// rules slice a request for a slice's values names (OpenDatabase::Values,
// retro/game_module.h; the kits' value slices are named by their rules'
// slice_name).
#ifndef RETRO_KIT_KIT_DATABASE_H_
#define RETRO_KIT_KIT_DATABASE_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "retro/contract/checkable_game.h"
#include "retro/game_module.h"
#include "retro/kit/rules_hooks.h"
#include "retro/status_macros.h"

namespace retro::kit {

// The rules slice called `name`, for rules R with num_slices() and
// slice_name(int). InvalidArgument naming the slices that hold values
// otherwise (a companion slice of the file included).
template <typename R>
absl::StatusOr<int> FindValueSlice(const R& rules, const std::string& name) {
  std::vector<std::string> names;
  for (int s = 0; s < rules.num_slices(); ++s) {
    names.push_back(rules.slice_name(s));
    if (names.back() == name) return s;
  }
  return absl::InvalidArgumentError(absl::StrCat("no slice '", name,
                                                 "' with one value per record in this database; "
                                                 "slices with values: ",
                                                 absl::StrJoin(names, ", ")));
}

// The base of the opened database of a kit-built game R: retro explore's
// picture (of a covered position) and first position when the rules give
// them (rules_hooks.h), else OpenDatabase's refusals.
template <typename R>
class KitDatabase : public OpenDatabase {
 public:
  absl::StatusOr<std::string> RenderSvg(const std::string& text) override {
    if constexpr (BoardPicture<R>()) {
      RETRO_ASSIGN_OR_RETURN(const typename R::Position p, rules().Parse(text));
      if constexpr (HasCovers<R>) RETRO_RETURN_IF_ERROR(rules().Covers(p));
      return rules().RenderSvg(p);
    } else {
      return OpenDatabase::RenderSvg(text);
    }
  }
  absl::StatusOr<std::string> StartPosition() override {
    if constexpr (BoardPicture<R>()) {
      return rules().Format(rules().StartPosition());
    } else {
      return OpenDatabase::StartPosition();
    }
  }

 protected:
  // The rules of the database (not for hot paths: a virtual call).
  virtual const R& rules() const = 0;

  // The position of record `at`, formatted: stats' examples.
  std::string Example(SliceIndex at) const {
    return rules().Format(rules().Unrank(at.slice, at.index));
  }
};

}  // namespace retro::kit

#endif  // RETRO_KIT_KIT_DATABASE_H_
