// The C++ book header: coding, packing into a literal, the emitted decoder
// and the choice of form (retro/export/cpp_book.h).
#include "retro/export/cpp_book.h"

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "retro/host/binary_range_encoder.h"

namespace retro {
namespace {

// Slices beyond the first kMaxSliceContexts - 1 share the last one's
// probabilities (oware books have at most 49 slices).
constexpr int kMaxSliceContexts = 64;

// ASCII: two characters of 92 carry a 13-bit digit. Unicode: one character
// carries a 15-bit digit, U+3400.. for the first 27,648 (CJK extension A,
// hexagram symbols, CJK ideographs), U+AC00.. (Hangul syllables) above.
constexpr int kAsciiDigitBits = 13;
constexpr int kUnicodeDigitBits = 15;
constexpr uint32_t kUnicodeLowRun = 27648;
// A line of the literal holds 500 digits: 1000 ASCII or 500 Unicode characters.
constexpr size_t kLineDigits = 500;

// How the table is coded; mirrored by the emitted decoder's constants.
struct Model {
  int slices = 0;
  int slice_contexts = 0;
  int min_value = 0;
  int values = 1;  // distinct values, max - min + 1
  int value_bits = 0;
  uint32_t step = 1;
  int threshold_bits = 0;
};

int BitWidth(uint64_t x) { return static_cast<int>(std::bit_width(x)); }

Model ModelOf(const FinalValueTable& table, uint32_t step) {
  Model model;
  model.slices = table.slices();
  model.slice_contexts = std::clamp(model.slices, 1, kMaxSliceContexts);
  if (!table.values.empty()) {
    const auto [min, max] = std::ranges::minmax(table.values);
    model.min_value = min;
    model.values = max - min + 1;
  }
  model.value_bits = BitWidth(static_cast<uint64_t>(model.values - 1));
  model.step = step;
  model.threshold_bits = BitWidth((table.last_change + step - 1) / step);
  return model;
}

// The range code of every record: its value in the context of its slice
// and the value before it in the slice, then its threshold's bucket in the
// context of its slice and its value.
std::vector<uint8_t> Encode(const FinalValueTable& table, const Model& model) {
  using Encoder = BinaryRangeEncoder;
  const auto trees = [&](int per_context) {
    return std::vector<std::vector<uint16_t>>(
        static_cast<size_t>(model.slice_contexts) * per_context,
        std::vector<uint16_t>(Encoder::kTreeProbabilities, Encoder::kInitialProbability));
  };
  std::vector<std::vector<uint16_t>> value_trees = trees(model.values + 1);
  std::vector<std::vector<uint16_t>> threshold_trees = trees(model.values);
  Encoder out;
  for (int s = 0; s < model.slices; ++s) {
    const int context = std::min(s, model.slice_contexts - 1);
    int previous = -1;
    for (uint64_t i = table.slice_starts[s]; i < table.slice_starts[s + 1]; ++i) {
      const int u = table.values[i] - model.min_value;
      out.EncodeTree(value_trees[context * (model.values + 1) + previous + 1].data(),
                     model.value_bits, static_cast<uint32_t>(u));
      const uint32_t bucket = (table.thresholds[i] + model.step - 1) / model.step;
      out.EncodeTree(threshold_trees[context * model.values + u].data(), model.threshold_bits,
                     bucket);
      previous = u;
    }
  }
  return out.Finish();
}

// `bytes` as digits of `bits` bits, highest bit first, the last padded
// with zeros.
std::vector<uint32_t> Digits(const std::vector<uint8_t>& bytes, int bits) {
  std::vector<uint32_t> digits;
  uint64_t held = 0;
  int count = 0;
  for (const uint8_t byte : bytes) {
    held = held << 8 | byte;
    count += 8;
    while (count >= bits) {
      count -= bits;
      digits.push_back(static_cast<uint32_t>(held >> count) & ((1u << bits) - 1));
    }
  }
  if (count > 0) {
    digits.push_back(static_cast<uint32_t>(held << (bits - count)) & ((1u << bits) - 1));
  }
  return digits;
}

// The printable ASCII character of 0..91, skipping '"', '?' and '\\'.
char AsciiCharacter(uint32_t x) {
  int c = static_cast<int>(x) + 32;
  if (c >= '"') ++c;
  if (c >= '?') ++c;
  if (c >= '\\') ++c;
  return static_cast<char>(c);
}

// Appends the UTF-8 of `code_point`, of U+0800..U+FFFF (three bytes; every
// character of a Unicode literal is one).
void AppendUtf8(uint32_t code_point, std::string& out) {
  out += static_cast<char>(0xE0 | (code_point >> 12));
  out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
  out += static_cast<char>(0x80 | (code_point & 0x3F));
}

// The literal's text, split into lines of adjacent literals, and how many
// digits and characters of contents it holds.
struct Literal {
  std::string text;
  uint64_t digits = 0;
  uint64_t characters = 0;
};

Literal MakeLiteral(const std::vector<uint8_t>& bytes, CppBookChars chars) {
  const bool ascii = chars == CppBookChars::kAscii;
  const std::vector<uint32_t> digits = Digits(bytes, ascii ? kAsciiDigitBits : kUnicodeDigitBits);
  Literal literal{
      .text = {}, .digits = digits.size(), .characters = digits.size() * (ascii ? 2 : 1)};
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i % kLineDigits == 0) {
      absl::StrAppend(&literal.text, i == 0 ? "" : "\"\n", ascii ? "\"" : "u\"");
    }
    const uint32_t digit = digits[i];
    if (ascii) {
      literal.text += AsciiCharacter(digit / 92);
      literal.text += AsciiCharacter(digit % 92);
    } else {
      AppendUtf8(digit < kUnicodeLowRun ? 0x3400 + digit : 0xAC00 + (digit - kUnicodeLowRun),
                 literal.text);
    }
  }
  if (!digits.empty()) literal.text += "\"";
  return literal;
}

