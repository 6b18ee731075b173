// The 64-byte header a finite-horizon store begins with, and the constants
// of its encodings (the store's layout: store.h and
// docs/file-format.md).
#ifndef RETRO_FORMAT_FINITE_HORIZON_STORE_HEADER_H_
#define RETRO_FORMAT_FINITE_HORIZON_STORE_HEADER_H_

#include <cstdint>

namespace retro {

// The 64-byte header of a finite-horizon store, as the store's first bytes
// hold it (little-endian). A reader gets it checked from OpenHeader() and
// reads it through header() or the view's accessors; it is plain data
// (any thread, no cost).
struct FiniteHorizonStoreHeader {
  uint32_t magic;             // kFiniteHorizonStoreMagic
  uint32_t entry_bytes;       // 0 (bit-coded), 1 (byte-coded), 2 or 4
  uint64_t states;
  uint64_t entries;
  uint32_t block_shift;  // states per block = 1 << block_shift
  uint32_t horizon;      // T: layers 0..T were solved
  uint32_t last_change;  // largest layer with a change (0 if none)
  uint32_t group_shift;  // entry_bytes 0: states per group = 1 << group_shift
  uint64_t evaluations;  // states evaluated while solving (statistics)
  uint64_t coded_bytes;  // entry_bytes 1: bytes of coded changes;
                         // 0: bytes of the bit stream; else 0
  uint64_t model_bytes;  // entry_bytes 0: bytes of the code model
};
static_assert(sizeof(FiniteHorizonStoreHeader) == 64);

inline constexpr uint32_t kFiniteHorizonStoreMagic = 0x31485446;  // "FTH1"
// entry_bytes of a byte-coded store, and its escape byte.
inline constexpr uint32_t kFiniteHorizonCodedEntries = 1;
// entry_bytes of a bit-coded store (prefix codes, what a finished solve
// writes), and the most states of its groups.
inline constexpr uint32_t kFiniteHorizonBitCodedEntries = 0;
inline constexpr uint32_t kFiniteHorizonMaxGroupShift = 2;
inline constexpr uint8_t kFiniteHorizonEscape = 255;

}  // namespace retro

#endif  // RETRO_FORMAT_FINITE_HORIZON_STORE_HEADER_H_
