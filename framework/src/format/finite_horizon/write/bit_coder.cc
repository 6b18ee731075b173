// The bit coder's steps (retro/format/finite_horizon/write/bit_coder.h):
// the code model chosen from every rank's changes; this rank's states'
// lists written a chunk at a time, each group's first half forward and the
// rest backward, before their place is known, which counts each state's
// bits; this rank's place in the stream; its parts allocated; and each
// chunk's bits copied to their place.
#include "retro/format/finite_horizon/write/bit_coder.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "retro/format/finite_horizon/bit_stream.h"
#include "retro/format/finite_horizon/store.h"
#include "retro/format/finite_horizon/write/prefix_encoder.h"
#include "retro/format/finite_horizon/write/store_writer.h"
#include "retro/internal/parallel_prefault.h"
#include "retro/thread_pool.h"

namespace retro {
namespace internal {

// True when each block's parts in `crossing` (every rank's, any order) sum
// to fewer than 65,536 bits.
bool CrossingBlocksFit(const std::vector<BlockBits>& crossing) {
  absl::flat_hash_map<uint64_t, uint64_t> sums;
  for (const BlockBits& part : crossing) {
    if ((sums[part.block] += part.sum) >= 65536) return false;
  }
  return true;
}

namespace {

// Tables keyed by the code bytes of a byte-coded store: a change written
// there as code byte c < 255 is, in context `context` (its value before and
// whether it is the first), the symbol (context, c, last). One row of 512
// entries (c, last) per context, made when the context is first used, so
// that counting and finding codes take an array access, not a hash.
class CodeByteTable {
 public:
  CodeByteTable() { row_of_.fill(-1); }
  uint64_t& At(int context, int code, bool last) {
    int32_t& row = row_of_[context];
    if (row < 0) {
      row = rows_++;
      entries_.resize(uint64_t(rows_) * kRow, 0);
    }
    return entries_[uint64_t(row) * kRow + Column(code, last)];
  }
  // The entry, 0 for a context without a row.
  uint64_t Get(int context, int code, bool last) const {
    const int32_t row = row_of_[context];
    return row < 0 ? 0 : entries_[uint64_t(row) * kRow + Column(code, last)];
  }
  // Calls f(context, code, last, entry) for each entry that is not 0.
  template <typename F>
  void ForEachNonZero(F&& f) const {
    for (int context = 0; context < kPrefixContexts; ++context) {
      const int32_t row = row_of_[context];
      if (row < 0) continue;
      for (uint64_t i = 0; i < kRow; ++i) {
        const uint64_t entry = entries_[uint64_t(row) * kRow + i];
        if (entry != 0) f(context, static_cast<int>(i >> 1), (i & 1) != 0, entry);
      }
    }
  }

 private:
  static constexpr uint64_t kRow = 512;
  static uint64_t Column(int code, bool last) { return (uint64_t(code) << 1) | (last ? 1 : 0); }
  std::array<int32_t, kPrefixContexts> row_of_;
  int32_t rows_ = 0;
  std::vector<uint64_t> entries_;
};

// The widest block shift, 10 down to 0, at which every block of 2^shift
// states of a store of `states` states holds fewer than 65,536 bits in all
// its states but its last (so that group starts relative to their block
// fit in 16 bits; one state a block always fits). `bits` are those of this
// rank's states [first, first + bits.size()); a block across ranks is
// summed from the parts each rank gives, through `exchange`.
uint32_t WidestBitBlockShift(std::span<const uint32_t> bits, uint64_t first, uint64_t states,
                             BitCodeExchange& exchange) {
  const uint64_t n = bits.size();
  for (uint32_t shift = 10; shift > 0; --shift) {
    const uint64_t size = uint64_t{1} << shift;
    bool fits = true;
    std::vector<BlockBits> crossing;  // the blocks that cross this rank's ends
    if (n > 0) {
      for (uint64_t b = first >> shift; b <= (first + n - 1) >> shift; ++b) {
        const uint64_t lo = b << shift, hi = std::min(states, lo + size);
        const uint64_t from = std::max(lo, first), to = std::min(hi, first + n);
        uint64_t sum = 0;
        for (uint64_t x = from; x < to; ++x) {
          if (x != hi - 1) sum += bits[x - first];
        }
        if (lo >= first && hi <= first + n) {
          fits = fits && sum < 65536;
        } else {
          crossing.push_back({b, sum});
        }
      }
    }
    if (exchange.AllBlocksFit(fits, crossing)) return shift;
  }
  return 0;
}

// The changes of each state of a rank's range as the bit coder reads them
// (state i of the result is state old_index(i) of the range, or i).
class BitCoderChanges {
 public:
  BitCoderChanges(const FiniteHorizonStoreView& range,
                  const std::function<uint64_t(uint64_t)>& old_index)
      : range_(range),
        old_index_(old_index),
        coded_bytes_(range.coded() ? range.unit_bytes() : nullptr) {}

