// Bit I/O of the bit streams of the file formats (the prefix codes of a
// bit-coded finite-horizon store, retro/format/finite_horizon/prefix_code.h):
// word-wide peeks forward and backward, a cursor that reads codes and
// fields either way, and a forward writer (which the store's validation uses
// to copy a group next to zero bits).
#ifndef RETRO_FORMAT_FINITE_HORIZON_BIT_STREAM_H_
#define RETRO_FORMAT_FINITE_HORIZON_BIT_STREAM_H_

#include <cstdint>
#include <cstring>

namespace retro {
// Reads bits of a stream forward from bit `pos`, that bit lowest.
//   Parameters: stream, with at least 8 readable bytes from byte pos / 8
//     (the store pads its stream with 16 zero bytes); pos (unchecked).
//   Returns: at least 57 valid bits; no errors.
//   Thread safety: any number of threads at once (reads only).
//   Cost: fit for every node (one unaligned 8-byte load).
inline uint64_t PeekBits(const uint8_t* stream, uint64_t pos) {
  uint64_t word;
  std::memcpy(&word, stream + (pos >> 3), 8);
  return word >> (pos & 7);  // at least 57 valid bits
}
// Reads bits backward, from bit pos - 1 down, bit pos - 1 highest.
//   Parameters: stream, with 8 readable bytes ending at byte (pos - 1) / 8
//     (before a store's stream lies its model); pos >= 1 (unchecked).
//   Returns: at least 57 valid bits; no errors.
//   Thread safety: any number of threads at once (reads only).
//   Cost: fit for every node (one unaligned 8-byte load).
inline uint64_t PeekBitsBack(const uint8_t* stream, uint64_t pos) {
  const uint64_t last = pos - 1;
  uint64_t word;
  std::memcpy(&word, stream + (last >> 3) - 7, 8);
  return word << (7 - (last & 7));  // at least 57 valid bits
}

// Where a reader stands in a stream, read forward (bits increasing) or
// backward (bits decreasing); either way the next bit to read comes first
// and a code's first bit is read first. Fields of escapes are read least
// significant bit first forward, most significant first backward.
// A plain value: build one with {stream, pos} and call Refill() before
// reading its window. Its methods check nothing and fail never (the stream
// needs the padding PeekBits and PeekBitsBack need); a cursor is one
// thread's, but many cursors may read one stream at once; each call is
// fit for every node (a shift or one 8-byte load).
template <bool kBackward>
struct BitCursor {
  const uint8_t* stream;
  uint64_t pos;  // forward: the next bit; backward: one past it
  uint64_t bits = 0;
  int available = 0;

  // Loads the window from pos: 56 bits available.
  void Refill() {
    bits = kBackward ? PeekBitsBack(stream, pos) : PeekBits(stream, pos);
    available = 56;
  }
  // The next `n` (1..32) bits, the first read lowest (forward) or highest.
  uint32_t Next(int n) const {
    return static_cast<uint32_t>(kBackward ? bits >> (64 - n) : bits & ((uint64_t{1} << n) - 1));
  }
  // The `n` bits after the next `skip`, as Next would give them.
  uint32_t NextAfter(int skip, int n) const {
    return static_cast<uint32_t>(kBackward ? (bits << skip) >> (64 - n)
                                           : (bits >> skip) & ((uint64_t{1} << n) - 1));
  }
  // Bit i (0: the next) of the window.
  uint32_t Bit(int i) const {
    return static_cast<uint32_t>(kBackward ? (bits >> (63 - i)) & 1 : (bits >> i) & 1);
  }
  // Moves past the next `n` bits; the window keeps available - n of its
  // bits (refill when fewer than a read needs).
  void Consume(uint32_t n) {
    bits = kBackward ? bits << n : bits >> n;
    available -= static_cast<int>(n);
    pos = kBackward ? pos - n : pos + n;
  }
  // Reads an n-bit field (n <= 32; 0 gives 0), refilling first if needed.
  uint32_t Field(int n) {
    if (n == 0) return 0;
    if (available < n) Refill();
    const uint32_t v = Next(n);
    Consume(static_cast<uint32_t>(n));
    return v;
  }
};

// Appends bits to a little-endian bit stream.
class BitWriter {
 public:
  // Writes from bit `bit` of `out`, ORing into bytes that must start zero
  // (so a writer may start inside a byte another writer ends).
  explicit BitWriter(uint8_t* out, uint64_t bit = 0)
      : out_(out + bit / 8), filled_(static_cast<int>(bit % 8)) {}
  // Appends the low `n` bits of `bits` (n <= 32). Bits wait in a word and
  // go out 32 at a time (the four bytes they fill, no byte beyond).
  void Put(uint64_t bits, int n) {
    word_ |= (bits & ((uint64_t{1} << n) - 1)) << filled_;
    filled_ += n;
    if (filled_ >= 32) {
      for (int i = 0; i < 4; ++i) out_[i] |= static_cast<uint8_t>(word_ >> (8 * i));
      out_ += 4;
      word_ >>= 32;
      filled_ -= 32;
    }
  }
  // A code (its first bit lowest in `reversed`) and a field, as forward
  // readers read them.
  void PutCode(uint32_t reversed, uint32_t /*natural*/, int length) { Put(reversed, length); }
  void PutField(uint64_t value, int n) { Put(value, n); }
  // Writes the bits still waiting, the last byte zero-padded.
  void Flush() {
    for (; filled_ > 0; filled_ -= 8) {
      *out_++ |= static_cast<uint8_t>(word_);
      word_ >>= 8;
    }
    word_ = 0;
    filled_ = 0;
  }

 private:
  uint8_t* out_;
  uint64_t word_ = 0;
  int filled_ = 0;
};

}  // namespace retro

#endif  // RETRO_FORMAT_FINITE_HORIZON_BIT_STREAM_H_
