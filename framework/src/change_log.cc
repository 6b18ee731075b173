// ChangeLog: the compact, spillable log of a finite-horizon slice's changes
// (see retro/solver/change_log.h).
#include "retro/solver/change_log.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "retro/status_macros.h"

namespace retro::solver {
namespace {

// Bytes read from the scratch file at a time.
constexpr uint64_t kReadBytes = uint64_t{8} << 20;

}  // namespace

ChangeLog::ChangeLog(uint32_t first_state, uint64_t states, Options options)
    : first_state_(first_state), options_(std::move(options)) {
  // Segments stay few enough for their per-layer counts to be small.
  while ((states >> options_.segment_shift) >= kMaxSegments) ++options_.segment_shift;
  const uint64_t size = uint64_t{1} << options_.segment_shift;
  segments_.resize((states + size - 1) / size);
  if (options_.expected_bytes != 0 && !segments_.empty()) {
    uint64_t share = options_.expected_bytes / segments_.size();
    if (!options_.scratch_directory.empty()) {
      share = std::min(share, options_.spill_bytes / segments_.size() + kMaxChangeBytes);
    }
    for (Segment& segment : segments_) segment.buffer.reserve(share);
  }
}

absl::Status ChangeLog::AppendLayer(std::span<const std::vector<StateChange>> parts,
                                    ThreadPool* pool) {
  std::vector<std::span<const StateChange>> spans(parts.begin(), parts.end());
  return AppendLayer(std::span<const std::span<const StateChange>>(spans), pool);
}

absl::Status ChangeLog::AppendLayer(std::span<const std::span<const StateChange>> parts,
                                    ThreadPool* pool) {
  // 1. What earlier layers left past the threshold goes to the scratch file.
  const bool spilling = !options_.scratch_directory.empty();
  if (spilling && memory_bytes_ >= options_.spill_bytes) RETRO_RETURN_IF_ERROR(Spill());
  // 2. The layer cut into runs, each the changes of one part within one
  //    segment, in state order (so a segment's runs are consecutive).
  struct Run {
    uint64_t segment;
    std::span<const StateChange> changes;
  };
  const uint32_t shift = options_.segment_shift;
  std::vector<Run> runs;
  std::vector<uint64_t> first_run;  // the first run of each segment with changes
  uint64_t total = 0;
  for (const std::span<const StateChange> changes : parts) {
    total += changes.size();
    for (auto at = changes.begin(); at != changes.end();) {
      const uint64_t k = (at->state - first_state_) >> shift;
      const uint64_t end_state = uint64_t{first_state_} + ((k + 1) << shift);
      const auto stop = std::partition_point(
          at, changes.end(), [end_state](const StateChange& c) { return c.state < end_state; });
      if (runs.empty() || runs.back().segment != k) first_run.push_back(runs.size());
      runs.push_back({k, std::span<const StateChange>(at, stop)});
      at = stop;
    }
  }
  first_run.push_back(runs.size());
  // 3. Each segment's runs appended to its stream (a segment to a task):
  //    the gap to the previous changed state, as a varint, then the value.
  const uint64_t count = segments_.size();
  layer_counts_.resize(layer_counts_.size() + count, 0);
  uint32_t* const counts = layer_counts_.data() + uint64_t{layers_} * count;
  const int workers = pool != nullptr ? pool->size() : 1;
  std::vector<uint64_t> added(workers, 0);
  const auto append = [&](int worker, uint64_t begin, uint64_t end) {
    for (uint64_t g = begin; g < end; ++g) {
      const uint64_t k = runs[first_run[g]].segment;
      auto& buffer = segments_[k].buffer;
      const size_t before = buffer.size();
      uint32_t previous = first_state_ + static_cast<uint32_t>(k << shift);
      for (uint64_t r = first_run[g]; r < first_run[g + 1]; ++r) {
        counts[k] += static_cast<uint32_t>(runs[r].changes.size());
        for (const StateChange& c : runs[r].changes) {
          uint32_t gap = c.state - previous;
          previous = c.state;
          while (gap >= 0x80) {
            buffer.push_back(static_cast<uint8_t>(gap | 0x80));
            gap >>= 7;
          }
          buffer.push_back(static_cast<uint8_t>(gap));
          buffer.push_back(static_cast<uint8_t>(c.value));
        }
      }
      added[worker] += buffer.size() - before;
    }
  };
  const uint64_t segments_changed = first_run.size() - 1;
  // A small layer stays on this thread: waking the pool would cost more.
  constexpr uint64_t kChangesToShare = uint64_t{1} << 14;
  if (workers > 1 && total >= kChangesToShare) {
    pool->ParallelFor(0, segments_changed, 1, append);
  } else {
    append(0, 0, segments_changed);
  }
  // 4. The totals, and the threshold checked again.
  changes_ += total;
  for (const uint64_t bytes : added) memory_bytes_ += bytes;
  ++layers_;
  if (spilling && memory_bytes_ >= options_.spill_bytes) return Spill();
  return absl::OkStatus();
}

absl::Status ChangeLog::Spill() {
  if (!file_.has_value()) {
    RETRO_ASSIGN_OR_RETURN(retro::internal::ScratchFile file,
                           retro::internal::ScratchFile::Create(options_.scratch_directory));
    file_.emplace(std::move(file));
  }
  for (Segment& segment : segments_) {
    if (segment.buffer.empty()) continue;
    const uint64_t offset = file_->size();
    RETRO_RETURN_IF_ERROR(file_->Append(segment.buffer));
    segment.spilled.push_back({offset, segment.buffer.size()});
    segment.buffer.clear();
  }
  memory_bytes_ = 0;
  return absl::OkStatus();
}

void ChangeLog::Clear() {
  std::vector<uint32_t>().swap(layer_counts_);
  for (Segment& segment : segments_) segment = Segment();
  layers_ = 0;
  changes_ = 0;
  memory_bytes_ = 0;
  file_.reset();
}

ChangeLog::Reader::Reader(const ChangeLog& log, uint64_t k)
    : log_(log), segment_(log.segments_[k]) {
  for (const Segment::Piece& piece : segment_.spilled) spilled_ += piece.size;
  total_ = spilled_ + segment_.buffer.size();
  if (spilled_ == 0) {
    // All in memory: read it in place.
    at_ = segment_.buffer.data();
    end_ = at_ + segment_.buffer.size();
    next_ = total_;
  }
}

absl::Status ChangeLog::Reader::Refill() {
  // Move the bytes not yet read to the front of the window, then read the
  // next part of the stream after them: from the spilled pieces, then from
  // memory.
  const uint64_t left = static_cast<uint64_t>(end_ - at_);
  const uint64_t want = std::min(kReadBytes, total_ - next_);
  // The window holds the whole stream when it is smaller than a read.
  if (window_.size() < left + want) window_.resize(std::min(kReadBytes, total_) + kMaxChangeBytes);
  if (left > 0) std::memmove(window_.data(), at_, left);
  uint8_t* out = window_.data() + left;
  uint64_t filled = 0;
  uint64_t piece_start = 0;  // stream offset of the piece
  for (const Segment::Piece& piece : segment_.spilled) {
    if (filled == want) break;
    const uint64_t from = next_ + filled;
    if (from < piece_start + piece.size) {
      const uint64_t n = std::min(want - filled, piece_start + piece.size - from);
      RETRO_RETURN_IF_ERROR(log_.file_->ReadAt(piece.offset + (from - piece_start),
                                               std::span<uint8_t>(out + filled, n)));
      filled += n;
    }
    piece_start += piece.size;
  }
  if (filled < want) {
    std::memcpy(out + filled, segment_.buffer.data() + (next_ + filled - spilled_), want - filled);
  }
  next_ += want;
  at_ = window_.data();
  end_ = at_ + left + want;
  return absl::OkStatus();
}

}  // namespace retro::solver
