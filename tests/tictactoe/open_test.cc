// The tic-tac-toe plugin's Open against crafted databases whose checksums
// are valid but whose structure or bytes contradict the layout
// (retro/kit/loopy_wdl_database.h): each must be refused with a message naming
// the problem. The plugin is loaded in process
// (tests/framework/crafted_database.h); its Open is the one `retro` calls
// before checking slice checksums.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/format/wdl/byte_records.h"
#include "retro/format/wdl/write/compressed_slice_writer.h"
#include "tests/framework/build_path.h"
#include "tests/framework/compressed_layout_check.h"
#include "tests/framework/crafted_database.h"

#ifndef RETRO_PLUGIN_FILE
#error "RETRO_PLUGIN_FILE must name the tic-tac-toe plugin"
#endif

namespace retro::testing {
namespace {

// Indices of boards (base 3, cell 0 least significant: 1 x, 2 o).
constexpr uint64_t kEmptyBoard = 0;
constexpr uint64_t kTwoXs = 1 + 3;        // x x . / ... : not a position
constexpr uint64_t kOneX = 1;             // x . . / ... : 8 empty cells
constexpr uint64_t kFullDraw = 1 + 3 * 2 + 9 * 1 + 27 * 1 + 81 * 1 + 243 * 2 + 729 * 2 +
                               2187 * 1 + 6561 * 2;  // xox/xxo/oxo (a drawn full board)

class TicTacToeOpenTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    plugin_ = new PluginUnderTest(BuildPath(RETRO_PLUGIN_FILE));
    database_ = new std::vector<uint8_t>(plugin_->Solve({}));
  }
  static void TearDownTestSuite() {
    delete database_;
    delete plugin_;
  }

  DatabaseParts Parts() const { return DatabaseParts::Of(*database_); }
  absl::Status Open(const DatabaseParts& parts) { return plugin_->Open(parts.Serialize()); }

  static PluginUnderTest* plugin_;
  static std::vector<uint8_t>* database_;
};

PluginUnderTest* TicTacToeOpenTest::plugin_ = nullptr;
std::vector<uint8_t>* TicTacToeOpenTest::database_ = nullptr;

TEST_F(TicTacToeOpenTest, TheSolvedDatabaseOpens) {
  EXPECT_TRUE(plugin_->Open(*database_).ok()) << plugin_->Open(*database_);
  EXPECT_EQ(Parts().Slice("positions")[kFullDraw], 0) << "the test's draw is a draw";
}

TEST_F(TicTacToeOpenTest, RefusesParameters) {
  DatabaseParts parts = Parts();
  parts.SetParameter("size", "4");
  ExpectRefused(Open(parts), {"unknown parameter 'size'", "valid: layout"});
}

TEST_F(TicTacToeOpenTest, RefusesDuplicateExtraAndMissingSlices) {
  {
    DatabaseParts parts = Parts();
    parts.slices.push_back({"positions", parts.Slice("positions")});
    ExpectRefused(Open(parts), {"slice 'positions' appears more than once"});
  }
  {
    DatabaseParts parts = Parts();
    parts.slices.push_back({"notes", {1, 2, 3}});
    ExpectRefused(Open(parts), {"unexpected slice 'notes'"});
  }
  {
    DatabaseParts parts = Parts();
    parts.slices[0].first = "boards";
    ExpectRefused(Open(parts), {"lacks slice 'positions'"});
  }
}

TEST_F(TicTacToeOpenTest, RefusesASliceOfTheWrongSize) {
  DatabaseParts parts = Parts();
  parts.Slice("positions").resize(19682);
  ExpectRefused(Open(parts), {"slice 'positions' has 19682 bytes", "19683"});
}

TEST_F(TicTacToeOpenTest, RefusesBytesNoBoardCanHave) {
  const struct {
    uint64_t index;
    uint8_t byte;
    std::string problem;
  } cases[] = {
      {kTwoXs, 0, "which is no position"},          // an illegal board with a value
      {kEmptyBoard, 255, "as not a position"},      // a legal board marked "not a position"
      {kOneX, 1 + 9, "no game lasts more than 8"},  // a win in 9 plies with 8 cells left
      {kFullDraw, 128 + 1, "no game lasts more than 0"},  // a loss in 1 on a full board
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.index);
    DatabaseParts parts = Parts();
    parts.Slice("positions")[c.index] = c.byte;
    ExpectRefused(Open(parts), {"slice 'positions'", absl::StrCat("index ", c.index), c.problem});
  }
}

// --layout small: every record as --layout fast's, and the bytes checked
// as a raw table's once decompressed.
TEST_F(TicTacToeOpenTest, CompressedLayoutHoldsTheRawRecordsAndIsCheckedAlike) {
  const std::vector<uint8_t> compressed = plugin_->Solve({{"layout", "small"}});
  ExpectSameRecords(*database_, compressed);
  EXPECT_TRUE(plugin_->Open(compressed).ok()) << plugin_->Open(compressed);
  DatabaseParts parts = DatabaseParts::Of(compressed);
  std::vector<uint8_t> records = Parts().Slice("positions");
  records[kEmptyBoard] = 255;
  ThreadPool pool(1);
  parts.Slice("positions") = CompressSlice(records, pool).value();
  ExpectRefused(Open(parts), {"slice 'positions'", "index 0", "as not a position"});
}

// Damaged bytes (checksums not recomputed): refused as damage, or (damage
// no checksum covers) read as solved; the plugin's Open, before the slice
// checksums, refuses them as damage or reads every record in bounds.
TEST_F(TicTacToeOpenTest, SurvivesRandomDamage) {
  std::mt19937_64 random(17);
  for (int round = 0; round < 50; ++round) {
    std::vector<uint8_t> bytes = *database_;
    for (int i = 0; i < 3; ++i) bytes[random() % bytes.size()] ^= 1 + random() % 255;
    SCOPED_TRACE(::testing::Message() << "round " << round);
    ExpectDamageRefusedOrHarmless(*plugin_, *database_, bytes);
  }
}

}  // namespace
}  // namespace retro::testing
