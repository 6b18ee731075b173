// The changes a finite-horizon solve finds in one slice, layer by layer,
// kept until the slice's store (retro/format/finite_horizon_store.h) is built from them.
// Over a large slice this log is the solver's largest table (oware 20 seeds:
// 1.6 billion changes), so it is kept compact and, given a scratch folder,
// on disk: each change is the gap to the previous changed state of its layer
// as a LEB128 varint (one byte for gaps below 128) and the new value as one
// byte, about 2 bytes a change instead of 5; once the bytes held in memory
// pass a threshold they are appended to an unnamed scratch file
// (retro/internal/scratch_file.h) and read back, in order, when the store is built.
//
//   ChangeLog log(first_state, {.scratch_directory = "/scratch"});
//   RETRO_RETURN_IF_ERROR(log.AppendLayer(changes_of_layer_0));
//   ...
//   RETRO_RETURN_IF_ERROR(log.ForEach([](uint32_t layer, uint32_t state,
//                                        int8_t value) { ... }));
#ifndef RETRO_SOLVER_CHANGE_LOG_H_
#define RETRO_SOLVER_CHANGE_LOG_H_

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "retro/internal/scratch_file.h"

namespace retro::solver {

// One state's new value at some layer.
struct StateChange {
  uint32_t state;
  int8_t value;
};

// The changes of one layer, in state order, in parts (one per chunk of
// states in a single process, so they are never copied into one list).
struct LayerChanges {
  std::vector<std::vector<StateChange>> parts;
  std::vector<uint64_t> first;  // index of each part's first change
  uint64_t total = 0;

  // Fills `first` and `total` from the parts.
  void Count() {
    first.resize(parts.size() + 1);
    total = 0;
    for (size_t p = 0; p < parts.size(); ++p) {
      first[p] = total;
      total += parts[p].size();
    }
    first[parts.size()] = total;
  }
};

// The layers of changes of one slice (of one rank's states), in order.
class ChangeLog {
 public:
  struct Options {
    // Where to spill; empty: everything stays in memory.
    std::string scratch_directory;
    // Bytes held in memory before they are appended to the scratch file.
    uint64_t spill_bytes = uint64_t{32} << 20;
  };

  // Changes are of states >= `first_state`.
  ChangeLog(uint32_t first_state, Options options)
      : first_state_(first_state), options_(std::move(options)) {}
  ChangeLog(ChangeLog&&) = default;
  ChangeLog& operator=(ChangeLog&&) = default;

  // Appends the next layer: `changes` in increasing state order, each state
  // >= first_state. An error only when spilling fails (a full disk).
  absl::Status AppendLayer(std::span<const StateChange> changes) {
    return AppendLayer(std::span<const std::span<const StateChange>>(&changes, 1));
  }
  // The same for a layer given in parts, one after the other.
  absl::Status AppendLayer(std::span<const std::vector<StateChange>> parts);
  absl::Status AppendLayer(std::span<const std::span<const StateChange>> parts);

  uint32_t layers() const { return static_cast<uint32_t>(layer_changes_.size()); }
  uint64_t changes() const { return changes_; }
  // The encoded bytes, in memory and on disk.
  uint64_t memory_bytes() const { return buffer_.size(); }
  uint64_t spilled_bytes() const { return file_.has_value() ? file_->size() : 0; }

  // Calls each(layer, state, value) for every change, layers in increasing
  // order and states increasing within a layer. An error when the scratch
  // file cannot be read back.
  template <typename F>
  absl::Status ForEach(F&& each) const {
    Reader reader(*this);
    for (uint32_t layer = 0; layer < layer_changes_.size(); ++layer) {
      uint32_t state = first_state_;
      for (uint64_t i = 0; i < layer_changes_[layer]; ++i) {
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
  // A 32-bit gap takes at most 5 varint bytes, then the value byte.
  static constexpr uint64_t kMaxChangeBytes = 6;

  // Reads the encoded stream (the scratch file, then the memory) through a
  // window.
  class Reader {
   public:
    explicit Reader(const ChangeLog& log);
    // Makes at least min(n, bytes left) bytes readable by Next().
    absl::Status Ensure(uint64_t n) {
      if (static_cast<uint64_t>(end_ - at_) >= n || next_ == total_) return absl::OkStatus();
      return Refill();
    }
    uint8_t Next() { return *at_++; }

   private:
    absl::Status Refill();

    const ChangeLog& log_;
    std::vector<uint8_t> window_;
    const uint8_t* at_ = nullptr;
    const uint8_t* end_ = nullptr;
    uint64_t next_ = 0;  // stream offset of end_
    uint64_t total_ = 0;
  };

  absl::Status Spill();

  uint32_t first_state_;
  Options options_;
  std::vector<uint64_t> layer_changes_;
  uint64_t changes_ = 0;
  std::vector<uint8_t> buffer_;
  std::optional<retro::internal::ScratchFile> file_;
};

}  // namespace retro::solver

#endif  // RETRO_SOLVER_CHANGE_LOG_H_
