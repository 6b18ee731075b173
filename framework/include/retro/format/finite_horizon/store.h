// Compact storage of a finite-horizon value table V_t(s), t = 0..T, that
// follows the changes instead of the layers: per state, the list of layers at
// which its value changes, with the new value (V_t = the value of the last
// change at or before t, 0 before the first). Most states change value only a
// few times across hundreds of layers, so this is far smaller than a dense
// states x layers array, and a lookup is a rank plus a short scan.
//
// One store describes one slice. Byte layout (little-endian, 64-byte aligned
// sections; see docs/file-format.md for how slices sit in a database):
//   header      FiniteHorizonStoreHeader (64 bytes)
//   blocks      uint64 x (blocks + 1): the first unit (below) of each block of
//               2^block_shift states, then the total unit count
//   starts      uint16 x states: first unit of each state, relative to its
//               block's first unit
//   [codes]     byte-coded stores only: uint32 x 256, the code table
//   units       each state's changes in state order, layers increasing
//               within a state, encoded as entry_bytes says (0, 1, 2 or 4):
//     2, 4      fixed-width entries, one unit each: (layer << 8 |
//               uint8(value)) in 2 bytes (layers <= 255) or 4 bytes
//     1         byte-coded (what the solver builds and reads while it
//               solves): a unit is a byte. A state's changes are steps
//               from (layer 0, value 0): a code byte c < 255 stands for
//               codes[c] = (layer step << 8 | uint8(value step)); the
//               escape byte 255 is followed by the layer step as a LEB128
//               varint (at most 4 bytes) and the new value as one byte. The
//               solver gives the 255 most frequent steps of the slice a
//               code each, so most changes take one byte instead of two
//               (oware: 1.02 bytes a change).
//   A bit-coded store (entry_bytes 0, what a finished solve writes) keeps
//   the header and block table (in bits), has a uint16 start per group of
//   2^group_shift states instead of per state, a code model instead of the
//   code table, and a bit stream of prefix codes instead of units; its
//   groups are read from both ends (retro/format/finite_horizon/prefix_code.h,
//   retro/format/finite_horizon/write/bit_coder.h, docs/file-format.md).
//
// This file holds the read-only view (its validation is in
// framework/src/format/finite_horizon/store.cc; the header and its constants
// are store_header.h); the writers that lay stores out are in write/:
// store_writer.h, byte_coder.h and bit_coder.h.
#ifndef RETRO_FORMAT_FINITE_HORIZON_STORE_H_
#define RETRO_FORMAT_FINITE_HORIZON_STORE_H_

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/format/finite_horizon/bit_stream.h"
#include "retro/format/finite_horizon/prefix_code.h"
#include "retro/format/finite_horizon/store_header.h"
#include "retro/status_macros.h"

namespace retro {

// A read-only view of a store held in memory (e.g. a database slice). It
// owns no store bytes (they must outlive it and its copies) and, besides a
// bit-coded store's decoder tables and IndexFinalValues' index (both
// shared by copies), holds no mutable state: its const methods may run on
// any number of threads at once, once IndexFinalValues (if called) returned.
class FiniteHorizonStoreView {
 public:
  // An empty view (no store): assign one from Open or OpenHeader.
  FiniteHorizonStoreView() = default;

  // Checks a store's header and size and returns a view, leaving the
  // tables and entries unchecked (Open() checks both).
  //   Parameters: bytes, the store (e.g. a slice), outliving the view.
  //   Returns: a view; before Validate() lookups are safe only on trusted
  //     bytes (a store this process wrote).
  //   Errors: DataLoss naming the problem: bad magic or entry width, a
  //     malformed header (counts, shifts, at most states x (horizon + 1)
  //     changes, last_change <= horizon), a size other than the header
  //     implies, or a bit-coded store's bad code model.
  //   Thread safety: any thread. Cost: root only (O(1); a bit-coded store
  //     parses its model and builds the decoder's tables).
  static absl::StatusOr<FiniteHorizonStoreView> OpenHeader(std::span<const uint8_t> bytes);

