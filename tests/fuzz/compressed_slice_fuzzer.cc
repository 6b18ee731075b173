// Fuzz target: the block-compressed slice decoder (retro/format/
// compressed_slice.h) on its own, without a database container around it.
// The first input byte chooses what the rest is:
//   even: a compressed slice as a file holds it. CompressedSlice::Open must
//     refuse it or accept it, and an accepted slice's blocks (the first
//     few and the last) must each decompress to exactly their size or be
//     refused, never read or write out of bounds.
//   odd: raw bytes, compressed with CompressSlice (the block size chosen
//     by the byte: 4 KiB to 32 KiB) and decompressed again: every block
//     must give back the bytes that went in.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "retro/format/wdl/compressed_slice.h"
#include "retro/format/wdl/write/compressed_slice_writer.h"
#include "retro/thread_pool.h"

namespace {

// The blocks of `slice` checked: the first 16 and the last (a crafted
// table may claim millions of them).
std::vector<uint64_t> BlocksToRead(const retro::CompressedSlice& slice) {
  std::vector<uint64_t> blocks;
  for (uint64_t b = 0; b < std::min<uint64_t>(16, slice.block_count()); ++b) blocks.push_back(b);
  if (slice.block_count() > 16) blocks.push_back(slice.block_count() - 1);
  return blocks;
}

void DecodeCrafted(std::span<const uint8_t> bytes) {
  // A copy of exactly the input's size, so that a read past it is caught.
  const std::vector<uint8_t> copy(bytes.begin(), bytes.end());
  absl::StatusOr<retro::CompressedSlice> slice = retro::CompressedSlice::Open("fuzz", copy);
  if (!slice.ok()) return;
  const uint64_t block_bytes = slice->block_bytes();
  if (block_bytes < retro::kMinCompressedBlockBytes ||
      block_bytes > retro::kMaxCompressedBlockBytes || (block_bytes & (block_bytes - 1)) != 0 ||
      (uint64_t{1} << slice->block_shift()) != block_bytes) {
    __builtin_trap();  // Open accepted a block size it documents as refused
  }
  if (slice->block_count() != (slice->raw_bytes() + block_bytes - 1) / block_bytes) {
    __builtin_trap();  // the table does not cover the raw size
  }
  retro::BlockDecompressor decompressor;
  for (const uint64_t block : BlocksToRead(*slice)) {
    std::vector<uint8_t> out(slice->RawBytesOf(block));
    (void)slice->Decompress(block, out.data(), decompressor);
  }
}

void RoundTrip(uint8_t choice, std::span<const uint8_t> raw) {
  static retro::ThreadPool pool(1);
  const uint32_t block_bytes = retro::kMinCompressedBlockBytes << ((choice >> 1) % 4);
  absl::StatusOr<std::vector<uint8_t>> compressed =
      retro::CompressSlice(raw, pool, nullptr, block_bytes, 1);
  if (!compressed.ok()) __builtin_trap();
  absl::StatusOr<retro::CompressedSlice> slice = retro::CompressedSlice::Open("fuzz", *compressed);
  if (!slice.ok() || slice->raw_bytes() != raw.size() || slice->block_bytes() != block_bytes) {
    __builtin_trap();
  }
  retro::BlockDecompressor decompressor;
  for (uint64_t block = 0; block < slice->block_count(); ++block) {
    std::vector<uint8_t> out(slice->RawBytesOf(block));
    if (!slice->Decompress(block, out.data(), decompressor).ok()) __builtin_trap();
    const uint64_t begin = block * block_bytes;
    if (!std::equal(out.begin(), out.end(), raw.begin() + static_cast<ptrdiff_t>(begin))) {
      __builtin_trap();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::span<const uint8_t> rest(data + 1, size - 1);
  if ((data[0] & 1) == 0) {
    DecodeCrafted(rest);
  } else {
    RoundTrip(data[0], rest);
  }
  return 0;
}
