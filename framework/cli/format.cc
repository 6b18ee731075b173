// Implementation of the number formatting helpers.
#include "cli/format.h"

#include <cstdio>

#include "absl/strings/str_format.h"

namespace retro::cli {

std::string HumanCount(uint64_t value) {
  char buffer[32];
  if (value < 10000) return std::to_string(value);
  if (value < 10'000'000) {
    std::snprintf(buffer, sizeof(buffer), "%.1f k", value / 1e3);
  } else if (value < 10'000'000'000ULL) {
    std::snprintf(buffer, sizeof(buffer), "%.1f M", value / 1e6);
  } else {
    std::snprintf(buffer, sizeof(buffer), "%.1f G", value / 1e9);
  }
  return buffer;
}

std::string HumanSeconds(double seconds) {
  char buffer[32];
  if (seconds < 1e-3) {
    std::snprintf(buffer, sizeof(buffer), "%.0f us", seconds * 1e6);
  } else if (seconds < 1) {
    std::snprintf(buffer, sizeof(buffer), "%.1f ms", seconds * 1e3);
  } else if (seconds < 60) {
    std::snprintf(buffer, sizeof(buffer), "%.2f s", seconds);
  } else if (seconds < 3600) {
    const int s = static_cast<int>(seconds + 0.5);
    std::snprintf(buffer, sizeof(buffer), "%dm%02ds", s / 60, s % 60);
  } else {
    const int s = static_cast<int>(seconds + 0.5);
    std::snprintf(buffer, sizeof(buffer), "%dh%02dm", s / 3600, (s / 60) % 60);
  }
  return buffer;
}

std::string EscapeControl(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (byte < 0x20 || byte == 0x7f) {
          out += absl::StrFormat("\\u%04x", byte);
        } else {
          out += c;
        }
    }
  }
  return out;
}

}  // namespace retro::cli
