// Block-compressed slices (retro/format/wdl/compressed_slice.h, the writer
// retro/format/wdl/write/compressed_slice_writer.h, the cache and ByteRecords): every
// byte read back, by lookup on one and two threads with a cache small
// enough to evict, by chunk and decompressed whole, equals the input; a
// damaged header, block table or block is refused, naming the slice and the
// block, never misread.
#include <cstdint>
#include <cstring>
#include <random>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/format/wdl/byte_records.h"
#include "retro/format/wdl/compressed_slice.h"
#include "retro/format/wdl/write/compressed_slice_writer.h"

namespace retro {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

// Bytes like a table's: runs of a few values with some noise.
std::vector<uint8_t> TableLike(uint64_t size, uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<uint8_t> bytes(size);
  uint8_t value = 0;
  for (uint64_t i = 0; i < size; ++i) {
    if (random() % 64 == 0) value = static_cast<uint8_t>(random() % 20);
    bytes[i] = random() % 16 == 0 ? static_cast<uint8_t>(random()) : value;
  }
  return bytes;
}

std::vector<uint8_t> Compress(const std::vector<uint8_t>& raw, uint32_t block_bytes) {
  ThreadPool pool(2);
  absl::StatusOr<std::vector<uint8_t>> slice = CompressSlice(raw, pool, nullptr, block_bytes, 3);
  EXPECT_TRUE(slice.ok()) << slice.status();
  return slice.ok() ? *slice : std::vector<uint8_t>{};
}

uint64_t LoadU64(const std::vector<uint8_t>& bytes, size_t at) {
  uint64_t value;
  std::memcpy(&value, bytes.data() + at, 8);
  return value;
}
void StoreU64(std::vector<uint8_t>& bytes, size_t at, uint64_t value) {
  std::memcpy(bytes.data() + at, &value, 8);
}

TEST(CompressedSliceTest, EverySizeReadsBackByChunkAndWhole) {
  for (const uint32_t block : {uint32_t{4096}, uint32_t{65536}}) {
    for (const uint64_t size : {uint64_t{0}, uint64_t{1}, uint64_t{block} - 1, uint64_t{block},
                                uint64_t{block} + 1, uint64_t{5} * block + 77}) {
      SCOPED_TRACE(testing::Message() << "block " << block << ", size " << size);
      const std::vector<uint8_t> raw = TableLike(size, size + block);
      const std::vector<uint8_t> bytes = Compress(raw, block);
      // The header, by hand: magic, block size, raw size, table.
      ASSERT_GE(bytes.size(), 24u);
      EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 4), "RZB1");
      uint32_t block_bytes;
      std::memcpy(&block_bytes, bytes.data() + 4, 4);
      EXPECT_EQ(block_bytes, block);
      EXPECT_EQ(LoadU64(bytes, 8), size);
      const uint64_t blocks = (size + block - 1) / block;
      EXPECT_EQ(LoadU64(bytes, 16), 16 + 8 * (blocks + 1));
      EXPECT_EQ(LoadU64(bytes, 16 + 8 * blocks), bytes.size());

      absl::StatusOr<CompressedSlice> slice = CompressedSlice::Open("s", bytes);
      ASSERT_TRUE(slice.ok()) << slice.status();
      EXPECT_EQ(slice->block_count(), blocks);
      const ByteRecords records({*slice}, 255);
      ChunkScratch scratch;
      std::vector<uint8_t> scanned;
      for (uint64_t chunk = 0; chunk < records.NumChunks(0); ++chunk) {
        absl::StatusOr<std::span<const uint8_t>> part = records.Chunk(0, chunk, scratch);
        ASSERT_TRUE(part.ok()) << part.status();
        scanned.insert(scanned.end(), part->begin(), part->end());
      }
      EXPECT_EQ(scanned, raw);
      EXPECT_EQ(records.TotalBytes(), raw.size());
      ThreadPool pool(2);
      absl::StatusOr<ByteRecords> whole = records.Decompressed(pool, nullptr);
      ASSERT_TRUE(whole.ok()) << whole.status();
      EXPECT_FALSE(whole->compressed());
      const ByteRecords copy = *whole;  // shares the bytes
      whole = absl::UnknownError("dropped");
      const std::span<const uint8_t> held = copy.raw(0);
      EXPECT_EQ(std::vector<uint8_t>(held.begin(), held.end()), raw);
    }
  }
}

// Lookups in random order through a cache of a few blocks, on one and on
// two threads at once.
TEST(CompressedSliceTest, LookupsThroughASmallCacheOnOneAndTwoThreads) {
  const std::vector<uint8_t> first = TableLike(300'000, 1), second = TableLike(70'000, 2);
  const std::vector<uint8_t> a = Compress(first, 4096), b = Compress(second, 4096);
  absl::StatusOr<CompressedSlice> sa = CompressedSlice::Open("a", a);
  absl::StatusOr<CompressedSlice> sb = CompressedSlice::Open("b", b);
  ASSERT_TRUE(sa.ok() && sb.ok());
  // 16 shards of one 4 KiB block: far fewer than the 91 blocks.
  const ByteRecords records({*sa, *sb}, 255, 16 * 4096);
  for (const int threads : {1, 2}) {
    SCOPED_TRACE(threads);
    std::vector<int> mismatches(threads, 0);
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
      workers.emplace_back([&, t] {
        std::mt19937_64 random(t + 10);
        for (int k = 0; k < 60'000; ++k) {
          const int slice = random() % 4 == 0 ? 1 : 0;
          const std::vector<uint8_t>& raw = slice == 0 ? first : second;
          const uint64_t index = random() % raw.size();
          if (records.at(slice, index) != raw[index]) ++mismatches[t];
        }
      });
    }
    for (std::thread& worker : workers) worker.join();
    for (int t = 0; t < threads; ++t) EXPECT_EQ(mismatches[t], 0);
  }
  EXPECT_TRUE(records.LookupStatus().ok());
}

