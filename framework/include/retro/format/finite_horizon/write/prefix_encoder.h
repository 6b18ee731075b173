// The encoder of the prefix codes of a bit-coded finite-horizon store
// (retro/format/finite_horizon/prefix_code.h): chooses a model (canonical
// Huffman codes per context) from counts of symbols and writes symbols with
// it, to any writer with PutCode and PutField.
#ifndef RETRO_FORMAT_FINITE_HORIZON_WRITE_PREFIX_ENCODER_H_
#define RETRO_FORMAT_FINITE_HORIZON_WRITE_PREFIX_ENCODER_H_

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "retro/format/finite_horizon/bit_stream.h"
#include "retro/format/finite_horizon/prefix_code.h"

namespace retro {

// Chooses a model from counts of symbols and writes symbols with it.
class PrefixCodeEncoder {
 public:
  // A symbol's key for counting: context, last flag, layer step, new value.
  static uint64_t Key(int context, bool last, uint16_t layer_step, int value) {
    return (uint64_t(context) << 25) | (uint64_t{last} << 24) | (uint64_t{layer_step} << 8) |
           static_cast<uint8_t>(value);
  }
  static uint64_t EmptyKey() { return Key(PrefixContext(0, true), true, kPrefixEmptyStep, 0); }
  static uint64_t EscapeKey(int context) { return Key(context, false, kPrefixEscapeStep, 0); }
  // The key of a change, or of the escape when its step cannot be a symbol.
  static uint64_t ChangeKey(int context, uint32_t layer_step, int value, bool last) {
    return layer_step < kPrefixEscapeStep
               ? Key(context, last, static_cast<uint16_t>(layer_step), value)
               : EscapeKey(context);
  }

  // Codes for the symbols of `counts` (key -> occurrences); changes seen
  // fewer than `min_count` times share their context's escape. The same
  // counts give the same model.
  explicit PrefixCodeEncoder(const absl::flat_hash_map<uint64_t, uint64_t>& counts,
                             uint64_t min_count = 3);

  // The model section's bytes.
  std::vector<uint8_t> Model() const;

  // A symbol's code, as the writers take it.
  struct Code {
    uint32_t reversed;  // the code, first bit lowest
    uint32_t natural;   // the code, first bit highest
    uint8_t length;
  };
  // The code of a change that has one (not escaped), else null.
  const Code* Find(int context, uint32_t layer_step, int value, bool last) const {
    if (layer_step >= kPrefixEscapeStep) return nullptr;
    const auto it = codes_.find(Key(context, last, static_cast<uint16_t>(layer_step), value));
    return it == codes_.end() ? nullptr : &it->second;
  }
  // The empty list's code, null when no list is empty.
  const Code* EmptyCode() const {
    const auto it = codes_.find(EmptyKey());
    return it == codes_.end() ? nullptr : &it->second;
  }

  // Writes a change to `out` (a BitWriter, or the bit coder's writers).
  template <typename Out>
  void WriteChange(Out& out, int context, uint32_t layer_step, int value, bool last) const {
    if (const Code* code = Find(context, layer_step, value, last)) {
      out.PutCode(code->reversed, code->natural, code->length);
      return;
    }
    const Code& escape = codes_.at(EscapeKey(context));
    out.PutCode(escape.reversed, escape.natural, escape.length);
    const int n = std::bit_width(layer_step);
    out.PutField(static_cast<uint64_t>(n), kPrefixEscapeLengthBits);
    out.PutField(layer_step, n);
    out.PutField(static_cast<uint8_t>(value), 8);
    out.PutField(last ? 1 : 0, 1);
  }

 private:
  using Symbol = PrefixModelSymbol;
  // The most symbols a context keeps (the model counts them in 16 bits).
  static constexpr size_t kMaxContextSymbols = 60000;

  static int ContextOf(uint64_t key) { return static_cast<int>(key >> 25); }
  static uint16_t StepOf(uint64_t key) { return static_cast<uint16_t>(key >> 8); }
  // Whether a key may join its context's escape (changes may).
  static bool Escapable(uint64_t key) {
    return StepOf(key) != kPrefixEmptyStep && StepOf(key) != kPrefixEscapeStep;
  }

  // Huffman code lengths of one context's symbols (sorted by key), limited
  // to kPrefixEncoderLength (or the fewest bits that number them all) by
  // halving the counts until they fit; then canonical codes.
  void AddContext(std::span<const std::pair<uint64_t, uint64_t>> group);

  // Huffman code lengths: repeatedly joins the two lightest nodes, ties
  // to the lower node number (leaves 0..n-1, joined nodes numbered on from
  // n as made). Joined nodes are made in order of weight, so the lightest
  // node is the lighter of the next leaf (leaves sorted by weight, then
  // number) and the next joined node: two queues, no heap.
  static std::vector<uint8_t> HuffmanLengths(const std::vector<uint64_t>& weight);

  std::vector<std::pair<uint16_t, uint16_t>> contexts_;
  std::vector<Symbol> symbols_;
  absl::flat_hash_map<uint64_t, Code> codes_;
};

}  // namespace retro

#endif  // RETRO_FORMAT_FINITE_HORIZON_WRITE_PREFIX_ENCODER_H_
