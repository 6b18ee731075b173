// DistributedCheckpoint (framework/host/include/retro/host/distributed_checkpoint.h) on ranks
// that are threads of one process (thread_communicator.h): rank 0 alone
// saves, every rank restores the same slice, and ranks that see different
// checkpoints (or one that cannot read its own) all stop with one error.
#include "retro/host/distributed_checkpoint.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/distributed/thread_communicator.h"

namespace retro::distributed {
namespace {

constexpr char kGame[] = "test-game";

// A fresh folder for one test's outputs.
std::string TempOutput(const std::string& name) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("retro_distributed_checkpoint_" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return (dir / "out.retro").string();
}

// The checkpoint of `output` as rank `rank` of a solve opens it: rank 0
// owns the folder, the others of a resumed job only read it.
std::unique_ptr<FileCheckpoint> Open(const std::string& output, bool resume, int rank = 0) {
  using Mode = internal::CheckpointFolder::Mode;
  const Mode mode = rank != 0 ? Mode::kReadOnly : resume ? Mode::kResume : Mode::kFresh;
  auto created = FileCheckpoint::Create(output, kGame, 1, {{"n", "3"}}, mode);
  EXPECT_TRUE(created.ok()) << created.status();
  return created.ok() ? std::move(*created) : nullptr;
}

TEST(DistributedCheckpointTest, RankZeroSavesAndEveryRankRestores) {
  const std::string output = TempOutput("saves");
  const std::vector<uint8_t> slice = {1, 2, 3, 4, 5};
  // A first job: rank 0 keeps the slice, the others write nothing.
  testing::ThreadJob(3).Run([&](distributed::Communicator& comm) {
    DistributedCheckpoint checkpoint(comm.rank() == 0 ? Open(output, false) : nullptr, comm);
    auto found = checkpoint.Restore("a", nullptr);
    ASSERT_TRUE(found.ok()) << found.status();
    EXPECT_FALSE(found->has_value());
    EXPECT_TRUE(checkpoint.Save("a", slice).ok());
  });
  EXPECT_TRUE(std::filesystem::exists(output + ".checkpoint/a.slice"));
  // A resumed job: every rank reads the same slice.
  testing::ThreadJob(3).Run([&](distributed::Communicator& comm) {
    DistributedCheckpoint checkpoint(Open(output, true, comm.rank()), comm);
    auto found = checkpoint.Restore("a", nullptr);
    ASSERT_TRUE(found.ok()) << found.status();
    ASSERT_TRUE(found->has_value());
    EXPECT_EQ(**found, slice);
    auto missing = checkpoint.Restore("b", nullptr);
    ASSERT_TRUE(missing.ok());
    EXPECT_FALSE(missing->has_value());
  });
}

TEST(DistributedCheckpointTest, RanksThatSeeDifferentCheckpointsAllStop) {
  // Rank 1 reads another folder (as on a node without the shared file
  // system): it finds nothing where rank 0 finds the slice.
  const std::string shared = TempOutput("shared");
  const std::string elsewhere = TempOutput("elsewhere");
  {
    auto first = Open(shared, false);
    ASSERT_TRUE(first->Save("a", std::vector<uint8_t>{7, 7, 7}).ok());
  }
  testing::ThreadJob(2).Run([&](distributed::Communicator& comm) {
    DistributedCheckpoint checkpoint(
        Open(comm.rank() == 1 ? elsewhere : shared, true, comm.rank()), comm);
    auto found = checkpoint.Restore("a", nullptr);
    ASSERT_FALSE(found.ok());
    EXPECT_NE(found.status().message().find("different checkpoints of slice 'a'"),
              std::string::npos)
        << found.status();
  });
}

TEST(DistributedCheckpointTest, ADamagedSliceOnOneRankStopsEveryRank) {
  const std::string output = TempOutput("damaged");
  const std::string copy = TempOutput("damaged_copy");
  {
    auto first = Open(output, false);
    ASSERT_TRUE(first->Save("a", std::vector<uint8_t>(100, 9)).ok());
  }
  // Rank 1's copy of the folder is truncated.
  std::filesystem::create_directories(copy + ".checkpoint");
  std::filesystem::copy_file(output + ".checkpoint/a.slice", copy + ".checkpoint/a.slice");
  std::filesystem::resize_file(copy + ".checkpoint/a.slice",
                               std::filesystem::file_size(copy + ".checkpoint/a.slice") - 10);
  testing::ThreadJob(2).Run([&](distributed::Communicator& comm) {
    DistributedCheckpoint checkpoint(Open(comm.rank() == 1 ? copy : output, true, comm.rank()),
                                     comm);
    auto found = checkpoint.Restore("a", nullptr);
    ASSERT_FALSE(found.ok());
    EXPECT_NE(found.status().message().find("rank 1 of 2"), std::string::npos) << found.status();
  });
}

}  // namespace
}  // namespace retro::distributed
