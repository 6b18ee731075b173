// A small strict JSON parser for checking JsonWriter and the `--json` output
// of `retro` in tests: it accepts only RFC 8259 documents (UTF-8, no trailing
// commas, no NaN) and gives field access by key. Not for production use.
#ifndef RETRO_TESTS_FRAMEWORK_MINI_JSON_H_
#define RETRO_TESTS_FRAMEWORK_MINI_JSON_H_

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace retro::testing {

// True if `text` is well-formed UTF-8 (RFC 3629: shortest forms only, no
// surrogates, nothing above U+10FFFF).
inline bool IsValidUtf8(const std::string& text) {
  size_t i = 0;
  while (i < text.size()) {
    const unsigned char c = text[i];
    int extra = 0;
    uint32_t code = 0;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xe0) == 0xc0) {
      extra = 1;
      code = c & 0x1f;
    } else if ((c & 0xf0) == 0xe0) {
      extra = 2;
      code = c & 0x0f;
    } else if ((c & 0xf8) == 0xf0) {
      extra = 3;
      code = c & 0x07;
    } else {
      return false;
    }
    if (i + extra >= text.size()) return false;
    for (int k = 1; k <= extra; ++k) {
      const unsigned char next = text[i + k];
      if ((next & 0xc0) != 0x80) return false;
      code = (code << 6) | (next & 0x3f);
    }
    static constexpr uint32_t kMinimum[] = {0, 0x80, 0x800, 0x10000};
    if (code < kMinimum[extra] || code > 0x10ffff ||
        (code >= 0xd800 && code <= 0xdfff)) {
      return false;
    }
    i += extra + 1;
  }
  return true;
}

struct Json {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject };
  Kind kind = Kind::kNull;
  bool boolean = false;
  double number = 0;
  std::string text;  // a string's value, or a number's spelling
  std::vector<Json> items;
  std::vector<std::pair<std::string, Json>> members;

  // The member called `key`, or nullptr.
  const Json* Find(const std::string& key) const {
    for (const auto& [name, value] : members) {
      if (name == key) return &value;
    }
    return nullptr;
  }
  // The member called `key`; a null value if absent.
  const Json& operator[](const std::string& key) const {
    static const Json kMissing;
    const Json* found = Find(key);
    return found != nullptr ? *found : kMissing;
  }
  const Json& operator[](size_t index) const { return items.at(index); }
  bool Has(const std::string& key) const { return Find(key) != nullptr; }
};

class JsonParser {
 public:
  // Parses `text` as one JSON document (surrounding whitespace allowed).
  static std::optional<Json> Parse(const std::string& text) {
    if (!IsValidUtf8(text)) return std::nullopt;
    JsonParser parser(text);
    Json value;
    parser.SkipSpace();
    if (!parser.Value(value)) return std::nullopt;
    parser.SkipSpace();
    if (parser.pos_ != text.size()) return std::nullopt;
    return value;
  }

 private:
  explicit JsonParser(const std::string& text) : s_(text) {}

  void SkipSpace() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' ||
                                s_[pos_] == '\n' || s_[pos_] == '\r')) {
      ++pos_;
    }
  }
  bool Literal(const char* word) {
    const std::string w(word);
    if (s_.compare(pos_, w.size(), w) != 0) return false;
    pos_ += w.size();
    return true;
  }
  bool Value(Json& out) {
    if (pos_ >= s_.size()) return false;
    const char c = s_[pos_];
    if (c == '{') return Object(out);
    if (c == '[') return Array(out);
    if (c == '"') {
      out.kind = Json::Kind::kString;
      return String(out.text);
    }
    if (c == 't' || c == 'f') {
      out.kind = Json::Kind::kBool;
      out.boolean = c == 't';
      return Literal(c == 't' ? "true" : "false");
    }
    if (c == 'n') {
      out.kind = Json::Kind::kNull;
      return Literal("null");
    }
    return Number(out);
  }
  bool Digits() {
    const size_t start = pos_;
    while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
    return pos_ > start;
  }
  bool Number(Json& out) {
    const size_t start = pos_;
    if (pos_ < s_.size() && s_[pos_] == '-') ++pos_;
    if (pos_ < s_.size() && s_[pos_] == '0') {
      ++pos_;
    } else if (!Digits()) {
      return false;
    }
    if (pos_ < s_.size() && s_[pos_] == '.') {
      ++pos_;
      if (!Digits()) return false;
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
      if (!Digits()) return false;
    }
    out.kind = Json::Kind::kNumber;
    out.text = s_.substr(start, pos_ - start);
    out.number = std::strtod(out.text.c_str(), nullptr);
    return true;
  }
  bool String(std::string& out) {
    if (s_[pos_] != '"') return false;
    ++pos_;
    while (pos_ < s_.size()) {
      const char c = s_[pos_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) return false;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= s_.size()) return false;
      const char e = s_[pos_++];
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          if (pos_ + 4 > s_.size()) return false;
          const long code =
              std::strtol(s_.substr(pos_, 4).c_str(), nullptr, 16);
          pos_ += 4;
          if (code >= 0x80) return false;  // enough for these tests
          out += static_cast<char>(code);
          break;
        }
        default:
          return false;
      }
    }
    return false;
  }
  bool Array(Json& out) {
    out.kind = Json::Kind::kArray;
    ++pos_;
    SkipSpace();
    if (pos_ < s_.size() && s_[pos_] == ']') {
      ++pos_;
      return true;
    }
    while (true) {
      Json item;
      SkipSpace();
      if (!Value(item)) return false;
      out.items.push_back(std::move(item));
      SkipSpace();
      if (pos_ >= s_.size()) return false;
      if (s_[pos_] == ']') {
        ++pos_;
        return true;
      }
      if (s_[pos_++] != ',') return false;
    }
  }
  bool Object(Json& out) {
    out.kind = Json::Kind::kObject;
    ++pos_;
    SkipSpace();
    if (pos_ < s_.size() && s_[pos_] == '}') {
      ++pos_;
      return true;
    }
    while (true) {
      std::string key;
      Json value;
      SkipSpace();
      if (pos_ >= s_.size() || !String(key)) return false;
      SkipSpace();
      if (pos_ >= s_.size() || s_[pos_++] != ':') return false;
      SkipSpace();
      if (!Value(value)) return false;
      out.members.emplace_back(std::move(key), std::move(value));
      SkipSpace();
      if (pos_ >= s_.size()) return false;
      if (s_[pos_] == '}') {
        ++pos_;
        return true;
      }
      if (s_[pos_++] != ',') return false;
    }
  }

  const std::string& s_;
  size_t pos_ = 0;
};

}  // namespace retro::testing

#endif  // RETRO_TESTS_FRAMEWORK_MINI_JSON_H_
