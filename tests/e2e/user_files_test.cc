// Retro never deletes, truncates or writes a file or folder it did not make:
// user folders, files and links under every name retro uses beside an output
// (`<out>.checkpoint`, `<out>.tmp.*`, a linked checkpoint folder) survive
// solves that succeed, fail and are killed; a checkpoint of another solve
// is refused by --resume without being touched; resource limits and long
// output names end a solve with a message.
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/host/checkpoint_folder.h"
#include "retro/host/temporary_name.h"
#include "retro/plugin.h"
#include "tests/e2e/retro_runner.h"

namespace retro::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

class UserFilesTest : public RetroTest {
 protected:
  // Writes `text` to `name` in the test's directory.
  void Write(const std::string& name, const std::string& text) {
    std::ofstream(work_.File(name), std::ios::binary) << text;
  }

  // The names in folder `name` of the test's directory.
  std::vector<std::string> Names(const std::string& name) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(work_.File(name))) {
      names.push_back(entry.path().filename().string());
    }
    return names;
  }

  // A checkpoint folder `<output>.checkpoint` as another solve left it:
  // its marker and one slice file.
  void LeaveCheckpointOf(const std::string& output, const std::string& game,
                         std::vector<std::pair<std::string, std::string>> parameters) {
    const std::string folder = output + ".checkpoint";
    fs::create_directory(work_.File(folder));
    const internal::CheckpointMarker marker{.game = game,
                                            .plugin_abi = kPluginAbiVersion,
                                            .data_version = 1,
                                            .parameters = std::move(parameters),
                                            .run = "an earlier run"};
    Write(folder + "/retro-checkpoint", internal::MarkerText(marker));
    Write(folder + "/other.slice", "another solve's work");
  }
};

TEST_F(UserFilesTest, AFolderNamedLikeTheCheckpointIsRefusedAndKept) {
  fs::create_directory(work_.File("x.retro.checkpoint"));
  Write("x.retro.checkpoint/notes.txt", "precious");
  ExpectError(Retro({"solve", "--game", "oware", "--seeds", "3", "--out", "x.retro"}), 2,
              {"x.retro.checkpoint", "not a retro checkpoint", "--no-checkpoint"});
  EXPECT_EQ(ReadText(work_.File("x.retro.checkpoint/notes.txt")), "precious");
  EXPECT_THAT(Names("x.retro.checkpoint"), UnorderedElementsAre("notes.txt"));
  EXPECT_FALSE(fs::exists(work_.File("x.retro")));
  // --no-checkpoint solves beside it and leaves it alone.
  const RunResult solve =
      Retro({"solve", "--game", "oware", "--seeds", "3", "--out", "x.retro", "--no-checkpoint"});
  EXPECT_EQ(solve.exit_code, 0) << solve;
  EXPECT_THAT(Names("x.retro.checkpoint"), UnorderedElementsAre("notes.txt"));
}

TEST_F(UserFilesTest, ASymlinkedCheckpointFolderIsRefusedAndItsTargetKept) {
  fs::create_directory(work_.File("other"));
  Write("other/results.slice", "mine");
  fs::create_directory_symlink("other", work_.File("y.retro.checkpoint"));
  ExpectError(Retro({"solve", "--game", "oware", "--seeds", "4", "--out", "y.retro"}), 2,
              {"y.retro.checkpoint", "symbolic link"});
  EXPECT_TRUE(fs::is_symlink(work_.File("y.retro.checkpoint")));
  EXPECT_THAT(Names("other"), UnorderedElementsAre("results.slice"));
  EXPECT_EQ(ReadText(work_.File("other/results.slice")), "mine");
  // With --resume as well.
  ExpectError(
      Retro({"solve", "--game", "oware", "--seeds", "4", "--out", "y.retro", "--resume"}), 2,
      {"y.retro.checkpoint", "symbolic link"});
  EXPECT_THAT(Names("other"), UnorderedElementsAre("results.slice"));
}

