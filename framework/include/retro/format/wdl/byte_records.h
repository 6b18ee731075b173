// The one-byte records of every slice of a database, whichever way the file
// stores them: raw (one byte a record, read in place from the mapped file)
// or block-compressed (retro/format/wdl/compressed_slice.h, read through a
// BlockCache). Lookups (at) branch on the layout, no virtual call; scans
// read the records a chunk at a time in index order (Chunk: in place, or one
// block decompressed into the caller's scratch), so that a pass over a
// compressed slice decompresses each block once.
#ifndef RETRO_FORMAT_WDL_BYTE_RECORDS_H_
#define RETRO_FORMAT_WDL_BYTE_RECORDS_H_

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "retro/format/wdl/block_cache.h"
#include "retro/format/wdl/compressed_slice.h"
#include "retro/progress.h"
#include "retro/thread_pool.h"

namespace retro {

// One scanning thread's buffer and decompression state for Chunk.
struct ChunkScratch {
  std::vector<uint8_t> bytes;
  BlockDecompressor decompressor;
};

class ByteRecords {
 public:
  // The records of a raw database: one span per slice, outliving the result
  // (a slice no lookup reaches may be empty).
  //   Thread safety: any thread. Cost: root only.
  explicit ByteRecords(std::vector<std::span<const uint8_t>> raw = {});
  // The records of a compressed database.
  //   Parameters: slices, checked views (their bytes outliving the result);
  //     unreadable, the byte a lookup in a block that fails to decompress
  //     returns (LookupStatus then reports the block); cache_bytes, the
  //     cache's capacity.
  //   Thread safety: any thread. Cost: root only.
  ByteRecords(std::vector<CompressedSlice> slices, uint8_t unreadable,
              uint64_t cache_bytes = kDefaultBlockCacheBytes);

  // Whether the records are compressed; the slices; the records of one.
  //   Returns: values; no errors. Thread safety: any number of threads at
  //   once. Cost: fit for every node.
  bool compressed() const { return compressed_ != nullptr; }
  int num_slices() const {
    return static_cast<int>(compressed_ != nullptr ? compressed_->slices.size() : raw_.size());
  }
  uint64_t size(int slice) const {
    return compressed_ != nullptr ? compressed_->slices[slice].raw_bytes() : raw_[slice].size();
  }

  // Record `index` of slice `slice`.
  //   Parameters: slice and index inside the records (unchecked).
  //   Returns: the byte (compressed: `unreadable` when its block fails to
  //     decompress; LookupStatus then says which). Errors: none.
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (raw: one byte read; compressed: a cache
  //     lookup, and on a miss one block decompressed).
  uint8_t at(int slice, uint64_t index) const {
    if (compressed_ == nullptr) return raw_[slice][index];
    return compressed_->cache.Byte(slice, index);
  }

  // OK, or the first block a lookup failed to decompress (DataLoss naming
  // the slice and the block). Raw records: always OK.
  //   Thread safety: any number of threads at once. Cost: fit for every
  //   node (raw: none; compressed: the cache's status, root only).
  absl::Status LookupStatus() const {
    return compressed_ != nullptr ? compressed_->cache.status() : absl::OkStatus();
  }

  // The records of a slice in place (raw records only, unchecked).
  //   Thread safety: any number of threads at once. Cost: fit for every node.
  std::span<const uint8_t> raw(int slice) const { return raw_[slice]; }

  // The chunks of a slice for scans: chunk k holds records
  // [k * ChunkRecords(slice), ...), the last one possibly fewer.
  //   Thread safety: any number of threads at once. Cost: fit for every node.
  uint64_t ChunkRecords(int slice) const;
  uint64_t NumChunks(int slice) const;
  // The records of one chunk.
  //   Parameters: slice; chunk, below NumChunks(slice) (unchecked);
  //     scratch, the calling thread's (compressed records are decompressed
  //     into it).
  //   Returns: the chunk's records, valid until scratch is used again.
  //   Errors: DataLoss naming the slice and block that fails to decompress.
  //   Thread safety: any number of threads at once, each with its scratch.
  //   Cost: root only (raw: none; compressed: one block decompressed).
  absl::StatusOr<std::span<const uint8_t>> Chunk(int slice, uint64_t chunk,
                                                 ChunkScratch& scratch) const;

  // Every record decompressed into memory: for files small enough to hold
  // whole (as read at open) and for passes that look records up all over
  // the slices (verify).
  //   Parameters: pool, the threads decompressing; progress, advanced by
  //     each chunk's records (null: none).
  //   Returns: raw records owning their bytes, shared by copies (raw
  //     records: a copy of these).
  //   Errors: DataLoss naming the first slice and block that fails.
  //   Thread safety: any thread. Cost: root only (every block once; the
  //     records' bytes of memory).
  absl::StatusOr<ByteRecords> Decompressed(ThreadPool& pool, Progress* progress) const;

  // The records' bytes, all slices together.
  //   Thread safety: any number of threads at once. Cost: root only.
  uint64_t TotalBytes() const;

 private:
  // The compressed slices and their cache, shared by copies.
  struct Compressed {
    Compressed(std::vector<CompressedSlice> s, uint64_t cache_bytes, uint8_t unreadable)
        : slices(std::move(s)), cache(slices, cache_bytes, unreadable) {}
    std::vector<CompressedSlice> slices;
    BlockCache cache;
  };

  std::vector<std::span<const uint8_t>> raw_;
  std::shared_ptr<const void> owned_;  // the bytes raw_ views, when the records own them
  std::shared_ptr<const Compressed> compressed_;
};

}  // namespace retro

#endif  // RETRO_FORMAT_WDL_BYTE_RECORDS_H_
