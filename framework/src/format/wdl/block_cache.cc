// The cache of decompressed blocks (retro/format/wdl/block_cache.h).
#include "retro/format/wdl/block_cache.h"

#include <algorithm>

namespace retro {

BlockCache::BlockCache(std::span<const CompressedSlice> slices, uint64_t capacity_bytes,
                       uint8_t unreadable)
    : slices_(slices), unreadable_(unreadable), shards_(new Shard[uint64_t{1} << kShardBits]) {
  for (const CompressedSlice& slice : slices) {
    largest_block_ = std::max<uint64_t>(largest_block_, slice.block_bytes());
  }
  const uint64_t per_shard =
      std::max<uint64_t>(1, capacity_bytes / largest_block_ >> kShardBits);
  for (uint64_t s = 0; s < (uint64_t{1} << kShardBits); ++s) shards_[s].entries.resize(per_shard);
}

uint8_t BlockCache::Fill(Shard& shard, int slice, uint64_t block, uint64_t key,
                         uint64_t offset) const {
  // 1. The victim: an empty entry, else the least recently used.
  Entry* victim = &shard.entries[0];
  for (Entry& entry : shard.entries) {
    if (entry.last_use < victim->last_use) victim = &entry;
  }
  const CompressedSlice& s = slices_[slice];
  if (victim->bytes == nullptr) victim->bytes.reset(new uint8_t[largest_block_]);
  // 2. The block; a failure leaves the entry empty and is reported.
  victim->key = kNoKey;
  victim->last_use = 0;
  if (const absl::Status status = s.Decompress(block, victim->bytes.get(), shard.decompressor);
      !status.ok()) {
    std::lock_guard<std::mutex> lock(status_mutex_);
    if (status_.ok()) status_ = status;
    failed_.store(true, std::memory_order_release);
    return unreadable_;
  }
  victim->key = key;
  victim->last_use = ++shard.clock;
  return victim->bytes[offset];
}

absl::Status BlockCache::status() const {
  if (!failed_.load(std::memory_order_acquire)) return absl::OkStatus();
  std::lock_guard<std::mutex> lock(status_mutex_);
  return status_;
}

}  // namespace retro
