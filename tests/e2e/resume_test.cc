// Resumable solves (retro/checkpoint.h): a solve killed with SIGKILL after
// some of its slices are finished, then run again with --resume, writes a
// database byte-identical to an uninterrupted solve, restoring the finished
// slices; checkpoints of other parameters, of another game, or damaged, are
// refused; a successful solve removes its checkpoint.
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/e2e/retro_runner.h"

namespace retro::testing {
namespace {

using ::testing::HasSubstr;

class ResumeTest : public RetroTest {
 protected:
  std::string Bytes(const std::string& file) {
    std::ifstream in(work_.File(file), std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  // The slices finished in the checkpoint of `file`.
  int CheckpointSlices(const std::string& file) {
    std::error_code error;
    int count = 0;
    for (const auto& entry :
         std::filesystem::directory_iterator(work_.File(file + ".checkpoint"), error)) {
      count += entry.path().extension() == ".slice";
    }
    return count;
  }
  // Starts `retro solve args --out file`, kills it with SIGKILL once its
  // checkpoint holds at least `slices` finished slices; false if the solve
  // ended first.
  bool SolveAndKill(std::vector<std::string> args, const std::string& file, int slices) {
    args.insert(args.begin(), "solve");
    for (const std::string& extra : {std::string("--out"), file, std::string("--plugin-dir"),
                                     kPluginDir}) {
      args.push_back(extra);
    }
    const pid_t child = SpawnRetro(args, work_.path());
    for (int i = 0; i < 6000; ++i) {
      if (CheckpointSlices(file) >= slices) {
        kill(child, SIGKILL);
        int status = 0;
        waitpid(child, &status, 0);
        return WIFSIGNALED(status);
      }
      int status = 0;
      if (waitpid(child, &status, WNOHANG) == child) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    kill(child, SIGKILL);
    waitpid(child, nullptr, 0);
    return false;
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
    ASSERT_TRUE(SolveAndKill(game, "o.retro", slices));
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

TEST_F(ResumeTest, ForeignOrDamagedCheckpointsAreRefused) {
  const std::vector<std::string> game = {"--game", "oware", "--seeds", "11", "--threads", "1"};
  ASSERT_TRUE(SolveAndKill(game, "o.retro", 4));
  // Other parameters.
  ExpectError(Retro({"solve", "--game", "oware", "--seeds", "11", "--turn-limit", "150", "--out",
                     "o.retro", "--resume"}),
              1, {"o.retro.checkpoint/seeds-0.slice", "was made with other parameters"});
  // Another game's slice under an oware slice's name.
  ASSERT_EQ(Retro({"solve", "--game", "countdown", "--out", "c.retro"}).exit_code, 0);
  std::filesystem::copy_file(work_.File("c.retro"), work_.File("o.retro.checkpoint/seeds-1.slice"),
                             std::filesystem::copy_options::overwrite_existing);
  ExpectError(Retro({"solve", "--game", "oware", "--seeds", "11", "--out", "o.retro",
                     "--resume"}),
              1, {"seeds-1.slice", "not a retro checkpoint"});
  // A damaged slice (its checksum no longer matches).
  ASSERT_TRUE(SolveAndKill(game, "d.retro", 4));
  {
    std::fstream file(work_.File("d.retro.checkpoint/seeds-3.slice"),
                      std::ios::binary | std::ios::in | std::ios::out);
    file.seekp(-1, std::ios::end);
    file.put('\x5a');
  }
  ExpectError(Retro({"solve", "--game", "oware", "--seeds", "11", "--out", "d.retro",
                     "--resume"}),
              1, {"seeds-3.slice", "is damaged"});
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
  EXPECT_THAT(result.out, HasSubstr("resumed: 0 finished slices"));
  const RunResult off = Retro({"solve", "--game", "oware", "--seeds", "3", "--no-checkpoint",
                               "--out", "n.retro"});
  EXPECT_EQ(off.exit_code, 0) << off;
  EXPECT_FALSE(std::filesystem::exists(work_.File("n.retro.checkpoint")));
}

}  // namespace
}  // namespace retro::testing
