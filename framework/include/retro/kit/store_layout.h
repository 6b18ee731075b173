// The finite-horizon kit's own solve parameter, `--layout small|fast`: how
// the finished value stores are written. `small` (the default) bit-codes
// them (retro/format/finite_horizon/write/bit_coder.h): the smallest files, a
// lookup decodes a few prefix codes. `fast` keeps the byte-coded stores
// the solver holds (retro/format/finite_horizon/write/byte_coder.h): larger files
// (how much larger depends on the game: SizeEstimates::fast_file_bytes,
// size_estimates.h), lookups two to three times
// faster, and no final coding pass. Readers take either; a `fast` book
// records layout=fast in its header, a `small` one records nothing (its
// bytes are those of books written before the parameter).
#ifndef RETRO_KIT_STORE_LAYOUT_H_
#define RETRO_KIT_STORE_LAYOUT_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "retro/parameters.h"

namespace retro::kit {

inline constexpr char kLayoutParameter[] = "layout";
inline constexpr char kSmallLayout[] = "small";
inline constexpr char kFastLayout[] = "fast";

// The parameter's spec, as `retro games` lists it.
inline ParameterSpec LayoutParameter() {
  return {.name = kLayoutParameter,
          .value_name = "KIND",
          .description = "how values are stored: bit-coded, the smallest file, or byte-coded, "
                         "about 1.5 times the size and lookups 2 to 3 times faster",
          .default_value = kSmallLayout,
          .choices = {kSmallLayout, kFastLayout}};
}

// Whether resolved solve values ask for the fast layout.
inline bool WantsFastLayout(const ParameterValues& values) {
  const auto it = values.find(kLayoutParameter);
  return it != values.end() && it->second == kFastLayout;
}

// The values without the kit's own parameter (what the game's rules read).
inline ParameterValues GameValues(ParameterValues values) {
  values.erase(kLayoutParameter);
  return values;
}

// What a database header records of the layout: nothing for the default.
inline void AddLayoutParameter(const ParameterValues& values,
                               std::vector<std::pair<std::string, std::string>>& canonical) {
  if (WantsFastLayout(values)) canonical.emplace_back(kLayoutParameter, kFastLayout);
}

// The default output name of a book of this layout: a fast book's gets
// "-fast" before its extension ("oware-9.retro" -> "oware-9-fast.retro"),
// so that it does not replace the small one.
inline std::string WithLayoutInName(const ParameterValues& values, std::string name) {
  if (!WantsFastLayout(values)) return name;
  const size_t dot = name.rfind('.');
  const size_t at = dot == std::string::npos || dot == 0 ? name.size() : dot;
  name.insert(at, "-fast");
  return name;
}

// A database header's record of the layout: absent, or exactly `fast`
// (DataLoss otherwise; `what` names the database).
inline absl::Status CheckRecordedLayout(
    const std::vector<std::pair<std::string, std::string>>& parameters, const std::string& what) {
  for (const auto& [key, value] : parameters) {
    if (key == kLayoutParameter && value != kFastLayout) {
      return absl::DataLossError(absl::StrCat(what, " header: layout='", value,
                                              "' is not a layout a book records ('", kFastLayout,
                                              "', or nothing for '", kSmallLayout, "')"));
    }
  }
  return absl::OkStatus();
}

}  // namespace retro::kit

#endif  // RETRO_KIT_STORE_LAYOUT_H_
