// Checks a plugin runs when it opens a database, before it trusts anything in
// it: the header's parameters read strictly (each key once, only the keys
// the plugin writes, numbers in canonical decimal and in range, names among
// the valid choices), and the slice table holding exactly the slices the
// parameters imply, each once. The host calls GameModule::Open before it
// verifies the slice checksums, so these checks (all O(header)) are what
// stands between a crafted header and a pass over a huge slice; messages are
// one line and name the parameter or slice at fault.
//
//   RETRO_ASSIGN_OR_RETURN(HeaderParameters params,
//       HeaderParameters::Read(file, "oware book", {"seeds", "turn-limit"}));
//   RETRO_ASSIGN_OR_RETURN(int64_t seeds, params.Int("seeds", 1, 48));
//   RETRO_ASSIGN_OR_RETURN(std::vector<std::span<const uint8_t>> slices,
//       ExpectSlices(file, names, "a 9-seed oware book"));
//   RETRO_RETURN_IF_ERROR(CheckSliceSize(names[3], slices[3].size(), 4160,
//                                        "3 seeds imply 4160"));
#ifndef RETRO_DATABASE_LAYOUT_H_
#define RETRO_DATABASE_LAYOUT_H_

#include <cstdint>
#include <initializer_list>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "retro/database.h"

namespace retro {

// The parameters of a database header, checked against the keys a plugin
// writes. Errors are DataLoss (the file is inconsistent).
class HeaderParameters {
 public:
  // Reads the parameters of `file`, refusing a key that appears twice, a key
  // in neither `required` nor `optional`, and a missing required key.
  // `what` names the database in messages ("oware book").
  static absl::StatusOr<HeaderParameters> Read(
      const DatabaseFile& file, std::string_view what,
      std::initializer_list<std::string_view> required,
      std::initializer_list<std::string_view> optional = {});

  // The same with the keys in lists built at run time.
  static absl::StatusOr<HeaderParameters> Read(const DatabaseFile& file,
                                               std::string_view what,
                                               const std::vector<std::string>& required,
                                               const std::vector<std::string>& optional = {});

  // Whether `key` is present.
  bool Has(std::string_view key) const;
  // The text of `key`; empty if absent.
  const std::string& Text(std::string_view key) const;

  // The value of `key` as a whole number in [min_value, max_value], written
  // as the plugin writes numbers: decimal digits without sign, spaces or
  // leading zeros. "abc", "7x", "-1", "07" and out-of-range values are
  // refused with a message naming the parameter and the valid range.
  absl::StatusOr<int64_t> Int(std::string_view key, int64_t min_value,
                              int64_t max_value) const;

  // The value of `key`, which must be one of `choices` (listed in the error).
  absl::StatusOr<std::string> Choice(
      std::string_view key, std::span<const std::string_view> choices) const;
  absl::StatusOr<std::string> Choice(
      std::string_view key,
      std::initializer_list<std::string_view> choices) const {
    return Choice(key, std::span<const std::string_view>(choices.begin(),
                                                         choices.size()));
  }

  // An error naming parameter `key`, its value and `problem`, e.g.
  // "oware book header: parameter indexer='hash' needs seeds <= 16".
  absl::Status Error(std::string_view key, std::string_view problem) const;

 private:
  HeaderParameters() = default;
  static absl::StatusOr<HeaderParameters> ReadKeys(
      const DatabaseFile& file, std::string_view what,
      const std::vector<std::string_view>& required,
      const std::vector<std::string_view>& optional);
  std::string what_;
  std::map<std::string, std::string, std::less<>> values_;
};

// Checks that the slices of `file` are exactly `names` (in any order, each
// exactly once: no duplicate, missing or extra slice) and returns their
// bytes in the order of `names`. `what` names the database and its size in
// messages ("a 9-seed oware book"). O(slices · log slices).
absl::StatusOr<std::vector<std::span<const uint8_t>>> ExpectSlices(
    const DatabaseFile& file, const std::vector<std::string>& names,
    std::string_view what);

// OK when `size` == `expected`; else a DataLoss error
// "slice 'NAME' has SIZE bytes; WHY", where `why` says what the size should
// be and why, e.g. "slice 'pieces-3' has 1000 bytes; the 3-piece table has
// C(36, 3) * 2^3 = 57120 positions".
absl::Status CheckSliceSize(std::string_view name, uint64_t size,
                            uint64_t expected, std::string_view why);

}  // namespace retro

#endif  // RETRO_DATABASE_LAYOUT_H_
