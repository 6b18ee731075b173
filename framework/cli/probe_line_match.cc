// Field-by-field comparison of a probe line with an expected one
// (cli/probe_line_match.h).
#include "cli/probe_line_match.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"

namespace retro::cli {
namespace {

std::vector<std::string> Fields(const std::string& line) {
  return absl::StrSplit(line, absl::ByAnyChar(" \t"), absl::SkipEmpty());
}

// True when `text` is written as a decimal fraction or with an exponent.
bool IsDecimal(const std::string& text) {
  return text.find_first_of(".eE") != std::string::npos;
}

// Two numbers within the tolerance; false when either field is no number.
bool NumbersClose(const std::string& want, const std::string& got, double tolerance) {
  double a = 0, b = 0;
  if (!absl::SimpleAtod(want, &a) || !absl::SimpleAtod(got, &b)) return false;
  if (!std::isfinite(a) || !std::isfinite(b)) return false;
  const double difference = std::fabs(a - b);
  return difference <= tolerance * std::max({std::fabs(a), std::fabs(b), 1.0});
}

bool FieldsAlike(const std::string& want, const std::string& got, double tolerance) {
  if (want == got) return true;
  // "name=value": the same name, then the values compared.
  const size_t want_eq = want.find('='), got_eq = got.find('=');
  if (want_eq != got_eq) return false;
  const size_t value = want_eq == std::string::npos ? 0 : want_eq + 1;
  if (want.compare(0, value, got, 0, value) != 0) return false;
  const std::string want_value = want.substr(value), got_value = got.substr(value);
  if (!IsDecimal(want_value) && !IsDecimal(got_value)) return false;
  return NumbersClose(want_value, got_value, tolerance);
}

}  // namespace

bool ProbeLineMatches(const std::string& expected, const std::string& probed,
                      double relative_tolerance) {
  const std::vector<std::string> want = Fields(expected), got = Fields(probed);
  if (got.size() < want.size()) return false;
  for (size_t i = 0; i < want.size(); ++i) {
    if (!FieldsAlike(want[i], got[i], relative_tolerance)) return false;
  }
  return true;
}

}  // namespace retro::cli
