// ChangeLog: the compact, spillable log of a finite-horizon slice's changes
// (see retro/solver/change_log.h).
#include "retro/solver/change_log.h"

#include <cstring>

#include "absl/strings/str_cat.h"

namespace retro::solver {
namespace {

// Bytes read from the scratch file at a time.
constexpr uint64_t kReadBytes = uint64_t{8} << 20;

}  // namespace

absl::Status ChangeLog::AppendLayer(std::span<const std::vector<StateChange>> parts) {
  std::vector<std::span<const StateChange>> spans(parts.begin(), parts.end());
  return AppendLayer(std::span<const std::span<const StateChange>>(spans));
}

absl::Status ChangeLog::AppendLayer(std::span<const std::span<const StateChange>> parts) {
  const bool spilling = !options_.scratch_directory.empty();
  // Spilling, the buffer stays within a part of the threshold (a layer may
  // be far larger: it is spilled part by part).
  if (spilling && buffer_.capacity() == 0 && options_.spill_bytes <= (uint64_t{1} << 30)) {
    buffer_.reserve(options_.spill_bytes + (1 << 20));
  }
  uint64_t count = 0;
  uint32_t previous = first_state_;
  for (const std::span<const StateChange> changes : parts) {
    if (spilling && buffer_.size() >= options_.spill_bytes) {
      if (absl::Status s = Spill(); !s.ok()) return s;
    }
    count += changes.size();
    for (const StateChange& c : changes) {
      uint32_t gap = c.state - previous;
      previous = c.state;
      while (gap >= 0x80) {
        buffer_.push_back(static_cast<uint8_t>(gap | 0x80));
        gap >>= 7;
      }
      buffer_.push_back(static_cast<uint8_t>(gap));
      buffer_.push_back(static_cast<uint8_t>(c.value));
    }
  }
  layer_changes_.push_back(count);
  changes_ += count;
  if (spilling && buffer_.size() >= options_.spill_bytes) return Spill();
  return absl::OkStatus();
}

absl::Status ChangeLog::Spill() {
  if (!file_.has_value()) {
    absl::StatusOr<retro::internal::ScratchFile> file =
        retro::internal::ScratchFile::Create(options_.scratch_directory);
    if (!file.ok()) return file.status();
    file_.emplace(std::move(*file));
  }
  if (absl::Status s = file_->Append(buffer_); !s.ok()) return s;
  buffer_.clear();
  return absl::OkStatus();
}

void ChangeLog::Clear() {
  layer_changes_.clear();
  layer_changes_.shrink_to_fit();
  changes_ = 0;
  std::vector<uint8_t>().swap(buffer_);
  file_.reset();
}

ChangeLog::Reader::Reader(const ChangeLog& log) : log_(log) {
  const uint64_t spilled = log.spilled_bytes();
  total_ = spilled + log.buffer_.size();
  if (spilled == 0) {
    // All in memory: read it in place.
    at_ = log.buffer_.data();
    end_ = at_ + log.buffer_.size();
    next_ = total_;
  }
}

absl::Status ChangeLog::Reader::Refill() {
  // Move the bytes not yet read to the front of the window, then read the
  // next part of the stream after them.
  const uint64_t left = static_cast<uint64_t>(end_ - at_);
  const uint64_t want = std::min(kReadBytes, total_ - next_);
  if (window_.size() < left + want) window_.resize(kReadBytes + kMaxChangeBytes);
  if (left > 0) std::memmove(window_.data(), at_, left);
  const uint64_t spilled = log_.spilled_bytes();
  uint64_t filled = 0;
  if (next_ < spilled) {
    const uint64_t from_file = std::min(want, spilled - next_);
    if (absl::Status s = log_.file_->ReadAt(
            next_, std::span<uint8_t>(window_.data() + left, from_file));
        !s.ok()) {
      return s;
    }
    filled = from_file;
  }
  if (filled < want) {
    std::memcpy(window_.data() + left + filled,
                log_.buffer_.data() + (next_ + filled - spilled), want - filled);
  }
  next_ += want;
  at_ = window_.data();
  end_ = at_ + left + want;
  return absl::OkStatus();
}

}  // namespace retro::solver
