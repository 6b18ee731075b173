// The changes a finite-horizon solve finds in one slice, layer by layer,
// kept until the slice's store (retro/format/finite_horizon/store.h) is built from them.
// Over a large slice this log is the solver's largest table (oware 20 seeds:
// 1.6 billion changes), so it is kept compact and, given a scratch folder,
// on disk: each change is the gap to the previous changed state of its layer
// as a LEB128 varint (one byte for gaps below 128) and the new value as one
// byte, about 2 bytes a change instead of 5. The log is kept in segments of
// 2^segment_shift consecutive states, each its own stream, so that the store
// is built a segment at a time: the per-state tables it updates for each
// change then stay within a cache-sized range instead of being hit at
// random across the slice, and threads share the segments out without
// decoding anything twice. Once the bytes held in memory pass a threshold
// (checked before and after each layer) every segment's bytes are appended
// to an unnamed scratch file
// (retro/internal/scratch_file.h) and read back, in order, when the store is built.
//
//   ChangeLog log(first_state, states, {.scratch_directory = "/scratch"});
//   RETRO_RETURN_IF_ERROR(log.AppendLayer(changes_of_layer_0));
//   ...
//   for (uint64_t k = 0; k < log.segments(); ++k) {
//     RETRO_RETURN_IF_ERROR(log.ForEachInSegment(k, [](uint32_t layer,
//         uint32_t state, int8_t value) { ... }));
//   }
#ifndef RETRO_SOLVER_CHANGE_LOG_H_
#define RETRO_SOLVER_CHANGE_LOG_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "retro/internal/huge_pages.h"
#include "retro/internal/scratch_file.h"
#include "retro/thread_pool.h"

namespace retro::solver {

// The bytes a change log holds in memory before it spills to its scratch
// file, unless told otherwise (docs/benchmarks.md: spilling a log of about
// 100 MB past 32 MiB took 5% more CPU).
inline constexpr uint64_t kChangeLogSpillBytes = uint64_t{128} << 20;

// One state's new value at some layer.
struct StateChange {
  uint32_t state;
  int8_t value;
};

// The changes of one layer, in state order, in parts (one per chunk of
// states in a single process, so they are never copied into one list).
struct LayerChanges {
  std::vector<std::vector<StateChange>> parts;
  uint64_t total = 0;

  // Fills `total` from the parts.
  void Count() {
    total = 0;
    for (const std::vector<StateChange>& part : parts) total += part.size();
  }
};

// The layers of changes of one slice (of one rank's states), in order, in
// segments of consecutive states.
class ChangeLog {
 public:
  struct Options {
    // Where to spill; empty: everything stays in memory.
    std::string scratch_directory;
    // Bytes held in memory before they are appended to the scratch file.
    uint64_t spill_bytes = kChangeLogSpillBytes;
    // log2 of the states a segment covers (2^17: the 8-byte word a state
    // the store's build keeps of a segment fills 1 MiB, within a core's
    // cache). Raised when the states would make more than kMaxSegments
    // segments.
    uint32_t segment_shift = 17;
    // The bytes the log is expected to take (0: unknown). Each segment's
    // memory is reserved its share up front (at most its share of
    // spill_bytes when spilling), so that it fills without being copied
    // into larger memory as it grows.
    uint64_t expected_bytes = 0;
  };

  // Changes are of states first_state .. first_state + states - 1.
  ChangeLog(uint32_t first_state, uint64_t states, Options options);
  ChangeLog(ChangeLog&&) = default;
  ChangeLog& operator=(ChangeLog&&) = default;

  // Appends the next layer: `changes` in increasing state order, each state
  // within the log's states. An error only when spilling fails (a full disk).
  absl::Status AppendLayer(std::span<const StateChange> changes) {
    return AppendLayer(std::span<const std::span<const StateChange>>(&changes, 1));
  }
  // The same for a layer given in parts, one after the other; given a
  // `pool`, the segments of a large layer are appended on its threads (each
  // segment is its own stream, so the bytes do not depend on the threads).
  absl::Status AppendLayer(std::span<const std::vector<StateChange>> parts,
                           ThreadPool* pool = nullptr);
  absl::Status AppendLayer(std::span<const std::span<const StateChange>> parts,
                           ThreadPool* pool = nullptr);

