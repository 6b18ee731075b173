// A bounded, thread-safe cache of decompressed blocks of block-compressed
// slices (retro/format/wdl/compressed_slice.h), for readers that look records up
// one at a time: a lookup decompresses its block on first touch and reads
// the cached copy afterwards. The cache is cut into shards, each a small
// least-recently-used set of blocks behind its own mutex, so that threads
// looking up different blocks rarely wait for each other.
#ifndef RETRO_FORMAT_WDL_BLOCK_CACHE_H_
#define RETRO_FORMAT_WDL_BLOCK_CACHE_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include "absl/status/status.h"
#include "retro/format/wdl/compressed_slice.h"

namespace retro {

// What a BlockCache holds unless told otherwise: 8 MiB of blocks (128 of
// 64 KiB), a few per shard.
inline constexpr uint64_t kDefaultBlockCacheBytes = uint64_t{8} << 20;

class BlockCache {
 public:
  // A cache of the blocks of `slices`.
  //   Parameters: slices, outliving the cache; capacity_bytes, the bytes of
  //     blocks held at most (at least one block per shard is kept);
  //     unreadable, the byte Byte returns for a block that fails to
  //     decompress.
  //   Thread safety: any thread. Cost: root only (allocates no block yet).
  BlockCache(std::span<const CompressedSlice> slices, uint64_t capacity_bytes,
             uint8_t unreadable);
  BlockCache(const BlockCache&) = delete;
  BlockCache& operator=(const BlockCache&) = delete;

  // Record `index` of slice `slice`.
  //   Parameters: slice and index, inside the slices (unchecked).
  //   Returns: the byte; `unreadable` when its block fails to decompress,
  //     which status() then reports.
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (a lock and a search of a few blocks; on a
  //     miss, one block decompressed).
  uint8_t Byte(int slice, uint64_t index) const {
    const CompressedSlice& s = slices_[slice];
    const uint64_t block = index >> s.block_shift();
    const uint64_t key = (static_cast<uint64_t>(slice) << 48) | block;
    Shard& shard = shards_[(key * 0x9E3779B97F4A7C15ull) >> (64 - kShardBits)];
    const uint64_t offset = index & (s.block_bytes() - 1);
    std::lock_guard<std::mutex> lock(shard.mutex);
    for (Entry& entry : shard.entries) {
      if (entry.key == key) {
        entry.last_use = ++shard.clock;
        return entry.bytes[offset];
      }
    }
    return Fill(shard, slice, block, key, offset);
  }

  // OK, or the first block that failed to decompress (DataLoss naming the
  // slice and the block).
  //   Thread safety: any number of threads at once. Cost: fit for every
  //   node while OK (one atomic load); root only after a failure.
  absl::Status status() const;

 private:
  static constexpr int kShardBits = 4;
  static constexpr uint64_t kNoKey = ~uint64_t{0};
  struct Entry {
    uint64_t key = kNoKey;
    uint64_t last_use = 0;
    std::unique_ptr<uint8_t[]> bytes;
  };
  struct alignas(64) Shard {
    std::mutex mutex;
    std::vector<Entry> entries;
    uint64_t clock = 0;
    BlockDecompressor decompressor;
  };

  // A miss: decompresses `block` into the shard's least recently used
  // entry (shard.mutex held) and returns its byte at `offset`.
  uint8_t Fill(Shard& shard, int slice, uint64_t block, uint64_t key, uint64_t offset) const;

  std::span<const CompressedSlice> slices_;
  uint8_t unreadable_;
  uint64_t largest_block_ = kMinCompressedBlockBytes;  // the bytes of each entry
  std::unique_ptr<Shard[]> shards_;
  mutable std::atomic<bool> failed_{false};  // set once status_ holds a failure
  mutable std::mutex status_mutex_;
  mutable absl::Status status_;
};

}  // namespace retro

#endif  // RETRO_FORMAT_WDL_BLOCK_CACHE_H_
