// The one-byte records of a database, raw or compressed
// (retro/format/wdl/byte_records.h).
#include "retro/format/wdl/byte_records.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <utility>
#include <vector>

#include "retro/internal/huge_pages.h"
#include "retro/status_macros.h"

namespace retro {
namespace {

// The records per chunk of a raw slice's scan.
constexpr uint64_t kRawChunkRecords = uint64_t{1} << 16;

}  // namespace

ByteRecords::ByteRecords(std::vector<std::span<const uint8_t>> raw) : raw_(std::move(raw)) {}

ByteRecords::ByteRecords(std::vector<CompressedSlice> slices, uint8_t unreadable,
                         uint64_t cache_bytes)
    : compressed_(std::make_shared<const Compressed>(std::move(slices), cache_bytes, unreadable)) {}

uint64_t ByteRecords::ChunkRecords(int slice) const {
  return compressed_ != nullptr ? compressed_->slices[slice].block_bytes() : kRawChunkRecords;
}

uint64_t ByteRecords::NumChunks(int slice) const {
  const uint64_t per = ChunkRecords(slice);
  return (size(slice) + per - 1) / per;
}

absl::StatusOr<std::span<const uint8_t>> ByteRecords::Chunk(int slice, uint64_t chunk,
                                                            ChunkScratch& scratch) const {
  if (compressed_ == nullptr) {
    const uint64_t begin = chunk * kRawChunkRecords;
    return raw_[slice].subspan(begin, std::min(kRawChunkRecords, raw_[slice].size() - begin));
  }
  const CompressedSlice& s = compressed_->slices[slice];
  const uint64_t bytes = s.RawBytesOf(chunk);
  if (scratch.bytes.size() < bytes) scratch.bytes.resize(s.block_bytes());
  RETRO_RETURN_IF_ERROR(s.Decompress(chunk, scratch.bytes.data(), scratch.decompressor));
  return std::span<const uint8_t>(scratch.bytes.data(), bytes);
}

absl::StatusOr<ByteRecords> ByteRecords::Decompressed(ThreadPool& pool,
                                                      Progress* progress) const {
  if (compressed_ == nullptr) return *this;
  const std::vector<CompressedSlice>& slices = compressed_->slices;
  // Probes read the records at random: huge pages where the system gives
  // them, as for a file read into memory.
  auto storage =
      std::make_shared<std::vector<retro::internal::HugePageVector<uint8_t>>>(slices.size());
  std::vector<std::span<const uint8_t>> views;
  std::mutex mutex;
  absl::Status failure;
  std::atomic<bool> failed{false};
  std::vector<BlockDecompressor> decompressors(pool.size());
  for (size_t s = 0; s < slices.size(); ++s) {
    retro::internal::HugePageVector<uint8_t>& bytes = (*storage)[s];
    bytes.resize(slices[s].raw_bytes());
    views.emplace_back(bytes);
    pool.ParallelFor(0, slices[s].block_count(), 1, [&](int worker, uint64_t begin, uint64_t end) {
      BlockDecompressor& decompressor = decompressors[worker];
      for (uint64_t block = begin; block < end && !failed.load(); ++block) {
        absl::Status status = slices[s].Decompress(
            block, bytes.data() + (block << slices[s].block_shift()), decompressor);
        if (!status.ok()) {
          std::lock_guard<std::mutex> lock(mutex);
          if (failure.ok()) failure = std::move(status);
          failed.store(true);
          return;
        }
        if (progress != nullptr) progress->Advance(slices[s].RawBytesOf(block));
      }
    });
    if (failed.load()) return failure;
  }
  ByteRecords raw(std::move(views));
  raw.owned_ = std::move(storage);
  return raw;
}

uint64_t ByteRecords::TotalBytes() const {
  uint64_t total = 0;
  for (int s = 0; s < num_slices(); ++s) total += size(s);
  return total;
}

}  // namespace retro