// Unicode characters in UTF-8 `text` (its bytes that start a character).
uint64_t CountCharacters(const std::string& text) {
  return static_cast<uint64_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

constexpr char kDecoder[] = R"(namespace @NAME@ {

// The book: every position's final value and threshold (the plies left from
// which the value holds), in slice order and rank order within a slice,
// coded with an adaptive binary range coder, @DIGIT_NOTE@.
static_assert(sizeof(unsigned) == 4, "the decoder needs 32-bit unsigned");
inline constexpr int kSlices = @SLICES@;
inline constexpr long long kSliceStart[kSlices + 1] = {@STARTS@};
inline constexpr long long kRecords = kSliceStart[kSlices];
inline constexpr int kMinValue = @MIN_VALUE@, kValues = @VALUES@, kValueBits = @VALUE_BITS@;
inline constexpr long long kThresholdStep = @STEP@;
inline constexpr int kThresholdBits = @THRESHOLD_BITS@, kLastChange = @LAST_CHANGE@;
inline constexpr int kHorizon = @HORIZON@;
// Whether values past kHorizon are known: the book stopped changing before it.
inline constexpr bool kFixedPastHorizon = @FIXED_PAST_HORIZON@;
inline constexpr int kSliceContexts = @SLICE_CONTEXTS@, kTree = 288, kDigitBits = @DIGIT_BITS@;
inline constexpr long long kDigits = @DIGITS@;
inline constexpr @CHAR_TYPE@ kData[] =
@DATA@;

// Reads bits back from kData: the inverse of retro's encoder.
class Decoder {
 public:
  Decoder() {
    for (int i = 0; i < 5; ++i) code_ = code_ << 8 | NextByte();
  }
  // The `bits`-bit symbol down the bit tree `tree`.
  int Tree(unsigned short* tree, int bits) {
    unsigned node = 1;
    for (unsigned i = 0; i < static_cast<unsigned>(bits); ++i) {
      node = node * 2 + Bit(tree[node < 256 ? node : 256 + i]);
    }
    return static_cast<int>(node - (1u << bits));
  }

 private:
  unsigned Digit(long long i) const {
    if (i >= kDigits) return 0;
@DIGIT_BODY@
  }
  unsigned NextByte() {
    while (held_ < 8) {
      bits_ = bits_ << kDigitBits | Digit(next_++);
      held_ += kDigitBits;
    }
    held_ -= 8;
    return static_cast<unsigned>(bits_ >> held_) & 255u;
  }
  unsigned Bit(unsigned short& p) {
    const unsigned bound = (range_ >> 12) * p;
    unsigned bit = 0;
    if (code_ < bound) {
      range_ = bound;
      p = static_cast<unsigned short>(p + ((4096 - p) >> 4));
    } else {
      code_ -= bound;
      range_ -= bound;
      p = static_cast<unsigned short>(p - (p >> 4));
      bit = 1;
    }
    while (range_ < (1u << 24)) {
      range_ <<= 8;
      code_ = code_ << 8 | NextByte();
    }
    return bit;
  }
  unsigned range_ = 0xFFFFFFFFu, code_ = 0;
  unsigned long long bits_ = 0;
  int held_ = 0;
  long long next_ = 0;
};

// The decoded book.
struct Table {
  signed char value[kRecords];
  @THRESHOLD_TYPE@ threshold[kRecords];
};

// Decodes the whole book (once, at the first lookup).
inline const Table* Decode() {
  static unsigned short values[kSliceContexts * (kValues + 1)][kTree];
  static unsigned short thresholds[kSliceContexts * kValues][kTree];
  for (auto& tree : values) for (unsigned short& p : tree) p = 2048;
  for (auto& tree : thresholds) for (unsigned short& p : tree) p = 2048;
  Table* table = new Table;
  Decoder in;
  for (int s = 0; s < kSlices; ++s) {
    const int context = s < kSliceContexts ? s : kSliceContexts - 1;
    int previous = -1;
    for (long long i = kSliceStart[s]; i < kSliceStart[s + 1]; ++i) {
      int u = in.Tree(values[context * (kValues + 1) + previous + 1], kValueBits);
      if (u >= kValues) u = kValues - 1;
      const long long step = in.Tree(thresholds[context * kValues + u], kThresholdBits) * kThresholdStep;
      table->value[i] = static_cast<signed char>(kMinValue + u);
      table->threshold[i] = static_cast<@THRESHOLD_TYPE@>(step < kLastChange ? step : kLastChange);
      previous = u;
    }
  }
  return table;
}

// The final value of record `index` of slice `slice`; sets *exact (unless
// null) to 1 when it is the value with `plies_left` plies left, else 0.
inline int Lookup(int slice, long long index, int plies_left, int* exact) {
  static const Table* const table = Decode();
  const long long i = kSliceStart[slice] + index;
  const bool known = plies_left >= static_cast<long long>(table->threshold[i]) &&
                     (plies_left <= kHorizon || kFixedPastHorizon);
  if (exact != nullptr) *exact = known ? 1 : 0;
  return table->value[i];
}
)";

