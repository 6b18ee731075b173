// The writing side of block-compressed slices (reader and layout in
// retro/format/wdl/compressed_slice.h): CompressSlice cuts a slice's bytes into
// blocks and compresses each on its own with zstd, in parallel.
#ifndef RETRO_FORMAT_WDL_WRITE_COMPRESSED_SLICE_WRITER_H_
#define RETRO_FORMAT_WDL_WRITE_COMPRESSED_SLICE_WRITER_H_

#include <cstdint>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "retro/progress.h"
#include "retro/thread_pool.h"

namespace retro {

// What CompressSlice writes unless told otherwise. 64 KiB blocks at zstd
// level 9 (docs/benchmarks.md, "Compressed slices", has the sizes and the
// solves): Surakarta tables shrink to 7 to 9 % of their
// bytes (16 KiB blocks: 8 to 10 %), and level 19 compresses more than ten
// times slower for 1 to 2 points less.
inline constexpr uint32_t kDefaultCompressedBlockBytes = uint32_t{1} << 16;
inline constexpr int kDefaultCompressionLevel = 9;

// The bytes of the block-compressed slice holding `raw`.
//   Parameters: raw, the slice's bytes; pool, the threads compressing
//     blocks; progress, advanced by each block's raw bytes (null: none);
//     block_bytes, a power of two in [kMinCompressedBlockBytes,
//     kMaxCompressedBlockBytes] (unchecked); level, zstd's (1..22).
//   Returns: the slice (header, block table, blocks), the same bytes for
//     the same input with the same zstd release.
//   Errors: Internal when zstd fails (out of memory: its output buffer is
//     always large enough).
//   Thread safety: any thread (uses `pool`). Cost: root only.
absl::StatusOr<std::vector<uint8_t>> CompressSlice(
    std::span<const uint8_t> raw, ThreadPool& pool, Progress* progress = nullptr,
    uint32_t block_bytes = kDefaultCompressedBlockBytes, int level = kDefaultCompressionLevel);

}  // namespace retro

#endif  // RETRO_FORMAT_WDL_WRITE_COMPRESSED_SLICE_WRITER_H_