TEST(CompressedSliceTest, RefusesDamagedHeadersAndBlockTables) {
  const std::vector<uint8_t> good = Compress(TableLike(20'000, 3), 4096);  // 5 blocks
  const auto refused = [](const std::vector<uint8_t>& bytes) {
    return CompressedSlice::Open("pieces-4", bytes).status();
  };
  ASSERT_TRUE(refused(good).ok());
  {
    std::vector<uint8_t> bytes = good;
    bytes[0] = 'X';
    EXPECT_THAT(refused(bytes).message(), AllOf(HasSubstr("'pieces-4'"), HasSubstr("magic")));
  }
  for (const uint32_t block : {uint32_t{0}, uint32_t{4095}, uint32_t{2048}, uint32_t{1} << 21}) {
    std::vector<uint8_t> bytes = good;
    std::memcpy(bytes.data() + 4, &block, 4);
    EXPECT_THAT(refused(bytes).message(), HasSubstr("block size"));
  }
  {
    // A raw size needing more blocks than the table holds.
    std::vector<uint8_t> bytes = good;
    StoreU64(bytes, 8, uint64_t{1} << 60);
    EXPECT_THAT(refused(bytes).message(), HasSubstr("too few for the table"));
  }
  {
    std::vector<uint8_t> bytes = good;
    StoreU64(bytes, 16 + 8 * 2, LoadU64(bytes, 16 + 8 * 1));  // block 1 empty
    EXPECT_THAT(refused(bytes).message(),
                AllOf(HasSubstr("'pieces-4'"), HasSubstr("block table: block 1 of 5")));
  }
  {
    std::vector<uint8_t> bytes = good;
    StoreU64(bytes, 16 + 8 * 3, bytes.size() + 1);  // past the end
    EXPECT_THAT(refused(bytes).message(), HasSubstr("block table: block 2 of 5"));
  }
  {
    std::vector<uint8_t> bytes = good;
    StoreU64(bytes, 16, 0);
    EXPECT_THAT(refused(bytes).message(), HasSubstr("block 0 begins at 0"));
  }
  {
    std::vector<uint8_t> bytes = good;
    bytes.push_back(0);
    EXPECT_THAT(refused(bytes).message(), HasSubstr("the last block ends at"));
  }
  EXPECT_THAT(refused(std::vector<uint8_t>(good.begin(), good.begin() + 10)).message(),
              HasSubstr("fewer than the 16 of its header"));
}

// A changed byte inside a block: the block's checksum (or its structure)
// refuses it, by chunk, whole, and by lookup (reported, never a value).
TEST(CompressedSliceTest, DamagedBlocksAreRefusedNamingSliceAndBlock) {
  const std::vector<uint8_t> raw = TableLike(20'000, 4);
  const std::vector<uint8_t> good = Compress(raw, 4096);
  const uint64_t begin = LoadU64(good, 16 + 8 * 3), end = LoadU64(good, 16 + 8 * 4);
  for (uint64_t at = begin; at < end; at += std::max<uint64_t>(1, (end - begin) / 7)) {
    SCOPED_TRACE(at);
    std::vector<uint8_t> bytes = good;
    bytes[at] ^= 0x21;
    absl::StatusOr<CompressedSlice> slice = CompressedSlice::Open("pieces-4", bytes);
    ASSERT_TRUE(slice.ok()) << slice.status();  // the table is intact
    const ByteRecords records({*slice}, 255);
    ChunkScratch scratch;
    EXPECT_TRUE(records.Chunk(0, 2, scratch).ok());
    const absl::StatusOr<std::span<const uint8_t>> damaged = records.Chunk(0, 3, scratch);
    ASSERT_FALSE(damaged.ok());
    EXPECT_EQ(damaged.status().code(), absl::StatusCode::kDataLoss);
    EXPECT_THAT(damaged.status().message(),
                AllOf(HasSubstr("'pieces-4'"), HasSubstr("block 3 of 5")));
    ThreadPool pool(2);
    EXPECT_THAT(records.Decompressed(pool, nullptr).status().message(),
                HasSubstr("block 3 of 5"));
    EXPECT_EQ(records.at(0, 3 * 4096 + 5), 255);
    EXPECT_THAT(records.LookupStatus().message(),
                AllOf(HasSubstr("'pieces-4'"), HasSubstr("block 3 of 5")));
    EXPECT_EQ(records.at(0, 5), raw[5]);  // other blocks still read
  }
}

}  // namespace
}  // namespace retro
