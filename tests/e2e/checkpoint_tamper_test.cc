// Checkpoints are checked like databases: a finished slice (or a snapshot
// of a slice in progress) whose values were edited and whose checksums
// were recomputed is refused by `retro solve --resume` with exit 1 and an
// error naming the file, in every kit (loopy: Surakarta; finite horizon:
// oware; chance: Plakoto), instead of being restored into a database that
// `retro verify` would reject. A value changed into another valid one,
// which no check of the slice's bytes alone can tell, is found by the
// one-move consistency check `retro verify` applies, run by the resume on
// the slices it restored before the file takes its name.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/format/wdl/wdl.h"
#include "tests/e2e/checkpoint_runner.h"
#include "tests/e2e/retro_runner.h"
#include "tests/framework/crafted_database.h"
#include "tests/framework/store_lists.h"

namespace retro::testing {
namespace {

class CheckpointTamperTest : public CheckpointTest {
 protected:
  // Rewrites checkpoint file `file` (in the work folder) with its slice
  // `slice` after `edit`, and fresh checksums.
  void Edit(const std::string& file, const std::string& slice,
            const std::function<void(std::vector<uint8_t>&)>& edit) {
    std::ifstream in(work_.File(file), std::ios::binary);
    const std::vector<uint8_t> bytes(std::istreambuf_iterator<char>(in), {});
    ASSERT_FALSE(bytes.empty()) << file;
    DatabaseParts parts = DatabaseParts::Of(bytes);
    edit(parts.Slice(slice));
    const std::vector<uint8_t> edited = parts.Serialize();
    std::ofstream out(work_.File(file), std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(edited.data()),
              static_cast<std::streamsize>(edited.size()));
  }

  // `retro solve game --out file --resume` fails with exit 1 and an error
  // holding each of `parts`.
  void ExpectResumeRefused(const std::vector<std::string>& game, const std::string& file,
                           std::initializer_list<std::string> parts) {
    std::vector<std::string> resume = {"solve"};
    resume.insert(resume.end(), game.begin(), game.end());
    resume.insert(resume.end(), {"--out", file, "--resume"});
    ExpectError(Retro(resume), 1, parts);
    EXPECT_FALSE(std::filesystem::exists(work_.File(file)));
  }

