// Implementation of the open-time structure checks (retro/database_layout.h).
#include "retro/database_layout.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace retro {
namespace {

// Debian's Abseil has its own string_view, which StrCat wants.
absl::string_view A(std::string_view text) {
  return absl::string_view(text.data(), text.size());
}

// Header text quoted in messages, shortened: a crafted value may be 64 KiB.
std::string Quoted(std::string_view text) {
  constexpr size_t kMaxShown = 40;
  if (text.size() <= kMaxShown) return absl::StrCat("'", A(text), "'");
  return absl::StrCat("'", A(text.substr(0, kMaxShown)), "...'");
}

// "a, b, c" or, for long lists, "a, b, ..., z".
std::string ListNames(const std::vector<std::string>& names) {
  if (names.size() <= 6) return absl::StrJoin(names, ", ");
  return absl::StrCat(names[0], ", ", names[1], ", ..., ", names.back());
}

// The refusal of a `what` header without parameter `key`; `valid` (if
// any) follows.
absl::Status Lacks(std::string_view what, std::string_view key, std::string_view valid = "") {
  return absl::DataLossError(absl::StrCat(A(what), " header lacks parameter '", A(key), "'",
                                          valid.empty() ? "" : "; ", A(valid)));
}

}  // namespace

absl::StatusOr<HeaderParameters> HeaderParameters::Read(
    const DatabaseFile& file, std::string_view what,
    std::initializer_list<std::string_view> required,
    std::initializer_list<std::string_view> optional) {
  return ReadKeys(file, what, std::vector<std::string_view>(required),
                  std::vector<std::string_view>(optional));
}

absl::StatusOr<HeaderParameters> HeaderParameters::Read(
    const DatabaseFile& file, std::string_view what, const std::vector<std::string>& required,
    const std::vector<std::string>& optional) {
  return ReadKeys(file, what, std::vector<std::string_view>(required.begin(), required.end()),
                  std::vector<std::string_view>(optional.begin(), optional.end()));
}

absl::StatusOr<HeaderParameters> HeaderParameters::ReadKeys(
    const DatabaseFile& file, std::string_view what, const std::vector<std::string_view>& required,
    const std::vector<std::string_view>& optional) {
  HeaderParameters result;
  result.what_ = std::string(what);
  std::vector<absl::string_view> valid;
  for (const std::string_view name : required) valid.push_back(A(name));
  for (const std::string_view name : optional) valid.push_back(A(name));
  for (const auto& [key, value] : file.parameters()) {
    if (std::find(valid.begin(), valid.end(), A(key)) == valid.end()) {
      return absl::DataLossError(absl::StrCat(
          A(what), " header has an unknown parameter ", Quoted(key), "; valid: ",
          valid.empty() ? std::string("none") : absl::StrJoin(valid, ", ")));
    }
    if (!result.values_.emplace(key, value).second) {
      return absl::DataLossError(absl::StrCat(
          A(what), " header gives parameter ", Quoted(key), " more than once"));
    }
  }
  for (const std::string_view key : required) {
    if (!result.Has(key)) return Lacks(what, key);
  }
  return result;
}

bool HeaderParameters::Has(std::string_view key) const {
  return values_.find(key) != values_.end();
}

const std::string& HeaderParameters::Text(std::string_view key) const {
  static const std::string* const kEmpty = new std::string();
  const auto it = values_.find(key);
  return it == values_.end() ? *kEmpty : it->second;
}

absl::Status HeaderParameters::Error(std::string_view key,
                                     std::string_view problem) const {
  return absl::DataLossError(absl::StrCat(what_, " header: parameter ", A(key),
                                          "=", Quoted(Text(key)), " ",
                                          A(problem)));
}

absl::StatusOr<int64_t> HeaderParameters::Int(std::string_view key,
                                               int64_t min_value,
                                               int64_t max_value) const {
  const std::string range = absl::StrCat("valid: ", min_value, "..", max_value);
  if (!Has(key)) return Lacks(what_, key, range);
  const std::string& text = Text(key);
  // Canonical decimal: digits only, no leading zero unless the number is 0,
  // at most 18 digits (so no overflow).
  const bool digits =
      !text.empty() && text.size() <= 18 &&
      std::all_of(text.begin(), text.end(),
                  [](char c) { return c >= '0' && c <= '9'; }) &&
      (text.size() == 1 || text[0] != '0');
  if (!digits) {
    return Error(key, absl::StrCat("is not a whole number; ", range));
  }
  int64_t value = 0;
  for (const char c : text) value = value * 10 + (c - '0');
  if (value < min_value || value > max_value) {
    return Error(key, absl::StrCat("is out of range; ", range));
  }
  return value;
}

absl::StatusOr<std::string> HeaderParameters::Choice(
    std::string_view key, std::span<const std::string_view> choices) const {
  std::vector<absl::string_view> names;
  for (const std::string_view choice : choices) names.push_back(A(choice));
  const std::string valid = absl::StrCat("valid: ", absl::StrJoin(names, ", "));
  if (!Has(key)) return Lacks(what_, key, valid);
  const std::string& text = Text(key);
  if (std::find(choices.begin(), choices.end(), text) == choices.end()) {
    return Error(key, absl::StrCat("is not a valid choice; ", valid));
  }
  return text;
}

absl::StatusOr<std::vector<std::span<const uint8_t>>> ExpectSlices(
    const DatabaseFile& file, const std::vector<std::string>& names,
    std::string_view what) {
  const std::vector<DatabaseFile::SliceInfo>& slices = file.slices();
  // Slice names of the file, sorted, with their indices: duplicates are
  // neighbours, and each expected name is one binary search.
  std::vector<std::pair<std::string_view, size_t>> present;
  present.reserve(slices.size());
  for (size_t i = 0; i < slices.size(); ++i) present.emplace_back(slices[i].name, i);
  std::sort(present.begin(), present.end());
  for (size_t i = 1; i < present.size(); ++i) {
    if (present[i].first == present[i - 1].first) {
      return absl::DataLossError(absl::StrCat(
          "slice ", Quoted(present[i].first), " appears more than once"));
    }
  }
  const std::string expected = absl::StrCat(
      A(what), " has ", names.size(), names.size() == 1 ? " slice" : " slices",
      names.empty() ? std::string() : absl::StrCat(" (", ListNames(names), ")"),
      "; this file has ", slices.size());
  std::vector<std::span<const uint8_t>> result;
  result.reserve(names.size());
  for (const std::string& name : names) {
    const auto it = std::lower_bound(
        present.begin(), present.end(), std::string_view(name),
        [](const auto& entry, std::string_view n) { return entry.first < n; });
    if (it == present.end() || it->first != name) {
      return absl::DataLossError(
          absl::StrCat(expected, " and lacks slice '", name, "'"));
    }
    result.push_back(file.SliceBytes(it->second));
  }
  if (slices.size() != names.size()) {
    // Every expected name is present once, so some slice is not expected.
    std::vector<std::string> sorted_names = names;
    std::sort(sorted_names.begin(), sorted_names.end());
    for (const auto& [name, index] : present) {
      if (!std::binary_search(sorted_names.begin(), sorted_names.end(), name)) {
        return absl::DataLossError(
            absl::StrCat(expected, ", among them the unexpected slice ",
                         Quoted(name)));
      }
    }
  }
  return result;
}

absl::Status CheckSliceSize(std::string_view name, uint64_t size,
                            uint64_t expected, std::string_view why) {
  if (size == expected) return absl::OkStatus();
  return absl::DataLossError(
      absl::StrCat("slice ", Quoted(name), " has ", size, " bytes; ", A(why)));
}

}  // namespace retro
