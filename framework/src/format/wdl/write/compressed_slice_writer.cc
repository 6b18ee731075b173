// Writing block-compressed slices (retro/format/wdl/write/compressed_slice_writer.h)
// with zstd.
#include "retro/format/wdl/write/compressed_slice_writer.h"

#include <zstd.h>

#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>

#include "absl/strings/str_cat.h"

#include "retro/format/wdl/compressed_slice.h"

namespace retro {
namespace {

void StoreLe(uint8_t* at, int width, uint64_t value) {
  for (int i = 0; i < width; ++i) at[i] = static_cast<uint8_t>(value >> (8 * i));
}

// One worker's zstd compression state, set up for blocks: the level, a
// checksum of each block's content (so that a damaged block is refused, not
// misread), its size in the frame, no dictionary id.
struct Compressor {
  explicit Compressor(int level) : context(ZSTD_createCCtx()) {
    ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, level);
    ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1);
    ZSTD_CCtx_setParameter(context, ZSTD_c_contentSizeFlag, 1);
    ZSTD_CCtx_setParameter(context, ZSTD_c_dictIDFlag, 0);
  }
  ~Compressor() { ZSTD_freeCCtx(context); }
  Compressor(const Compressor&) = delete;
  Compressor& operator=(const Compressor&) = delete;
  ZSTD_CCtx* context;
};

}  // namespace

absl::StatusOr<std::vector<uint8_t>> CompressSlice(std::span<const uint8_t> raw,
                                                   ThreadPool& pool, Progress* progress,
                                                   uint32_t block_bytes, int level) {
  // 1. Every block on its own, in parallel (each worker its context).
  const uint64_t blocks = (raw.size() + block_bytes - 1) / block_bytes;
  std::vector<std::vector<uint8_t>> compressed(blocks);
  std::vector<std::unique_ptr<Compressor>> compressors(pool.size());
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::string failure;
  pool.ParallelFor(0, blocks, 1, [&](int worker, uint64_t begin, uint64_t end) {
    if (compressors[worker] == nullptr) compressors[worker] = std::make_unique<Compressor>(level);
    for (uint64_t block = begin; block < end && !failed.load(); ++block) {
      const uint64_t at = block * block_bytes;
      const size_t length = std::min<uint64_t>(block_bytes, raw.size() - at);
      std::vector<uint8_t>& out = compressed[block];
      out.resize(ZSTD_compressBound(length));
      const size_t size = ZSTD_compress2(compressors[worker]->context, out.data(), out.size(),
                                         raw.data() + at, length);
      if (ZSTD_isError(size)) {
        std::lock_guard<std::mutex> lock(mutex);
        failure = absl::StrCat("zstd could not compress block ", block, ": ",
                               ZSTD_getErrorName(size));
        failed.store(true);
        return;
      }
      out.resize(size);
      if (progress != nullptr) progress->Advance(length);
    }
  });
  if (failed.load()) return absl::InternalError(failure);
  // 2. Header, block table, blocks.
  uint64_t total = kCompressedSliceHeaderBytes + 8 * (blocks + 1);
  std::vector<uint8_t> slice(total);
  std::memcpy(slice.data(), kCompressedSliceMagic, sizeof kCompressedSliceMagic);
  StoreLe(slice.data() + 4, 4, block_bytes);
  StoreLe(slice.data() + 8, 8, raw.size());
  for (uint64_t block = 0; block <= blocks; ++block) {
    StoreLe(slice.data() + kCompressedSliceHeaderBytes + 8 * block, 8, total);
    if (block < blocks) total += compressed[block].size();
  }
  slice.reserve(total);
  for (std::vector<uint8_t>& block : compressed) {
    slice.insert(slice.end(), block.begin(), block.end());
    std::vector<uint8_t>().swap(block);
  }
  return slice;
}

}  // namespace retro
