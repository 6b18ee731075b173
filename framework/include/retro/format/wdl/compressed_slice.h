// Block-compressed slices: a slice's bytes cut into blocks of a fixed size,
// each compressed on its own with zstd, behind a table of block offsets, so
// that reading one record decompresses only its block. The byte layout is
// in docs/file-format.md ("Block-compressed slices"); the writer is
// retro/format/wdl/write/compressed_slice_writer.h. CompressedSlice checks a slice's
// header and block table and decompresses one block at a time into the
// caller's buffer; BlockDecompressor is one thread's decompression state.
// Includes no zstd header: the library is the framework's own dependency.
#ifndef RETRO_FORMAT_WDL_COMPRESSED_SLICE_H_
#define RETRO_FORMAT_WDL_COMPRESSED_SLICE_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace retro {

// The first four bytes of every block-compressed slice.
inline constexpr char kCompressedSliceMagic[4] = {'R', 'Z', 'B', '1'};
// Bytes before the block table: magic, block size (u32), raw size (u64).
inline constexpr uint64_t kCompressedSliceHeaderBytes = 16;
// The block sizes a reader accepts: powers of two in this range (a reader
// holds a few blocks per thread, so the largest bounds its memory).
inline constexpr uint32_t kMinCompressedBlockBytes = uint32_t{1} << 12;
inline constexpr uint32_t kMaxCompressedBlockBytes = uint32_t{1} << 20;

// One thread's zstd decompression state (a ZSTD_DCtx): reused across
// blocks, never shared by two threads at once.
class BlockDecompressor {
 public:
  BlockDecompressor();
  ~BlockDecompressor();
  BlockDecompressor(BlockDecompressor&&) noexcept;
  BlockDecompressor& operator=(BlockDecompressor&&) noexcept;

 private:
  friend class CompressedSlice;
  struct State;
  std::unique_ptr<State> state_;
};

// A checked view of one block-compressed slice of a database file.
class CompressedSlice {
 public:
  // Checks the header and the block table of `bytes` (not the blocks).
  //   Parameters: name, the slice's, for messages; bytes, the slice,
  //     outliving the result.
  //   Returns: the view.
  //   Errors: DataLoss naming the slice and what is wrong: too short for
  //     its header or table, another magic, a block size that is no power
  //     of two in [4 KiB, 1 MiB], or a block offset out of order or out of
  //     the slice.
  //   Thread safety: any thread. Cost: root only (reads the block table).
  static absl::StatusOr<CompressedSlice> Open(std::string name, std::span<const uint8_t> bytes);

  // The slice's name, its size once decompressed, the bytes per block (the
  // last block may hold fewer) and the number of blocks.
  //   Returns: values of the header; no errors.
  //   Thread safety: any number of threads at once. Cost: fit for every node.
  const std::string& name() const { return name_; }
  uint64_t raw_bytes() const { return raw_bytes_; }
  uint32_t block_bytes() const { return block_bytes_; }
  int block_shift() const { return block_shift_; }
  uint64_t block_count() const { return block_count_; }
  // The decompressed bytes of `block` (below block_count(), unchecked).
  uint64_t RawBytesOf(uint64_t block) const {
    const uint64_t begin = block << block_shift_;
    return raw_bytes_ - begin < block_bytes_ ? raw_bytes_ - begin : block_bytes_;
  }

  // Decompresses one block.
  //   Parameters: block, below block_count() (unchecked); out, at least
  //     RawBytesOf(block) bytes; decompressor, the calling thread's.
  //   Returns: OK, out holding the block's bytes.
  //   Errors: DataLoss naming the slice and the block when zstd refuses
  //     the block (corrupt data, checksum mismatch) or it decompresses to
  //     another size.
  //   Thread safety: any number of threads at once, each with its own
  //     decompressor. Cost: root only (decompresses up to 1 MiB).
  absl::Status Decompress(uint64_t block, uint8_t* out, BlockDecompressor& decompressor) const;

 private:
  CompressedSlice() = default;
  // The offset, from the slice's start, where `block` begins (block ==
  // block_count(): the slice's size).
  uint64_t Offset(uint64_t block) const;

  std::string name_;
  std::span<const uint8_t> bytes_;
  uint64_t raw_bytes_ = 0;
  uint32_t block_bytes_ = 0;
  int block_shift_ = 0;
  uint64_t block_count_ = 0;
};

}  // namespace retro

#endif  // RETRO_FORMAT_WDL_COMPRESSED_SLICE_H_
