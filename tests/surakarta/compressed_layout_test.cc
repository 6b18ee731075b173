// Surakarta tablebases solved with --layout small (block-compressed slices)
// against the same solve with --layout fast (raw bytes): every record equal
// (tests/framework/compressed_layout_check.h), every position's value and
// move values through the reader (DtcTables) equal on one and two threads,
// for 1..5 pieces in both indexings, decompressed at open and through the
// block cache; and damaged compressed tables refused
// by the plugin's Open, naming the slice and the block.
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "plugins/surakarta/dtc_tables.h"
#include "plugins/surakarta/rules.h"
#include "retro/format/wdl/byte_records.h"
#include "retro/format/wdl/write/compressed_slice_writer.h"
#include "tests/framework/build_path.h"
#include "tests/framework/compressed_layout_check.h"
#include "tests/framework/crafted_database.h"
#include "tests/framework/read_limit.h"

#ifndef RETRO_PLUGIN_FILE
#error "RETRO_PLUGIN_FILE must name the Surakarta plugin"
#endif

namespace retro::testing {
namespace {

class SurakartaCompressedLayoutTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { plugin_ = new PluginUnderTest(BuildPath(RETRO_PLUGIN_FILE)); }
  static void TearDownTestSuite() { delete plugin_; }

  static std::vector<uint8_t> Solve(const std::string& pieces, const std::string& indexer,
                                    const std::string& layout) {
    return plugin_->Solve({{"pieces", pieces}, {"indexer", indexer}, {"layout", layout}});
  }
  static absl::Status Open(const DatabaseParts& parts) { return plugin_->Open(parts.Serialize()); }

  static PluginUnderTest* plugin_;
};

PluginUnderTest* SurakartaCompressedLayoutTest::plugin_ = nullptr;

// Every position of every table: its value, and each of its moves' values,
// through `raw` and `compressed`, the compressed one on two threads at once.
void ExpectSameValuesOf(const surakarta::DtcTables& raw, const surakarta::DtcTables& compressed) {
  for (const int threads : {1, 2}) {
    std::vector<uint64_t> mismatches(threads, 0);
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
      workers.emplace_back([&, t] {
        for (int n = 1; n <= raw.max_pieces(); ++n) {
          const uint64_t size = raw.rules().slice_size(n - 1);
          for (uint64_t i = t; i < size; i += threads) {
            const surakarta::Position p = raw.PositionAt(n, i);
            auto want = raw.ProbeMoves(p);
            auto got = compressed.ProbeMoves(p);
            if (raw.Probe(p).value() != compressed.Probe(p).value()) ++mismatches[t];
            if (!want.ok() || !got.ok() || want->size() != got->size()) {
              ++mismatches[t];
              continue;
            }
            for (size_t m = 0; m < want->size(); ++m) {
              if ((*want)[m].value != (*got)[m].value) ++mismatches[t];
            }
          }
        }
      });
    }
    for (std::thread& worker : workers) worker.join();
    for (int t = 0; t < threads; ++t) EXPECT_EQ(mismatches[t], 0u) << threads << " threads";
  }
}

// The raw file's reader against the compressed file's two: decompressed
// whole at open (its records fit in the default read limit), and, with a
// read limit of 0, looked up block by block through the cache.
void ExpectSameValues(const std::vector<uint8_t>& raw_file,
                      const std::vector<uint8_t>& compressed_file) {
  auto raw_db = DatabaseFile::FromBytes(raw_file);
  auto compressed_db = DatabaseFile::FromBytes(compressed_file);
  ASSERT_TRUE(raw_db.ok() && compressed_db.ok());
  auto raw = surakarta::DtcTables::FromFile(**raw_db);
  ASSERT_TRUE(raw.ok()) << raw.status();
  EXPECT_FALSE((*raw)->compressed());
  auto whole = surakarta::DtcTables::FromFile(**compressed_db);
  ASSERT_TRUE(whole.ok()) << whole.status();
  EXPECT_FALSE((*whole)->compressed());
  ExpectSameValuesOf(**raw, **whole);
  const ReadLimit none("0");
  auto blocks = surakarta::DtcTables::FromFile(**compressed_db);
  ASSERT_TRUE(blocks.ok()) << blocks.status();
  EXPECT_TRUE((*blocks)->compressed());
  ExpectSameValuesOf(**raw, **blocks);
}