  // Checks everything a lookup relies on, so that no lookup of a state <
  // states() reads outside the store: the block table (starts at 0,
  // non-decreasing, ends at the entry count), the starts of each block (0 for
  // its first state, non-decreasing, within the block's entries); and the
  // entries: each state's layers strictly increasing and <= horizon, each
  // value in [min_value, max_value] and different from the one before it
  // (the first different from 0), and the header's last_change equal to the
  // largest stored layer (0 if none); for a bit-coded store also every
  // code and each group's forward and backward lists meeting exactly.
  //   Parameters: min_value, max_value, the values the game can hold.
  //   Returns: OK. Errors: DataLoss naming the first problem found.
  //   Thread safety: any number of threads at once.
  //   Cost: root only (one pass over the store; a bit-coded one decodes
  //     its groups on all hardware threads).
  absl::Status Validate(int min_value = -128, int max_value = 127) const;

  // OpenHeader() and Validate(min -128, max 127): a fully checked view.
  //   Parameters: bytes, the store, outliving the view.
  //   Returns: a view on which every lookup of a state < states() stays
  //     within the store.
  //   Errors: DataLoss, as OpenHeader and Validate.
  //   Thread safety: any thread. Cost: root only (one pass over the store).
  static absl::StatusOr<FiniteHorizonStoreView> Open(std::span<const uint8_t> bytes) {
    RETRO_ASSIGN_OR_RETURN(FiniteHorizonStoreView view, OpenHeader(bytes));
    RETRO_RETURN_IF_ERROR(view.Validate());
    return view;
  }

  // The largest state count a store may have (OpenHeader refuses more).
  static constexpr uint64_t kMaxStates = uint64_t{1} << 40;

  // The header's fields and what they imply (the accessors below): states,
  // changes, encoding, units, code table, entry section, horizon T, last
  // change, evaluations, the whole header.
  //   Returns: values of the header or pointers into the store, valid while
  //     its bytes live; no errors.
  //   Thread safety: any number of threads at once. Cost: fit for every node.
  uint64_t states() const { return header_.states; }
  // The changes stored (entries of fixed-width stores).
  uint64_t entries() const { return header_.entries; }
  // Byte-coded (what the solver's slices hold while solving) rather than
  // fixed-width entries.
  bool coded() const { return header_.entry_bytes == kFiniteHorizonCodedEntries; }
  // Bit-coded (what a finished solve writes).
  bool bit_coded() const { return header_.entry_bytes == kFiniteHorizonBitCodedEntries; }
  // The units of the entry section: coded bytes, or entries.
  uint64_t units() const { return coded() ? header_.coded_bytes : header_.entries; }
  // The code table of a coded store (256 codes), else null.
  const uint32_t* codes() const { return codes_; }
  // The entry section: units() units of header().entry_bytes bytes.
  const uint8_t* unit_bytes() const { return entries_; }
  uint32_t horizon() const { return header_.horizon; }
  uint32_t last_change() const { return header_.last_change; }
  uint64_t evaluations() const { return header_.evaluations; }
  const FiniteHorizonStoreHeader& header() const { return header_; }

  // Offers a change to a Walk callback that takes (layer, value) or
  // (layer, value, code byte or -1): Walk's helper, public for the coders.
  //   Returns: what keep returned. Errors: none.
  //   Thread safety: as keep. Cost: fit for every node (one call).
  template <typename Keep>
  static bool Offer(Keep& keep, uint32_t layer, int value, int code) {
    if constexpr (std::is_invocable_v<Keep&, uint32_t, int, int>) {
      return keep(layer, value, code);
    } else {
      return keep(layer, value);
    }
  }

  // The units [begin, end) of `state` (entries, or coded bytes).
  //   Parameters: state < states() (unchecked); not for bit-coded stores,
  //     whose states have no unit range.
  //   Returns: begin and end through the references; no errors.
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (two table reads).
  void EntryRange(uint64_t state, uint64_t& begin, uint64_t& end) const {
    const uint64_t block = state >> header_.block_shift;
    const uint64_t base = blocks_[block];
    begin = base + starts_[state];
    const uint64_t next = state + 1;
    end = (next >> header_.block_shift) == block && next < header_.states ? base + starts_[next]
                                                                          : blocks_[block + 1];
  }

