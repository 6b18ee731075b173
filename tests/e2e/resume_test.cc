// Resumable solves (retro/checkpoint.h): a solve killed with SIGKILL after
// some of its slices are finished, then run again with --resume, writes a
// database byte-identical to an uninterrupted solve, restoring the finished
// slices; checkpoints of other parameters, of another game, or damaged, are
// refused; a successful solve removes its checkpoint.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/e2e/checkpoint_runner.h"
#include "tests/e2e/retro_runner.h"

namespace retro::testing {
namespace {

using ::testing::HasSubstr;

class ResumeTest : public CheckpointTest {
 protected:
  // `retro solve game --out reference.retro`, uninterrupted: its bytes.
  std::string Reference(const std::vector<std::string>& game) {
    std::vector<std::string> solve = {"solve"};
    solve.insert(solve.end(), game.begin(), game.end());
    solve.insert(solve.end(), {"--out", "reference.retro"});
    const RunResult result = Retro(solve);
    EXPECT_EQ(result.exit_code, 0) << result;
    EXPECT_FALSE(std::filesystem::exists(work_.File("reference.retro.checkpoint")));
    return Bytes("reference.retro");
  }
  // `retro solve game --out file --resume`: succeeds, says what it
  // restored, writes `reference` and removes the checkpoint.
  void ExpectResumedTo(const std::vector<std::string>& game, const std::string& file,
                       const std::string& reference, const std::string& restored) {
    std::vector<std::string> resume = {"solve"};
    resume.insert(resume.end(), game.begin(), game.end());
    resume.insert(resume.end(), {"--out", file, "--resume"});
    const RunResult result = Retro(resume);
    ASSERT_EQ(result.exit_code, 0) << result;
    EXPECT_THAT(result.out, HasSubstr(restored));
    EXPECT_EQ(Bytes(file), reference);
    EXPECT_FALSE(std::filesystem::exists(work_.File(file + ".checkpoint")));
    std::filesystem::remove(work_.File(file));
  }
};

TEST_F(ResumeTest, OwareKilledAtSeveralPointsResumesToTheSameBook) {
  const std::vector<std::string> game = {"--game", "oware", "--seeds", "11", "--threads", "1"};
  std::vector<std::string> solve = {"solve"};
  solve.insert(solve.end(), game.begin(), game.end());
  solve.insert(solve.end(), {"--out", "reference.retro"});
  ASSERT_EQ(Retro(solve).exit_code, 0);
  const std::string reference = Bytes("reference.retro");
  EXPECT_FALSE(std::filesystem::exists(work_.File("reference.retro.checkpoint")));
  for (const int slices : {1, 6, 11}) {
    SCOPED_TRACE(slices);
    ASSERT_TRUE(SolveAndKillRetrying(game, "o.retro", slices));
    EXPECT_FALSE(std::filesystem::exists(work_.File("o.retro")));
    const int saved = CheckpointSlices("o.retro");
    std::vector<std::string> resume = {"solve"};
    resume.insert(resume.end(), game.begin(), game.end());
    resume.insert(resume.end(), {"--out", "o.retro", "--resume"});
    const RunResult result = Retro(resume);
    ASSERT_EQ(result.exit_code, 0) << result;
    EXPECT_THAT(result.out, HasSubstr(absl::StrCat("resumed: ", saved, " finished slice")));
    EXPECT_EQ(Bytes("o.retro"), reference);
    EXPECT_FALSE(std::filesystem::exists(work_.File("o.retro.checkpoint")));
    std::filesystem::remove(work_.File("o.retro"));
  }
}

// Snapshots inside a slice (--checkpoint-interval 0: after seeding and
// after every level), in both layouts: killed between slices or in the
// middle of one, the resumed tables are the uninterrupted ones.
TEST_F(ResumeTest, SurakartaKilledInsideASliceResumesToTheSameTables) {
  for (const std::string layout : {"fuchou", "symmetric"}) {
    SCOPED_TRACE(layout);
    const std::vector<std::string> game = {"--game", "surakarta", "--pieces", "4", "--indexer",
                                           layout, "--threads", "1", "--checkpoint-interval",
                                           "0"};
    const std::string reference = Reference(game);
    for (const int slices : {2, 3}) {
      SCOPED_TRACE(slices);
      ASSERT_TRUE(
          SolveAndKillRetrying(game, "s.retro", slices, absl::StrCat("pieces-", slices + 1)));
      EXPECT_FALSE(std::filesystem::exists(work_.File("s.retro")));
      // Killed inside slice `slices` + 1 (or, rarely, just after it was
      // saved, before its snapshot was dropped).
      const int saved = CheckpointSlices("s.retro");
      ASSERT_EQ(CheckpointFiles("s.retro", ".snapshot"), 1);
      ExpectResumedTo(game, "s.retro", reference,
                      absl::StrCat("resumed: ", saved, " finished slices",
                                   saved == slices ? " and 1 slice in progress" : ""));
    }
  }
}

// A damaged snapshot is refused with its name; a fresh solve ignores it.
TEST_F(ResumeTest, DamagedSnapshotIsRefused) {
  const std::vector<std::string> game = {"--game", "surakarta", "--pieces", "4", "--threads", "1",
                                         "--checkpoint-interval", "0"};
  ASSERT_TRUE(SolveAndKillRetrying(game, "s.retro", 3, "pieces-4"));
  {
    const std::string path = work_.File("s.retro.checkpoint/pieces-4.snapshot");
    std::fstream file(path, std::ios::binary | std::ios::in | std::ios::out);
    file.seekg(static_cast<std::streamoff>(std::filesystem::file_size(path) / 2));
    const char byte = static_cast<char>(file.get());
    file.seekp(static_cast<std::streamoff>(std::filesystem::file_size(path) / 2));
    file.put(static_cast<char>(byte ^ 0x5a));  // in the middle: the values
  }
  std::vector<std::string> resume = {"solve"};
  resume.insert(resume.end(), game.begin(), game.end());
  resume.insert(resume.end(), {"--out", "s.retro", "--resume"});
  ExpectError(Retro(resume), 1, {"pieces-4.snapshot", "is damaged"});
  resume.pop_back();
  EXPECT_EQ(Retro(resume).exit_code, 0);
  EXPECT_FALSE(std::filesystem::exists(work_.File("s.retro.checkpoint")));
}

// The chance kit keeps finished slices (Plakoto's pin tables, here with a
// turn distribution so that each takes a while).
TEST_F(ResumeTest, PlakotoKilledBetweenSlicesResumesToTheSameDatabase) {
  const std::vector<std::string> game = {"--game", "plakoto", "--points", "6",
                                         "--distribution", "512", "--threads", "1"};
  const std::string reference = Reference(game);
  for (const int slices : {1, 3}) {
    SCOPED_TRACE(slices);
    ASSERT_TRUE(SolveAndKillRetrying(game, "p.retro", slices));
    const int saved = CheckpointSlices("p.retro");
    ExpectResumedTo(game, "p.retro", reference, absl::StrCat("resumed: ", saved, " finished"));
  }
}

TEST_F(ResumeTest, BadCheckpointIntervalIsRefused) {
  for (const std::string bad : {"-1", "x", "86401"}) {
    ExpectError(Retro({"solve", "--game", "oware", "--seeds", "3", "--checkpoint-interval", bad}),
                2, {"--checkpoint-interval"});
  }
}

TEST_F(ResumeTest, ForeignOrDamagedCheckpointsAreRefused) {
  const std::vector<std::string> game = {"--game", "oware", "--seeds", "11", "--threads", "1"};
  ASSERT_TRUE(SolveAndKillRetrying(game, "o.retro", 4));
  // Other parameters: the command line is what is wrong (exit 2), and the
  // error names what differs.
  ExpectError(Retro({"solve", "--game", "oware", "--seeds", "11", "--turn-limit", "150", "--out",
                     "o.retro", "--resume"}),
              2, {"checkpoint o.retro.checkpoint ", "was made with other parameters",
                  "turn-limit=200 (this solve: 150)"});
  ExpectError(Retro({"solve", "--game", "oware", "--seeds", "11", "--layout", "fast", "--out",
                     "o.retro", "--resume"}),
              2, {"o.retro.checkpoint", "layout=none (this solve: fast)"});
  // Another game's slice under an oware slice's name.
  ASSERT_EQ(Retro({"solve", "--game", "countdown", "--out", "c.retro"}).exit_code, 0);
  std::filesystem::copy_file(work_.File("c.retro"), work_.File("o.retro.checkpoint/seeds-1.slice"),
                             std::filesystem::copy_options::overwrite_existing);
  ExpectError(Retro({"solve", "--game", "oware", "--seeds", "11", "--out", "o.retro",
                     "--resume"}),
              1, {"seeds-1.slice", "not a retro checkpoint"});
  // A damaged slice (its checksum no longer matches).
  ASSERT_TRUE(SolveAndKillRetrying(game, "d.retro", 4));
  {
    std::fstream file(work_.File("d.retro.checkpoint/seeds-3.slice"),
                      std::ios::binary | std::ios::in | std::ios::out);
    file.seekp(-1, std::ios::end);
    file.put('\x5a');
  }
  const RunResult damaged =
      Retro({"solve", "--game", "oware", "--seeds", "11", "--out", "d.retro", "--resume"});
  ExpectError(damaged, 1, {"seeds-3.slice", "is damaged", "solve without --resume"});
  // Its own advice alone: no note to resume from the folder it refuses.
  EXPECT_THAT(damaged.err, ::testing::Not(::testing::HasSubstr("--resume to continue")))
      << damaged;
  // Without --resume the checkpoint is not used: a fresh solve succeeds.
  const RunResult fresh = Retro({"solve", "--game", "oware", "--seeds", "11", "--out", "d.retro"});
  EXPECT_EQ(fresh.exit_code, 0) << fresh;
  EXPECT_FALSE(std::filesystem::exists(work_.File("d.retro.checkpoint")));
}

TEST_F(ResumeTest, ResumeNeedsCheckpoints) {
  ExpectError(Retro({"solve", "--game", "oware", "--seeds", "3", "--resume", "--no-checkpoint"}),
              2, {"--resume", "--no-checkpoint"});
  // Nothing to resume from: a whole solve, and no checkpoint left behind.
  const RunResult result = Retro({"solve", "--game", "oware", "--seeds", "3", "--resume"});
  EXPECT_EQ(result.exit_code, 0) << result;
  EXPECT_THAT(result.out,
              HasSubstr("resumed: no checkpoint (oware-3.retro.checkpoint) was found, so the "
                        "solve started afresh"));
  const RunResult off = Retro({"solve", "--game", "oware", "--seeds", "3", "--no-checkpoint",
                               "--out", "n.retro"});
  EXPECT_EQ(off.exit_code, 0) << off;
  EXPECT_FALSE(std::filesystem::exists(work_.File("n.retro.checkpoint")));
}

}  // namespace
}  // namespace retro::testing
