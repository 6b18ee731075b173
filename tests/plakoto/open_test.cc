// The Plakoto plugin's Open against crafted databases whose checksums are
// valid but whose structure contradicts the header: each must be refused
// with a message naming the problem. The plugin is loaded in process
// (tests/framework/crafted_database.h); its Open is the one `retro` calls
// before checking slice checksums.
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "plugins/plakoto/pin_file.h"
#include "tests/framework/build_path.h"
#include "tests/framework/crafted_database.h"
#include "tests/framework/temp_dir.h"
#include "tests/framework/work_meter.h"

#ifndef RETRO_PLUGIN_FILE
#error "RETRO_PLUGIN_FILE must name the Plakoto plugin"
#endif

namespace retro::testing {
namespace {

class PlakotoOpenTest : public ::testing::Test {
 protected:
  // P = 6: every pin point, and pin 2 with a turn distribution of 8 turns.
  static void SetUpTestSuite() {
    plugin_ = new PluginUnderTest(BuildPath(RETRO_PLUGIN_FILE));
    all_ = new std::vector<uint8_t>(plugin_->Solve({{"points", "6"}}));
    turns_ = new std::vector<uint8_t>(
        plugin_->Solve({{"points", "6"}, {"pin", "2"}, {"distribution", "8"}}));
  }
  static void TearDownTestSuite() {
    delete turns_;
    delete all_;
    delete plugin_;
  }

  absl::Status Open(const DatabaseParts& parts) { return plugin_->Open(parts.Serialize()); }