constexpr char kAsciiDigitBody[] =
    "    const auto d = [](int c) {\n"
    "      return static_cast<unsigned>(c - 32 - (c > 34) - (c > 63) - (c > 92));\n"
    "    };\n"
    "    return d(kData[2 * i]) * 92 + d(kData[2 * i + 1]);";
constexpr char kUnicodeDigitBody[] =
    "    const unsigned c = kData[i];\n"
    "    return c >= 0xAC00u ? c - 0xAC00u + 27648u : c - 0x3400u;";

// The whole header of `table` in one form.
CppBook Write(const FinalValueTable& table, const CppBookCode& code, CppBookChars chars,
              uint32_t step) {
  const Model model = ModelOf(table, step);
  const bool ascii = chars == CppBookChars::kAscii;
  const Literal literal = MakeLiteral(Encode(table, model), chars);
  const std::string guard = absl::StrCat(absl::AsciiStrToUpper(code.name), "_H_");
  std::string text;
  for (const std::string& line : code.about) {
    absl::StrAppend(&text, line.empty() ? "//" : absl::StrCat("// ", line), "\n");
  }
  absl::StrAppend(&text, "#ifndef ", guard, "\n#define ", guard, "\n\n");
  absl::StrAppend(
      &text,
      absl::StrReplaceAll(
          kDecoder,
          {{"@NAME@", code.name},
           {"@DIGIT_NOTE@", ascii ? "13 bits in two printable ASCII characters"
                                  : "15 bits in a character (U+3400.. and U+AC00..)"},
           {"@SLICES@", absl::StrCat(model.slices)},
           {"@STARTS@", absl::StrJoin(table.slice_starts, ", ")},
           {"@MIN_VALUE@", absl::StrCat(model.min_value)},
           {"@VALUES@", absl::StrCat(model.values)},
           {"@VALUE_BITS@", absl::StrCat(model.value_bits)},
           {"@STEP@", absl::StrCat(model.step)},
           {"@THRESHOLD_BITS@", absl::StrCat(model.threshold_bits)},
           {"@LAST_CHANGE@", absl::StrCat(table.last_change)},
           {"@HORIZON@", absl::StrCat(table.horizon)},
           {"@FIXED_PAST_HORIZON@", table.last_change < table.horizon ? "true" : "false"},
           {"@SLICE_CONTEXTS@", absl::StrCat(model.slice_contexts)},
           {"@DIGIT_BITS@", absl::StrCat(ascii ? kAsciiDigitBits : kUnicodeDigitBits)},
           {"@DIGITS@", absl::StrCat(literal.digits)},
           {"@CHAR_TYPE@", ascii ? "char" : "char16_t"},
           {"@DATA@", literal.text},
           {"@DIGIT_BODY@", ascii ? kAsciiDigitBody : kUnicodeDigitBody},
           {"@THRESHOLD_TYPE@", table.last_change <= 0xFFFF ? "unsigned short" : "unsigned"}}),
      "\n", code.locate, "\n}  // namespace ", code.name, "\n\n", code.interface, "\n#endif  // ",
      guard, "\n");
  const uint64_t characters = CountCharacters(text);
  return CppBook{.text = std::move(text),
                 .characters = characters,
                 .data_characters = literal.characters,
                 .chars = chars,
                 .threshold_step = step};
}

