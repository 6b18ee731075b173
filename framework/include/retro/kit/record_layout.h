// The loopy win/draw/loss kit's solve parameter `--layout small|fast`, named
// and spelt as the finite-horizon kit's (retro/kit/store_layout.h): how the
// one-byte records of each slice are written. `fast` (the default) writes
// them as they are, one byte a record, read in place: the fastest lookups,
// stats and verify, and no compression pass; its files record nothing of the
// layout, so they are byte for byte those written before the parameter.
// `small` writes block-compressed slices (retro/format/wdl/compressed_slice.h):
// files of 7 to 9 % of the bytes (Surakarta; tic-tac-toe 16 %), a lookup decompresses its block on first
// touch (tens of microseconds) and then reads a cached copy; its files record
// layout=small, which readers without this layout refuse as an unknown
// parameter instead of misreading. docs/benchmarks.md has the measurements.
#ifndef RETRO_KIT_RECORD_LAYOUT_H_
#define RETRO_KIT_RECORD_LAYOUT_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/kit/store_layout.h"
#include "retro/parameters.h"

namespace retro::kit {

// The layout a loopy solve takes when --layout is not given.
inline constexpr char kDefaultRecordLayout[] = "fast";

// The parameter's spec, as `retro games` lists it.
inline ParameterSpec RecordLayoutParameter() {
  return {.name = kLayoutParameter,
          .value_name = "KIND",
          .description = "how records are stored: zstd-compressed blocks, files of about a "
                         "tenth of the bytes, or one byte a record, the fastest lookups",
          .default_value = kDefaultRecordLayout,
          .choices = {kSmallLayout, kFastLayout}};
}

// Whether resolved solve values ask for compressed records.
inline bool WantsCompressedRecords(const ParameterValues& values) {
  const auto it = values.find(kLayoutParameter);
  return (it == values.end() ? std::string(kDefaultRecordLayout) : it->second) == kSmallLayout;
}

// What a database header records of the layout: layout=small for
// compressed records, nothing for raw ones.
inline void AddRecordLayoutParameter(const ParameterValues& values,
                                     std::vector<std::pair<std::string, std::string>>& canonical) {
  if (WantsCompressedRecords(values)) canonical.emplace_back(kLayoutParameter, kSmallLayout);
}

// The default output name of a database of this layout: a compressed one's
// gets "-small" before its extension ("surakarta-5.retro" ->
// "surakarta-5-small.retro"), so that it does not replace the raw one.
inline std::string WithRecordLayoutInName(const ParameterValues& values, std::string name) {
  if (!WantsCompressedRecords(values)) return name;
  const size_t dot = name.rfind('.');
  const size_t at = dot == std::string::npos || dot == 0 ? name.size() : dot;
  name.insert(at, "-small");
  return name;
}

// Whether a database header says its records are compressed: layout
// absent (raw) or exactly `small`.
//   Errors: DataLoss for any other value; `what` names the database.
inline absl::StatusOr<bool> RecordedCompression(
    const std::vector<std::pair<std::string, std::string>>& parameters, const std::string& what) {
  bool compressed = false;
  for (const auto& [key, value] : parameters) {
    if (key != kLayoutParameter) continue;
    if (value != kSmallLayout) {
      return absl::DataLossError(absl::StrCat(what, " header: layout='", value,
                                              "' is not a layout this reader knows ('",
                                              kSmallLayout, "', or nothing for '", kFastLayout,
                                              "')"));
    }
    compressed = true;
  }
  return compressed;
}

}  // namespace retro::kit

#endif  // RETRO_KIT_RECORD_LAYOUT_H_
