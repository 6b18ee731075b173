// Which rules slice a request for a slice's values names
// (OpenDatabase::Values, retro/game_module.h): shared by the kits, whose
// value slices are named by their rules' slice_name.
#ifndef RETRO_KIT_VALUE_SLICE_H_
#define RETRO_KIT_VALUE_SLICE_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

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

}  // namespace retro::kit

#endif  // RETRO_KIT_VALUE_SLICE_H_
