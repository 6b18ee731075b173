// The prefix codes of a bit-coded finite-horizon store
// (retro/format/finite_horizon/store.h, entry_bytes 0): canonical Huffman codes for a
// state's changes, one code per context. A context is what a reader knows
// before a change: the state's value (V before the change; 0 before the
// first) and whether the change is the state's first. A symbol is a change
// (layer step, new value, whether it is the state's last), the empty list
// (a state that never changes), or an escape: a change written out for
// steps too rare to own a code. Knowing the value, the next value costs
// little (oware: a capture adds a few seeds), and the end of a list costs
// nothing where the value can move no further. A list is its changes'
// symbols, the last one flagged, or the empty symbol alone.
//
// The model (the store's model section, little-endian):
//   u32 contexts C, u32 symbols S
//   C x (u16 context id, u16 symbols of the context), ids increasing
//   S x (u16 layer step, u8 new value (int8), u8 code length | last << 7),
//       by context, within one in canonical order: lengths non-decreasing
//   zero padding to a multiple of 8 bytes
// Layer step 0xFFFF is the empty list (new value 0, last set), 0xFFFE the
// escape (new value 0, last clear). Codes are assigned canonically from the
// lengths and written first bit first into a little-endian bit stream (bit
// i of the stream is bit i % 8 of byte i / 8). An escape is followed by 5
// bits n, the layer step in n bits, the new value in 8 bits and the last
// flag in 1 bit.
//
// This file holds the constants of the code and its decoder; the encoder that
// chooses a model and writes codes is retro/format/finite_horizon/write/prefix_encoder.h.
#ifndef RETRO_FORMAT_FINITE_HORIZON_PREFIX_CODE_H_
#define RETRO_FORMAT_FINITE_HORIZON_PREFIX_CODE_H_

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/format/finite_horizon/bit_stream.h"

