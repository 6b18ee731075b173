// The kits' own solve parameter, `--layout small|fast`: how a database's
// values are written. `small` gives the smallest file, `fast` the fastest
// lookups and no compression pass; readers take either. One rule for every
// family: the family's default layout is recorded as nothing in the
// database header and keeps the plain default file name; the other layout
// is recorded as layout=<it> and its default file name gets "-<it>" before
// the extension ("oware-9.retro" -> "oware-9-fast.retro"), so that it does
// not replace the default one. So a database of the default layout is byte
// for byte one written before the parameter existed, and a reader without
// the parameter refuses the other as an unknown parameter instead of
// misreading it.
//
// The default is each family's smallest layout whose lookups read a record
// where it lies:
//   - finite horizon (kStoreLayout): `small`, bit-coded stores
//     (retro/format/finite_horizon/write/bit_coder.h), a lookup decoding a
//     few prefix codes; `fast` keeps the byte-coded stores the solver holds
//     (retro/format/finite_horizon/write/byte_coder.h): larger files (how
//     much depends on the game: SizeEstimates::fast_file_bytes,
//     size_estimates.h), lookups two to three times faster.
//   - loopy win/draw/loss (kRecordLayout): `fast`, one byte a record read in
//     place; `small` writes block-compressed slices
//     (retro/format/wdl/compressed_slice.h): files of 7 to 9 % of the bytes
//     (Surakarta; tic-tac-toe 16 %), a lookup decompressing its block on
//     first touch (tens of microseconds) and then reading a cached copy.
// docs/benchmarks.md has the measurements.
//
//   if (kStoreLayout.Wants(values, kFastLayout)) ...
//   kStoreLayout.Record(values, plan.canonical_parameters);
//   RETRO_ASSIGN_OR_RETURN(bool other, kRecordLayout.RecordsOther(params, what));
#ifndef RETRO_KIT_LAYOUT_H_
#define RETRO_KIT_LAYOUT_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/parameters.h"

namespace retro::kit {

inline constexpr char kLayoutParameter[] = "layout";
inline constexpr char kSmallLayout[] = "small";
inline constexpr char kFastLayout[] = "fast";

// One family's `--layout`: its default and what `retro games` says of it.
struct LayoutOption {
  const char* default_layout;  // kSmallLayout or kFastLayout
  const char* description;

  // The layout that is not the default.
  const char* other_layout() const {
    return std::string_view(default_layout) == kSmallLayout ? kFastLayout : kSmallLayout;
  }

  // The parameter's spec, as `retro games` lists it.
  ParameterSpec Spec() const {
    return {.name = kLayoutParameter,
            .value_name = "KIND",
            .description = description,
            .default_value = default_layout,
            .choices = {kSmallLayout, kFastLayout}};
  }

  // Whether resolved solve values ask for `layout`.
  bool Wants(const ParameterValues& values, std::string_view layout) const {
    const auto it = values.find(kLayoutParameter);
    return (it == values.end() ? std::string_view(default_layout) : it->second) == layout;
  }

  // What a database header records of the layout: nothing for the default.
  void Record(const ParameterValues& values,
              std::vector<std::pair<std::string, std::string>>& canonical) const {
    if (Wants(values, other_layout())) canonical.emplace_back(kLayoutParameter, other_layout());
  }

  // The default output name of a database of the chosen layout.
  std::string WithLayoutInName(const ParameterValues& values, std::string name) const {
    if (!Wants(values, other_layout())) return name;
    const size_t dot = name.rfind('.');
    const size_t at = dot == std::string::npos || dot == 0 ? name.size() : dot;
    name.insert(at, absl::StrCat("-", other_layout()));
    return name;
  }

  // Whether a database header records the other layout: layout absent
  // (the default) or exactly the other one.
  //   Errors: DataLoss for any other value; `what` names the database.
  absl::StatusOr<bool> RecordsOther(
      const std::vector<std::pair<std::string, std::string>>& parameters,
      const std::string& what) const {
    bool other = false;
    for (const auto& [key, value] : parameters) {
      if (key != kLayoutParameter) continue;
      if (value != other_layout()) {
        return absl::DataLossError(absl::StrCat(what, " header: layout='", value,
                                                "' is not a layout this reader knows ('",
                                                other_layout(), "', or nothing for '",
                                                default_layout, "')"));
      }
      other = true;
    }
    return other;
  }
};

// The finite-horizon stores' layout.
inline constexpr LayoutOption kStoreLayout{
    kSmallLayout,
    "how values are stored: bit-coded, the smallest file, or byte-coded, about 1.5 times the "
    "size and lookups 2 to 3 times faster"};

// The loopy win/draw/loss records' layout.
inline constexpr LayoutOption kRecordLayout{
    kFastLayout,
    "how records are stored: zstd-compressed blocks, files of about a tenth of the bytes, or "
    "one byte a record, the fastest lookups"};

// The values without the kit's own parameter (what the game's rules read).
inline ParameterValues GameValues(ParameterValues values) {
  values.erase(kLayoutParameter);
  return values;
}

}  // namespace retro::kit

#endif  // RETRO_KIT_LAYOUT_H_