  static PluginUnderTest* plugin_;
  static std::vector<uint8_t>* all_;
  static std::vector<uint8_t>* turns_;
};

PluginUnderTest* PlakotoOpenTest::plugin_ = nullptr;
std::vector<uint8_t>* PlakotoOpenTest::all_ = nullptr;
std::vector<uint8_t>* PlakotoOpenTest::turns_ = nullptr;

TEST_F(PlakotoOpenTest, DatabasesAsSolvedOpen) {
  EXPECT_TRUE(plugin_->Open(*all_).ok()) << plugin_->Open(*all_);
  EXPECT_TRUE(plugin_->Open(*turns_).ok()) << plugin_->Open(*turns_);
}

TEST_F(PlakotoOpenTest, RefusesJunkParameterValues) {
  const std::vector<std::pair<std::string, std::string>> junk = {
      {"points", "abc"}, {"points", "7"},          {"points", "06"},       {"points", "12x"},
      {"pin", "1"},      {"pin", "7"},             {"pin", "02"},          {"pin", "All"},
      {"pin", "-2"},     {"distribution", "abc"},  {"distribution", "0"},  {"distribution", "-8"},
      {"distribution", "4097"}, {"distribution", "8x"},
  };
  for (const auto& [key, value] : junk) {
    SCOPED_TRACE(key + "=" + value);
    DatabaseParts parts = DatabaseParts::Of(*all_);
    parts.SetParameter(key, value);
    ExpectRefused(Open(parts), {key});
  }
}

// A turn distribution exists for P = 6 only (solve refuses P = 12).
TEST_F(PlakotoOpenTest, RefusesADistributionForTwelvePoints) {
  DatabaseParts parts = DatabaseParts::Of(*turns_);
  parts.SetParameter("points", "12");
  ExpectRefused(Open(parts), {"header", "--distribution is available for --points 6 only"});
}

TEST_F(PlakotoOpenTest, RefusesMissingUnknownAndRepeatedParameters) {
  {
    DatabaseParts parts = DatabaseParts::Of(*all_);
    parts.RemoveParameter("distribution");
    ExpectRefused(Open(parts), {"lacks parameter 'distribution'"});
  }
  {
    DatabaseParts parts = DatabaseParts::Of(*all_);
    parts.SetParameter("colour", "red");
    ExpectRefused(Open(parts), {"unknown parameter 'colour'"});
  }
  ExpectRefused(plugin_->Open(DatabaseParts::Of(*all_).DuplicateParameter("pin", "2")),
                {"parameter 'pin' more than once"});
}

TEST_F(PlakotoOpenTest, RefusesDuplicateExtraAndMissingSlices) {
  {
    SCOPED_TRACE("a pin's slice twice");
    DatabaseParts parts = DatabaseParts::Of(*all_);
    parts.slices.push_back({"p6-pin4", parts.Slice("p6-pin4")});
    ExpectRefused(Open(parts), {"slice 'p6-pin4' appears more than once"});
  }
  {
    SCOPED_TRACE("a slice the header does not imply");
    DatabaseParts parts = DatabaseParts::Of(*all_);
    parts.slices.push_back({"p6-pin2-turns", {}});
    ExpectRefused(Open(parts), {"5 slices", "unexpected slice 'p6-pin2-turns'"});
  }
  {
    SCOPED_TRACE("a file of pin 2 saying pin 'all'");
    DatabaseParts parts = DatabaseParts::Of(*turns_);
    parts.SetParameter("pin", "all");
    ExpectRefused(Open(parts), {"lacks slice 'p6-pin3'"});
  }
  {
    SCOPED_TRACE("the distribution slice missing");
    DatabaseParts parts = DatabaseParts::Of(*turns_);
    parts.RemoveSlice("p6-pin2-turns");
    ExpectRefused(Open(parts), {"lacks slice 'p6-pin2-turns'"});
  }
  {
    SCOPED_TRACE("a distribution slice in a file without distributions");
    DatabaseParts parts = DatabaseParts::Of(*turns_);
    parts.SetParameter("distribution", "none");
    ExpectRefused(Open(parts), {"unexpected slice 'p6-pin2-turns'"});
  }
}

TEST_F(PlakotoOpenTest, RefusesSlicesOfTheWrongSize) {
  {
    DatabaseParts parts = DatabaseParts::Of(*all_);
    parts.Slice("p6-pin5").resize(8 * 100);
    ExpectRefused(Open(parts), {"slice 'p6-pin5' has 800 bytes", "8568 records", "68544"});
  }
  {
    // A header claiming more turns than the slice holds.
    DatabaseParts parts = DatabaseParts::Of(*turns_);
    parts.SetParameter("distribution", "4096");
    ExpectRefused(Open(parts), {"slice 'p6-pin2-turns' has 274176 bytes", "140378112"});
  }
}

TEST_F(PlakotoOpenTest, RefusesImpossibleValues) {
  for (const double d : {0.5, -3.0, std::numeric_limits<double>::quiet_NaN(),
                         std::numeric_limits<double>::infinity()}) {
    SCOPED_TRACE(d);
    DatabaseParts parts = DatabaseParts::Of(*all_);
    std::memcpy(parts.Slice("p6-pin3").data() + 8 * 100, &d, sizeof d);
    ExpectRefused(Open(parts), {"slice 'p6-pin3'", "record 100", ">= 1"});
  }
}

TEST_F(PlakotoOpenTest, RefusesImpossibleProbabilities) {
  for (const float p : {-0.25f, 1.5f, std::numeric_limits<float>::quiet_NaN()}) {
    SCOPED_TRACE(p);
    DatabaseParts parts = DatabaseParts::Of(*turns_);
    std::memcpy(parts.Slice("p6-pin2-turns").data() + 4 * (8 * 7 + 3), &p, sizeof p);
    ExpectRefused(Open(parts), {"slice 'p6-pin2-turns'", "P(T = 4)", "record 7"});
  }
  // Each in range, but more than 1 together.
  DatabaseParts parts = DatabaseParts::Of(*turns_);
  const float most = 0.9f;
  std::memcpy(parts.Slice("p6-pin2-turns").data() + 4 * (8 * 5 + 0), &most, sizeof most);
  std::memcpy(parts.Slice("p6-pin2-turns").data() + 4 * (8 * 5 + 1), &most, sizeof most);
  ExpectRefused(Open(parts), {"slice 'p6-pin2-turns'", "summing to", "record 5"});
}

// Damaged bytes (checksums not recomputed): refused as damage, or (damage
// no checksum covers) read as solved; the plugin's Open, before the slice
// checksums, refuses them as damage or reads every record in bounds.
TEST_F(PlakotoOpenTest, SurvivesRandomDamage) {
  std::mt19937_64 random(13);
  for (const std::vector<uint8_t>* database : {all_, turns_}) {
    for (int round = 0; round < 30; ++round) {
      std::vector<uint8_t> bytes = *database;
      for (int i = 0; i < 4; ++i) bytes[random() % bytes.size()] ^= 1 + random() % 255;
      SCOPED_TRACE(::testing::Message() << "round " << round);
      ExpectDamageRefusedOrHarmless(*plugin_, *database, bytes);
    }
  }
}

// The reader's own entry point (PinFile::Open, which plugins and tools call
// with a path) checks the layout before the slice checksums: a sparse file
// claiming a 1 TiB slice is refused at once, not after reading it.
TEST_F(PlakotoOpenTest, ReaderRefusesAHugeClaimedSliceBeforeReadingIt) {
  TempDir dir;
  const std::string path = dir.File("huge.retro");
  const std::string slice = WriteClaimingHugeLastSlice(*all_, path, uint64_t{1} << 40);
  const WorkMeter meter(WorkMeter::kSelf);
  const absl::Status status = plakoto::PinFile::Open(path).status();
  EXPECT_LT(meter.CpuSeconds(), kAtOnceCpuSeconds);
  EXPECT_LT(meter.PageFaults(), kAtOncePageFaults);
  ExpectRefused(status, {slice});
  // The file as solved still opens, its checksums verified.
  WriteBytes(dir.File("good.retro"), *all_);
  EXPECT_TRUE(plakoto::PinFile::Open(dir.File("good.retro")).ok());
}

}  // namespace
}  // namespace retro::testing
