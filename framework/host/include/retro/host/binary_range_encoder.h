// An adaptive binary range encoder (the LZMA kind) and the bit-tree coding
// of small symbols on it: the encoder side of the C++ book header
// (retro/export/cpp_book.h), whose emitted decoder mirrors every constant
// and step here. Each binary decision has a 12-bit probability of a 0 that
// moves 1/16 of the way towards each bit coded with it, so that runs of
// similar positions cost little.
//
//   BinaryRangeEncoder out;
//   std::vector<uint16_t> tree(BinaryRangeEncoder::kTreeProbabilities,
//                              BinaryRangeEncoder::kInitialProbability);
//   out.EncodeTree(tree.data(), /*bits=*/5, symbol);
//   std::vector<uint8_t> bytes = out.Finish();
#ifndef RETRO_HOST_BINARY_RANGE_ENCODER_H_
#define RETRO_HOST_BINARY_RANGE_ENCODER_H_

#include <cstdint>
#include <utility>
#include <vector>

namespace retro {

// Writes bits with adaptive probabilities into bytes.
class BinaryRangeEncoder {
 public:
  static constexpr int kProbabilityBits = 12;
  static constexpr uint16_t kInitialProbability = 1 << (kProbabilityBits - 1);
  static constexpr int kAdaptationShift = 4;
  // A bit tree's probabilities: a node each for the first 8 levels (nodes
  // 1..255), then one per deeper level (256 + level), up to 32 levels.
  static constexpr int kTreeProbabilities = 256 + 32;

  // Codes `bit` with the probability `*probability` of a 0, and adapts it.
  void Encode(uint16_t* probability, int bit) {
    const uint32_t bound = (range_ >> kProbabilityBits) * *probability;
    if (bit == 0) {
      range_ = bound;
      *probability += ((1 << kProbabilityBits) - *probability) >> kAdaptationShift;
    } else {
      low_ += bound;
      range_ -= bound;
      *probability -= *probability >> kAdaptationShift;
    }
    while (range_ < (uint32_t{1} << 24)) {
      range_ <<= 8;
      ShiftLow();
    }
  }

  // Codes the `bits` low bits of `symbol`, highest first, down the tree of
  // probabilities `tree` (kTreeProbabilities of them). Requires bits <= 30.
  void EncodeTree(uint16_t* tree, int bits, uint32_t symbol) {
    uint32_t node = 1;
    for (int level = 0; level < bits; ++level) {
      const int bit = static_cast<int>((symbol >> (bits - 1 - level)) & 1);
      Encode(&tree[node < 256 ? node : 256 + level], bit);
      node = node * 2 + static_cast<uint32_t>(bit);
    }
  }

  // Ends the code and returns every byte; the decoder starts by reading 5.
  std::vector<uint8_t> Finish() {
    for (int i = 0; i < 5; ++i) ShiftLow();
    return std::move(bytes_);
  }

 private:
  // Moves the top byte of `low_` out, resolving a pending carry into the
  // bytes held back (the cache and the 0xFF bytes after it).
  void ShiftLow() {
    if (static_cast<uint32_t>(low_) < 0xFF000000u || (low_ >> 32) != 0) {
      const uint8_t carry = static_cast<uint8_t>(low_ >> 32);
      uint8_t held = cache_;
      do {
        bytes_.push_back(static_cast<uint8_t>(held + carry));
        held = 0xFF;
      } while (--cache_size_ != 0);
      cache_ = static_cast<uint8_t>(low_ >> 24);
    }
    ++cache_size_;
    low_ = (low_ & 0x00FFFFFFu) << 8;
  }

  uint64_t low_ = 0;
  uint32_t range_ = 0xFFFFFFFFu;
  uint8_t cache_ = 0;
  uint64_t cache_size_ = 1;
  std::vector<uint8_t> bytes_;
};

}  // namespace retro

#endif  // RETRO_HOST_BINARY_RANGE_ENCODER_H_