  uint32_t layers() const { return layers_; }
  uint64_t changes() const { return changes_; }
  // Segment k covers states first_state + (k << segment_shift) onwards.
  uint64_t segments() const { return segments_.size(); }
  uint32_t segment_shift() const { return options_.segment_shift; }
  // The encoded bytes, in memory and on disk.
  uint64_t memory_bytes() const { return memory_bytes_; }
  uint64_t spilled_bytes() const { return file_.has_value() ? file_->size() : 0; }

  // Calls each(layer, state, value) for every change of segment k, layers
  // in increasing order and states increasing within a layer. An error
  // when the scratch file cannot be read back. Segments may be read on
  // several threads at once.
  template <typename F>
  absl::Status ForEachInSegment(uint64_t k, F&& each) const {
    Reader reader(*this, k);
    const uint32_t origin = first_state_ + static_cast<uint32_t>(k << options_.segment_shift);
    const uint64_t count = segments_.size();
    for (uint32_t layer = 0; layer < layers_; ++layer) {
      uint32_t state = origin;
      const uint32_t n = layer_counts_[uint64_t{layer} * count + k];
      for (uint32_t i = 0; i < n; ++i) {
        if (absl::Status s = reader.Ensure(kMaxChangeBytes); !s.ok()) return s;
        uint32_t gap = 0;
        for (int shift = 0;; shift += 7) {
          const uint8_t byte = reader.Next();
          gap |= uint32_t{byte & 0x7Fu} << shift;
          if ((byte & 0x80) == 0) break;
        }
        state += gap;
        each(layer, state, static_cast<int8_t>(reader.Next()));
      }
    }
    return absl::OkStatus();
  }

  // Frees the memory and the scratch file.
  void Clear();

 private:
  static constexpr uint64_t kMaxSegments = uint64_t{1} << 16;
  // A 32-bit gap takes at most 5 varint bytes, then the value byte.
  static constexpr uint64_t kMaxChangeBytes = 6;

  // One segment's stream: its spilled pieces of the scratch file, in
  // order, then the bytes still in memory.
  struct Segment {
    struct Piece {
      uint64_t offset, size;
    };
    std::vector<Piece> spilled;
    retro::internal::HugePageVector<uint8_t> buffer;
  };

  // Reads one segment's stream (its pieces of the scratch file, then its
  // memory) through a window.
  class Reader {
   public:
    Reader(const ChangeLog& log, uint64_t k);
    // Makes at least min(n, bytes left) bytes readable by Next().
    absl::Status Ensure(uint64_t n) {
      if (static_cast<uint64_t>(end_ - at_) >= n || next_ == total_) return absl::OkStatus();
      return Refill();
    }
    uint8_t Next() { return *at_++; }

   private:
    absl::Status Refill();

    const ChangeLog& log_;
    const Segment& segment_;
    std::vector<uint8_t> window_;
    const uint8_t* at_ = nullptr;
    const uint8_t* end_ = nullptr;
    uint64_t next_ = 0;  // stream offset of end_
    uint64_t total_ = 0;
    uint64_t spilled_ = 0;  // stream bytes in the scratch file
  };

  absl::Status Spill();

  uint32_t first_state_;
  Options options_;
  std::vector<Segment> segments_;
  // Changes of each layer in each segment: [layer * segments + k].
  std::vector<uint32_t> layer_counts_;
  uint32_t layers_ = 0;
  uint64_t changes_ = 0;
  uint64_t memory_bytes_ = 0;
  std::optional<retro::internal::ScratchFile> file_;
};

}  // namespace retro::solver

#endif  // RETRO_SOLVER_CHANGE_LOG_H_
