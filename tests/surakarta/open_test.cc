// The Surakarta plugin's Open against crafted tablebases whose checksums are
// valid but whose structure contradicts the header: each must be refused
// with a message naming the problem. The plugin is loaded in process
// (tests/framework/crafted_database.h); its Open is the one `retro` calls
// before checking slice checksums.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "plugins/surakarta/dtc_tables.h"
#include "tests/framework/build_path.h"
#include "tests/framework/crafted_database.h"
#include "tests/framework/temp_dir.h"
#include "tests/framework/work_meter.h"

#ifndef RETRO_PLUGIN_FILE
#error "RETRO_PLUGIN_FILE must name the Surakarta plugin"
#endif

namespace retro::testing {
namespace {

class SurakartaOpenTest : public ::testing::Test {
 protected:
  // Tables of 1..3 pieces, one byte per placement and per class.
  static void SetUpTestSuite() {
    plugin_ = new PluginUnderTest(BuildPath(RETRO_PLUGIN_FILE));
    fuchou_ = new std::vector<uint8_t>(plugin_->Solve({{"pieces", "3"}}));
    symmetric_ = new std::vector<uint8_t>(
        plugin_->Solve({{"pieces", "3"}, {"indexer", "symmetric"}}));
  }
  static void TearDownTestSuite() {
    delete symmetric_;
    delete fuchou_;
    delete plugin_;
  }

  absl::Status Open(const DatabaseParts& parts) { return plugin_->Open(parts.Serialize()); }

