// The finite-horizon store's view (retro/format/finite_horizon/store.h):
// opening a store's header, and Validate, the one pass over a store that
// every lookup's safety rests on (offset tables, groups, entries and
// values), run when a slice is first used or restored.
#include "retro/format/finite_horizon/store.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/status_macros.h"

namespace retro {
namespace {

// DataLoss with the message of `parts` concatenated.
template <typename... Parts>
absl::Status DataLoss(const Parts&... parts) {
  return absl::DataLossError(absl::StrCat(parts...));
}

// OK when the header's last change is `largest`, the last change the
// store's lists hold, and, given `what_holds` ("stream holds"), its change
// count is `changes`, the count they hold; else DataLoss saying which.
absl::Status CheckHeaderCounts(const FiniteHorizonStoreHeader& h, uint32_t largest,
                               const char* what_holds = nullptr, uint64_t changes = 0) {
  if (what_holds != nullptr && changes != h.entries) {
    return DataLoss("value store's header counts ", h.entries, " changes; its ", what_holds, " ",
                    changes);
  }
  if (h.last_change != largest) {
    return DataLoss("value store's header says values last change at t = ", h.last_change,
                    "; its entries last change at t = ", largest);
  }
  return absl::OkStatus();
}

// OK when the change (layer, value) can follow (previous_layer,
// previous_value) in `state`'s list (previous_layer -1: none before it): its
// layer larger, up to `horizon`, its value another within [min_value,
// max_value]; else DataLoss naming it. Inlined: validation checks every
// change with it.
[[gnu::always_inline]] inline absl::Status CheckEntry(uint64_t state, int64_t previous_layer,
                                                      int previous_value, int64_t layer, int value,
                                                      uint32_t horizon, int min_value,
                                                      int max_value) {
  if (layer > previous_layer && layer <= horizon && value >= min_value && value <= max_value &&
      value != previous_value) [[likely]] {
    return absl::OkStatus();
  }
  return DataLoss("value store's state ", state, " has an impossible entry (layer ", layer,
                  ", value ", value, ")",
                  previous_layer < 0 ? std::string()
                                     : absl::StrCat(" after (layer ", previous_layer, ", value ",
                                                    previous_value, ")"),
                  "; layers must increase up to the horizon ", horizon,
                  " and values change, within ", min_value, "..", max_value);
}

}  // namespace

absl::Status FiniteHorizonStoreView::Validate(int min_value, int max_value) const {
  if (bit_coded()) return ValidateBits(min_value, max_value);
  const FiniteHorizonStoreHeader& h = header_;
  const uint64_t blocks = BlockCount(h.states, h.block_shift);
  if (blocks_[0] != 0 || blocks_[blocks] != units()) {
    return DataLoss("value store's block table runs from ", blocks_[0], " to ", blocks_[blocks],
                    "; it must run from 0 to the ", coded() ? "coded byte" : "entry", " count ",
                    units());
  }
  bool ok = true;
  for (uint64_t b = 0; b < blocks; ++b) ok &= BlockTableValid(b);
  if (!ok) return ExplainTables();
  // Now every state's units lie within [0, units()).
  if (coded()) return ValidateCoded(min_value, max_value);
  return h.entry_bytes == 2 ? ValidateEntries<uint16_t>(min_value, max_value)
                            : ValidateEntries<uint32_t>(min_value, max_value);
}

absl::Status FiniteHorizonStoreView::ValidateBits(int min_value, int max_value) const {
  const FiniteHorizonStoreHeader& h = header_;
  const uint64_t blocks = BlockCount(h.states, h.block_shift);
  const uint64_t limit = 8 * (h.coded_bytes - kStreamPadding);
  if (blocks_[0] != 0 || blocks_[blocks] > limit) {
    return DataLoss("value store's block table runs from bit ", blocks_[0], " to bit ",
                    blocks_[blocks], "; it must run from 0 to within the stream's ", limit,
                    " bits");
  }
  for (uint64_t b = 0; b < blocks; ++b) {
    if (blocks_[b + 1] < blocks_[b]) {
      return DataLoss("value store's block table decreases at block ", b);
    }
  }
  // Ranges of groups checked on all hardware threads; the first error in
  // group order is the one reported, as one thread would find it.
  const uint64_t groups = BlockCount(h.states, h.group_shift);
  const uint64_t parts = PartsFor(groups);
  std::vector<absl::Status> status(parts);
  std::vector<uint64_t> part_changes(parts, 0);
  std::vector<uint32_t> part_largest(parts, 0);
  RunInParts(groups, parts, [&](uint64_t p, uint64_t begin, uint64_t end) {
    status[p] =
        ValidateGroups(begin, end, limit, min_value, max_value, part_changes[p], part_largest[p]);
  });
  uint64_t changes = 0;
  uint32_t largest = 0;
  for (uint64_t p = 0; p < parts; ++p) {
    if (!status[p].ok()) return status[p];
    changes += part_changes[p];
    largest = std::max(largest, part_largest[p]);
  }
  return CheckHeaderCounts(h, largest, "stream holds", changes);
}

absl::Status FiniteHorizonStoreView::ValidateGroups(uint64_t first, uint64_t last, uint64_t limit,
                                                    int min_value, int max_value,
                                                    uint64_t& changes_out,
                                                    uint32_t& largest_out) const {
  const FiniteHorizonStoreHeader& h = header_;
  // Counted here, stored once: threads' results share a cache line.
  uint64_t changes = 0;
  uint32_t largest = 0;
  constexpr uint64_t kMargin = 128;  // bits of zeros around a group's copy
  std::vector<uint8_t> copy;
  for (uint64_t g = first; g < last; ++g) {
    const uint64_t start = GroupStart(g), end = GroupEnd(g);
    if (start > end || end > limit) {
      return DataLoss("value store's group of state ", g << h.group_shift, " spans bits ", start,
                      " to ", end, ", not an ordered range of the stream");
    }
    // Decoded in place when a symbol read past the group's start cannot
    // leave the store (forward reads past its end stay in the stream's
    // padding); a group near the stream's start from a copy with zeros
    // before it.
    const uint8_t* base = entries_;
    uint64_t low = start, high = end;
    if (start < kMargin) {
      const uint64_t bits = end - start;
      copy.assign((kMargin * 2 + bits) / 8 + 16, 0);
      BitWriter out(copy.data(), kMargin);
      for (uint64_t done = 0; done < bits;) {
        const int n = static_cast<int>(std::min<uint64_t>(32, bits - done));
        out.Put(PeekBits(entries_, start + done), n);
        done += n;
      }
      out.Flush();
      base = copy.data();
      low = kMargin;
      high = kMargin + bits;
    }
    const uint64_t first_state = g << h.group_shift;
    const uint64_t forward = ForwardStates(g), count = GroupStates(g);
    BitCursor<false> ahead{base, low};
    BitCursor<true> back{base, high};
    for (uint64_t i = 0; i < count; ++i) {
      const bool backward = i >= forward;
      const uint64_t state = backward ? first_state + (count - 1 - (i - forward)) : first_state + i;
      RETRO_RETURN_IF_ERROR(
          backward ? ValidateList(back, low, high, state, min_value, max_value, changes, largest)
                   : ValidateList(ahead, low, high, state, min_value, max_value, changes, largest));
    }
    if (ahead.pos != back.pos) {
      return DataLoss("value store's group of state ", first_state,
                      " has lists read forward ending at bit ", start + ahead.pos - low,
                      " and lists read backward ending at bit ", start + back.pos - low,
                      "; they must meet");
    }
  }
  changes_out = changes;
  largest_out = largest;
  return absl::OkStatus();
}

template <bool kBackward>
absl::Status FiniteHorizonStoreView::ValidateList(BitCursor<kBackward>& in, uint64_t low,
                                                  uint64_t high, uint64_t state, int min_value,
                                                  int max_value, uint64_t& changes,
                                                  uint32_t& largest) const {
  const FiniteHorizonStoreHeader& h = header_;
  if (decoder_->CheckListFast(in, low, high, h.horizon, min_value, max_value, changes, largest)) {
    return absl::OkStatus();
  }
  int64_t layer = -1;  // before the first change
  int value = 0;
  const auto past_end = [state] {
    return DataLoss("value store's state ", state, " runs past the end of its group");
  };
  for (;;) {
    if (kBackward ? in.pos <= low : in.pos >= high) return past_end();
    const PrefixSymbolRead r = decoder_->DecodeNext(in, PrefixContext(value, layer < 0));
    if (r.kind == PrefixSymbolRead::kInvalid ||
        (r.kind == PrefixSymbolRead::kEmpty && layer >= 0)) {
      return DataLoss("value store's state ", state, " has bits that are no code of its context");
    }
    if (kBackward ? in.pos < low : in.pos > high) return past_end();
    if (r.kind == PrefixSymbolRead::kEmpty) return absl::OkStatus();
    const int64_t next_layer = (layer < 0 ? 0 : layer) + r.layer_step;
    RETRO_RETURN_IF_ERROR(
        CheckEntry(state, layer, value, next_layer, r.value, h.horizon, min_value, max_value));
    layer = next_layer;
    value = r.value;
    largest = std::max(largest, static_cast<uint32_t>(layer));
    ++changes;
    if (r.last) return absl::OkStatus();
  }
}

void FiniteHorizonStoreView::BlockStates(uint64_t b, uint64_t& first, uint64_t& last) const {
  first = b << header_.block_shift;
  last = std::min(header_.states, first + (uint64_t{1} << header_.block_shift)) - 1;
}

bool FiniteHorizonStoreView::BlockTableValid(uint64_t b) const {
  uint64_t first, last;
  BlockStates(b, first, last);
  const uint64_t base = blocks_[b], limit = blocks_[b + 1];
  if (base > limit || starts_[first] != 0 || starts_[last] > limit - base) return false;
  bool ok = true;
  for (uint64_t s = first + 1; s <= last; ++s) ok &= starts_[s] >= starts_[s - 1];
  return ok;
}

absl::Status FiniteHorizonStoreView::ExplainTables() const {
  for (uint64_t b = 0; b < BlockCount(header_.states, header_.block_shift); ++b) {
    if (BlockTableValid(b)) continue;
    uint64_t first, last;
    BlockStates(b, first, last);
    const uint64_t base = blocks_[b], limit = blocks_[b + 1];
    if (base > limit) {
      return DataLoss("value store's block table decreases at block ", b);
    }
    for (uint64_t s = first; s <= last; ++s) {
      if (starts_[s] > limit - base) {
        return DataLoss("value store's state ", s, " starts at entry ", base + starts_[s],
                        ", beyond the entries of its block, [", base, ", ", limit, ")");
      }
      if (s == first && starts_[s] != 0) {
        return DataLoss("value store's state ", s,
                        " does not start at the first entry of its block");
      }
      if (s > first && starts_[s] < starts_[s - 1]) {
        return DataLoss("value store's entry starts decrease at state ", s);
      }
    }
  }
  return absl::InternalError("value store table check disagrees with its explanation");
}

template <typename Word>
bool FiniteHorizonStoreView::Break(Word previous, Word e) {
  return ((e >> 8) <= (previous >> 8)) | ((e & 0xFF) == (previous & 0xFF));
}

template <typename Word>
absl::Status FiniteHorizonStoreView::ValidateEntries(int min_value, int max_value) const {
  const FiniteHorizonStoreHeader& h = header_;
  const Word* e = reinterpret_cast<const Word*>(entries_);
  uint64_t breaks = 0;
  uint32_t largest = 0;
  int8_t low = 0, high = 0;
  if (h.entries > 0) {
    largest = e[0] >> 8;
    low = high = static_cast<int8_t>(e[0] & 0xFF);
  }
  constexpr uint64_t kChunk = 1 << 12;  // narrow counters within a chunk
  for (uint64_t chunk = 1; chunk < h.entries; chunk += kChunk) {
    const uint64_t chunk_end = std::min(h.entries, chunk + kChunk);
    uint32_t chunk_breaks = 0;
    for (uint64_t i = chunk; i < chunk_end; ++i) {
      chunk_breaks += Break(e[i - 1], e[i]);
      largest = std::max(largest, static_cast<uint32_t>(e[i] >> 8));
      const int8_t value = static_cast<int8_t>(e[i] & 0xFF);
      low = std::min(low, value);
      high = std::max(high, value);
    }
    breaks += chunk_breaks;
  }
  uint64_t breaks_at_firsts = 0;
  bool first_is_zero = false;
  const uint64_t blocks = BlockCount(h.states, h.block_shift);
  for (uint64_t b = 0; b < blocks; ++b) {
    uint64_t first, last;
    BlockStates(b, first, last);
    const uint64_t base = blocks_[b];
    for (uint64_t s = first; s <= last; ++s) {
      const uint64_t begin = base + starts_[s];
      const uint64_t end = s < last ? base + starts_[s + 1] : blocks_[b + 1];
      if (end > begin) {
        if (begin > 0) breaks_at_firsts += Break(e[begin - 1], e[begin]);
        first_is_zero |= (e[begin] & 0xFF) == 0;
      }
    }
  }
  if (breaks != breaks_at_firsts || first_is_zero || largest > h.horizon || low < min_value ||
      high > max_value) {
    return ExplainEntries(min_value, max_value);
  }
  return CheckHeaderCounts(h, largest);
}

absl::Status FiniteHorizonStoreView::ExplainEntries(int min_value, int max_value) const {
  for (uint64_t s = 0; s < header_.states; ++s) {
    int64_t previous_layer = -1;
    int previous_value = 0;
    absl::Status status;
    ForEachChange(s, [&](uint32_t layer, int value) {
      status = CheckEntry(s, previous_layer, previous_value, layer, value, header_.horizon,
                          min_value, max_value);
      previous_layer = layer;
      previous_value = value;
      return status.ok();
    });
    if (!status.ok()) return status;
  }
  return absl::InternalError("value store entry check disagrees with its explanation");
}

absl::Status FiniteHorizonStoreView::ValidateCoded(int min_value, int max_value) const {
  const FiniteHorizonStoreHeader& h = header_;
  uint64_t changes = 0;
  uint32_t largest = 0;
  for (uint64_t state = 0; state < h.states; ++state) {
    uint64_t begin, end;
    EntryRange(state, begin, end);
    const uint8_t* p = entries_ + begin;
    const uint8_t* const stop = entries_ + end;
    int64_t layer = -1;  // before the first change
    int value = 0;
    while (p < stop) {
      const uint8_t c = *p++;
      int64_t step;
      int next_value;
      if (c != kFiniteHorizonEscape) {
        const uint32_t code = codes_[c];
        if ((code & 0xFF) == 0) {
          return DataLoss("value store's state ", state, " uses code ", c,
                          ", which stands for no change");
        }
        step = code >> 8;
        next_value = value + static_cast<int8_t>(code & 0xFF);
      } else {
        step = 0;
        uint8_t byte = 0x80;  // the varint's last byte read: ended when its high bit is clear
        for (int shift = 0; shift < 28 && p < stop && (byte & 0x80) != 0; shift += 7) {
          byte = *p++;
          step |= int64_t{byte & 0x7F} << shift;
        }
        if ((byte & 0x80) != 0 || p >= stop) {
          return DataLoss("value store's state ", state,
                          " has an escape that runs past its changes");
        }
        next_value = static_cast<int8_t>(*p++);
      }
      const int64_t next_layer = (layer < 0 ? 0 : layer) + step;
      RETRO_RETURN_IF_ERROR(
          CheckEntry(state, layer, value, next_layer, next_value, h.horizon, min_value, max_value));
      layer = next_layer;
      value = next_value;
      largest = std::max(largest, static_cast<uint32_t>(layer));
      ++changes;
    }
  }
  return CheckHeaderCounts(h, largest, "coded bytes hold", changes);
}

absl::StatusOr<FiniteHorizonStoreView> FiniteHorizonStoreView::OpenHeader(
    std::span<const uint8_t> bytes) {
  FiniteHorizonStoreView view;
  if (bytes.size() < sizeof(FiniteHorizonStoreHeader)) {
    return DataLoss("value store has ", bytes.size(), " bytes, shorter than its 64-byte header");
  }
  std::memcpy(&view.header_, bytes.data(), sizeof(view.header_));
  const FiniteHorizonStoreHeader& h = view.header_;
  if (h.magic != kFiniteHorizonStoreMagic) {
    return absl::DataLossError("value store has a bad magic number");
  }
  if (h.entry_bytes != 0 && h.entry_bytes != 1 && h.entry_bytes != 2 && h.entry_bytes != 4) {
    return DataLoss("value store has entries of ", h.entry_bytes,
                    " bytes; valid: 0 (bit-coded), 1 (byte-coded), 2 or 4");
  }
  if (h.block_shift > 16 || h.states > kMaxStates) {
    return DataLoss("value store has a malformed header (", h.states, " states, block shift ",
                    h.block_shift, ")");
  }
  if (h.last_change > h.horizon) {
    return DataLoss("value store's last change ", h.last_change, " lies beyond its horizon ",
                    h.horizon);
  }
  // Each state changes at most once per layer 0..horizon (no overflow:
  // states < 2^41 and horizon + 1 <= 2^32, compared by division).
  const uint64_t layers = uint64_t{h.horizon} + 1;
  if (h.entries / layers > h.states ||
      (h.entries / layers == h.states && h.entries % layers != 0)) {
    return DataLoss("value store has ", h.entries, " entries, more than one per state and layer (",
                    h.states, " states, layers 0..", h.horizon, ")");
  }
  if (h.entry_bytes == kFiniteHorizonBitCodedEntries) return OpenBitCoded(bytes, view);
  const bool coded = h.entry_bytes == kFiniteHorizonCodedEntries;
  // A coded change takes 1 to 6 bytes; fixed-width stores keep no count.
  if (coded ? (h.coded_bytes < h.entries || h.coded_bytes / 6 > h.entries) : h.coded_bytes != 0) {
    return DataLoss("value store has ", h.coded_bytes, " coded bytes for ", h.entries, " changes");
  }
  // The size, without overflow: the sections before the units, then
  // exactly units() units.
  const uint64_t units = coded ? h.coded_bytes : h.entries;
  const Sections s = Layout(h.states, h.block_shift, 0, h.entry_bytes);
  if (bytes.size() < s.entries || (bytes.size() - s.entries) % h.entry_bytes != 0 ||
      (bytes.size() - s.entries) / h.entry_bytes != units) {
    const uint64_t max = std::numeric_limits<uint64_t>::max();
    const uint64_t implied =
        units > (max - s.entries) / h.entry_bytes ? max : s.entries + units * h.entry_bytes;
    return DataLoss("value store has ", bytes.size(), " bytes, its header implies ", implied);
  }
  view.blocks_ = reinterpret_cast<const uint64_t*>(bytes.data() + s.blocks);
  view.starts_ = reinterpret_cast<const uint16_t*>(bytes.data() + s.starts);
  if (coded) view.codes_ = reinterpret_cast<const uint32_t*>(bytes.data() + s.codes);
  view.entries_ = bytes.data() + s.entries;
  return view;
}

absl::StatusOr<FiniteHorizonStoreView> FiniteHorizonStoreView::OpenBitCoded(
    std::span<const uint8_t> bytes, FiniteHorizonStoreView& view) {
  const FiniteHorizonStoreHeader& h = view.header_;
  if (h.group_shift > h.block_shift || h.coded_bytes < kStreamPadding || h.model_bytes < 8 ||
      h.model_bytes % 8 != 0) {
    return DataLoss("value store has a malformed bit-coded header (group shift ", h.group_shift,
                    ", block shift ", h.block_shift, ", ", h.coded_bytes, " stream bytes, ",
                    h.model_bytes, " model bytes)");
  }
  if (h.model_bytes > bytes.size() || h.coded_bytes > bytes.size()) {
    return DataLoss("value store has ", bytes.size(), " bytes, its header implies more (",
                    h.model_bytes, " model bytes, ", h.coded_bytes, " stream bytes)");
  }
  const Sections s =
      BitLayout(h.states, h.block_shift, h.group_shift, h.model_bytes, h.coded_bytes);
  if (bytes.size() != s.total) {
    return DataLoss("value store has ", bytes.size(), " bytes, its header implies ", s.total);
  }
  if (h.entries / 8 > h.coded_bytes - kStreamPadding) {
    return DataLoss("value store has ", h.entries, " changes in ", h.coded_bytes - kStreamPadding,
                    " stream bytes; a change takes at least a bit");
  }
  RETRO_ASSIGN_OR_RETURN(view.decoder_,
                         PrefixCodeDecoder::Parse(bytes.subspan(s.codes, h.model_bytes)));
  view.blocks_ = reinterpret_cast<const uint64_t*>(bytes.data() + s.blocks);
  view.starts_ = reinterpret_cast<const uint16_t*>(bytes.data() + s.starts);
  view.entries_ = bytes.data() + s.entries;
  return view;
}

}  // namespace retro