TEST_F(SurakartaCompressedLayoutTest, EveryRecordAndValueEqualsTheRawLayouts) {
  for (const std::string indexer : {"fuchou", "symmetric"}) {
    SCOPED_TRACE(indexer);
    const std::vector<uint8_t> raw = Solve("5", indexer, "fast");
    const std::vector<uint8_t> compressed = Solve("5", indexer, "small");
    EXPECT_LT(compressed.size() * 8, raw.size());
    ExpectSameRecords(raw, compressed);
    EXPECT_TRUE(plugin_->Open(compressed).ok()) << plugin_->Open(compressed);
    if (indexer == "symmetric") ExpectSameValues(raw, compressed);
  }
  ExpectSameValues(Solve("4", "fuchou", "fast"), Solve("4", "fuchou", "small"));
}

TEST_F(SurakartaCompressedLayoutTest, RefusesUnknownLayoutsAndLayoutsAtOddsWithTheSlices) {
  const std::vector<uint8_t> raw = Solve("3", "fuchou", "fast");
  const std::vector<uint8_t> compressed = Solve("3", "fuchou", "small");
  {
    DatabaseParts parts = DatabaseParts::Of(compressed);
    parts.SetParameter("layout", "tiny");
    ExpectRefused(Open(parts), {"layout='tiny'", "'small'"});
  }
  {
    // Raw bytes claimed compressed: no magic.
    DatabaseParts parts = DatabaseParts::Of(raw);
    parts.SetParameter("layout", "small");
    ExpectRefused(Open(parts), {"compressed slice 'pieces-1'", "magic"});
  }
  {
    // Compressed slices read as raw ones: of the wrong size.
    DatabaseParts parts = DatabaseParts::Of(compressed);
    parts.RemoveParameter("layout");
    ExpectRefused(Open(parts), {"slice 'pieces-1' has"});
  }
  {
    // A compressed slice of another table: its records are too many.
    DatabaseParts parts = DatabaseParts::Of(compressed);
    parts.Slice("pieces-2") = DatabaseParts::Of(compressed).Slice("pieces-3");
    ExpectRefused(Open(parts), {"slice 'pieces-2' has 57120 bytes"});
  }
}

TEST_F(SurakartaCompressedLayoutTest, RefusesDamagedBlockTablesAndBlocks) {
  const std::vector<uint8_t> compressed = Solve("3", "fuchou", "small");
  {
    DatabaseParts parts = DatabaseParts::Of(compressed);
    std::vector<uint8_t>& slice = parts.Slice("pieces-3");
    slice[16] += 1;  // block 0 no longer begins right after the table
    ExpectRefused(Open(parts), {"compressed slice 'pieces-3'", "block table"});
  }
  {
    DatabaseParts parts = DatabaseParts::Of(compressed);
    std::vector<uint8_t>& slice = parts.Slice("pieces-3");
    slice[slice.size() - 9] ^= 0x40;  // inside the last block
    ExpectRefused(Open(parts), {"compressed slice 'pieces-3'", "block 0 of 1"});
  }
}

// The bytes are checked as a raw table's once decompressed, at their index
// in the slice (here in the fourth of 15 blocks).
TEST_F(SurakartaCompressedLayoutTest, ChecksTheDecompressedBytes) {
  const std::vector<uint8_t> raw = Solve("4", "fuchou", "fast");
  DatabaseParts parts = DatabaseParts::Of(Solve("4", "fuchou", "small"));
  std::vector<uint8_t> records = DatabaseParts::Of(raw).Slice("pieces-4");
  records[200'017] = 255;
  ThreadPool pool(2);
  parts.Slice("pieces-4") = CompressSlice(records, pool).value();
  ExpectRefused(Open(parts), {"slice 'pieces-4'", "byte 255 at index 200017"});
}

}  // namespace
}  // namespace retro::testing