  static PluginUnderTest* plugin_;
  static std::vector<uint8_t>* fuchou_;
  static std::vector<uint8_t>* symmetric_;
};

PluginUnderTest* SurakartaOpenTest::plugin_ = nullptr;
std::vector<uint8_t>* SurakartaOpenTest::fuchou_ = nullptr;
std::vector<uint8_t>* SurakartaOpenTest::symmetric_ = nullptr;

TEST_F(SurakartaOpenTest, TablebasesAsSolvedOpen) {
  EXPECT_TRUE(plugin_->Open(*fuchou_).ok()) << plugin_->Open(*fuchou_);
  EXPECT_TRUE(plugin_->Open(*symmetric_).ok()) << plugin_->Open(*symmetric_);
  // Files written before the indexer parameter existed.
  DatabaseParts old = DatabaseParts::Of(*fuchou_);
  old.RemoveParameter("indexer");
  EXPECT_TRUE(Open(old).ok()) << Open(old);
}

TEST_F(SurakartaOpenTest, RefusesJunkParameterValues) {
  const std::vector<std::pair<std::string, std::string>> junk = {
      {"pieces", "abc"},     {"pieces", "3x"},  {"pieces", "-1"},     {"pieces", "0"},
      {"pieces", "03"},      {"pieces", "8"},   {"no-move", "never"}, {"no-move", ""},
      {"indexer", "abc"},    {"indexer", "symmetric"},
  };
  for (const auto& [key, value] : junk) {
    SCOPED_TRACE(key + "=" + value);
    DatabaseParts parts = DatabaseParts::Of(*fuchou_);
    parts.SetParameter(key, value);
    ExpectRefused(Open(parts), {key});
  }
  // Up to 9 pieces with one byte per class, but not 10.
  DatabaseParts parts = DatabaseParts::Of(*symmetric_);
  parts.SetParameter("pieces", "10");
  ExpectRefused(Open(parts), {"--pieces 10", "1..9"});
  parts.SetParameter("pieces", "3");
  parts.SetParameter("indexer", "fuchou");
  ExpectRefused(Open(parts), {"indexer='fuchou'", "contradicts codec"});
}

TEST_F(SurakartaOpenTest, RefusesMissingUnknownAndRepeatedParameters) {
  {
    DatabaseParts parts = DatabaseParts::Of(*fuchou_);
    parts.RemoveParameter("no-move");
    ExpectRefused(Open(parts), {"lacks parameter 'no-move'"});
  }
  {
    DatabaseParts parts = DatabaseParts::Of(*fuchou_);
    parts.SetParameter("colour", "red");
    ExpectRefused(Open(parts), {"unknown parameter 'colour'"});
  }
  ExpectRefused(plugin_->Open(DatabaseParts::Of(*fuchou_).DuplicateParameter("no-move", "count")),
                {"parameter 'no-move' more than once"});
}

TEST_F(SurakartaOpenTest, RefusesDuplicateExtraAndMissingSlices) {
  {
    DatabaseParts parts = DatabaseParts::Of(*fuchou_);
    parts.slices[2].first = "pieces-2";
    ExpectRefused(Open(parts), {"slice 'pieces-2' appears more than once"});
  }
  {
    DatabaseParts parts = DatabaseParts::Of(*fuchou_);
    parts.slices.push_back({"pieces-4", parts.Slice("pieces-3")});
    ExpectRefused(Open(parts), {"tablebase has 3 slices (pieces-1, pieces-2, pieces-3)", "unexpected slice 'pieces-4'"});
  }
  {
    DatabaseParts parts = DatabaseParts::Of(*fuchou_);
    parts.RemoveSlice("pieces-1");
    ExpectRefused(Open(parts), {"lacks slice 'pieces-1'"});
  }
}

TEST_F(SurakartaOpenTest, RefusesSlicesOfTheWrongSize) {
  {
    DatabaseParts parts = DatabaseParts::Of(*fuchou_);
    parts.Slice("pieces-2").push_back(0);
    ExpectRefused(Open(parts), {"slice 'pieces-2' has 2521 bytes", "2520"});
  }
  {
    DatabaseParts parts = DatabaseParts::Of(*symmetric_);
    parts.Slice("pieces-3").pop_back();
    ExpectRefused(Open(parts), {"slice 'pieces-3' has 7269 bytes", "7270 classes"});
  }
  {
    // A one-byte-per-placement table under the symmetric codec.
    DatabaseParts parts = DatabaseParts::Of(*symmetric_);
    parts.Slice("pieces-3") = DatabaseParts::Of(*fuchou_).Slice("pieces-3");
    ExpectRefused(Open(parts), {"slice 'pieces-3' has 57120 bytes"});
  }
}

// Byte 255 is the solver's "unknown": no finished table holds it.
TEST_F(SurakartaOpenTest, RefusesBytesThatEncodeNoValue) {
  for (const std::vector<uint8_t>* tables : {fuchou_, symmetric_}) {
    DatabaseParts parts = DatabaseParts::Of(*tables);
    parts.Slice("pieces-3")[17] = 255;
    ExpectRefused(Open(parts), {"slice 'pieces-3'", "byte 255 at index 17"});
  }
}

// Damaged bytes (checksums not recomputed): refused as damage, or (damage
// no checksum covers) read as solved; the plugin's Open, before the slice
// checksums, refuses them as damage or reads every record in bounds.
TEST_F(SurakartaOpenTest, SurvivesRandomDamage) {
  std::mt19937_64 random(11);
  for (const std::vector<uint8_t>* tables : {fuchou_, symmetric_}) {
    for (int round = 0; round < 30; ++round) {
      std::vector<uint8_t> bytes = *tables;
      for (int i = 0; i < 4; ++i) bytes[random() % bytes.size()] ^= 1 + random() % 255;
      SCOPED_TRACE(::testing::Message() << "round " << round);
      ExpectDamageRefusedOrHarmless(*plugin_, *tables, bytes);
    }
  }
}

// The reader's own entry point (DtcTables::Open, which plugins and tools
// call with a path) checks the layout before the slice checksums: a sparse
// file claiming a 1 TiB slice is refused at once, not after reading it.
TEST_F(SurakartaOpenTest, ReaderRefusesAHugeClaimedSliceBeforeReadingIt) {
  TempDir dir;
  const std::string path = dir.File("huge.retro");
  const std::string slice = WriteClaimingHugeLastSlice(*fuchou_, path, uint64_t{1} << 40);
  const WorkMeter meter(WorkMeter::kSelf);
  const absl::Status status = surakarta::DtcTables::Open(path).status();
  EXPECT_LT(meter.CpuSeconds(), kAtOnceCpuSeconds);
  EXPECT_LT(meter.PageFaults(), kAtOncePageFaults);
  ExpectRefused(status, {slice});
  // The file as solved still opens, its checksums verified.
  WriteBytes(dir.File("good.retro"), *fuchou_);
  EXPECT_TRUE(surakarta::DtcTables::Open(dir.File("good.retro")).ok());
}

}  // namespace
}  // namespace retro::testing
