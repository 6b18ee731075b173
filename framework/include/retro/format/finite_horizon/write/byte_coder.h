// The code table of a byte-coded finite-horizon store
// (retro/format/finite_horizon/store.h, entry_bytes 1) and the writing of changes with
// it. A change of a state is a step from the state's change before it (or
// from layer 0, value 0): (layer step, value step). The 255 steps seen most
// often in a slice get one code byte each; any other step is the escape
// byte, the layer step as a LEB128 varint and the new value.
//
//   std::vector<uint64_t> counts(FiniteHorizonCoder::kSteps);
//   for (each change) FiniteHorizonCoder::CountStep(counts, dl, dv);
//   FiniteHorizonCoder coder(counts);
//   uint8_t* end = coder.Write(out, dl, dv, new_value);
#ifndef RETRO_FORMAT_FINITE_HORIZON_WRITE_BYTE_CODER_H_
#define RETRO_FORMAT_FINITE_HORIZON_WRITE_BYTE_CODER_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "retro/format/finite_horizon/store.h"

namespace retro {

// Chooses a store's codes from the counts of its steps and writes changes.
class FiniteHorizonCoder {
 public:
  // Steps that may have a code: layer steps 0..255, value steps -128..127
  // except 0.
  static constexpr int kSteps = 256 * 256;
  // The index of a step among kSteps, or -1 when no code can stand for it.
  static int StepIndex(uint32_t layer_step, int value_step) {
    if (layer_step > 255 || value_step < -128 || value_step > 127 || value_step == 0) return -1;
    return static_cast<int>(layer_step << 8) | static_cast<uint8_t>(value_step);
  }

  // Counts the step (layer step, value step) into `counts` (kSteps counts,
  // by StepIndex), unless no code can stand for it.
  static void CountStep(std::span<uint64_t> counts, uint32_t layer_step, int value_step) {
    if (const int i = StepIndex(layer_step, value_step); i >= 0) ++counts[i];
  }

  // Codes 0..254 for the most frequent steps of `counts` (kSteps counts,
  // by StepIndex), ties to the smaller index; the same counts give the same
  // codes.
  explicit FiniteHorizonCoder(std::span<const uint64_t> counts) : code_of_(kSteps, kFiniteHorizonEscape) {
    // Only the steps seen can have codes: they are sorted, not all kSteps.
    std::vector<int> order;
    for (int i = 0; i < kSteps; ++i) {
      if (counts[i] != 0) order.push_back(i);
    }
    const int coded = std::min<int>(255, static_cast<int>(order.size()));
    std::partial_sort(order.begin(), order.begin() + coded, order.end(), [&](int a, int b) {
      return counts[a] != counts[b] ? counts[a] > counts[b] : a < b;
    });
    for (int c = 0; c < coded; ++c) {
      codes_[c] = static_cast<uint32_t>(order[c]);  // (layer step << 8 | uint8(value step))
      code_of_[order[c]] = static_cast<uint8_t>(c);
    }
  }

  // The code table a store keeps (unused codes 0).
  const std::array<uint32_t, 256>& codes() const { return codes_; }

  // Bytes of a change by (layer step, value step).
  uint32_t Bytes(uint32_t layer_step, int value_step) const {
    const int i = StepIndex(layer_step, value_step);
    if (i >= 0 && code_of_[i] != kFiniteHorizonEscape) return 1;
    uint32_t varint = 1;
    for (uint32_t rest = layer_step >> 7; rest != 0; rest >>= 7) ++varint;
    return 2 + varint;
  }

  // Writes the change (layer step, value step, new value) at `out`;
  // returns the byte after it.
  uint8_t* Write(uint8_t* out, uint32_t layer_step, int value_step, int new_value) const {
    const int i = StepIndex(layer_step, value_step);
    if (i >= 0 && code_of_[i] != kFiniteHorizonEscape) {
      *out++ = code_of_[i];
      return out;
    }
    *out++ = kFiniteHorizonEscape;
    while (layer_step >= 0x80) {
      *out++ = static_cast<uint8_t>(layer_step | 0x80);
      layer_step >>= 7;
    }
    *out++ = static_cast<uint8_t>(layer_step);
    *out++ = static_cast<uint8_t>(new_value);
    return out;
  }

 private:
  std::vector<uint8_t> code_of_;  // by StepIndex: the code, or the escape
  std::array<uint32_t, 256> codes_{};
};

}  // namespace retro

#endif  // RETRO_FORMAT_FINITE_HORIZON_WRITE_BYTE_CODER_H_