  // Calls each(context, layer step, new value, last, code byte or -1) for
  // each change of state `state`, or empty() when it has none.
  template <typename Each, typename Empty>
  void Visit(uint64_t state, Each&& each, Empty&& empty) const {
    if (coded_bytes_ != nullptr) {
      VisitCoded(old_index_ ? old_index_(state) : state, each, empty);
      return;
    }
    // The change waiting to learn whether it is the last (no code byte:
    // the range is not byte-coded).
    int context = 0;
    uint32_t step = 0;
    int new_value = 0;
    bool pending = false;
    uint32_t previous_layer = 0;
    int previous_value = 0;
    range_.ForEachChange(old_index_ ? old_index_(state) : state, [&](uint32_t layer, int value) {
      if (pending) each(context, step, new_value, false, -1);
      context = PrefixContext(previous_value, !pending);
      step = layer - previous_layer;
      new_value = value;
      pending = true;
      previous_layer = layer;
      previous_value = value;
      return true;
    });
    if (pending) {
      each(context, step, new_value, true, -1);
    } else {
      empty();
    }
  }

  // Visit() of a byte-coded range, read straight from its bytes (the
  // coder's three passes read every change this way): the change list
  // FiniteHorizonStoreView::Walk reads, with the context and the last flag
  // known as each change is decoded.
  template <typename Each, typename Empty>
  void VisitCoded(uint64_t state, Each& each, Empty& empty) const {
    uint64_t begin, end;
    range_.EntryRange(state, begin, end);
    const uint8_t* p = coded_bytes_ + begin;
    const uint8_t* const stop = coded_bytes_ + end;
    if (p == stop) {
      empty();
      return;
    }
    int value = 0;
    bool first = true;
    do {
      const int context = PrefixContext(value, first);
      const FiniteHorizonStoreView::CodedChange change = range_.DecodeCoded(p, stop, value);
      each(context, change.step, change.value, p == stop, change.code);
      value = change.value;
      first = false;
    } while (p < stop);
  }

  // The change a code byte of the range stands for in a context: (layer
  // step, new value).
  std::pair<uint32_t, int> ChangeOf(int context, int code) const {
    const uint32_t entry = range_.codes()[code];
    return {entry >> 8, ((context >> 1) - 128) + static_cast<int8_t>(entry & 0xFF)};
  }

 private:
  const FiniteHorizonStoreView& range_;
  const std::function<uint64_t(uint64_t)>& old_index_;
  // A byte-coded range's bytes (VisitCoded); null for the other
  // encodings.
  const uint8_t* const coded_bytes_;
};

// States a task of the bit coder's parallel loops handles.
constexpr uint64_t kBitCoderGrain = 1 << 12;

// The code model of a bit-coded store, and how each change is written.
struct BitCodeModel {
  PrefixCodeEncoder encoder;
  std::vector<uint8_t> model;  // the encoder's model, as the store holds it
  // The codes of the code bytes seen, packed: the code first bit lowest
  // (bits 0-23), first bit highest (24-47), its length (48-55); 0 when
  // the change is escaped.
  CodeByteTable byte_codes;