  // Prefetch hints for a reader of many states' lists at random (the
  // solver's outer terms): PrefetchOffsets(state) asks for the two table
  // entries EntryRange reads; once they are in the cache,
  // PrefetchChanges(state) asks for the first bytes of the state's list.
  // Byte-coded stores only (no-ops for the other encodings).
  //   Parameters: state < states() (unchecked). Errors: none.
  //   Thread safety: any number of threads at once. Cost: a table read.
  void PrefetchOffsets(uint64_t state) const {
    if (!coded()) return;
    __builtin_prefetch(blocks_ + (state >> header_.block_shift));
    __builtin_prefetch(starts_ + state);
  }
  void PrefetchChanges(uint64_t state) const {
    if (!coded()) return;
    __builtin_prefetch(entries_ + blocks_[state >> header_.block_shift] + starts_[state]);
  }

  // Where a reader of one state's changes stands: the units consumed and
  // the layer of the last change consumed (0 before the first).
  struct ChangeCursor {
    uint32_t units = 0;
    uint32_t layer = 0;
  };

  // The one reader of a state's changes, in every encoding: from `cursor`,
  // where the state's value is `value`, offers each next change to
  // keep(layer, value); a change kept is consumed (cursor and value move
  // past it), the first one refused is left unconsumed. A keep that takes
  // a third int is also given the change's code byte: the byte c < 255
  // that stands for it in a byte-coded store, -1 for an escaped change and
  // in the other encodings (a coder keys its tables by it).
  //   Parameters: state < states() (unchecked; Validate() untrusted bytes
  //     first); cursor and value, {} and 0 for the state's first change.
  //   Returns: the refused change's layer, UINT32_MAX when all were kept.
  //   Errors: none. Thread safety: any number of threads at once (each
  //     with its own cursor).
  //   Cost: fit for every node (the changes read; a bit-coded store first
  //     skips at most a quarter of the state's group's lists).
  template <typename Keep>
  uint32_t Walk(uint64_t state, ChangeCursor& cursor, int& value, Keep&& keep) const {
    if (bit_coded()) return WalkBits(state, cursor, value, keep);
    uint64_t begin, end;
    EntryRange(state, begin, end);
    if (coded()) {
      const uint8_t* const first = entries_ + begin;
      const uint8_t* const stop = entries_ + end;
      const uint8_t* p = first + cursor.units;
      while (p < stop) {
        const uint8_t* const at = p;
        const CodedChange change = DecodeCoded(p, stop, value);
        const uint32_t layer = cursor.layer + change.step;
        if (!Offer(keep, layer, change.value, change.code)) {
          cursor.units = static_cast<uint32_t>(at - first);
          return layer;
        }
        value = change.value;
        cursor.layer = layer;
      }
      cursor.units = static_cast<uint32_t>(end - begin);
      return std::numeric_limits<uint32_t>::max();
    }
    for (uint64_t i = begin + cursor.units; i < end; ++i) {
      uint32_t e;
      if (header_.entry_bytes == 2) {
        uint16_t narrow;
        std::memcpy(&narrow, entries_ + 2 * i, 2);
        e = narrow;
      } else {
        std::memcpy(&e, entries_ + 4 * i, 4);
      }
      const int next_value = static_cast<int8_t>(e & 0xFF);
      if (!Offer(keep, e >> 8, next_value, -1)) {
        cursor.units = static_cast<uint32_t>(i - begin);
        return e >> 8;
      }
      value = next_value;
      cursor.layer = e >> 8;
    }
    cursor.units = static_cast<uint32_t>(end - begin);
    return std::numeric_limits<uint32_t>::max();
  }

