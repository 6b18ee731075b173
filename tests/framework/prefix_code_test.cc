// Tests the prefix code of bit-coded finite-horizon stores on its own: the
// encoder (retro/format/finite_horizon/write/prefix_encoder.h) against textbook
// Huffman costs and Kraft's inequality, streams it writes read back by a
// plain bit-by-bit reference decoder written here from the format's
// description (canonical codes from the model's lengths, first bit first)
// and by the decoder (retro/format/finite_horizon/prefix_code.h), forward
// and backward, and malformed models refused with the problem named.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <queue>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/format/finite_horizon/bit_stream.h"
#include "retro/format/finite_horizon/prefix_code.h"
#include "retro/format/finite_horizon/write/prefix_encoder.h"

namespace retro {
namespace {

using ::testing::HasSubstr;

// One change of a state's list, or (step kPrefixEmptyStep) the empty list.
struct Change {
  uint32_t step;
  int value;
  bool last;
  bool operator==(const Change&) const = default;
};
// A symbol as written: the context it was written in and the change.
struct Written {
  int context;
  Change change;
};

// Random lists of changes: values in -5..5, steps mostly small, some
// large enough to need an escape's long field.
std::vector<Written> RandomLists(std::mt19937_64& random, int lists) {
  std::vector<Written> out;
  for (int l = 0; l < lists; ++l) {
    const int changes = static_cast<int>(random() % 5);
    if (changes == 0) {
      out.push_back({PrefixContext(0, true), {kPrefixEmptyStep, 0, true}});
      continue;
    }
    int value = 0;
    for (int c = 0; c < changes; ++c) {
      int next = value;
      while (next == value) next = static_cast<int>(random() % 11) - 5;
      const uint32_t step = random() % 50 == 0 ? 70000 + static_cast<uint32_t>(random() % 1000)
                                              : static_cast<uint32_t>(random() % 4) + (c > 0);
      out.push_back({PrefixContext(value, c == 0), {step, next, c + 1 == changes}});
      value = next;
    }
  }
  return out;
}

absl::flat_hash_map<uint64_t, uint64_t> Counts(const std::vector<Written>& symbols) {
  absl::flat_hash_map<uint64_t, uint64_t> counts;
  for (const Written& w : symbols) {
    ++counts[w.change.step == kPrefixEmptyStep
                 ? PrefixCodeEncoder::EmptyKey()
                 : PrefixCodeEncoder::ChangeKey(w.context, w.change.step, w.change.value,
                                                w.change.last)];
  }
  return counts;
}

// The model section as the format describes it, read independently.
struct ReferenceModel {
  struct Symbol {
    uint16_t step;
    int value;
    int length;
    bool last;
    uint32_t code;  // canonical, first bit highest
  };
  std::map<int, std::vector<Symbol>> contexts;
};

ReferenceModel ParseReference(const std::vector<uint8_t>& model) {
  ReferenceModel out;
  uint32_t contexts, symbols;
  std::memcpy(&contexts, model.data(), 4);
  std::memcpy(&symbols, model.data() + 4, 4);
  EXPECT_EQ(model.size() % 8, 0u);
  EXPECT_EQ(model.size(), (8 + 4 * contexts + 4 * symbols + 7) / 8 * 8);
  size_t entry = 8 + 4 * contexts;
  for (uint32_t c = 0; c < contexts; ++c) {
    uint16_t id, count;
    std::memcpy(&id, model.data() + 8 + 4 * c, 2);
    std::memcpy(&count, model.data() + 10 + 4 * c, 2);
    std::vector<ReferenceModel::Symbol>& list = out.contexts[id];
    // Canonical codes: in order, each the previous plus one, shifted left
    // by the growth of the length.
    uint32_t code = 0;
    int previous = 0;
    for (uint16_t i = 0; i < count; ++i, entry += 4) {
      ReferenceModel::Symbol s;
      std::memcpy(&s.step, model.data() + entry, 2);
      s.value = static_cast<int8_t>(model[entry + 2]);
      s.length = model[entry + 3] & 0x7F;
      s.last = (model[entry + 3] & 0x80) != 0;
      code = i == 0 ? 0 : (code + 1) << (s.length - previous);
      previous = s.length;
      s.code = code;
      list.push_back(s);
    }
  }
  return out;
}

// Reads bit `i` of a little-endian bit stream.
int BitAt(const std::vector<uint8_t>& stream, uint64_t i) { return (stream[i / 8] >> (i % 8)) & 1; }
uint64_t FieldAt(const std::vector<uint8_t>& stream, uint64_t& pos, int n) {
  uint64_t v = 0;
  for (int b = 0; b < n; ++b) v |= uint64_t(BitAt(stream, pos++)) << b;
  return v;
}

// Decodes one symbol bit by bit: the first code of the context whose bits
// match. False when none does.
bool ReferenceDecode(const ReferenceModel& model, const std::vector<uint8_t>& stream,
                     uint64_t& pos, int context, Change& out) {
  const auto it = model.contexts.find(context);
  if (it == model.contexts.end()) return false;
  uint32_t code = 0;
  for (int length = 1; length <= kMaxPrefixCodeLength; ++length) {
    code = (code << 1) | BitAt(stream, pos + length - 1);
    for (const ReferenceModel::Symbol& s : it->second) {
      if (s.length != length || s.code != code) continue;
      pos += length;
      if (s.step == kPrefixEscapeStep) {
        const int n = static_cast<int>(FieldAt(stream, pos, kPrefixEscapeLengthBits));
        const uint32_t step = static_cast<uint32_t>(FieldAt(stream, pos, n));
        const int value = static_cast<int8_t>(FieldAt(stream, pos, 8));
        out = {step, value, FieldAt(stream, pos, 1) != 0};
      } else {
        out = {s.step, s.value, s.last};
      }
      return true;
    }
  }
  return false;
}

// Writes bits for a backward reader (the bit coder writes the same layout
// forward, in reverse order), down from a bit `end`: each value
// goes just below the one before, so that a reader from `end` down meets
// them in the order written. A code's natural value (first bit highest)
// and a field's value both land least significant bit lowest. ORs into
// bytes that must start zero and touches only the bytes its bits fall in.
// Bits wait in a word (its lowest bit at pos_) and go out when it fills
// and at Flush(), which must be called once the last value is put.
class BackwardBitWriter {
 public:
  BackwardBitWriter(uint8_t* out, uint64_t end) : out_(out), pos_(end) {}
  void PutCode(uint32_t /*reversed*/, uint32_t natural, int length) { Put(natural, length); }
  void PutField(uint64_t value, int n) { Put(value, n); }
  // Writes the bits still waiting.
  void Flush() {
    if (waiting_ == 0) return;
    uint64_t bits = word_ << (pos_ & 7);
    uint8_t* at = out_ + (pos_ >> 3);
    for (int filled = static_cast<int>(pos_ & 7) + waiting_; filled > 0; filled -= 8) {
      *at++ |= static_cast<uint8_t>(bits);
      bits >>= 8;
    }
    word_ = 0;
    waiting_ = 0;
  }

