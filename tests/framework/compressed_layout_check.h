// A check shared by the loopy games' tests of `--layout small`: the
// compressed database of a solve against the raw database of the same solve
// (--layout fast), read by the container alone as the reference. Same
// identity and slices, the same parameters but layout=small, and every
// record of every slice read through the compressed layout (lookups in
// shuffled order on one and on two threads through a cache small enough to
// evict, and a scan by chunks) equal to the raw byte.
#ifndef RETRO_TESTS_FRAMEWORK_COMPRESSED_LAYOUT_CHECK_H_
#define RETRO_TESTS_FRAMEWORK_COMPRESSED_LAYOUT_CHECK_H_

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "retro/database.h"
#include "retro/format/wdl/byte_records.h"
#include "retro/format/wdl/compressed_slice.h"

namespace retro::testing {

inline void ExpectSameRecords(const std::vector<uint8_t>& raw_file,
                              const std::vector<uint8_t>& compressed_file) {
  auto raw = DatabaseFile::FromBytes(raw_file);
  auto compressed = DatabaseFile::FromBytes(compressed_file);
  ASSERT_TRUE(raw.ok()) << raw.status();
  ASSERT_TRUE(compressed.ok()) << compressed.status();
  // 1. The header: the raw one's parameters, then layout=small.
  EXPECT_EQ((*raw)->identity().codec, (*compressed)->identity().codec);
  std::vector<std::pair<std::string, std::string>> expected = (*raw)->parameters();
  expected.emplace_back("layout", "small");
  EXPECT_EQ((*compressed)->parameters(), expected);
  EXPECT_EQ((*raw)->Parameter("layout"), std::nullopt);
  // 2. The slices, compressed, in the same order.
  const size_t count = (*raw)->slices().size();
  ASSERT_EQ((*compressed)->slices().size(), count);
  std::vector<CompressedSlice> slices;
  for (size_t s = 0; s < count; ++s) {
    ASSERT_EQ((*compressed)->slices()[s].name, (*raw)->slices()[s].name);
    auto slice = CompressedSlice::Open((*raw)->slices()[s].name, (*compressed)->SliceBytes(s));
    ASSERT_TRUE(slice.ok()) << slice.status();
    ASSERT_EQ(slice->raw_bytes(), (*raw)->slices()[s].size);
    slices.push_back(*std::move(slice));
  }
  // 3. Every record by chunk, then by lookup.
  const ByteRecords records(slices, 255, 16 * 65536);
  ChunkScratch scratch;
  for (size_t s = 0; s < count; ++s) {
    const std::span<const uint8_t> want = (*raw)->SliceBytes(s);
    std::vector<uint8_t> scanned;
    for (uint64_t chunk = 0; chunk < records.NumChunks(s); ++chunk) {
      auto part = records.Chunk(static_cast<int>(s), chunk, scratch);
      ASSERT_TRUE(part.ok()) << part.status();
      scanned.insert(scanned.end(), part->begin(), part->end());
    }
    EXPECT_TRUE(std::equal(scanned.begin(), scanned.end(), want.begin(), want.end()))
        << "slice " << (*raw)->slices()[s].name << " scanned by chunks";
  }
  // Each thread visits the blocks in its own shuffled order and each
  // block's records in a shuffled order: every record once, every block
  // decompressed about once per visit, blocks evicted all along (the cache
  // holds 16 of them).
  for (const int threads : {1, 2}) {
    std::vector<uint64_t> mismatches(threads, 0);
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
      workers.emplace_back([&, t] {
        std::mt19937_64 random(t * 31 + threads);
        for (size_t s = 0; s < count; ++s) {
          const std::span<const uint8_t> want = (*raw)->SliceBytes(s);
          const uint64_t per_block = records.ChunkRecords(static_cast<int>(s));
          std::vector<uint64_t> blocks(records.NumChunks(static_cast<int>(s)));
          for (uint64_t b = 0; b < blocks.size(); ++b) blocks[b] = b;
          std::shuffle(blocks.begin(), blocks.end(), random);
          std::vector<uint64_t> order;
          for (const uint64_t block : blocks) {
            order.clear();
            for (uint64_t i = block * per_block; i < std::min(want.size(), (block + 1) * per_block);
                 ++i) {
              order.push_back(i);
            }
            std::shuffle(order.begin(), order.end(), random);
            for (const uint64_t index : order) {
              if (records.at(static_cast<int>(s), index) != want[index]) ++mismatches[t];
            }
          }
        }
      });
    }
    for (std::thread& worker : workers) worker.join();
    for (int t = 0; t < threads; ++t) {
      EXPECT_EQ(mismatches[t], 0u) << "thread " << t << " of " << threads;
    }
  }
  EXPECT_TRUE(records.LookupStatus().ok()) << records.LookupStatus();
}

}  // namespace retro::testing

#endif  // RETRO_TESTS_FRAMEWORK_COMPRESSED_LAYOUT_CHECK_H_