namespace retro {

// Context ids: (value + 128) * 2 + (first change ? 1 : 0), below this.
inline constexpr int kPrefixContexts = 512;
// The context id of a change made from `value`.
//   Parameters: value, -128..127 (unchecked); first, no change came before.
//   Returns: the id, below kPrefixContexts; no errors.
//   Thread safety: any thread. Cost: fit for every node (arithmetic).
inline int PrefixContext(int value, bool first) { return ((value + 128) << 1) | (first ? 1 : 0); }
// The longest code a model may hold, and the longest the encoder makes.
inline constexpr int kMaxPrefixCodeLength = 24;
inline constexpr int kPrefixEncoderLength = 10;
// Layer steps of the two symbols that are not changes.
inline constexpr uint16_t kPrefixEmptyStep = 0xFFFF;
inline constexpr uint16_t kPrefixEscapeStep = 0xFFFE;
// Bits of an escape's length field.
inline constexpr int kPrefixEscapeLengthBits = 5;
// One symbol of a context's model, as the model section stores it and both
// the decoder and the encoder (retro/format/finite_horizon/write/prefix_encoder.h)
// hold it: its layer step (or kPrefixEmptyStep / kPrefixEscapeStep), the
// value, its code's length in bits, and whether it ends the list.
struct PrefixModelSymbol {
  uint16_t layer_step;
  int8_t value;
  uint8_t length;
  bool last;
};
// One decoded symbol.
struct PrefixSymbolRead {
  enum Kind : uint8_t { kChange, kEmpty, kInvalid };
  Kind kind;
  uint32_t layer_step;
  int value;  // the new value of a change
  bool last;  // the change is its state's last
};

// A parsed model and its decoding tables (built once when a store opens).
// Immutable once parsed: every method is const and may run on any number
// of threads at once, each with its own cursor. Every reader of a stream
// requires the stream's padding (PeekBits, PeekBitsBack): what a validated
// store guarantees. The store (retro/format/finite_horizon/store.h) is the
// usual caller; an engine probes through it.
class PrefixCodeDecoder {
 public:
  // Parses and checks a model: context ids increasing and below
  // kPrefixContexts, at least one symbol a context, lengths 1..24 and
  // non-decreasing within a context, each context's code lengths
  // satisfying Kraft's inequality, the symbol count and the padding exact.
  //   Parameters: model, the store's model section (copied from).
  //   Returns: the decoder, shared by the copies of a store's view.
  //   Errors: DataLoss naming what is wrong with the model.
  //   Thread safety: any thread. Cost: root only (one pass over the model;
  //     builds about 2 KiB of tables a context).
  static absl::StatusOr<std::shared_ptr<const PrefixCodeDecoder>> Parse(
      std::span<const uint8_t> model) {
    auto decoder = std::shared_ptr<PrefixCodeDecoder>(new PrefixCodeDecoder());
    auto fail = [](const auto&... what) {
      return absl::DataLossError(absl::StrCat("value store's code model ", what...));
    };
    if (model.size() < 8) return fail("is shorter than its 8-byte count");
    uint32_t contexts, symbols;
    std::memcpy(&contexts, model.data(), 4);
    std::memcpy(&symbols, model.data() + 4, 4);
    if (contexts > kPrefixContexts || symbols > (1u << 24)) {
      return fail("counts ", contexts, " contexts and ", symbols, " symbols; at most ",
                  kPrefixContexts, " contexts");
    }
    const uint64_t expected = ModelBytes(contexts, symbols);
    if (model.size() != expected) {
      return fail("has ", model.size(), " bytes; its counts imply ", expected);
    }
    decoder->slot_of_.fill(contexts);  // the slot past the last: no code
    const uint8_t* heads = model.data() + 8;
    const uint8_t* entries = heads + 4 * uint64_t{contexts};
    uint64_t symbol = 0;
    int previous_id = -1;
    for (uint32_t c = 0; c < contexts; ++c) {
      uint16_t id, count;
      std::memcpy(&id, heads + 4 * c, 2);
      std::memcpy(&count, heads + 4 * c + 2, 2);
      if (id >= kPrefixContexts || static_cast<int>(id) <= previous_id || count == 0) {
        return fail("has context ", id, " with ", count, " symbols after context ", previous_id,
                    "; ids must increase below ", kPrefixContexts,
                    " and each context have a symbol");
      }
      if (symbol + count > symbols) return fail("lists more symbols than it counts");
      previous_id = id;
      Context context;
      context.first_symbol = static_cast<uint32_t>(decoder->symbols_.size());
      uint64_t kraft = 0;  // in units of 2^-kMaxPrefixCodeLength
      int previous_length = 1;
      for (uint32_t i = 0; i < count; ++i, ++symbol) {
        const uint8_t* e = entries + 4 * symbol;
        Symbol s;
        std::memcpy(&s.layer_step, e, 2);
        s.value = static_cast<int8_t>(e[2]);
        s.length = e[3] & 0x7F;
        s.last = (e[3] >> 7) != 0;
        if ((s.layer_step == kPrefixEmptyStep && (s.value != 0 || !s.last)) ||
            (s.layer_step == kPrefixEscapeStep && (s.value != 0 || s.last))) {
          return fail("gives context ", id, " a malformed ",
                      s.layer_step == kPrefixEmptyStep ? "empty" : "escape", " symbol");
        }
        if (s.length < previous_length || s.length > kMaxPrefixCodeLength) {
          return fail("gives context ", id, " a code of length ", s.length, " after one of ",
                      previous_length, "; lengths must not decrease and lie in 1..",
                      kMaxPrefixCodeLength);
        }
        previous_length = s.length;
        ++context.count[s.length];
        kraft += uint64_t{1} << (kMaxPrefixCodeLength - s.length);
        decoder->symbols_.push_back(s);
      }
      if (kraft > (uint64_t{1} << kMaxPrefixCodeLength)) {
        return fail("gives context ", id, " more codes than its lengths allow (Kraft sum over 1)");
      }
      decoder->slot_of_[id] = static_cast<uint32_t>(decoder->contexts_.size());
      decoder->contexts_.push_back(context);
    }
    if (symbol != symbols) return fail("counts more symbols than its contexts list");
    for (uint64_t i = 8 + 4 * uint64_t{contexts} + 4 * uint64_t{symbols}; i < model.size(); ++i) {
      if (model[i] != 0) return fail("has padding that is not zero");
    }
    decoder->BuildTables();
    return std::shared_ptr<const PrefixCodeDecoder>(std::move(decoder));
  }

