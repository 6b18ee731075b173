// Reading block-compressed slices (retro/format/wdl/compressed_slice.h) with
// zstd.
#include "retro/format/wdl/compressed_slice.h"

#include <zstd.h>

#include <bit>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"

namespace retro {
namespace {

uint64_t LoadLe(const uint8_t* at, int width) {
  uint64_t value = 0;
  for (int i = 0; i < width; ++i) value |= uint64_t{at[i]} << (8 * i);
  return value;
}

}  // namespace

struct BlockDecompressor::State {
  State() : context(ZSTD_createDCtx()) {}
  ~State() { ZSTD_freeDCtx(context); }
  State(const State&) = delete;
  State& operator=(const State&) = delete;
  ZSTD_DCtx* context;
};

BlockDecompressor::BlockDecompressor() : state_(std::make_unique<State>()) {}
BlockDecompressor::~BlockDecompressor() = default;
BlockDecompressor::BlockDecompressor(BlockDecompressor&&) noexcept = default;
BlockDecompressor& BlockDecompressor::operator=(BlockDecompressor&&) noexcept = default;

absl::StatusOr<CompressedSlice> CompressedSlice::Open(std::string name,
                                                      std::span<const uint8_t> bytes) {
  CompressedSlice slice;
  slice.name_ = std::move(name);
  const auto error = [&slice](const auto&... problem) {
    return absl::DataLossError(absl::StrCat("compressed slice '", slice.name_, "': ", problem...));
  };
  // 1. The header: magic, block size, raw size.
  if (bytes.size() < kCompressedSliceHeaderBytes) {
    return error("has ", bytes.size(), " bytes, fewer than the ", kCompressedSliceHeaderBytes,
                 " of its header");
  }
  if (std::memcmp(bytes.data(), kCompressedSliceMagic, sizeof kCompressedSliceMagic) != 0) {
    return error("does not begin with the magic 'RZB1' of a block-compressed slice");
  }
  slice.block_bytes_ = static_cast<uint32_t>(LoadLe(bytes.data() + 4, 4));
  slice.raw_bytes_ = LoadLe(bytes.data() + 8, 8);
  if (!std::has_single_bit(slice.block_bytes_) || slice.block_bytes_ < kMinCompressedBlockBytes ||
      slice.block_bytes_ > kMaxCompressedBlockBytes) {
    return error("block size ", slice.block_bytes_, " is not a power of two from ",
                 kMinCompressedBlockBytes, " to ", kMaxCompressedBlockBytes);
  }
  slice.block_shift_ = std::countr_zero(slice.block_bytes_);
  slice.block_count_ = (slice.raw_bytes_ >> slice.block_shift_) +
                       ((slice.raw_bytes_ & (slice.block_bytes_ - 1)) != 0 ? 1 : 0);
  // 2. The block table: block_count + 1 offsets, each within the slice.
  const uint64_t table_room = (bytes.size() - kCompressedSliceHeaderBytes) / 8;
  if (slice.block_count_ >= table_room) {
    return error("has ", bytes.size(), " bytes, too few for the table of ", slice.block_count_,
                 " blocks of ", slice.block_bytes_, " bytes that its ", slice.raw_bytes_,
                 " bytes need");
  }
  slice.bytes_ = bytes;
  const uint64_t data_begin = kCompressedSliceHeaderBytes + 8 * (slice.block_count_ + 1);
  if (slice.Offset(0) != data_begin) {
    return error("block table: block 0 begins at ", slice.Offset(0),
                 ", not right after the table at ", data_begin);
  }
  for (uint64_t block = 0; block < slice.block_count_; ++block) {
    const uint64_t begin = slice.Offset(block), end = slice.Offset(block + 1);
    if (end <= begin || end > bytes.size()) {
      return error("block table: block ", block, " of ", slice.block_count_, " would span bytes ",
                   begin, " to ", end, " of the slice's ", bytes.size(),
                   " (blocks are non-empty, in order, inside the slice)");
    }
  }
  if (slice.Offset(slice.block_count_) != bytes.size()) {
    return error("block table: the last block ends at ", slice.Offset(slice.block_count_),
                 ", not at the slice's end, ", bytes.size());
  }
  return slice;
}

uint64_t CompressedSlice::Offset(uint64_t block) const {
  return LoadLe(bytes_.data() + kCompressedSliceHeaderBytes + 8 * block, 8);
}

absl::Status CompressedSlice::Decompress(uint64_t block, uint8_t* out,
                                         BlockDecompressor& decompressor) const {
  const uint64_t begin = Offset(block), end = Offset(block + 1);
  const uint64_t expected = RawBytesOf(block);
  const size_t got = ZSTD_decompressDCtx(decompressor.state_->context, out, expected,
                                         bytes_.data() + begin, end - begin);
  const auto refuse = [&](const auto&... problem) {
    return absl::DataLossError(absl::StrCat("compressed slice '", name_, "': block ", block, " of ",
                                            block_count_, problem...));
  };
  if (ZSTD_isError(got)) return refuse(" is damaged (zstd: ", ZSTD_getErrorName(got), ")");
  if (got != expected) return refuse(" decompresses to ", got, " bytes, not ", expected);
  return absl::OkStatus();
}

}  // namespace retro