  // Writes a change, through its code byte's packed code when it has one.
  // (An escaped change is written through a copy of `out`, so that the
  // writer's address never leaves the caller's loop and stays in
  // registers.)
  template <typename Out>
  void WriteChange(Out& out, int context, uint32_t step, int value, bool last, int code) const {
    if (const uint64_t packed = code >= 0 ? byte_codes.Get(context, code, last) : 0) [[likely]] {
      out.PutCode(packed & 0xFFFFFF, (packed >> 24) & 0xFFFFFF, static_cast<int>(packed >> 48));
    } else {
      Out copy = out;
      WriteByEncoder(copy, context, step, value, last);
      out = copy;
    }
  }
  template <typename Out>
  [[gnu::noinline]] void WriteByEncoder(Out& out, int context, uint32_t step, int value,
                                        bool last) const {
    encoder.WriteChange(out, context, step, value, last);
  }
  // The empty list's code (looked up once; length 0 when no list is
  // empty), and writes it.
  PrefixCodeEncoder::Code empty{};
  template <typename Out>
  void WriteEmpty(Out& out) const {
    out.PutCode(empty.reversed, empty.natural, empty.length);
  }
};

// The symbols of this rank's `n` states counted, per worker, then summed
// (sums do not depend on how the states were split), then over the ranks
// (through `exchange`), and the model chosen from the counts. Changes with
// a code byte are counted by it, the rest by key.
BitCodeModel BuildBitCodeModel(const BitCoderChanges& changes, uint64_t n, ThreadPool& pool,
                               BitCodeExchange& exchange) {
  std::vector<absl::flat_hash_map<uint64_t, uint64_t>> worker_counts(pool.size());
  std::vector<CodeByteTable> worker_byte_counts(pool.size());
  pool.ParallelFor(0, n, kBitCoderGrain, [&](int worker, uint64_t b, uint64_t e) {
    auto& counts = worker_counts[worker];
    auto& byte_counts = worker_byte_counts[worker];
    for (uint64_t s = b; s < e; ++s) {
      changes.Visit(
          s,
          [&](int context, uint32_t step, int value, bool last, int code) {
            if (code >= 0) {
              ++byte_counts.At(context, code, last);
            } else {
              ++counts[PrefixCodeEncoder::ChangeKey(context, step, value, last)];
            }
          },
          [&] { ++counts[PrefixCodeEncoder::EmptyKey()]; });
    }
  });
  for (size_t w = 1; w < worker_byte_counts.size(); ++w) {
    worker_byte_counts[w].ForEachNonZero([&](int context, int code, bool last, uint64_t k) {
      worker_byte_counts[0].At(context, code, last) += k;
    });
    worker_byte_counts[w] = CodeByteTable();
  }
  const CodeByteTable& byte_counts = worker_byte_counts[0];
  byte_counts.ForEachNonZero([&](int context, int code, bool last, uint64_t k) {
    const auto [step, value] = changes.ChangeOf(context, code);
    worker_counts[0][PrefixCodeEncoder::ChangeKey(context, step, value, last)] += k;
  });
  for (size_t w = 1; w < worker_counts.size(); ++w) {
    for (const auto& [key, k] : worker_counts[w]) worker_counts[0][key] += k;
    absl::flat_hash_map<uint64_t, uint64_t>().swap(worker_counts[w]);
  }
  exchange.SumCounts(worker_counts[0]);
  BitCodeModel result{PrefixCodeEncoder(worker_counts[0]), {}, {}, {}};
  worker_counts.clear();
  result.model = result.encoder.Model();
  if (const PrefixCodeEncoder::Code* empty = result.encoder.EmptyCode()) result.empty = *empty;
  byte_counts.ForEachNonZero([&](int context, int code, bool last, uint64_t) {
    const auto [step, value] = changes.ChangeOf(context, code);
    if (const PrefixCodeEncoder::Code* c = result.encoder.Find(context, step, value, last)) {
      result.byte_codes.At(context, code, last) =
          uint64_t{c->reversed} | (uint64_t{c->natural} << 24) | (uint64_t{c->length} << 48);
    }
  });
  return result;
}

// A forward bit writer into a buffer of its own that grows as it is
// written (a chunk's bits before their place in the stream is known).
class ScratchBitWriter {
 public:
  explicit ScratchBitWriter(std::vector<uint8_t>& out) : out_(&out) {
    out.resize(std::max<size_t>(out.capacity(), 4096));
    at_ = out.data();
    end_ = at_ + out.size();
  }
  // Appends the low `n` bits of `bits` (n <= 32).
  void Put(uint64_t bits, int n) {
    word_ |= (bits & ((uint64_t{1} << n) - 1)) << filled_;
    filled_ += n;
    if (filled_ >= 32) {
      if (end_ - at_ < 8) [[unlikely]] Grow();
      const uint32_t low = static_cast<uint32_t>(word_);
      std::memcpy(at_, &low, 4);
      at_ += 4;
      word_ >>= 32;
      filled_ -= 32;
    }
  }
  void PutCode(uint32_t reversed, uint32_t /*natural*/, int length) { Put(reversed, length); }
  void PutField(uint64_t value, int n) { Put(value, n); }
  // The bits written so far.
  uint64_t bits() const { return 8 * static_cast<uint64_t>(at_ - out_->data()) + filled_; }
  // Writes the bits still waiting, the last byte zero-padded, and cuts the
  // buffer to the bytes written (its memory too: every chunk's buffer is
  // held until the chunks are put in place).
  void Finish() {
    if (end_ - at_ < 8) Grow();
    for (; filled_ > 0; filled_ -= 8) {
      *at_++ = static_cast<uint8_t>(word_);
      word_ >>= 8;
    }
    out_->resize(at_ - out_->data());
    out_->shrink_to_fit();
  }