  // Bytes of a model with `contexts` contexts and `symbols` symbols.
  //   Returns: the size, padded to a multiple of 8; no errors.
  //   Thread safety: any thread. Cost: fit for every node (arithmetic).
  static uint64_t ModelBytes(uint64_t contexts, uint64_t symbols) {
    return (8 + 4 * contexts + 4 * symbols + 7) / 8 * 8;
  }

  // Decodes the symbol at the cursor in context `context` and moves the
  // cursor past it (and past an escape's fields).
  //   Parameters: in, a cursor in a padded stream; context, below
  //     kPrefixContexts (unchecked).
  //   Returns: the symbol; kInvalid (the cursor then unmoved) for a context
  //     without a code or bits that are no code of it. Errors: none else.
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (a table read; a bit-by-bit search for codes
  //     longer than the tables hold).
  template <bool kBackward>
  PrefixSymbolRead Decode(BitCursor<kBackward>& in, int context) const {
    in.Refill();
    const uint32_t e = Lookup(in, slot_of_[context]);
    Symbol s;
    if (e & kHit) [[likely]] {
      s = FromEntry(e);
    } else {
      const Symbol* slow = SlowDecode(in, context);
      if (slow == nullptr) return {PrefixSymbolRead::kInvalid, 0, 0, true};
      s = *slow;
    }
    in.Consume(s.length);
    if (s.layer_step == kPrefixEmptyStep) return {PrefixSymbolRead::kEmpty, 0, 0, true};
    if (s.layer_step != kPrefixEscapeStep) {
      return {PrefixSymbolRead::kChange, s.layer_step, s.value, s.last};
    }
    // An escape's fields, in order (a braced list evaluates left to right).
    const int n = static_cast<int>(in.Field(kPrefixEscapeLengthBits));
    return {PrefixSymbolRead::kChange, in.Field(n), static_cast<int8_t>(in.Field(8)),
            in.Field(1) != 0};
  }
  // Decode() for a reader going through many symbols: reads from the
  // cursor's window while it holds a code, and takes codes found in the
  // tables without the general path.
  //   Parameters, returns, errors, thread safety: as Decode.
  //   Cost: fit for every node (one table read, most often no refill).
  template <bool kBackward>
  [[gnu::always_inline]] PrefixSymbolRead DecodeNext(BitCursor<kBackward>& in, int context) const {
    if (in.available < kMaxPrefixCodeLength) in.Refill();
    const uint32_t e = Lookup(in, slot_of_[context]);
    if (!(e & kHit)) [[unlikely]]
      return Decode(in, context);
    in.Consume((e >> kLengthShift) & 15);
    const uint32_t step = (e >> kStepShift) & kStepMask;
    if (step == kEmptyEntryStep) return {PrefixSymbolRead::kEmpty, 0, 0, true};
    return {PrefixSymbolRead::kChange, step, static_cast<int8_t>(e >> kValueShift),
            (e & kLast) != 0};
  }

  // Copies a reader's local cursor back to the caller's when it returns
  // (readers work on a local copy, which the compiler keeps in registers,
  // rather than through the caller's reference). The readers' helper,
  // not an entry point: no errors, no cost beyond a copy.
  template <bool kBackward>
  struct WriteBack {
    BitCursor<kBackward>& to;
    const BitCursor<kBackward>& from;
    ~WriteBack() { to = from; }
  };

  // Moves the cursor past `lists` whole lists of a checked stream.
  //   Parameters: cursor, at the start of a list (forward) or its end
  //     (backward) of a validated stream; lists, how many to skip.
  //   Returns: nothing (stops early at bits that are no code, which a
  //     validated stream does not hold). Errors: none.
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (a table read a symbol skipped).
  template <bool kBackward>
  void SkipLists(BitCursor<kBackward>& cursor, uint64_t lists) const {
    BitCursor<kBackward> in = cursor;  // a local: kept in registers
    const WriteBack<kBackward> write_back{cursor, in};
    const uint32_t start_slot = slot_of_[PrefixContext(0, true)];
    uint32_t slot = start_slot;
    int value = 0;
    bool first = true;
    in.Refill();
    while (lists > 0) {
      if (in.available < kMaxPrefixCodeLength) in.Refill();
      const uint32_t e = Lookup(in, slot);
      if (!(e & kHit)) [[unlikely]] {
        // Escapes and codes beyond the tables: decode the symbol fully.
        const PrefixSymbolRead r = Decode(in, PrefixContext(value, first));
        if (r.kind == PrefixSymbolRead::kInvalid) return;  // not in a checked stream
        lists -= r.last;
        value = r.last ? 0 : r.value;
        first = r.last;
        slot = slot_of_[PrefixContext(value, first)];
        in.available = 0;
        continue;
      }
      const bool last = (e & kLast) != 0;
      lists -= last;
      value = last ? 0 : static_cast<int8_t>(e >> kValueShift);
      first = last;
      slot = last ? start_slot : e >> kSlotShift;
      in.Consume((e >> kLengthShift) & 15);
    }
  }

  // V_t of one list of a checked stream, for a probe: the list starts at
  // bit `pos` read forward (or ends there, read backward) after `skip`
  // whole lists. Both directions go through the forward tables (a window
  // read backward is bit-reversed, so that its next bit is lowest), in one
  // loop that skips and reads. True with the value in `out`; false when
  // a symbol on the way is off the tables (an escape, a code beyond them):
  // the caller then reads the list the general way.
  //   Parameters: stream, validated and padded; pos, backward, skip as
  //     above; t, the layer.
  //   Returns: true with V_t in `out`, or false as above. Errors: none.
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (one loop of table reads).
  bool ProbeList(const uint8_t* stream, uint64_t pos, bool backward, uint64_t skip, uint32_t t,
                 int& out) const {
    const uint32_t start_slot = slot_of_[PrefixContext(0, true)];
    uint32_t slot = start_slot;
    uint64_t window = ProbeWindow(stream, pos, backward);
    uint32_t used = 0;  // bits of the window consumed
    uint32_t layer = 0;
    int value = 0;
    for (;;) {
      if (used > 56 - kMaxPrefixCodeLength) [[unlikely]] {
        pos = backward ? pos - used : pos + used;
        window = ProbeWindow(stream, pos, backward);
        used = 0;
      }
      // The window reads as a forward cursor's.
      const uint32_t e = Lookup(BitCursor<false>{stream, pos, window}, slot);
      if (!(e & kHit)) [[unlikely]]
        return false;
      const uint32_t length = (e >> kLengthShift) & 15;
      window >>= length;
      used += length;
      const bool last = (e & kLast) != 0;
      const uint32_t step = (e >> kStepShift) & kStepMask;
      const uint32_t next_layer = layer + step;
      // The empty list (only ever a first symbol, value 0) or a change
      // after t: the value stands; the last change: its value.
      const bool after = step == kEmptyEntryStep || next_layer > t;
      const int next_value = static_cast<int8_t>(e >> kValueShift);
      if (skip == 0 && (after || last)) {
        out = after ? value : next_value;
        return true;
      }
      // A change within t, or a symbol of a list skipped.
      const bool skipping = skip != 0;
      skip -= last;
      slot = last ? start_slot : e >> kSlotShift;
      layer = skipping ? 0 : next_layer;
      value = skipping ? 0 : next_value;
    }
  }

  // Validation's fast path: reads one list at the cursor, within bits
  // [low, high] of its group, through the tables, checking what the
  // store's validation checks (a code of its context; the empty list only
  // as a first symbol; layers increasing, the first from 0, up to
  // `horizon`; each change to another value within [min_value,
  // max_value]; no read past the group). True with the cursor past the
  // list and `changes` and `largest` (the last layer) updated; false, with
  // nothing updated (the cursor too), when it meets anything else (a symbol off the tables,
  // such as an escape, or a fault): the caller then reads the list the
  // general way, which takes the rest or names the fault.
  //   Thread safety: any number of threads at once (each with its own
  //     cursor and counters). Errors: none (false).
  //   Cost: fit for every node (a table read a symbol); only validation
  //     needs it.
  template <bool kBackward>
  bool CheckListFast(BitCursor<kBackward>& cursor, uint64_t low, uint64_t high, uint32_t horizon,
                     int min_value, int max_value, uint64_t& changes, uint32_t& largest) const {
    BitCursor<kBackward> in = cursor;  // a local: kept in registers
    uint32_t slot = slot_of_[PrefixContext(0, true)];
    uint64_t layer = 0, count = 0;
    int value = 0;
    bool fault = false;
    in.Refill();
    for (;;) {
      if (kBackward ? in.pos <= low : in.pos >= high) return false;
      if (in.available < kMaxPrefixCodeLength) in.Refill();
      const uint32_t e = Lookup(in, slot);
      if (!(e & kHit)) return false;
      in.Consume((e >> kLengthShift) & 15);
      const uint32_t step = (e >> kStepShift) & kStepMask;
      if (step == kEmptyEntryStep) {
        if (count > 0) return false;
        break;
      }
      const int next = static_cast<int8_t>(e >> kValueShift);
      fault |= (count > 0 && step == 0) | (next < min_value) | (next > max_value) | (next == value);
      layer += step;
      value = next;
      ++count;
      if (e & kLast) break;
      slot = e >> kSlotShift;
    }
    if (fault || layer > horizon || (kBackward ? in.pos < low : in.pos > high)) return false;
    cursor = in;
    changes += count;
    largest = std::max(largest, static_cast<uint32_t>(layer));
    return true;
  }

  // Reads the list at the cursor of a checked stream, where the state's
  // value is `value` and `first` says whether no change of it came before:
  // offers each change to keep(layer step, new value) until keep refuses
  // one or the list ends. Returns false when keep refused a change (the
  // cursor then stands before it), true when the list ended (every change
  // kept); `value` is then the value after the last change kept.
  //   Parameters: cursor, at a list of a validated, padded stream; value,
  //     first as above; keep(layer step, new value) -> bool.
  //   Errors: none (bits that are no code end the list: true).
  //   Thread safety: any number of threads at once (each with its own
  //     cursor). Cost: fit for every node (a table read a change).
  template <bool kBackward, typename Keep>
  bool ReadList(BitCursor<kBackward>& cursor, int& value, bool first, Keep&& keep) const {
    BitCursor<kBackward> in = cursor;  // a local: kept in registers
    const WriteBack<kBackward> write_back{cursor, in};
    uint32_t slot = slot_of_[PrefixContext(value, first)];
    in.Refill();
    for (;;) {
      if (in.available < kMaxPrefixCodeLength) in.Refill();
      const uint32_t e = Lookup(in, slot);
      if (!(e & kHit)) [[unlikely]] {
        // Escapes and codes beyond the tables: decode the symbol fully.
        BitCursor<kBackward> next = in;
        const PrefixSymbolRead r = Decode(next, PrefixContext(value, first));
        if (r.kind != PrefixSymbolRead::kChange) return true;
        if (!keep(r.layer_step, r.value)) return false;
        value = r.value;
        first = false;
        if (r.last) return true;
        slot = slot_of_[PrefixContext(value, false)];
        in = next;
        in.available = 0;
        continue;
      }
      const uint32_t step = (e >> kStepShift) & kStepMask;
      if (step == kEmptyEntryStep) return true;
      const int next_value = static_cast<int8_t>(e >> kValueShift);
      if (!keep(step, next_value)) return false;
      value = next_value;
      first = false;
      if (e & kLast) return true;
      slot = e >> kSlotShift;
      in.Consume((e >> kLengthShift) & 15);
    }
  }

 private:
  using Symbol = PrefixModelSymbol;
  struct Context {
    uint32_t first_symbol = 0;
    // Codes of each length, and (built) the first code of each length.
    uint32_t count[kMaxPrefixCodeLength + 1] = {};
    uint32_t first_code[kMaxPrefixCodeLength + 1] = {};
    uint32_t first_index[kMaxPrefixCodeLength + 1] = {};
  };

  // Each context (slot) has a table of 2^kTableBits 4-byte entries, read
  // with the next kTableBits stream bits, at slot << kTableBits; codes up to
  // kSubTableBits longer go through a second-level table of their prefix;
  // escapes, longer codes and changes into a context of slot 255 or more
  // are read by SlowDecode. Small entries keep the tables of every slice
  // in the first-level cache. A code's entry (kHit set): bits 1-4 its
  // length, bit 5 the last flag, 6-13 the new value, 14-23 the layer step
  // (kEmptyEntryStep: the empty list), 24-31 the slot of the context after
  // the change. A second-level pointer (kHit clear, kSub set): bits 2-5 the
  // bits it reads, 6-31 its first entry.
  static constexpr int kTableBits = 8;
  static constexpr int kSubTableBits = 8;
  static constexpr uint32_t kHit = 1u << 0;
  static constexpr uint32_t kSub = 1u << 1;
  static constexpr int kLengthShift = 1;
  static constexpr uint32_t kLast = 1u << 5;
  static constexpr int kValueShift = 6;
  static constexpr int kStepShift = 14;
  static constexpr uint32_t kStepMask = 1023;
  static constexpr uint32_t kEmptyEntryStep = 1023;
  static constexpr int kSlotShift = 24;

  static Symbol FromEntry(uint32_t e) {
    const uint32_t step = (e >> kStepShift) & kStepMask;
    return {static_cast<uint16_t>(step == kEmptyEntryStep ? kPrefixEmptyStep : step),
            static_cast<int8_t>(e >> kValueShift), static_cast<uint8_t>((e >> kLengthShift) & 15),
            (e & kLast) != 0};
  }

  // The entry of the code at the cursor in the context of `slot`: forward
  // tables are indexed by the next bits first bit lowest, backward ones
  // first bit highest.
  template <bool kBackward>
  uint32_t Lookup(const BitCursor<kBackward>& in, uint32_t slot) const {
    const std::vector<uint32_t>& table = kBackward ? back_table_ : table_;
    uint32_t e = table[(slot << kTableBits) | in.Next(kTableBits)];
    if ((e & (kHit | kSub)) == kSub) [[unlikely]] {
      e = table[(e >> 6) + in.NextAfter(kTableBits, (e >> 2) & 15)];
    }
    return e;
  }

  // At least 57 bits from bit `pos` on, the next bit lowest: read forward,
  // or backward (from bit pos - 1 down) and reversed.
  static uint64_t ProbeWindow(const uint8_t* stream, uint64_t pos, bool backward) {
    if (!backward) return PeekBits(stream, pos);
    uint64_t x = __builtin_bswap64(PeekBitsBack(stream, pos));
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
    x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
    return ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  }

  PrefixCodeDecoder() = default;

  // Canonical codes and the tables. Contexts without codes (and the slot
  // past the last) share an all-zero table: every read goes to SlowDecode,
  // which finds no context.
  void BuildTables() {
    const uint32_t slots = static_cast<uint32_t>(contexts_.size());
    table_.assign(uint64_t{slots + 1} << kTableBits, 0);
    back_table_.assign(uint64_t{slots + 1} << kTableBits, 0);
    for (uint32_t slot = 0; slot < slots; ++slot) {
      Context& c = contexts_[slot];
      int longest = 1;
      for (int length = 1; length <= kMaxPrefixCodeLength; ++length) {
        if (c.count[length] > 0) longest = length;
      }
      const uint64_t base = uint64_t{slot} << kTableBits;
      const int sub_bits = std::clamp(longest - kTableBits, 0, kSubTableBits);
      uint32_t code = 0, index = c.first_symbol;
      for (int length = 1; length <= kMaxPrefixCodeLength; ++length) {
        c.first_code[length] = code;
        c.first_index[length] = index;
        for (uint32_t i = 0; i < c.count[length]; ++i, ++index, ++code) {
          const Symbol& s = symbols_[index];
          if (length > kTableBits + sub_bits) continue;  // read bit by bit
          // The stream holds the code's first bit first: reverse it.
          uint32_t reversed = 0;
          for (int b = 0; b < length; ++b) reversed |= ((code >> (length - 1 - b)) & 1u) << b;
          const bool empty = s.layer_step == kPrefixEmptyStep;
          const uint32_t next_slot = empty ? 0 : slot_of_[PrefixContext(s.value, false)];
          const bool fast = s.layer_step != kPrefixEscapeStep &&
                            (empty || s.layer_step < kEmptyEntryStep) && next_slot < 255;
          const uint32_t entry =
              fast ? kHit | (static_cast<uint32_t>(length) << kLengthShift) | (s.last ? kLast : 0) |
                         (uint32_t{static_cast<uint8_t>(s.value)} << kValueShift) |
                         ((empty ? kEmptyEntryStep : uint32_t{s.layer_step}) << kStepShift) |
                         (next_slot << kSlotShift)
                   : 0;
          if (length <= kTableBits) {
            for (uint32_t fill = 0; fill < (1u << (kTableBits - length)); ++fill) {
              table_[base + (reversed | (fill << length))] = entry;
              back_table_[base + ((code << (kTableBits - length)) | fill)] = entry;
            }
            continue;
          }
          // Second-level tables for the code's first kTableBits bits.
          const int rest_length = length - kTableBits;
          const uint64_t sub =
              SubTable(table_, base + (reversed & ((1u << kTableBits) - 1)), sub_bits);
          const uint32_t rest = reversed >> kTableBits;
          const uint64_t back_sub = SubTable(back_table_, base + (code >> rest_length), sub_bits);
          const uint32_t back_rest = code & ((1u << rest_length) - 1);
          for (uint32_t fill = 0; fill < (1u << (sub_bits - rest_length)); ++fill) {
            table_[sub + (rest | (fill << rest_length))] = entry;
            back_table_[back_sub + ((back_rest << (sub_bits - rest_length)) | fill)] = entry;
          }
        }
        code <<= 1;
      }
    }
  }

  // The second-level table that entry `at` of `table` names, made (with
  // 2^bits entries) if it names none yet.
  static uint64_t SubTable(std::vector<uint32_t>& table, uint64_t at, int bits) {
    if ((table[at] & (kHit | kSub)) != kSub) {
      const uint64_t sub = table.size();
      table.resize(sub + (uint64_t{1} << bits), 0);
      table[at] = kSub | (static_cast<uint32_t>(bits) << 2) | static_cast<uint32_t>(sub << 6);
    }
    return table[at] >> 6;
  }

  // The symbol of the code at the start of `bits`, bit by bit; null when
  // the context has no code or the bits are none of its codes.
  template <bool kBackward>
  const Symbol* SlowDecode(const BitCursor<kBackward>& in, int context) const {
    const uint32_t slot = slot_of_[context];
    if (slot >= contexts_.size()) return nullptr;
    const Context& c = contexts_[slot];
    uint32_t code = 0;
    for (int length = 1; length <= kMaxPrefixCodeLength; ++length) {
      code = (code << 1) | in.Bit(length - 1);
      const uint32_t offset = code - c.first_code[length];
      if (code >= c.first_code[length] && offset < c.count[length]) {
        return &symbols_[c.first_index[length] + offset];
      }
    }
    return nullptr;
  }

  // Context id -> its slot, or the slot past the last when it has no code.
  std::array<uint32_t, kPrefixContexts> slot_of_;
  std::vector<Context> contexts_;
  std::vector<Symbol> symbols_;
  std::vector<uint32_t> table_;       // read forward
  std::vector<uint32_t> back_table_;  // read backward
};
}  // namespace retro

#endif  // RETRO_FORMAT_FINITE_HORIZON_PREFIX_CODE_H_