// The limits of the header's types: int slice numbers, records below
// 2^40 (arrays a compiler accepts), values of signed char.
absl::Status CheckTable(const FinalValueTable& table) {
  if (table.slices() < 1 || table.records() != table.slice_starts.back() ||
      table.thresholds.size() != table.records()) {
    return absl::InternalError("the table of final values is inconsistent");
  }
  if (table.records() >= (uint64_t{1} << 40) || table.horizon > 0x7FFFFFFF) {
    return absl::InvalidArgumentError(absl::StrCat("a book of ", table.records(),
                                                   " positions and horizon ", table.horizon,
                                                   " is too large for a C++ header"));
  }
  return absl::OkStatus();
}

}  // namespace

const char* CppBookCharsName(CppBookChars chars) {
  return chars == CppBookChars::kAscii ? "ascii" : "unicode";
}

std::vector<ParameterSpec> CppBookOptionSpecs() {
  return {
      {.name = "chars",
       .value_name = "C",
       .description = "the data literal: ascii (13 bits in 2 characters) or unicode (15 bits "
                      "a character, 3 bytes in UTF-8); auto: ascii if it fits --max-chars",
       .default_value = "auto",
       .choices = {"auto", "ascii", "unicode"}},
      {.name = "threshold-step",
       .value_name = "S",
       .description = "thresholds rounded up to multiples of S, 1 to the book's horizon "
                      "(1: exact; larger: a smaller header, `exact` 0 more often); auto: the "
                      "smallest that fits",
       .default_value = "auto"},
      {.name = "max-chars",
       .value_name = "N",
       .description = "the most characters the header may have, 0 to 1099511627776 (2^40); "
                      "0: no limit (CodinGame's limit is 100000)",
       .default_value = "100000"},
  };
}

