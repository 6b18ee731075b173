// Splitting a JSON object into its top-level members (json_members.h).
#include "c/json_members.h"

#include <cctype>

namespace retro::c_api {
namespace {

// Reads JSON text from the front, one token or value at a time.
class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}

  void SkipSpace() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  bool Take(char c) {
    SkipSpace();
    if (at_ >= text_.size() || text_[at_] != c) return false;
    ++at_;
    return true;
  }
  bool AtEnd() {
    SkipSpace();
    return at_ == text_.size();
  }

  // A string from its opening quote; its text with the quotes.
  std::optional<std::string_view> String() {
    SkipSpace();
    const size_t begin = at_;
    if (at_ >= text_.size() || text_[at_] != '"') return std::nullopt;
    for (++at_; at_ < text_.size(); ++at_) {
      if (text_[at_] == '\\') {
        ++at_;
      } else if (text_[at_] == '"') {
        ++at_;
        return text_.substr(begin, at_ - begin);
      }
    }
    return std::nullopt;
  }

  // Any value: a string, a nested object or array, or a scalar up to the
  // next ',', '}' or ']' at its level.
  std::optional<std::string_view> Value() {
    SkipSpace();
    const size_t begin = at_;
    if (at_ < text_.size() && text_[at_] == '"') return String();
    int depth = 0;
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c == '"') {
        if (!String()) return std::nullopt;
        continue;
      }
      if (c == '{' || c == '[') ++depth;
      if (c == '}' || c == ']' || c == ',') {
        if (depth == 0) break;
        if (c != ',') --depth;
      }
      ++at_;
    }
    if (depth != 0) return std::nullopt;
    std::string_view value = text_.substr(begin, at_ - begin);
    while (!value.empty() && std::isspace(static_cast<unsigned char>(value.back()))) {
      value.remove_suffix(1);
    }
    if (value.empty()) return std::nullopt;
    return value;
  }

 private:
  std::string_view text_;
  size_t at_ = 0;
};

}  // namespace

std::optional<std::vector<JsonMember>> TopLevelMembers(std::string_view json) {
  Scanner scan(json);
  std::vector<JsonMember> members;
  if (!scan.Take('{')) return std::nullopt;
  if (scan.Take('}')) return scan.AtEnd() ? std::optional(members) : std::nullopt;
  do {
    const std::optional<std::string_view> key = scan.String();
    if (!key || !scan.Take(':')) return std::nullopt;
    const std::optional<std::string_view> value = scan.Value();
    if (!value) return std::nullopt;
    members.push_back({std::string(key->substr(1, key->size() - 2)), *value});
  } while (scan.Take(','));
  if (!scan.Take('}') || !scan.AtEnd()) return std::nullopt;
  return members;
}

}  // namespace retro::c_api
