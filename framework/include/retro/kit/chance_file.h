// The reader of a chance database (the files ChanceModule writes, layout in
// retro/kit/chance_database.h and docs/file-format.md): ReadChanceFile checks
// a file's layout and every value of a ChanceRules game
// (retro/kit/chance_rules.h) and returns its rules, values and companion
// slices; the checks of one slice serve checkpoints too. Includes no solver,
// writer or distributed header.
#ifndef RETRO_KIT_CHANCE_FILE_H_
#define RETRO_KIT_CHANCE_FILE_H_

#include <cmath>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/database.h"
#include "retro/database_layout.h"
#include "retro/kit/chance_reader.h"
#include "retro/kit/chance_rules.h"
#include "retro/kit/game_info.h"
#include "retro/kit/rules_parameters.h"
#include "retro/status_macros.h"

namespace retro::kit {

// The size of `bytes`, value slice `s` of `rules`: a double per record.
//   Parameters: rules; s, a slice of rules (unchecked); bytes.
//   Returns: OK. Errors: DataLoss naming the slice and both sizes.
//   Thread safety: any thread. Cost: fit for every node (a comparison and,
//     on error only, a message).
template <ChanceRules R>
absl::Status CheckChanceValueSliceSize(const R& rules, int s, std::span<const uint8_t> bytes) {
  const uint64_t records = rules.slice_size(s);
  return CheckSliceSize(rules.slice_name(s), bytes.size(), records * sizeof(double),
                        absl::StrCat("the game's indexer numbers ", records,
                                     " records of 8 bytes, ", records * sizeof(double)));
}

// Every value of slice `s` of `rules`: a finite number the game can hold
// (ChanceLabels' least_value to greatest_value).
//   Parameters: rules; s, a slice of rules (unchecked); values, its values.
//   Returns: OK. Errors: DataLoss naming the first bad value and record.
//   Thread safety: any thread. Cost: root only (one pass over the values).
template <ChanceRules R>
absl::Status CheckChanceValues(const R& rules, int s, std::span<const double> values) {
  const ChanceLabels labels = LabelsOf<R>();
  for (uint64_t i = 0; i < values.size(); ++i) {
    const double v = values[i];
    if (const std::string problem = labels.ValueProblem(v); !problem.empty()) {
      return absl::DataLossError(absl::StrCat("slice '", rules.slice_name(s), "' holds ",
                                              labels.value_name, " = ", v, " at record ", i,
                                              "; ", problem));
    }
  }
  return absl::OkStatus();
}

// Checks `bytes` as value slice `s` of a file of `rules` is checked (its
// size and every value): for a slice restored from a checkpoint.
//   Parameters: rules; s, a slice of rules (unchecked); bytes.
//   Returns: OK. Errors: DataLoss, as the two checks above.
//   Thread safety: any thread. Cost: root only (copies the values out and
//     makes one pass over them).
template <ChanceRules R>
absl::Status CheckChanceValueSlice(const R& rules, int s, std::span<const uint8_t> bytes) {
  RETRO_RETURN_IF_ERROR(CheckChanceValueSliceSize(rules, s, bytes));
  return CheckChanceValues(rules, s, DecodeDoubles(bytes));
}

// What ReadChanceFile finds in a file: the rules of its header, the values
// of every slice, and the bytes of every companion slice ([slice][k]).
template <ChanceRules R>
struct ChanceFileContents {
  std::unique_ptr<R> rules;
  std::vector<std::vector<double>> values;
  std::vector<std::vector<std::span<const uint8_t>>> companions;
};

// Checks that `file` has the layout of retro/kit/chance_database.h, every
// value and companion record included, and returns its contents.
//   Parameters: info, the game's identity; file, made by this game (its
//     slice checksums not yet verified), outliving the companion spans.
//   Returns: the rules of the header, every value (copied into memory, 8
//     bytes a record) and views of the companion slices.
//   Errors: FailedPrecondition for another codec; DataLoss for the
//     header's parameters (RulesFromHeader), slices missing, extra,
//     repeated or of a wrong size (all before any pass over the data), or a
//     value or companion record the game refuses.
//   Thread safety: any thread. Cost: root only (one pass over the file).
template <ChanceRules R>
absl::StatusOr<ChanceFileContents<R>> ReadChanceFile(const GameInfo& info,
                                                     const DatabaseFile& file) {
  const std::string& codec = file.identity().codec;
  if (codec != info.codec) {
    return absl::FailedPreconditionError(
        absl::StrCat("this file holds ", info.name, " values in codec '", codec,
                     "'; this plugin reads '", info.codec, "'"));
  }
  const std::string what = absl::StrCat(info.name, " database");
  RETRO_ASSIGN_OR_RETURN(R parsed, RulesFromHeader<R>(file, what));
  auto rules = std::make_unique<R>(std::move(parsed));

  // 1. Exactly the slices the parameters imply, each of the size they imply.
  int companions = 0;
  if constexpr (HasCompanions<R>) companions = rules->num_companions();
  std::vector<std::string> names;
  for (int s = 0; s < rules->num_slices(); ++s) {
    names.push_back(rules->slice_name(s));
    if constexpr (HasCompanions<R>) {
      for (int k = 0; k < companions; ++k) names.push_back(rules->companion_name(s, k));
    }
  }
  RETRO_ASSIGN_OR_RETURN(const std::vector<std::span<const uint8_t>> slices,
                         ExpectSlices(file, names, info.ADatabaseName()));
  const int per_slice = 1 + companions;
  for (int s = 0; s < rules->num_slices(); ++s) {
    const size_t at = static_cast<size_t>(s) * per_slice;
    RETRO_RETURN_IF_ERROR(CheckChanceValueSliceSize(*rules, s, slices[at]));
    if constexpr (HasCompanions<R>) {
      const uint64_t records = rules->slice_size(s);
      for (int k = 0; k < companions; ++k) {
        const uint64_t bytes = rules->companion_record_bytes(k);
        RETRO_RETURN_IF_ERROR(CheckSliceSize(
            names[at + 1 + k], slices[at + 1 + k].size(), records * bytes,
            absl::StrCat(records, " records of ", bytes, " bytes need ", records * bytes)));
      }
    }
  }

  // 2. One pass over every value and companion record.
  std::vector<std::vector<double>> values;
  std::vector<std::vector<std::span<const uint8_t>>> companion_bytes(rules->num_slices());
  for (int s = 0; s < rules->num_slices(); ++s) {
    const size_t at = static_cast<size_t>(s) * per_slice;
    std::vector<double> slice_values = DecodeDoubles(slices[at]);
    RETRO_RETURN_IF_ERROR(CheckChanceValues(*rules, s, slice_values));
    values.push_back(std::move(slice_values));
    if constexpr (HasCompanions<R>) {
      for (int k = 0; k < companions; ++k) {
        const std::span<const uint8_t> bytes = slices[at + 1 + k];
        const uint64_t record_bytes = rules->companion_record_bytes(k);
        for (uint64_t i = 0; i < rules->slice_size(s); ++i) {
          const std::string problem =
              rules->CompanionRecordProblem(k, bytes.subspan(i * record_bytes, record_bytes));
          if (!problem.empty()) {
            return absl::DataLossError(absl::StrCat("slice '", names[at + 1 + k], "', record ",
                                                    i, ": ", problem));
          }
        }
        companion_bytes[s].push_back(bytes);
      }
    }
  }
  return ChanceFileContents<R>{std::move(rules), std::move(values), std::move(companion_bytes)};
}

}  // namespace retro::kit

#endif  // RETRO_KIT_CHANCE_FILE_H_
