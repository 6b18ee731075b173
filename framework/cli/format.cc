// Implementation of the number formatting helpers.
#include "cli/format.h"

#include "absl/strings/str_format.h"

namespace retro::cli {

std::string HumanCount(uint64_t value) {
  if (value < 10000) return std::to_string(value);
  if (value < 10'000'000) return absl::StrFormat("%.1f k", value / 1e3);
  if (value < 10'000'000'000ULL) return absl::StrFormat("%.1f M", value / 1e6);
  return absl::StrFormat("%.1f G", value / 1e9);
}

std::string HumanSeconds(double seconds) {
  if (seconds < 1e-3) return absl::StrFormat("%.0f us", seconds * 1e6);
  if (seconds < 1) return absl::StrFormat("%.1f ms", seconds * 1e3);
  if (seconds < 60) return absl::StrFormat("%.2f s", seconds);
  const int s = static_cast<int>(seconds + 0.5);
  if (seconds < 3600) return absl::StrFormat("%dm%02ds", s / 60, s % 60);
  return absl::StrFormat("%dh%02dm", s / 3600, (s / 60) % 60);
}

std::string EscapeControl(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n' || c == '\r' || c == '\t') {
      out += c == '\n' ? "\\n" : c == '\r' ? "\\r" : "\\t";
    } else if (byte < 0x20 || byte == 0x7f) {
      out += absl::StrFormat("\\u%04x", byte);
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace retro::cli