 private:
  // Puts the low `n` bits of `value` (n <= 32).
  void Put(uint64_t value, int n) {
    if (waiting_ + n > 56) Flush();
    pos_ -= static_cast<uint64_t>(n);
    word_ = (word_ << n) | (value & ((uint64_t{1} << n) - 1));
    waiting_ += n;
  }
  uint8_t* out_;
  uint64_t pos_;      // the lowest bit written or waiting
  uint64_t word_ = 0;  // the waiting bits, the lowest at pos_
  int waiting_ = 0;
};

// Counts the bits a writer is given (WriteChange's output, unwritten).
struct BitCounter {
  uint64_t bits = 0;
  void PutCode(uint32_t, uint32_t, int length) { bits += length; }
  void PutField(uint64_t, int n) { bits += n; }
};
uint64_t ChangeBits(const PrefixCodeEncoder& encoder, int context, const Change& change) {
  BitCounter counter;
  encoder.WriteChange(counter, context, change.step, change.value, change.last);
  return counter.bits;
}

// The stream of `symbols`, written forward from bit 0 after 16 zero bytes
// of room (a backward reader's) and followed by 16 zero bytes.
constexpr uint64_t kFront = 16;
std::vector<uint8_t> WriteForward(const PrefixCodeEncoder& encoder,
                                  const std::vector<Written>& symbols, uint64_t* bits) {
  uint64_t total = 0;
  for (const Written& w : symbols) {
    total += w.change.step == kPrefixEmptyStep
                 ? encoder.EmptyCode()->length
                 : ChangeBits(encoder, w.context, w.change);
  }
  std::vector<uint8_t> stream(kFront + (total + 7) / 8 + 16, 0);
  BitWriter out(stream.data() + kFront);
  for (const Written& w : symbols) {
    if (w.change.step == kPrefixEmptyStep) {
      const auto* code = encoder.EmptyCode();
      out.PutCode(code->reversed, code->natural, code->length);
    } else {
      encoder.WriteChange(out, w.context, w.change.step, w.change.value, w.change.last);
    }
  }
  out.Flush();
  *bits = total;
  return stream;
}

TEST(PrefixCodeTest, RandomStreamsRoundTripThroughBothDecoders) {
  std::mt19937_64 random(5);
  for (int round = 0; round < 20; ++round) {
    const std::vector<Written> symbols = RandomLists(random, 200 + round * 50);
    // The streams hold empty lists and changes too long for a symbol.
    ASSERT_TRUE(std::any_of(symbols.begin(), symbols.end(), [](const Written& w) {
      return w.change.step == kPrefixEmptyStep;
    }));
    ASSERT_TRUE(std::any_of(symbols.begin(), symbols.end(), [](const Written& w) {
      return w.change.step != kPrefixEmptyStep && w.change.step >= kPrefixEscapeStep;
    }));
    const PrefixCodeEncoder encoder(Counts(symbols));
    const std::vector<uint8_t> model_bytes = encoder.Model();
    const ReferenceModel reference = ParseReference(model_bytes);
    auto decoder = PrefixCodeDecoder::Parse(model_bytes);
    ASSERT_TRUE(decoder.ok()) << decoder.status();
    uint64_t bits = 0;
    const std::vector<uint8_t> stream = WriteForward(encoder, symbols, &bits);
    const std::vector<uint8_t> body(stream.begin() + kFront, stream.end());
    uint64_t reference_pos = 0;
    BitCursor<false> cursor{stream.data() + kFront, 0};
    for (size_t i = 0; i < symbols.size(); ++i) {
      const Written& w = symbols[i];
      Change expected = w.change;
      Change got;
      ASSERT_TRUE(ReferenceDecode(reference, body, reference_pos, w.context, got))
          << "round " << round << " symbol " << i;
      EXPECT_EQ(got, expected) << "round " << round << " symbol " << i;
      const PrefixSymbolRead read = (*decoder)->Decode(cursor, w.context);
      if (expected.step == kPrefixEmptyStep) {
        EXPECT_EQ(read.kind, PrefixSymbolRead::kEmpty) << "symbol " << i;
      } else {
        ASSERT_EQ(read.kind, PrefixSymbolRead::kChange) << "symbol " << i;
        EXPECT_EQ((Change{read.layer_step, read.value, read.last}), expected) << "symbol " << i;
      }
      ASSERT_EQ(cursor.pos, reference_pos) << "symbol " << i;
    }
    EXPECT_EQ(reference_pos, bits);
  }
}

TEST(PrefixCodeTest, BackwardStreamsReadInWritingOrder) {
  std::mt19937_64 random(9);
  const std::vector<Written> symbols = RandomLists(random, 500);
  const PrefixCodeEncoder encoder(Counts(symbols));
  auto decoder = PrefixCodeDecoder::Parse(encoder.Model());
  ASSERT_TRUE(decoder.ok()) << decoder.status();
  uint64_t bits = 0;
  (void)WriteForward(encoder, symbols, &bits);
  // Written down from bit `end`, after 16 bytes of room below.
  const uint64_t end = kFront * 8 + bits;
  std::vector<uint8_t> stream(end / 8 + 1 + 16, 0);
  BackwardBitWriter out(stream.data(), end);
  for (const Written& w : symbols) {
    if (w.change.step == kPrefixEmptyStep) {
      const auto* code = encoder.EmptyCode();
      out.PutCode(code->reversed, code->natural, code->length);
    } else {
      encoder.WriteChange(out, w.context, w.change.step, w.change.value, w.change.last);
    }
  }
  out.Flush();
  BitCursor<true> cursor{stream.data(), end};
  for (size_t i = 0; i < symbols.size(); ++i) {
    const PrefixSymbolRead read = (*decoder)->Decode(cursor, symbols[i].context);
    const Change& expected = symbols[i].change;
    if (expected.step == kPrefixEmptyStep) {
      EXPECT_EQ(read.kind, PrefixSymbolRead::kEmpty) << "symbol " << i;
    } else {
      ASSERT_EQ(read.kind, PrefixSymbolRead::kChange) << "symbol " << i;
      EXPECT_EQ((Change{read.layer_step, read.value, read.last}), expected) << "symbol " << i;
    }
  }
  EXPECT_EQ(cursor.pos, kFront * 8);
}

// The cost of an optimal prefix code for `weights`: the sum of the weights
// of the nodes a textbook Huffman construction joins.
uint64_t HuffmanCost(std::vector<uint64_t> weights) {
  if (weights.size() == 1) return weights[0];  // one symbol still takes a bit
  std::priority_queue<uint64_t, std::vector<uint64_t>, std::greater<>> heap(weights.begin(),
                                                                            weights.end());
  uint64_t cost = 0;
  while (heap.size() > 1) {
    const uint64_t a = heap.top();
    heap.pop();
    const uint64_t b = heap.top();
    heap.pop();
    cost += a + b;
    heap.push(a + b);
  }
  return cost;
}

TEST(PrefixCodeTest, CodesAreOptimalAndSatisfyKraft) {
  std::mt19937_64 random(3);
  for (int round = 0; round < 30; ++round) {
    // One context (the first change from 0) of n symbols with random
    // counts, none rare enough to be escaped; lengths stay within the
    // encoder's limit for these counts.
    const int n = 2 + static_cast<int>(random() % 20);
    absl::flat_hash_map<uint64_t, uint64_t> counts;
    std::map<std::tuple<uint16_t, int>, uint64_t> by_symbol;
    std::vector<uint64_t> weights;
    for (int i = 0; i < n; ++i) {
      const uint64_t count = 3 + random() % 200;
      const uint16_t step = static_cast<uint16_t>(i / 2);
      const int value = 1 + i % 2;
      counts[PrefixCodeEncoder::ChangeKey(PrefixContext(0, true), step, value, true)] = count;
      by_symbol[{step, value}] = count;
      weights.push_back(count);
    }
    const PrefixCodeEncoder encoder(counts);
    const ReferenceModel model = ParseReference(encoder.Model());
    ASSERT_EQ(model.contexts.size(), 1u);
    const auto& symbols = model.contexts.begin()->second;
    ASSERT_EQ(symbols.size(), static_cast<size_t>(n));
    double kraft = 0;
    uint64_t cost = 0;
    for (const auto& s : symbols) {
      kraft += std::ldexp(1.0, -s.length);
      cost += by_symbol.at({s.step, s.value}) * s.length;
      EXPECT_LE(s.length, kPrefixEncoderLength);
    }
    // A complete code (Kraft sum exactly 1) of optimal cost.
    EXPECT_EQ(kraft, 1.0) << "round " << round;
    EXPECT_EQ(cost, HuffmanCost(weights)) << "round " << round;
  }
}

TEST(PrefixCodeTest, LongCodesAreLimitedByTheEncoder) {
  // Fibonacci counts make a Huffman code as deep as there are symbols;
  // the encoder caps the lengths at kPrefixEncoderLength.
  absl::flat_hash_map<uint64_t, uint64_t> counts;
  uint64_t a = 3, b = 3;
  for (int i = 0; i < 30; ++i) {
    counts[PrefixCodeEncoder::ChangeKey(PrefixContext(0, true), i, 1, true)] = a;
    std::tie(a, b) = std::make_tuple(b, a + b);
  }
  const ReferenceModel model = ParseReference(PrefixCodeEncoder(counts).Model());
  double kraft = 0;
  for (const auto& s : model.contexts.begin()->second) {
    EXPECT_LE(s.length, kPrefixEncoderLength);
    kraft += std::ldexp(1.0, -s.length);
  }
  EXPECT_LE(kraft, 1.0);
}

TEST(PrefixCodeTest, RareChangesShareTheEscape) {
  absl::flat_hash_map<uint64_t, uint64_t> counts;
  const int context = PrefixContext(2, false);
  counts[PrefixCodeEncoder::ChangeKey(context, 1, 3, false)] = 100;
  counts[PrefixCodeEncoder::ChangeKey(context, 2, 4, true)] = 2;  // below 3
  counts[PrefixCodeEncoder::ChangeKey(context, 70000, 4, true)] = 50;  // no 16-bit step
  const PrefixCodeEncoder encoder(counts);
  const ReferenceModel model = ParseReference(encoder.Model());
  ASSERT_EQ(model.contexts.count(context), 1u);
  std::vector<uint16_t> steps;
  for (const auto& s : model.contexts.at(context)) steps.push_back(s.step);
  EXPECT_THAT(steps, ::testing::UnorderedElementsAre(1, kPrefixEscapeStep));
  EXPECT_EQ(encoder.Find(context, 2, 4, true), nullptr);
  // An escape costs its code, 5 bits of length, the step, 8 + 1 bits.
  int escape_length = 0;
  for (const auto& s : model.contexts.at(context)) {
    if (s.step == kPrefixEscapeStep) escape_length = s.length;
  }
  EXPECT_EQ(ChangeBits(encoder, context, {70000, 4, true}), escape_length + 5u + 17u + 9u);
}

// A model of the given (context id, symbols) with symbols (step, value,
// length, last), in the format's layout.
std::vector<uint8_t> Model(
    const std::vector<std::pair<uint16_t, std::vector<std::tuple<uint16_t, int, int, bool>>>>&
        contexts) {
  uint32_t symbols = 0;
  for (const auto& c : contexts) symbols += static_cast<uint32_t>(c.second.size());
  const uint32_t count = static_cast<uint32_t>(contexts.size());
  std::vector<uint8_t> out((8 + 4 * count + 4 * symbols + 7) / 8 * 8, 0);
  std::memcpy(out.data(), &count, 4);
  std::memcpy(out.data() + 4, &symbols, 4);
  size_t head = 8, entry = 8 + 4 * count;
  for (const auto& [id, list] : contexts) {
    const uint16_t n = static_cast<uint16_t>(list.size());
    std::memcpy(out.data() + head, &id, 2);
    std::memcpy(out.data() + head + 2, &n, 2);
    head += 4;
    for (const auto& [step, value, length, last] : list) {
      std::memcpy(out.data() + entry, &step, 2);
      out[entry + 2] = static_cast<uint8_t>(value);
      out[entry + 3] = static_cast<uint8_t>(length | (last ? 0x80 : 0));
      entry += 4;
    }
  }
  return out;
}

void ExpectModelRefused(const std::vector<uint8_t>& model, const std::string& fragment) {
  auto decoder = PrefixCodeDecoder::Parse(model);
  ASSERT_FALSE(decoder.ok()) << "accepted; expected: " << fragment;
  EXPECT_EQ(decoder.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(std::string(decoder.status().message()),
              HasSubstr("value store's code model " + fragment));
}

TEST(PrefixCodeTest, MalformedModelsAreRefused) {
  const uint16_t c = static_cast<uint16_t>(PrefixContext(0, true));
  const auto good = Model({{c, {{0, 1, 1, true}, {1, 2, 2, true}, {2, 3, 2, false}}}});
  ASSERT_TRUE(PrefixCodeDecoder::Parse(good).ok());
  ExpectModelRefused({1, 0, 0}, "is shorter than its 8-byte count");
  ExpectModelRefused(Model({{c, {{0, 1, 1, true}, {1, 2, 1, true}, {2, 3, 1, true}}}}),
                     "gives context 257 more codes than its lengths allow (Kraft sum over 1)");
  ExpectModelRefused(Model({{c, {{0, 1, 2, true}, {1, 2, 1, true}}}}),
                     "gives context 257 a code of length 1 after one of 2");
  ExpectModelRefused(Model({{c, {{0, 1, 25, true}}}}), "gives context 257 a code of length 25");
  ExpectModelRefused(Model({{c, {{0, 1, 1, true}}}, {c, {{0, 1, 1, true}}}}),
                     "has context 257 with 1 symbols after context 257");
  ExpectModelRefused(Model({{512, {{0, 1, 1, true}}}}), "has context 512");
  ExpectModelRefused(Model({{c, {{kPrefixEmptyStep, 0, 1, false}}}}),
                     "gives context 257 a malformed empty symbol");
  ExpectModelRefused(Model({{c, {{kPrefixEscapeStep, 0, 1, true}}}}),
                     "gives context 257 a malformed escape symbol");
  // Two symbols: 20 bytes, padded to 24.
  std::vector<uint8_t> padded = Model({{c, {{0, 1, 1, true}, {1, 2, 1, true}}}});
  ASSERT_TRUE(PrefixCodeDecoder::Parse(padded).ok());
  ASSERT_EQ(padded.size(), 24u);
  padded[22] = 1;
  ExpectModelRefused(padded, "has padding that is not zero");
  std::vector<uint8_t> longer = good;
  longer.resize(longer.size() + 8, 0);
  ExpectModelRefused(longer, absl::StrCat("has ", longer.size(), " bytes; its counts imply ",
                                          good.size()));
  std::vector<uint8_t> miscounted = good;
  miscounted[4] = 2;  // two symbols counted (the size stays 24), three listed
  ExpectModelRefused(miscounted, "lists more symbols than it counts");
}

TEST(PrefixCodeTest, BitsThatAreNoCodeDecodeAsInvalid) {
  // One code, "0", in context 257: a 1 bit is no code of it, and context
  // 256 has no code at all.
  const uint16_t c = static_cast<uint16_t>(PrefixContext(0, true));
  auto decoder = PrefixCodeDecoder::Parse(Model({{c, {{3, 1, 1, true}}}}));
  ASSERT_TRUE(decoder.ok()) << decoder.status();
  std::vector<uint8_t> stream(32, 0);
  stream[16] = 0b10;  // bit 0: "0", bit 1: "1"
  BitCursor<false> cursor{stream.data() + 16, 0};
  const PrefixSymbolRead first = (*decoder)->Decode(cursor, c);
  ASSERT_EQ(first.kind, PrefixSymbolRead::kChange);
  EXPECT_EQ(first.layer_step, 3u);
  EXPECT_EQ(first.value, 1);
  EXPECT_EQ((*decoder)->Decode(cursor, c).kind, PrefixSymbolRead::kInvalid);
  EXPECT_EQ(cursor.pos, 1u);
  EXPECT_EQ((*decoder)->Decode(cursor, PrefixContext(0, false)).kind, PrefixSymbolRead::kInvalid);
}

}  // namespace
}  // namespace retro