absl::StatusOr<CppBookOptions> ParseCppBookOptions(const ParameterValues& values,
                                                   uint32_t horizon) {
  CppBookOptions options;
  const auto chars = values.find("chars");
  if (chars != values.end() && chars->second != "auto") {
    options.chars = chars->second == "ascii" ? CppBookChars::kAscii : CppBookChars::kUnicode;
  }
  const auto step = values.find("threshold-step");
  if (step != values.end() && step->second != "auto") {
    absl::StatusOr<int64_t> parsed =
        GetIntParameter(values, "threshold-step", 1, std::max<uint32_t>(horizon, 1));
    if (!parsed.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(parsed.status().message(), " (1 to the book's horizon), or auto"));
    }
    options.threshold_step = static_cast<uint32_t>(*parsed);
  }
  if (values.count("max-chars") > 0) {
    absl::StatusOr<int64_t> parsed = GetIntParameter(values, "max-chars", 0, int64_t{1} << 40);
    if (!parsed.ok()) return parsed.status();
    options.max_characters = static_cast<uint64_t>(*parsed);
  }
  return options;
}

absl::StatusOr<CppBook> WriteCppBook(const FinalValueTable& table, const CppBookCode& code,
                                     const CppBookOptions& options) {
  if (absl::Status status = CheckTable(table); !status.ok()) return status;
  const auto fits = [&](const CppBook& book) {
    return options.max_characters == 0 || book.characters <= options.max_characters;
  };
  std::vector<CppBookChars> forms = {CppBookChars::kAscii, CppBookChars::kUnicode};
  if (options.chars.has_value()) forms = {*options.chars};
  // A step past the last change stores every threshold as the last change.
  const uint32_t widest = std::max<uint32_t>(table.last_change, 1);
  // 1. The step given, or exact thresholds, in each form allowed.
  const uint32_t first = std::min(options.threshold_step.value_or(1), widest);
  std::optional<CppBook> smallest;
  for (const CppBookChars chars : forms) {
    CppBook book = Write(table, code, chars, first);
    if (fits(book)) return book;
    if (!smallest.has_value() || book.characters < smallest->characters) {
      smallest = std::move(book);
    }
  }
  // 2. Unless the step is given: the smallest step that fits in the densest
  // form allowed, found by doubling and then halving the gap (the size
  // falls as the step grows).
  const CppBookChars dense = forms.back();
  if (!options.threshold_step.has_value() && first < widest) {
    uint32_t low = first;  // does not fit
    uint32_t high = first;
    std::optional<CppBook> found;
    while (high < widest) {
      high = std::min(widest, high * 2);
      CppBook book = Write(table, code, dense, high);
      if (book.characters < smallest->characters) smallest = book;
      if (fits(book)) {
        found = std::move(book);
        break;
      }
      low = high;
    }
    if (found.has_value()) {
      while (high - low > 1) {
        const uint32_t middle = low + (high - low) / 2;
        CppBook book = Write(table, code, dense, middle);
        if (fits(book)) {
          high = middle;
          found = std::move(book);
        } else {
          low = middle;
        }
      }
      return *std::move(found);
    }
  }
  return absl::InvalidArgumentError(
      absl::StrCat("the header would have at least ", smallest->characters, " characters (",
                   CppBookCharsName(smallest->chars), ", threshold step ", smallest->threshold_step,
                   "), more than --max-chars ", options.max_characters,
                   "; allow more characters (--max-chars 0: no limit)",
                   options.threshold_step.has_value() || options.chars.has_value()
                       ? ", leave --threshold-step and --chars to auto"
                       : "",
                   " or export a smaller book"));
}

}  // namespace retro
