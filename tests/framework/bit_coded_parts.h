// Test helpers that reach into a bit-coded finite-horizon store
// (retro/format/finite_horizon/store.h, entry_bytes 0) held in a byte
// vector, to craft damaged or wrong-but-sound stores: where its sections
// lie, and each symbol of its code model.
#ifndef RETRO_TESTS_FRAMEWORK_BIT_CODED_PARTS_H_
#define RETRO_TESTS_FRAMEWORK_BIT_CODED_PARTS_H_

#include <cstdint>
#include <cstring>
#include <vector>

#include "gtest/gtest.h"
#include "retro/format/finite_horizon/store.h"

namespace retro::testing {

// The sections of the bit-coded store `bytes` (its header must be sound).
inline FiniteHorizonStoreView::Sections BitCodedSections(const std::vector<uint8_t>& bytes) {
  FiniteHorizonStoreHeader h;
  std::memcpy(&h, bytes.data(), sizeof(h));
  EXPECT_EQ(h.entry_bytes, kFiniteHorizonBitCodedEntries);
  return FiniteHorizonStoreView::BitLayout(h.states, h.block_shift, h.group_shift, h.model_bytes,
                                           h.coded_bytes);
}

// One symbol of a code model, in place.
struct ModelSymbol {
  int context;     // (value + 128) * 2 + first
  uint8_t* bytes;  // u16 layer step, i8 new value, u8 length | last << 7
  uint16_t layer_step() const {
    uint16_t step;
    std::memcpy(&step, bytes, 2);
    return step;
  }
  void set_layer_step(uint16_t step) { std::memcpy(bytes, &step, 2); }
  int value() const { return static_cast<int8_t>(bytes[2]); }
  void set_value(int value) { bytes[2] = static_cast<uint8_t>(value); }
  bool last() const { return (bytes[3] & 0x80) != 0; }
  // A change (not the empty list or the escape).
  bool change() const { return layer_step() < kPrefixEscapeStep; }
};

// Every symbol of the model of the bit-coded store `bytes`, by context.
inline std::vector<ModelSymbol> ModelSymbols(std::vector<uint8_t>& bytes) {
  uint8_t* model = bytes.data() + BitCodedSections(bytes).codes;
  uint32_t contexts;
  std::memcpy(&contexts, model, 4);
  std::vector<ModelSymbol> symbols;
  uint8_t* entry = model + 8 + 4 * uint64_t{contexts};
  for (uint32_t c = 0; c < contexts; ++c) {
    uint16_t id, count;
    std::memcpy(&id, model + 8 + 4 * c, 2);
    std::memcpy(&count, model + 8 + 4 * c + 2, 2);
    for (uint16_t i = 0; i < count; ++i, entry += 4) symbols.push_back({id, entry});
  }
  return symbols;
}

// Where the context ids of the model lie: a pointer to each u16 id.
inline std::vector<uint8_t*> ModelContextIds(std::vector<uint8_t>& bytes) {
  uint8_t* model = bytes.data() + BitCodedSections(bytes).codes;
  uint32_t contexts;
  std::memcpy(&contexts, model, 4);
  std::vector<uint8_t*> ids;
  for (uint32_t c = 0; c < contexts; ++c) ids.push_back(model + 8 + 4 * c);
  return ids;
}

}  // namespace retro::testing

#endif  // RETRO_TESTS_FRAMEWORK_BIT_CODED_PARTS_H_