  // The name (without .slice) of a finished slice in the checkpoint of
  // `file`.
  std::string AFinishedSlice(const std::string& file) {
    for (const auto& entry :
         std::filesystem::directory_iterator(work_.File(file + ".checkpoint"))) {
      if (entry.path().extension() == ".slice") return entry.path().stem().string();
    }
    ADD_FAILURE() << "no finished slice in " << file << ".checkpoint";
    return "";
  }
};

// The first position's value marked "no position" (byte 255).
void MarkAPositionAsNone(std::vector<uint8_t>& table) {
  const auto position =
      std::find_if(table.begin(), table.end(), [](uint8_t b) { return b != 255; });
  ASSERT_NE(position, table.end());
  *position = 255;
}

TEST_F(CheckpointTamperTest, LoopySliceWithAByteEncodingNoValueIsRefused) {
  const std::vector<std::string> game = {"--game", "surakarta", "--pieces", "4", "--threads",
                                         "1"};
  ASSERT_TRUE(SolveAndKillRetrying(game, "s.retro", 2));
  Edit("s.retro.checkpoint/pieces-2.slice", "pieces-2", MarkAPositionAsNone);
  ExpectResumeRefused(game, "s.retro",
                      {"checkpoint s.retro.checkpoint/pieces-2.slice is damaged: slice "
                       "'pieces-2' holds byte 255",
                       "start afresh"});
}

TEST_F(CheckpointTamperTest, LoopySnapshotWithAnImpossibleValueIsRefused) {
  const std::vector<std::string> game = {"--game", "surakarta", "--pieces", "4", "--threads",
                                         "1", "--checkpoint-interval", "0"};
  ASSERT_TRUE(SolveAndKillRetrying(game, "s.retro", 3, "pieces-4"));
  // Part 1 holds the values: a loss in 126 plies, deeper than any level
  // the solve reached (and, had it been seeded, beyond every game).
  Edit("s.retro.checkpoint/pieces-4.snapshot", "part-1",
       [](std::vector<uint8_t>& values) { values.at(17) = 254; });
  ExpectResumeRefused(game, "s.retro",
                      {"checkpoint s.retro.checkpoint/pieces-4.snapshot is damaged",
                       "value byte 254", "at index 17"});
}

TEST_F(CheckpointTamperTest, FiniteHorizonStoreWithAValueBeyondTheSeedsIsRefused) {
  const std::vector<std::string> game = {"--game", "oware", "--seeds", "11", "--threads", "1"};
  ASSERT_TRUE(SolveAndKillRetrying(game, "o.retro", 4));
  // State 0 of the 3-seed slice ends at +50: a valid store of an
  // impossible value (3 seeds are on the board).
  Edit("o.retro.checkpoint/seeds-3.slice", "seeds-3", [](std::vector<uint8_t>& store) {
    store = CodedStoreWithFinalValue(store, 0, 50);
    ASSERT_FALSE(store.empty());
  });
  ExpectResumeRefused(game, "o.retro",
                      {"checkpoint o.retro.checkpoint/seeds-3.slice is damaged: slice 'seeds-3'",
                       "impossible entry", "within -3..3"});
}

TEST_F(CheckpointTamperTest, ChanceSliceWithAValueThatIsNoNumberIsRefused) {
  const std::vector<std::string> game = {"--game", "plakoto", "--points", "6",
                                         "--distribution", "512", "--threads", "1"};
  ASSERT_TRUE(SolveAndKillRetrying(game, "p.retro", 1));
  const std::string slice = AFinishedSlice("p.retro");
  Edit(absl::StrCat("p.retro.checkpoint/", slice, ".slice"), slice,
       [](std::vector<uint8_t>& values) {
         const double nan = std::nan("");
         ASSERT_GE(values.size(), 8u);
         std::memcpy(values.data(), &nan, 8);
       });
  ExpectResumeRefused(game, "p.retro",
                      {absl::StrCat("checkpoint p.retro.checkpoint/", slice,
                                    ".slice is damaged: slice '", slice, "' holds "),
                       "at record 0"});
}

// The first position decided as a win or loss (neither "no position" nor
// a draw) becomes a draw: a valid byte, a wrong value.
void MakeADecidedPositionADraw(std::vector<uint8_t>& table) {
  const auto position = std::find_if(table.begin(), table.end(), [](uint8_t b) {
    return b != kWdlUnknownByte && b != kWdlDrawByte;
  });
  ASSERT_NE(position, table.end()) << "no decided position";
  *position = kWdlDrawByte;
}

TEST_F(CheckpointTamperTest, LoopySliceWithAValidButWrongValueIsRefused) {
  const std::vector<std::string> game = {"--game", "surakarta", "--pieces", "4", "--threads", "1"};
  ASSERT_TRUE(SolveAndKillRetrying(game, "s.retro", 2));
  Edit("s.retro.checkpoint/pieces-2.slice", "pieces-2", MakeADecidedPositionADraw);
  ExpectResumeRefused(
      game, "s.retro",
      {"checkpoint s.retro.checkpoint is damaged: the slices restored from it (", "pieces-2",
       "disagree with the game's rules at ", "first: ", "start afresh"});
}

TEST_F(CheckpointTamperTest, LoopySnapshotWithAValidButWrongValueIsRefused) {
  const std::vector<std::string> game = {
      "--game", "surakarta", "--pieces", "4", "--threads", "1", "--checkpoint-interval", "0"};
  // A snapshot late enough to hold a decided position (the first ones of
  // a slice may hold none yet).
  bool decided = false;
  for (int attempt = 0; attempt < 10 && !decided; ++attempt) {
    std::filesystem::remove_all(work_.File("s.retro.checkpoint"));
    ASSERT_TRUE(SolveAndKillRetrying(game, "s.retro", 3, "pieces-4"));
    std::ifstream in(work_.File("s.retro.checkpoint/pieces-4.snapshot"), std::ios::binary);
    const std::vector<uint8_t> bytes(std::istreambuf_iterator<char>(in), {});
    const std::vector<uint8_t> values = DatabaseParts::Of(bytes).Slice("part-1");
    decided = std::any_of(values.begin(), values.end(),
                          [](uint8_t b) { return b != kWdlUnknownByte && b != kWdlDrawByte; });
  }
  ASSERT_TRUE(decided);
  Edit("s.retro.checkpoint/pieces-4.snapshot", "part-1", MakeADecidedPositionADraw);
  ExpectResumeRefused(game, "s.retro",
                      {"checkpoint s.retro.checkpoint is damaged: the slices restored from it (",
                       "pieces-4", "disagree with the game's rules", "start afresh"});
}

TEST_F(CheckpointTamperTest, FiniteHorizonStoreWithAValidButWrongValueIsRefused) {
  const std::vector<std::string> game = {"--game", "oware", "--seeds", "11", "--threads", "1"};
  ASSERT_TRUE(SolveAndKillRetrying(game, "o.retro", 4));
  // State 0 of the 3-seed slice ends at another value within -3..3, unlike
  // its last two changes (so the list stays one of changes).
  Edit("o.retro.checkpoint/seeds-3.slice", "seeds-3", [](std::vector<uint8_t>& store) {
    const absl::StatusOr<FiniteHorizonStoreView> view = FiniteHorizonStoreView::Open(store);
    ASSERT_TRUE(view.ok()) << view.status();
    const Lists lists = ListsOf(*view);
    const std::vector<Change>& changes = lists.at(0);
    int value = -3;
    const auto taken = [&](int v) {
      const size_t n = changes.size();
      return (n >= 1 && changes[n - 1].value == v) || (n >= 2 && changes[n - 2].value == v) ||
             (n == 0 && v == 0);
    };
    while (taken(value)) ++value;
    ASSERT_LE(value, 3);
    store = CodedStoreWithFinalValue(store, 0, value);
    ASSERT_FALSE(store.empty());
  });
  ExpectResumeRefused(game, "o.retro",
                      {"checkpoint o.retro.checkpoint is damaged: the slices restored from it (",
                       "seeds-3", "disagree with the game's rules", "start afresh"});
}

}  // namespace
}  // namespace retro::testing