// The same rule during a solve: the folder swapped for a symbolic link
// while the solve runs (stopped with SIGSTOP after two finished slices, so
// the swap lands mid-solve) is noticed before the next slice is written,
// and nothing is written into the link's target.
TEST_F(UserFilesTest, ACheckpointFolderSwappedForASymlinkMidSolveIsNeverWrittenThrough) {
  fs::create_directory(work_.File("other"));
  Write("other/results.slice", "mine");
  const std::string err = work_.File("solve.err");
  const pid_t child = fork();
  if (child == 0) {
    const int fd = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 || chdir(work_.path().c_str()) != 0) _exit(126);
    dup2(fd, 2);
    execl(kRetroBinary.c_str(), kRetroBinary.c_str(), "solve", "--game", "oware", "--seeds", "11",
          "--threads", "1", "--out", "z.retro", "--plugin-dir", kPluginDir.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  ASSERT_GT(child, 0);
  const auto slices = [&] {
    int count = 0;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(work_.File("z.retro.checkpoint"), error)) {
      count += entry.path().extension() == ".slice";
    }
    return count;
  };
  bool stopped = false;
  for (int i = 0; i < 30000 && !stopped; ++i) {  // up to about 30 s
    if (slices() >= 2) {
      kill(child, SIGSTOP);
      stopped = true;
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  ASSERT_TRUE(stopped) << "the solve kept no two slices";
  fs::rename(work_.File("z.retro.checkpoint"), work_.File("moved"));
  fs::create_directory_symlink("other", work_.File("z.retro.checkpoint"));
  kill(child, SIGCONT);
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 1) << ReadText(err);
  EXPECT_THAT(ReadText(err), HasSubstr("the checkpoint folder was replaced during the solve"));
  EXPECT_THAT(ReadText(err), HasSubstr("z.retro.checkpoint is a symbolic link"));
  EXPECT_THAT(Names("other"), UnorderedElementsAre("results.slice"));
  EXPECT_EQ(ReadText(work_.File("other/results.slice")), "mine");
  EXPECT_TRUE(fs::is_symlink(work_.File("z.retro.checkpoint")));
  EXPECT_FALSE(fs::exists(work_.File("z.retro")));
}

TEST_F(UserFilesTest, AFileNamedLikeTheCheckpointIsRefusedAndKept) {
  Write("z.retro.checkpoint", "a file");
  ExpectError(Retro({"solve", "--game", "oware", "--seeds", "3", "--out", "z.retro"}), 2,
              {"z.retro.checkpoint", "in the way"});
  EXPECT_EQ(ReadText(work_.File("z.retro.checkpoint")), "a file");
}

TEST_F(UserFilesTest, ResumeRefusesAnotherGamesCheckpointAndDeletesNothing) {
  LeaveCheckpointOf("g.retro", "surakarta", {{"pieces", "3"}});
  ExpectError(
      Retro({"solve", "--game", "oware", "--seeds", "3", "--out", "g.retro", "--resume"}), 2,
      {"g.retro.checkpoint", "game 'surakarta'", "this solve: 'oware'"});
  EXPECT_THAT(Names("g.retro.checkpoint"),
              UnorderedElementsAre("retro-checkpoint", "other.slice"));
  EXPECT_FALSE(fs::exists(work_.File("g.retro")));
}

TEST_F(UserFilesTest, ResumeRefusesOtherParametersAndDeletesNothing) {
  LeaveCheckpointOf("p.retro", "oware",
                    {{"seeds", "4"}, {"turn-limit", "200"}, {"grand-slam", "forfeit"}});
  const RunResult result =
      Retro({"solve", "--game", "oware", "--seeds", "3", "--out", "p.retro", "--resume"});
  EXPECT_EQ(result.exit_code, 2) << result;
  EXPECT_THAT(result.err, HasSubstr("seeds=4 (this solve: 3)"));
  EXPECT_THAT(Names("p.retro.checkpoint"),
              UnorderedElementsAre("retro-checkpoint", "other.slice"));
}

TEST_F(UserFilesTest, AFreshSolveReplacesRetrosOwnCheckpointButKeepsUserFilesInIt) {
  LeaveCheckpointOf("f.retro", "surakarta", {{"pieces", "3"}});
  Write("f.retro.checkpoint/notes.txt", "mine");
  const RunResult solve = Retro({"solve", "--game", "oware", "--seeds", "3", "--out", "f.retro"});
  EXPECT_EQ(solve.exit_code, 0) << solve;
  EXPECT_THAT(solve.err, HasSubstr("holds 1 file retro did not make"));
  EXPECT_THAT(Names("f.retro.checkpoint"), UnorderedElementsAre("notes.txt"));
}

TEST_F(UserFilesTest, ASecondSolveOfTheSameOutputIsRefusedWhileTheFirstRuns) {
  // The first solve holds its folder locked, as a live retro does.
  LeaveCheckpointOf("c.retro", "oware", {});
  const int held = open(work_.File("c.retro.checkpoint").c_str(), O_RDONLY | O_DIRECTORY);
  ASSERT_GE(held, 0);
  ASSERT_EQ(flock(held, LOCK_EX | LOCK_NB), 0);
  ExpectError(Retro({"solve", "--game", "oware", "--seeds", "3", "--out", "c.retro"}), 1,
              {"another retro solve", "c.retro.checkpoint"});
  EXPECT_THAT(Names("c.retro.checkpoint"),
              UnorderedElementsAre("retro-checkpoint", "other.slice"));
  close(held);
}

TEST_F(UserFilesTest, UserFilesNamedLikeTemporariesSurviveSolvesThatSucceedFailAndAreKilled) {
  const std::vector<std::string> mine = {"o.retro.tmp.backup", "o.retro.tmp.abcdef",
                                         "o.retro.tmp.abcdef123456"};
  for (const std::string& name : mine) Write(name, "mine");
  // Succeeds.
  const RunResult solve = Retro({"solve", "--game", "oware", "--seeds", "3", "--out", "o.retro"});
  ASSERT_EQ(solve.exit_code, 0) << solve;
  // Fails (an unknown parameter: before any work).
  EXPECT_EQ(Retro({"solve", "--game", "oware", "--seeds", "3", "--out", "o.retro", "--bogus"}).exit_code, 2);
  // Killed mid-solve, and a later solve that sweeps stale temporaries.
  const pid_t child = SpawnRetro({"solve", "--game", "oware", "--seeds", "12", "--threads", "1",
                                  "--out", "o.retro", "--plugin-dir", kPluginDir},
                                 work_.path());
  ASSERT_GT(child, 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  kill(child, SIGKILL);
  waitpid(child, nullptr, 0);
  const RunResult again = Retro({"solve", "--game", "oware", "--seeds", "3", "--out", "o.retro"});
  ASSERT_EQ(again.exit_code, 0) << again;
  for (const std::string& name : mine) {
    EXPECT_EQ(ReadText(work_.File(name)), "mine") << name;
  }
  // The killed solve's own temporary went; the user's files stayed.
  std::vector<std::string> left;
  for (const auto& entry : fs::directory_iterator(work_.path())) {
    const std::string name = entry.path().filename().string();
    if (name.find(".tmp.") != std::string::npos) left.push_back(name);
  }
  EXPECT_THAT(left, UnorderedElementsAre(mine[0], mine[1], mine[2]));
}

TEST_F(UserFilesTest, AKilledSolvesFolderDraftGoesAndAUsersLookalikeStays) {
  // A solve killed while it made its checkpoint folder leaves the folder's
  // draft (a temporary's name, a marker inside); a user's folder that only
  // looks like one is kept.
  const std::string draft = TemporaryNameFor("d.retro.checkpoint", "abc123");
  fs::create_directory(work_.File(draft));
  LeaveCheckpointOf("draft-source.retro", "oware", {});
  fs::copy_file(work_.File("draft-source.retro.checkpoint/retro-checkpoint"),
                work_.File(draft + "/retro-checkpoint"));
  fs::create_directory(work_.File("d.retro.checkpoint.tmp.mine"));
  const RunResult solve = Retro({"solve", "--game", "oware", "--seeds", "3", "--out", "d.retro"});
  EXPECT_EQ(solve.exit_code, 0) << solve;
  EXPECT_FALSE(fs::exists(work_.File(draft)));
  EXPECT_TRUE(fs::is_directory(work_.File("d.retro.checkpoint.tmp.mine")));
}

TEST_F(UserFilesTest, TemporaryNamesProveThemselves) {
  const std::string name = TemporaryNameFor("o.retro", "abc123");
  EXPECT_TRUE(IsTemporaryNameOf("o.retro", name)) << name;
  EXPECT_FALSE(IsTemporaryNameOf("p.retro", name));
  std::string forged = name;
  forged.back() = forged.back() == 'a' ? 'b' : 'a';
  EXPECT_FALSE(IsTemporaryNameOf("o.retro", forged));
  EXPECT_FALSE(IsTemporaryNameOf("o.retro", "o.retro.tmp.backup"));
  // A 255-byte output name gives a temporary name within 255 bytes.
  const std::string longest(255, 'n');
  const std::string temporary = TemporaryNameFor(longest, RandomTemporarySuffix());
  EXPECT_LE(temporary.size(), kMaxFileNameBytes);
  EXPECT_TRUE(IsTemporaryNameOf(longest, temporary));
}

TEST_F(UserFilesTest, ALongestOutputNameSolvesWithoutACheckpointAndSaysWhyNotWithOne) {
  const std::string longest(255, 'n');
  ExpectError(Retro({"solve", "--game", "oware", "--seeds", "3", "--out", longest}), 2,
              {"too long for its checkpoint folder", "--no-checkpoint"});
  const RunResult solve =
      Retro({"solve", "--game", "oware", "--seeds", "3", "--out", longest, "--no-checkpoint"});
  EXPECT_EQ(solve.exit_code, 0) << solve;
  EXPECT_TRUE(fs::exists(work_.File(longest)));
}

TEST_F(UserFilesTest, AFileSizeLimitEndsTheSolveWithAMessage) {
  const RunResult result = RetroShell(
      {"solve", "--game", "oware", "--seeds", "9", "--out", "l.retro"}, "ulimit -f 64;", "");
  EXPECT_EQ(result.exit_code, 128 + SIGXFSZ) << result;
  EXPECT_THAT(result.err, HasSubstr("stopped by the file size limit (ulimit -f)"));
  EXPECT_THAT(result.err, HasSubstr("l.retro.checkpoint"));
  EXPECT_FALSE(fs::exists(work_.File("l.retro")));
}

TEST_F(UserFilesTest, ACpuTimeLimitEndsTheSolveWithAMessage) {
  const RunResult result = RetroShell(
      {"solve", "--game", "oware", "--seeds", "16", "--threads", "1", "--out", "t.retro"},
      "ulimit -t 2;", "");
  EXPECT_EQ(result.exit_code, 128 + SIGXCPU) << result;
  EXPECT_THAT(result.err, HasSubstr("stopped by the CPU time limit (ulimit -t)"));
  EXPECT_THAT(result.err, HasSubstr("t.retro.checkpoint"));
  EXPECT_FALSE(fs::exists(work_.File("t.retro")));
}

TEST_F(UserFilesTest, AFailedFinalRenameSaysWhereTheFinishedSlicesAre) {
  // The output becomes a folder while the solve runs: the database cannot
  // be put in place, and the kept checkpoint is named.
  const RunResult result =
      RetroShell({"solve", "--game", "oware", "--seeds", "13", "--threads", "1", "--out", "r.retro"},
                 "(sleep 1; mkdir r.retro) &", "");
  EXPECT_EQ(result.exit_code, 2) << result;
  EXPECT_THAT(result.err, HasSubstr("output path is a directory"));
  EXPECT_THAT(result.err, HasSubstr("the finished slices are kept in r.retro.checkpoint"));
  EXPECT_TRUE(fs::exists(work_.File("r.retro.checkpoint/retro-checkpoint")));
}

TEST_F(UserFilesTest, FewFileDescriptorsLeaveNoEmptyCheckpointFolder) {
  for (const int limit : {4, 5, 6, 7, 8}) {
    const RunResult result =
        RetroShell({"solve", "--game", "oware", "--seeds", "3", "--out", "n.retro"},
                   absl::StrCat("ulimit -n ", limit, ";"), "");
    if (result.exit_code == 0) break;
    EXPECT_FALSE(fs::exists(work_.File("n.retro.checkpoint"))) << "ulimit -n " << limit << "\n"
                                                               << result;
  }
}

}  // namespace
}  // namespace retro::testing