 private:
  [[gnu::noinline]] void Grow() {
    const size_t used = at_ - out_->data();
    out_->resize(2 * out_->size());
    at_ = out_->data() + used;
    end_ = out_->data() + out_->size();
  }
  std::vector<uint8_t>* out_;
  uint8_t* at_;
  uint8_t* end_;
  uint64_t word_ = 0;
  int filled_ = 0;
};

// Records what a group's backward half puts (a code's natural value, a
// field), so that the same bits can be written forward: a backward
// reader's layout, from the end down, is a forward writer's layout of the
// same values in reverse order.
class BackwardRecorder {
 public:
  explicit BackwardRecorder(std::vector<std::pair<uint64_t, int>>& puts) : puts_(&puts) {}
  void PutCode(uint32_t /*reversed*/, uint32_t natural, int length) {
    puts_->emplace_back(natural, length);
  }
  void PutField(uint64_t value, int n) { puts_->emplace_back(value, n); }

 private:
  std::vector<std::pair<uint64_t, int>>* puts_;
};

// Encodes this rank's `n` states from `first` (of `states` in the whole
// store) a chunk of kBitCoderGrain states at a time, each chunk into
// scratch[c] from its bit 0, in groups of 2^group_shift states (each
// group's first half forward, the rest backward from its end), and sets
// each state's bits (bits[s - first]) and the bits before each chunk
// (chunk_bits[c], with the total last). A state's bits do not depend on
// the group shift.
void EncodeChunks(const BitCoderChanges& changes, const BitCodeModel& model, uint64_t first,
                  uint64_t n, uint64_t states, uint32_t group_shift, ThreadPool& pool,
                  std::vector<uint32_t>& bits, std::vector<std::vector<uint8_t>>& scratch,
                  std::vector<uint64_t>& chunk_bits) {
  const uint64_t chunks = (n + kBitCoderGrain - 1) / kBitCoderGrain;
  bits.assign(n, 0);
  scratch.resize(chunks);
  chunk_bits.assign(chunks + 1, 0);
  const uint64_t group_size = uint64_t{1} << group_shift;
  const uint64_t forward_size = group_shift == 0 ? 1 : group_size / 2;
  pool.ParallelFor(0, chunks, 1, [&](int, uint64_t c_begin, uint64_t c_end) {
    std::vector<std::pair<uint64_t, int>> puts;
    for (uint64_t c = c_begin; c < c_end; ++c) {
      const uint64_t begin = first + c * kBitCoderGrain;
      const uint64_t end = std::min(first + n, begin + kBitCoderGrain);
      ScratchBitWriter out(scratch[c]);
      // Writes state s's list (its changes, or the empty list) to `writer`.
      const auto write_state = [&](auto& writer, uint64_t s) {
        changes.Visit(
            s - first,
            [&](int context, uint32_t step, int value, bool last, int code) {
              model.WriteChange(writer, context, step, value, last, code);
            },
            [&] { model.WriteEmpty(writer); });
      };
      for (uint64_t g = begin; g < end; g += group_size) {
        const uint64_t count = std::min(group_size, states - g);
        const uint64_t forward = std::min(count, forward_size);
        for (uint64_t s = g; s < g + forward; ++s) {
          const uint64_t before = out.bits();
          write_state(out, s);
          bits[s - first] = static_cast<uint32_t>(out.bits() - before);
        }
        // The rest, last state first, as a backward writer from the
        // group's end would put them.
        puts.clear();
        BackwardRecorder back(puts);
        for (uint64_t s = g + count; s-- > g + forward;) {
          const size_t mark = puts.size();
          write_state(back, s);
          uint64_t k = 0;
          for (size_t i = mark; i < puts.size(); ++i) k += puts[i].second;
          bits[s - first] = static_cast<uint32_t>(k);
        }
        for (size_t i = puts.size(); i-- > 0;) out.Put(puts[i].first, puts[i].second);
      }
      chunk_bits[c + 1] = out.bits();
      out.Finish();
    }
  });
  for (uint64_t c = 0; c < chunks; ++c) chunk_bits[c + 1] += chunk_bits[c];
}

// Puts the first `count` bits of `from` (its other bits zero) into
// `stream` from bit `at`. Only the first and the last byte they fall in
// may hold other bits, which are kept.
void CopyBits(uint8_t* stream, uint64_t at, const uint8_t* from, uint64_t count) {
  if (count == 0) return;
  uint8_t* const to = stream + at / 8;
  const unsigned shift = at % 8;
  const uint64_t bytes = (count + 7) / 8;
  const uint64_t last = (shift + count - 1) / 8;  // the last byte of `to` touched
  // Byte i of `to`: from[i] shifted up, and the top of from[i - 1].
  const auto byte = [&](uint64_t i) {
    const unsigned low = i < bytes ? unsigned{from[i]} << shift : 0;
    const unsigned high = i > 0 ? unsigned{from[i - 1]} >> (8 - shift) : 0;
    return static_cast<uint8_t>(low | high);
  };
  to[0] |= byte(0);
  for (uint64_t i = 1; i < last; ++i) {
    to[i] =
        static_cast<uint8_t>((unsigned{from[i]} << shift) | (unsigned{from[i - 1]} >> (8 - shift)));
  }
  if (last > 0) to[last] |= byte(last);
}

// Where this rank's bits go in the whole stream: the block and group
// shifts, where its bits begin (`base`, after every earlier rank's), where
// the block holding its first state begins (`head`), and the stream's end;
// the ranks' parts through `exchange`.
struct BitStreamPlace {
  uint32_t block_shift = 0, group_shift = 0;
  uint64_t base = 0, head = 0, end_bit = 0;
};
BitStreamPlace PlaceBitStream(std::span<const uint32_t> bits, uint64_t first, uint64_t states,
                              uint64_t own_bits, BitCodeExchange& exchange) {
  BitStreamPlace place;
  // The widest blocks (at most 1,024 states) whose groups' starts fit in
  // 16 bits relative to their block.
  place.block_shift = WidestBitBlockShift(bits, first, states, exchange);
  place.group_shift = std::min(kFiniteHorizonMaxGroupShift, place.block_shift);
  const uint64_t n = bits.size();
  StreamPart mine{first, n, own_bits, 0};
  if (n > 0) {
    const uint64_t last_block = ((first + n - 1) >> place.block_shift) << place.block_shift;
    for (uint64_t x = std::max(first, last_block); x < first + n; ++x) mine.tail += bits[x - first];
  }
  const std::vector<StreamPart> parts = exchange.AllStreamParts(mine);
  const int rank = exchange.rank();
  for (int r = 0; r < static_cast<int>(parts.size()); ++r) {
    if (r < rank) place.base += parts[r].bits;
    place.end_bit += parts[r].bits;
  }
  const uint64_t head_block = (first >> place.block_shift) << place.block_shift;
  place.head = place.base;
  for (int r = 0; r < rank; ++r) {
    if (parts[r].states == 0 || parts[r].first + parts[r].states <= head_block) continue;
    place.head -= parts[r].first >= head_block ? parts[r].bits : parts[r].tail;
  }
  return place;
}

// This rank's parts (BitCodedParts) of the bit-coded store whose header is
// `header` and code model `model`, for its `n` states from `first` and its
// `own_bits` bits from stream bit `base`; the root's whole store has its
// pages faulted in on the threads of `pool` first.
BitCodedParts AllocateBitCodedParts(const FiniteHorizonStoreHeader& header,
                                    const std::vector<uint8_t>& model, uint64_t first, uint64_t n,
                                    uint64_t base, uint64_t own_bits, bool root, ThreadPool& pool) {
  BitCodedParts parts;
  const uint64_t states = header.states;
  const uint64_t block_size = uint64_t{1} << header.block_shift;
  const uint64_t group_size = uint64_t{1} << header.group_shift;
  parts.sections = FiniteHorizonStoreView::BitLayout(states, header.block_shift, header.group_shift,
                                                     model.size(), header.coded_bytes);
  parts.blocks = FiniteHorizonStoreView::BlockCount(states, header.block_shift);
  parts.first_block = (first + block_size - 1) >> header.block_shift;
  parts.end_block = (first + n + block_size - 1) >> header.block_shift;
  parts.first_group = first >> header.group_shift;
  parts.own_groups = (n + group_size - 1) >> header.group_shift;
  parts.stream_origin = base / 8;
  parts.own_stream_bytes = (base + own_bits + 7) / 8 - parts.stream_origin;
  if (root) {
    AssignPrefaulted(parts.bytes, parts.sections.total, uint8_t{0}, &pool);
    std::memcpy(parts.bytes.data(), &header, sizeof(header));
    std::memcpy(parts.bytes.data() + parts.sections.codes, model.data(), model.size());
    parts.block_bit =
        reinterpret_cast<uint64_t*>(parts.bytes.data() + parts.sections.blocks) + parts.first_block;
    parts.group_start =
        reinterpret_cast<uint16_t*>(parts.bytes.data() + parts.sections.starts) + parts.first_group;
    parts.stream = parts.bytes.data() + parts.sections.entries + parts.stream_origin;
  } else {
    parts.own_blocks.assign(parts.end_block - parts.first_block, 0);
    parts.own_starts.assign(parts.own_groups, 0);
    parts.own_stream.assign(parts.own_stream_bytes, 0);
    parts.block_bit = parts.own_blocks.data();
    parts.group_start = parts.own_starts.data();
    parts.stream = parts.own_stream.data();
  }
  return parts;
}

}  // namespace
}  // namespace internal

std::vector<uint8_t> BitCodeFiniteHorizonRange(const FiniteHorizonStoreView& range, uint64_t first,
                                               const FiniteHorizonStoreHeader& whole,
                                               ThreadPool& pool, BitCodeExchange& exchange,
                                               const std::function<uint64_t(uint64_t)>& old_index,
                                               const std::function<void()>& read) {
  // 1. The model from every rank's changes, this rank's states written a
  //    chunk at a time (their bits counted as they are), and where its
  //    bits go in the stream.
  const uint64_t n = range.states();
  const uint64_t states = whole.states;
  const bool root = exchange.root();
  const internal::BitCoderChanges changes(range, old_index);
  const internal::BitCodeModel model = internal::BuildBitCodeModel(changes, n, pool, exchange);
  // The chunks are written in groups of the widest group shift, and again
  // in the rare store whose blocks turn out narrower.
  std::vector<uint32_t> bits;
  std::vector<std::vector<uint8_t>> scratch;
  std::vector<uint64_t> chunk_bits;
  internal::EncodeChunks(changes, model, first, n, states, kFiniteHorizonMaxGroupShift, pool, bits,
                         scratch, chunk_bits);
  const uint64_t chunks = chunk_bits.size() - 1;
  const internal::BitStreamPlace place =
      internal::PlaceBitStream(bits, first, states, chunk_bits[chunks], exchange);
  if (place.group_shift != kFiniteHorizonMaxGroupShift) {
    internal::EncodeChunks(changes, model, first, n, states, place.group_shift, pool, bits,
                           scratch, chunk_bits);
  }
  const uint32_t block_shift = place.block_shift, group_shift = place.group_shift;
  const uint64_t block_size = uint64_t{1} << block_shift;
  const uint64_t base = place.base, head = place.head, end_bit = place.end_bit;
  FiniteHorizonStoreHeader header = whole;
  if (read) read();

  // 2. This rank's parts of the store (rank 0: the whole store).
  header.magic = kFiniteHorizonStoreMagic;
  header.entry_bytes = kFiniteHorizonBitCodedEntries;
  header.block_shift = block_shift;
  header.group_shift = group_shift;
  header.coded_bytes = (end_bit + 7) / 8 + FiniteHorizonStoreView::kStreamPadding;
  header.model_bytes = model.model.size();
  const uint64_t own_bits = chunk_bits[chunks];
  internal::BitCodedParts parts =
      internal::AllocateBitCodedParts(header, model.model, first, n, base, own_bits, root, pool);
  uint64_t* const block_bit = parts.block_bit;
  uint16_t* const group_start = parts.group_start;
  uint8_t* const stream = parts.stream;
  const uint64_t first_block = parts.first_block, first_group = parts.first_group;
  const uint64_t group_size = uint64_t{1} << group_shift;
  // 3. A chunk's place: its block table entries and group starts, and its
  //    bits copied into the stream.
  const uint64_t origin_bit = 8 * parts.stream_origin;
  const auto write_chunk = [&](uint64_t c) {
    const uint64_t begin = first + c * internal::kBitCoderGrain;
    const uint64_t end = std::min(first + n, begin + internal::kBitCoderGrain);
    uint64_t group_bit = base + chunk_bits[c];
    // Where the block holding `begin` starts: in an earlier rank's range,
    // or in this one's.
    const uint64_t block_of_begin = (begin >> block_shift) << block_shift;
    uint64_t block_start = head;
    if (block_of_begin >= first) {
      block_start = group_bit;
      for (uint64_t x = block_of_begin; x < begin; ++x) block_start -= bits[x - first];
    }
    for (uint64_t g = begin; g < end; g += group_size) {
      if (g % block_size == 0) {
        block_start = group_bit;
        block_bit[(g >> block_shift) - first_block] = group_bit;
      }
      group_start[(g >> group_shift) - first_group] =
          static_cast<uint16_t>(group_bit - block_start);
      for (uint64_t s = g; s < std::min(g + group_size, states); ++s) group_bit += bits[s - first];
    }
    internal::CopyBits(stream, base + chunk_bits[c] - origin_bit, scratch[c].data(),
                       chunk_bits[c + 1] - chunk_bits[c]);
    std::vector<uint8_t>().swap(scratch[c]);
  };
  // 4. The chunks, in two rounds (even chunks, then odd ones), so that no
  //    two threads write the byte where one chunk ends and the next begins.
  for (uint64_t round = 0; round < 2; ++round) {
    pool.ParallelFor(0, (chunks + 1 - round) / 2, 1, [&](int, uint64_t c_begin, uint64_t c_end) {
      for (uint64_t c = c_begin; c < c_end; ++c) write_chunk(2 * c + round);
    });
  }
  std::vector<uint32_t>().swap(bits);
  // 5. The root gathers the parts and ends the block table.
  exchange.Gather(parts, states, group_shift, base, own_bits, end_bit);
  if (root) {
    reinterpret_cast<uint64_t*>(parts.bytes.data() + parts.sections.blocks)[parts.blocks] = end_bit;
  }
  return std::move(parts.bytes);
}

std::vector<uint8_t> BitCodeFiniteHorizonStore(const FiniteHorizonStoreView& store,
                                               ThreadPool& pool,
                                               const std::function<uint64_t(uint64_t)>& old_index,
                                               const std::function<void()>& read) {
  LocalBitCodeExchange one;
  return BitCodeFiniteHorizonRange(store, 0, store.header(), pool, one, old_index, read);
}

std::vector<uint8_t> PermuteStore(const FiniteHorizonStoreView& store,
                                  const std::function<uint64_t(uint64_t)>& old_index,
                                  ThreadPool& pool) {
  if (store.bit_coded()) return BitCodeFiniteHorizonStore(store, pool, old_index);
  return SelectUnits(store, store.states(), old_index, pool);
}

}  // namespace retro