  // Calls f(layer, value) (or f(layer, value, code byte), as Walk) for
  // each change of `state`, layers increasing, until f returns false.
  //   Parameters: state < states() (unchecked; Validate() untrusted bytes
  //     first); f.
  //   Returns: nothing. Errors: none.
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (one pass over the state's changes).
  template <typename F>
  void ForEachChange(uint64_t state, F&& f) const {
    if (coded()) {
      // Walk's loop without a cursor (the lists the solver and the coders
      // read whole).
      uint64_t begin, end;
      EntryRange(state, begin, end);
      const uint8_t* p = entries_ + begin;
      const uint8_t* const stop = entries_ + end;
      uint32_t layer = 0;
      int value = 0;
      while (p < stop) {
        const CodedChange change = DecodeCoded(p, stop, value);
        layer += change.step;
        value = change.value;
        if (!Offer(f, layer, value, change.code)) return;
      }
      return;
    }
    ChangeCursor cursor;
    int value = 0;
    Walk(state, cursor, value, f);
  }

  // One change of a byte-coded store's list: its layer step, its value,
  // and its code byte (-1 for an escaped change).
  struct CodedChange {
    uint32_t step;
    int value;
    int code;
  };
  // Decodes the change at p (< stop) of a byte-coded list whose value
  // before it is `value`, and moves p past it: a code byte c < 255 of the
  // code table, or the escape byte, the layer step (LEB128) and the value.
  //   Errors: none (a list cut short reads as step and value so far, 0).
  //   Thread safety: any number of threads at once. Cost: fit for every
  //   node.
  [[gnu::always_inline]] CodedChange DecodeCoded(const uint8_t*& p, const uint8_t* stop,
                                                 int value) const {
    const uint8_t c = *p++;
    if (c != kFiniteHorizonEscape) [[likely]] {
      const uint32_t code = codes_[c];
      return {code >> 8, value + static_cast<int8_t>(code & 0xFF), c};
    }
    uint32_t step = 0;
    for (int shift = 0; p < stop && shift < 32; shift += 7) {
      const uint8_t byte = *p++;
      step |= uint32_t{byte & 0x7Fu} << shift;
      if ((byte & 0x80) == 0) break;
    }
    const int next = p < stop ? static_cast<int8_t>(*p++) : 0;
    return {step, next, -1};
  }

  // V_t(state): the value of the last change at or before layer t.
  //   Parameters: state < states() (unchecked; Validate() untrusted bytes
  //     first); t, any layer (beyond the last change: the final value).
  //   Returns: the value, 0 before the state's first change; no errors.
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (a short scan of the state's changes; one
  //     read at or past its last change after IndexFinalValues).
  int ValueAt(uint64_t state, uint32_t t) const {
    if (finals_ != nullptr) {
      // At or past the state's last change: its final value, no list read.
      const uint32_t final = finals_[state];
      const uint32_t from = final >> 8;
      if (t >= from && from != kFinalNotIndexed) return static_cast<int8_t>(final & 0xFF);
    }
    if (bit_coded()) {
      int value;
      if (ProbeBits(state, t, value)) return value;
    }
    ChangeCursor cursor;
    int value = 0;
    Walk(state, cursor, value, [t](uint32_t layer, int) { return layer <= t; });
    return value;
  }

  // Keeps each state's final value and the layer of its last change in
  // memory, 2 bytes a state (FinalValueIndexBytes), so that ValueAt at or
  // past a state's last change (most lookups of a deep search: the lists
  // of an oware book end long before its turn limit) reads them instead
  // of decoding the state's list. The file is unchanged; copies of the
  // view made afterwards share the index.
  //   Requires: a valid store (Validate()). Returns: nothing; no errors.
  //   Thread safety: not with any other call on this view; call it once,
  //     before lookups from several threads.
  //   Cost: root only (decodes every list once, on all hardware threads).
  void IndexFinalValues() {
    auto finals = std::make_shared<std::vector<uint16_t>>(header_.states);
    const uint64_t n = header_.states;
    RunInParts(n, PartsFor(n), [this, &finals](uint64_t, uint64_t begin, uint64_t end) {
      for (uint64_t s = begin; s < end; ++s) {
        uint32_t last = 0;
        int value = 0;
        ForEachChange(s, [&](uint32_t layer, int next) {
          last = layer;
          value = next;
          return true;
        });
        const uint32_t from = std::min<uint32_t>(last, kFinalNotIndexed);
        (*finals)[s] = static_cast<uint16_t>((from << 8) | static_cast<uint8_t>(value));
      }
    });
    final_index_ = std::move(finals);
    finals_ = final_index_->data();
  }
  // Bytes the index of IndexFinalValues holds a state, and in all.
  //   Returns: the bytes (0 before IndexFinalValues); no errors.
  //   Thread safety: any number of threads at once. Cost: fit for every node.
  static constexpr uint64_t kFinalValueIndexBytesPerState = sizeof(uint16_t);
  uint64_t FinalValueIndexBytes() const {
    return final_index_ == nullptr ? 0 : kFinalValueIndexBytesPerState * final_index_->size();
  }

  // Resumes reading `state`'s changes at `cursor`, where its value is
  // `value`, consuming the changes before layer t. Over layers t
  // increasing, every change is decoded about once (the solver keeps one
  // cursor per move into a solved slice).
  //   Parameters: state < states() (unchecked); t, above the layer of the
  //     last change the cursor consumed; cursor and value, as Walk.
  //   Returns: V_{t-1}, and in `next` the first layer >= t at which the
  //     state changes, or UINT32_MAX; no errors.
  //   Thread safety: any number of threads at once (each with its own
  //     cursor). Cost: fit for every node (the changes up to t).
  int Advance(uint64_t state, uint32_t t, ChangeCursor& cursor, int value, uint32_t& next) const {
    next = Walk(state, cursor, value, [t](uint32_t layer, int) { return layer < t; });
    return value;
  }

  // Byte offsets of the sections of a store, from its first byte.
  struct Sections {
    uint64_t blocks, starts, codes, entries, total;  // codes == entries: none
  };
  // The layout arithmetic that OpenHeader checks sizes with and the
  // writers lay stores out by: BlockCount, the blocks (or groups) of
  // 2^shift states; Layout and BitLayout, the sections of a store.
  //   Returns: the counts or offsets; no errors (no overflow checks:
  //     OpenHeader bounds a header's fields before it calls them).
  //   Thread safety: any thread. Cost: fit for every node (O(1)).
  static uint64_t BlockCount(uint64_t states, uint32_t block_shift) {
    return (states + (uint64_t{1} << block_shift) - 1) >> block_shift;
  }
  // `units`: entries, or coded bytes when entry_bytes is 1.
  static Sections Layout(uint64_t states, uint32_t block_shift, uint64_t units,
                         uint32_t entry_bytes) {
    auto align = [](uint64_t x) { return (x + 63) / 64 * 64; };
    Sections s;
    s.blocks = sizeof(FiniteHorizonStoreHeader);
    s.starts = align(s.blocks + 8 * (BlockCount(states, block_shift) + 1));
    s.codes = align(s.starts + 2 * states);
    s.entries = entry_bytes == kFiniteHorizonCodedEntries ? s.codes + 4 * 256 : s.codes;
    s.total = s.entries + entry_bytes * units;
    return s;
  }
  // The sections of a bit-coded store: `starts` holds the groups' starts,
  // `codes` the model, `entries` the bit stream of `stream_bytes` bytes.
  static Sections BitLayout(uint64_t states, uint32_t block_shift, uint32_t group_shift,
                            uint64_t model_bytes, uint64_t stream_bytes) {
    auto align = [](uint64_t x) { return (x + 63) / 64 * 64; };
    Sections s = Layout(states, block_shift, 0, 0);  // the header and block table
    s.codes = align(s.starts + 2 * BlockCount(states, group_shift));
    s.entries = align(s.codes + model_bytes);
    s.total = s.entries + stream_bytes;
    return s;
  }
  // Zero bytes that end a bit stream (a reader loads 8 bytes at a time and
  // an escape reads past its code before it is checked).
  static constexpr uint64_t kStreamPadding = 16;

 private:
  // OpenHeader's checks of a bit-coded store, and its model parsed.
  static absl::StatusOr<FiniteHorizonStoreView> OpenBitCoded(std::span<const uint8_t> bytes,
                                                             FiniteHorizonStoreView& view);

  // Parts to split `items` into for RunInParts: one a hardware thread,
  // each of at least 65,536 items.
  static uint64_t PartsFor(uint64_t items) {
    return std::clamp<uint64_t>(std::thread::hardware_concurrency(), 1, items / 65536 + 1);
  }
  // Calls f(part, begin, end) for `parts` consecutive ranges of [0,
  // items), part 0 on this thread and each other on a thread of its own,
  // and returns when all have.
  template <typename F>
  static void RunInParts(uint64_t items, uint64_t parts, const F& f) {
    std::vector<std::thread> threads;
    for (uint64_t p = 1; p < parts; ++p) {
      threads.emplace_back(
          [&f, items, parts, p] { f(p, items * p / parts, items * (p + 1) / parts); });
    }
    f(0, 0, items / parts);
    for (std::thread& thread : threads) thread.join();
  }

  // A bit-coded store's groups: the first half of a group's states
  // (rounded up) are written forward from the group's first bit, the rest
  // backward from its end (the last state's list first), so a lookup skips
  // at most a quarter of a group's lists. One-state groups are forward.
  uint64_t GroupStart(uint64_t group) const {
    return blocks_[group >> (header_.block_shift - header_.group_shift)] + starts_[group];
  }
  uint64_t GroupEnd(uint64_t group) const {
    const uint64_t next = group + 1;
    const uint32_t per_block = header_.block_shift - header_.group_shift;
    if ((next << header_.group_shift) < header_.states &&
        (next >> per_block) == (group >> per_block)) {
      return GroupStart(next);
    }
    return blocks_[(group >> per_block) + 1];
  }
  // States of `group`, and how many of them are written forward.
  uint64_t GroupStates(uint64_t group) const {
    const uint64_t first = group << header_.group_shift;
    return std::min(header_.states - first, uint64_t{1} << header_.group_shift);
  }
  uint64_t ForwardStates(uint64_t group) const {
    return header_.group_shift == 0
               ? 1
               : std::min(GroupStates(group), uint64_t{1} << (header_.group_shift - 1));
  }

  // Where a bit-coded store's list of `state` is read: forward from its
  // group's first bit or backward from its group's end, after `skip`
  // whole lists.
  struct ListPlace {
    uint64_t pos;
    uint64_t skip;
    bool backward;
  };
  ListPlace PlaceOf(uint64_t state) const {
    const uint64_t group = state >> header_.group_shift;
    const uint64_t i = state - (group << header_.group_shift);
    if (i < ForwardStates(group)) return {GroupStart(group), i, false};
    return {GroupEnd(group), GroupStates(group) - 1 - i, true};
  }

  // ValueAt() of a bit-coded store through the decoder's probe loop;
  // false when the lists on the way hold a symbol off its tables.
  bool ProbeBits(uint64_t state, uint32_t t, int& value) const {
    const ListPlace at = PlaceOf(state);
    return decoder_->ProbeList(entries_, at.pos, at.backward, at.skip, t, value);
  }

  // Walk() of a bit-coded store; the cursor's units are bits read from the
  // state's first (forward or backward), or UINT32_MAX once its list is
  // read to the end.
  template <typename Keep>
  uint32_t WalkBits(uint64_t state, ChangeCursor& cursor, int& value, Keep& keep) const {
    if (cursor.units == kListEnded) return kListEnded;
    const ListPlace at = PlaceOf(state);
    if (!at.backward)
      return WalkFrom(BitCursor<false>{entries_, at.pos}, at.skip, cursor, value, keep);
    return WalkFrom(BitCursor<true>{entries_, at.pos}, at.skip, cursor, value, keep);
  }

  // WalkBits from `in`, the place of the state's group, past `skip` lists.
  template <bool kBackward, typename Keep>
  uint32_t WalkFrom(BitCursor<kBackward> in, uint64_t skip, ChangeCursor& cursor, int& value,
                    Keep& keep) const {
    decoder_->SkipLists(in, skip);
    const uint64_t start = in.pos;
    in.pos = kBackward ? start - cursor.units : start + cursor.units;
    uint32_t layer = cursor.layer;
    uint32_t refused = kListEnded;
    const bool ended =
        decoder_->ReadList(in, value, cursor.units == 0, [&](uint32_t step, int next) {
          if (!Offer(keep, layer + step, next, -1)) {
            refused = layer + step;
            return false;
          }
          layer += step;
          return true;
        });
    cursor.units =
        ended ? kListEnded : static_cast<uint32_t>(kBackward ? start - in.pos : in.pos - start);
    cursor.layer = layer;
    return refused;
  }
  static constexpr uint32_t kListEnded = std::numeric_limits<uint32_t>::max();

  // Validate() of a bit-coded store: one decoding of the whole stream, in
  // the lookups' own directions. Blocks and groups start in order within
  // the stream; in each group the lists read forward from its start and
  // those read backward from its end meet exactly; every symbol is a code
  // of its context; the changes obey what ExplainEntries says; the count
  // and the last change are the header's. No read of a bad stream leaves
  // the store: a symbol is at most 69 bits, the stream is followed by 16
  // bytes of padding, and a group within 128 bits of the stream's start is
  // decoded from a copy with zeros before it.
  absl::Status ValidateBits(int min_value, int max_value) const;

  // ValidateBits' checks of groups [first, last).
  absl::Status ValidateGroups(uint64_t first, uint64_t last, uint64_t limit, int min_value,
                              int max_value, uint64_t& changes_out, uint32_t& largest_out) const;

  // Decodes one list at `in` (within bits [low, high] of a group's copy)
  // for ValidateBits.
  template <bool kBackward>
  absl::Status ValidateList(BitCursor<kBackward>& in, uint64_t low, uint64_t high, uint64_t state,
                            int min_value, int max_value, uint64_t& changes,
                            uint32_t& largest) const;

  // The states of block `b`: [first, last].
  void BlockStates(uint64_t b, uint64_t& first, uint64_t& last) const;

  // Whether block `b`'s part of the tables is sound: its entries do not
  // precede the previous block's, its first state starts at its first entry,
  // the starts do not decrease and the last stays within the block.
  bool BlockTableValid(uint64_t b) const;

  // The first block BlockTableValid refuses, as an error.
  absl::Status ExplainTables() const;

  // Whether entry `e` cannot follow `previous` in one state's list: its
  // layer does not increase or its value does not change.
  template <typename Word>
  static bool Break(Word previous, Word e);

  // Validate's checks of the entries, given sound tables. The entries of
  // the states tile [0, entries), so one scan of the whole array finds the
  // largest layer, the value range and the number of "breaks" (an entry that
  // cannot follow the one before it); a state's list is sound when its first
  // value is not 0 and no break lies inside it, i.e. when every break is at
  // the first entry of a state. Vectorisable, and one light step per state.
  template <typename Word>
  absl::Status ValidateEntries(int min_value, int max_value) const;

  // The first entry ValidateEntries refuses, as an error.
  absl::Status ExplainEntries(int min_value, int max_value) const;

  // Validate's checks of a coded store's changes, given sound tables:
  // every code byte stands for a used code (a value step that is not 0),
  // escapes end within their state, and the changes decoded obey what
  // ExplainEntries says; their count is the header's, their largest layer
  // its last_change.
  absl::Status ValidateCoded(int min_value, int max_value) const;

  FiniteHorizonStoreHeader header_{};
  const uint64_t* blocks_ = nullptr;
  const uint16_t* starts_ = nullptr;
  const uint32_t* codes_ = nullptr;
  const uint8_t* entries_ = nullptr;
  std::shared_ptr<const PrefixCodeDecoder> decoder_;  // bit-coded stores
  // IndexFinalValues: per state, the final value (low byte) and the layer
  // of the last change (high byte; kFinalNotIndexed from 255 on: read the
  // list).
  static constexpr uint32_t kFinalNotIndexed = 255;
  std::shared_ptr<const std::vector<uint16_t>> final_index_;
  const uint16_t* finals_ = nullptr;
};

}  // namespace retro

#endif  // RETRO_FORMAT_FINITE_HORIZON_STORE_H_
