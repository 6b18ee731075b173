// Tests the checkpoint store (retro/checkpoint.h, retro/host/checkpoint_folder.h)
// on its own, without a solver: slices and snapshots saved by one run are
// restored byte for byte by the next, damaged or foreign checkpoint files
// are refused with errors naming the problem, a fresh solve drops an
// earlier run's work, and the folder is removed only of the files retro
// made. Expected bytes and file names are written out here, not taken from
// the store.
#include "retro/checkpoint.h"
#include "retro/host/file_checkpoint.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/framework/temp_dir.h"

namespace retro {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using Mode = internal::CheckpointFolder::Mode;
using Parameters = std::vector<std::pair<std::string, std::string>>;

const Parameters kParameters = {{"seeds", "6"}, {"turn-limit", "200"}};
const std::vector<uint8_t> kSliceBytes = {1, 2, 3, 250, 0, 7};

// A checkpoint of game "toy", data version 3, beside output `output`.
absl::StatusOr<std::unique_ptr<FileCheckpoint>> Toy(const std::string& output, Mode mode,
                                                    Parameters parameters = kParameters,
                                                    std::string game = "toy",
                                                    uint32_t data_version = 3) {
  return FileCheckpoint::Create(output, game, data_version, std::move(parameters), mode);
}

// Saves `bytes` as slice `name` in a new checkpoint of `output` and drops
// the checkpoint (its folder stays: it holds work).
void SaveOne(const std::string& output, const std::string& name,
             const std::vector<uint8_t>& bytes) {
  auto checkpoint = Toy(output, Mode::kFresh);
  ASSERT_TRUE(checkpoint.ok()) << checkpoint.status();
  ASSERT_TRUE((*checkpoint)->Save(name, bytes).ok());
}

std::vector<std::string> Listing(const std::string& folder) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

void ExpectRefusal(const absl::Status& status, absl::StatusCode code,
                   std::initializer_list<std::string> fragments) {
  ASSERT_FALSE(status.ok()) << "accepted";
  EXPECT_EQ(status.code(), code) << status;
  for (const std::string& fragment : fragments) {
    EXPECT_THAT(std::string(status.message()), HasSubstr(fragment));
  }
}

TEST(CheckpointTest, ResumeRestoresWhatTheLastRunSaved) {
  testing::TempDir dir;
  const std::string output = dir.File("out.retro");
  SaveOne(output, "seeds-4", kSliceBytes);
  EXPECT_THAT(Listing(output + ".checkpoint"), ElementsAre("retro-checkpoint", "seeds-4.slice"));
  auto resumed = Toy(output, Mode::kResume);
  ASSERT_TRUE(resumed.ok()) << resumed.status();
  auto restored = (*resumed)->Restore("seeds-4", nullptr);
  ASSERT_TRUE(restored.ok()) << restored.status();
  ASSERT_TRUE(restored->has_value());
  EXPECT_EQ(**restored, kSliceBytes);
  EXPECT_EQ((*resumed)->restored(), 1);
  // A slice never saved is no error: there is nothing to restore.
  auto missing = (*resumed)->Restore("seeds-5", nullptr);
  ASSERT_TRUE(missing.ok()) << missing.status();
  EXPECT_FALSE(missing->has_value());
  EXPECT_EQ((*resumed)->restored(), 1);
}

TEST(CheckpointTest, FreshSolveDropsTheLastRunsWork) {
  testing::TempDir dir;
  const std::string output = dir.File("out.retro");
  SaveOne(output, "seeds-4", kSliceBytes);
  auto fresh = Toy(output, Mode::kFresh);
  ASSERT_TRUE(fresh.ok()) << fresh.status();
  EXPECT_THAT(Listing(output + ".checkpoint"), ElementsAre("retro-checkpoint"));
  auto restored = (*fresh)->Restore("seeds-4", nullptr);
  ASSERT_TRUE(restored.ok()) << restored.status();
  EXPECT_FALSE(restored->has_value());
}

TEST(CheckpointTest, SnapshotsRoundTripAndAreDiscarded) {
  testing::TempDir dir;
  const std::string output = dir.File("out.retro");
  const std::vector<uint8_t> first = {9, 8, 7}, second = {}, third(1000, 0x5A);
  {
    auto checkpoint = Toy(output, Mode::kFresh);
    ASSERT_TRUE(checkpoint.ok()) << checkpoint.status();
    const std::span<const uint8_t> parts[] = {first, second, third};
    ASSERT_TRUE((*checkpoint)->SaveSnapshot("seeds-6", parts).ok());
    EXPECT_EQ((*checkpoint)->snapshots_saved(), 1);
  }
  auto resumed = Toy(output, Mode::kResume);
  ASSERT_TRUE(resumed.ok()) << resumed.status();
  auto snapshot = (*resumed)->RestoreSnapshot("seeds-6", nullptr);
  ASSERT_TRUE(snapshot.ok()) << snapshot.status();
  ASSERT_TRUE(snapshot->has_value());
  EXPECT_THAT(**snapshot, ElementsAre(first, second, third));
  // A check refusing the parts makes the snapshot a damaged one.
  auto refused = (*resumed)->RestoreSnapshot(
      "seeds-6", [](const std::vector<std::vector<uint8_t>>&) {
        return absl::DataLossError("part 2 is too short");
      });
  ExpectRefusal(refused.status(), absl::StatusCode::kFailedPrecondition,
                {"seeds-6.snapshot", "is damaged: part 2 is too short"});
  (*resumed)->DiscardSnapshot("seeds-6");
  EXPECT_THAT(Listing(output + ".checkpoint"), ElementsAre("retro-checkpoint"));
}

TEST(CheckpointTest, SliceRefusedByItsCheckIsDamaged) {
  testing::TempDir dir;
  const std::string output = dir.File("out.retro");
  SaveOne(output, "seeds-4", kSliceBytes);
  auto resumed = Toy(output, Mode::kResume);
  ASSERT_TRUE(resumed.ok()) << resumed.status();
  auto restored = (*resumed)->Restore("seeds-4", [](std::span<const uint8_t> bytes) {
    return bytes.size() == 6 && bytes[3] == 250 ? absl::DataLossError("byte 250 at index 3")
                                                : absl::OkStatus();
  });
  ExpectRefusal(restored.status(), absl::StatusCode::kFailedPrecondition,
                {"seeds-4.slice", "is damaged: byte 250 at index 3", "--resume"});
  EXPECT_EQ((*resumed)->restored(), 0);
}

TEST(CheckpointTest, DamagedSliceFileIsRefused) {
  testing::TempDir dir;
  const std::string output = dir.File("out.retro");
  SaveOne(output, "seeds-4", kSliceBytes);
  const std::string file = output + ".checkpoint/seeds-4.slice";
  std::vector<uint8_t> bytes = testing::ReadBytes(file);
  // The slice's data is the file's last bytes (before alignment padding,
  // if any): flip the last byte that holds a 7.
  auto at = std::find(bytes.rbegin(), bytes.rend(), uint8_t{7});
  ASSERT_NE(at, bytes.rend());
  *at ^= 0x10;
  testing::WriteBytes(file, bytes);
  auto resumed = Toy(output, Mode::kResume);
  ASSERT_TRUE(resumed.ok()) << resumed.status();
  ExpectRefusal((*resumed)->Restore("seeds-4", nullptr).status(),
                absl::StatusCode::kFailedPrecondition,
                {file, "is damaged", "checksum mismatch in slice 'seeds-4'"});
  // A truncated file is damaged too.
  bytes.resize(bytes.size() / 2);
  testing::WriteBytes(file, bytes);
  ExpectRefusal((*resumed)->Restore("seeds-4", nullptr).status(),
                absl::StatusCode::kFailedPrecondition, {file, "is damaged", "truncated"});
}

TEST(CheckpointTest, SliceFileUnderAnotherNameIsRefused) {
  testing::TempDir dir;
  const std::string output = dir.File("out.retro");
  SaveOne(output, "seeds-4", kSliceBytes);
  const std::string folder = output + ".checkpoint";
  std::filesystem::rename(folder + "/seeds-4.slice", folder + "/seeds-5.slice");
  auto resumed = Toy(output, Mode::kResume);
  ASSERT_TRUE(resumed.ok()) << resumed.status();
  ExpectRefusal((*resumed)->Restore("seeds-5", nullptr).status(),
                absl::StatusCode::kFailedPrecondition,
                {"seeds-5.slice", "does not hold exactly the slice 'seeds-5'"});
}

TEST(CheckpointTest, ForeignCheckpointsAreRefusedOnResume) {
  testing::TempDir dir;
  const std::string output = dir.File("out.retro");
  SaveOne(output, "seeds-4", kSliceBytes);
  ExpectRefusal(Toy(output, Mode::kResume, kParameters, "other").status(),
                absl::StatusCode::kInvalidArgument,
                {"belongs to a solve of game 'toy'", "(this solve: 'other')"});
  ExpectRefusal(Toy(output, Mode::kResume, {{"seeds", "5"}, {"turn-limit", "200"}}).status(),
                absl::StatusCode::kInvalidArgument,
                {"was made with other parameters", "seeds=6 (this solve: 5)"});
  ExpectRefusal(Toy(output, Mode::kResume, kParameters, "toy", 4).status(),
                absl::StatusCode::kFailedPrecondition,
                {"was made by another version", "data version 3"});
  // Each refusal left the earlier run's work where it was.
  EXPECT_THAT(Listing(output + ".checkpoint"), ElementsAre("retro-checkpoint", "seeds-4.slice"));
}

TEST(CheckpointTest, SliceFileOfAnotherSolveIsRefused) {
  // A slice file copied in from another game's checkpoint folder.
  testing::TempDir dir;
  const std::string output = dir.File("out.retro"), other = dir.File("other.retro");
  {
    auto checkpoint = Toy(other, Mode::kFresh, kParameters, "another-game");
    ASSERT_TRUE(checkpoint.ok()) << checkpoint.status();
    ASSERT_TRUE((*checkpoint)->Save("seeds-4", kSliceBytes).ok());
  }
  auto mine = Toy(output, Mode::kFresh);
  ASSERT_TRUE(mine.ok()) << mine.status();
  std::filesystem::copy_file(other + ".checkpoint/seeds-4.slice",
                             output + ".checkpoint/seeds-4.slice");
  ExpectRefusal((*mine)->Restore("seeds-4", nullptr).status(),
                absl::StatusCode::kFailedPrecondition, {"belongs to game 'another-game'"});
  // A snapshot file under a slice's name is not a checkpoint of that kind.
  const std::vector<uint8_t> part = {1};
  const std::span<const uint8_t> parts[] = {part};
  ASSERT_TRUE((*mine)->SaveSnapshot("seeds-5", parts).ok());
  std::filesystem::copy_file(output + ".checkpoint/seeds-5.snapshot",
                             output + ".checkpoint/seeds-5.slice");
  ExpectRefusal((*mine)->Restore("seeds-5", nullptr).status(),
                absl::StatusCode::kFailedPrecondition,
                {"is not a retro checkpoint of this kind"});
}

TEST(CheckpointTest, FolderWithoutMarkerIsLeftAlone) {
  testing::TempDir dir;
  const std::string output = dir.File("out.retro");
  const std::string folder = output + ".checkpoint";
  std::filesystem::create_directory(folder);
  testing::WriteBytes(folder + "/seeds-4.slice", {1, 2, 3});
  for (Mode mode : {Mode::kFresh, Mode::kResume}) {
    ExpectRefusal(Toy(output, mode).status(), absl::StatusCode::kInvalidArgument,
                  {"is not a retro checkpoint", "retro-checkpoint"});
  }
  EXPECT_THAT(Listing(folder), ElementsAre("seeds-4.slice"));
  EXPECT_EQ(testing::ReadBytes(folder + "/seeds-4.slice"), (std::vector<uint8_t>{1, 2, 3}));
}

TEST(CheckpointTest, FileOrLinkInTheWayIsRefused) {
  testing::TempDir dir;
  const std::string output = dir.File("out.retro");
  testing::WriteBytes(output + ".checkpoint", {42});
  ExpectRefusal(Toy(output, Mode::kFresh).status(), absl::StatusCode::kInvalidArgument,
                {"is in the way of the checkpoint folder"});
  EXPECT_EQ(testing::ReadBytes(output + ".checkpoint"), std::vector<uint8_t>{42});
  std::filesystem::remove(output + ".checkpoint");
  std::filesystem::create_directory(dir.File("elsewhere"));
  std::filesystem::create_directory_symlink(dir.File("elsewhere"), output + ".checkpoint");
  ExpectRefusal(Toy(output, Mode::kFresh).status(), absl::StatusCode::kInvalidArgument,
                {"is a symbolic link"});
  EXPECT_TRUE(std::filesystem::is_empty(dir.File("elsewhere")));
}

TEST(CheckpointTest, SecondLiveSolveOfTheSameOutputIsRefused) {
  testing::TempDir dir;
  const std::string output = dir.File("out.retro");
  auto first = Toy(output, Mode::kFresh);
  ASSERT_TRUE(first.ok()) << first.status();
  ExpectRefusal(Toy(output, Mode::kResume).status(), absl::StatusCode::kFailedPrecondition,
                {"another retro solve of the same output"});
}

TEST(CheckpointTest, RemoveKeepsFilesRetroDidNotMake) {
  testing::TempDir dir;
  const std::string output = dir.File("out.retro");
  const std::string folder = output + ".checkpoint";
  auto checkpoint = Toy(output, Mode::kFresh);
  ASSERT_TRUE(checkpoint.ok()) << checkpoint.status();
  ASSERT_TRUE((*checkpoint)->Save("seeds-4", kSliceBytes).ok());
  testing::WriteBytes(folder + "/notes.txt", {'h', 'i'});
  testing::WriteBytes(folder + "/seeds-4.slice.tmp.not-retros", {1});
  ExpectRefusal((*checkpoint)->Remove(), absl::StatusCode::kFailedPrecondition,
                {"kept the checkpoint folder", "2 files retro did not make"});
  EXPECT_THAT(Listing(folder), ElementsAre("notes.txt", "seeds-4.slice.tmp.not-retros"));
}

TEST(CheckpointTest, RemoveDeletesTheFolderItMade) {
  testing::TempDir dir;
  const std::string output = dir.File("out.retro");
  auto checkpoint = Toy(output, Mode::kFresh);
  ASSERT_TRUE(checkpoint.ok()) << checkpoint.status();
  ASSERT_TRUE((*checkpoint)->Save("seeds-4", kSliceBytes).ok());
  ASSERT_TRUE((*checkpoint)->Remove().ok());
  EXPECT_THAT(dir.List(), ::testing::IsEmpty());
}

TEST(CheckpointTest, CheckpointWithoutWorkLeavesNoFolder) {
  testing::TempDir dir;
  const std::string output = dir.File("out.retro");
  {
    auto checkpoint = Toy(output, Mode::kFresh);
    ASSERT_TRUE(checkpoint.ok()) << checkpoint.status();
    EXPECT_THAT(dir.List(), ElementsAre("out.retro.checkpoint"));
  }
  EXPECT_THAT(dir.List(), ::testing::IsEmpty());
}

TEST(CheckpointTest, MarkerRoundTripsAndRefusesOtherText) {
  const internal::CheckpointMarker marker{.game = "toy",
                                          .plugin_abi = 7,
                                          .data_version = 3,
                                          .parameters = kParameters,
                                          .run = "abc pid 1 at 2"};
  auto parsed = internal::ParseMarker(internal::MarkerText(marker));
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(parsed->game, "toy");
  EXPECT_EQ(parsed->plugin_abi, 7u);
  EXPECT_EQ(parsed->data_version, 3u);
  EXPECT_EQ(parsed->parameters, kParameters);
  EXPECT_EQ(parsed->run, "abc pid 1 at 2");
  for (const std::string text : {"", "hello\n"}) {
    ExpectRefusal(internal::ParseMarker(text).status(), absl::StatusCode::kDataLoss,
                  {"its marker is damaged (no marker line)"});
  }
  ExpectRefusal(internal::ParseMarker("retro checkpoint 1\ngame toy\n").status(),
                absl::StatusCode::kDataLoss, {"its marker is damaged (a line is missing)"});
  EXPECT_EQ(internal::ParameterDifferences({{"seeds", "6"}, {"layout", "fast"}}, {{"seeds", "5"}}),
            "seeds=6 (this solve: 5), layout=fast (this solve: none)");
}

}  // namespace
}  // namespace retro
