// Regression tests for command-line defects a sweep found: books and
// databases claiming huge slices checksummed before their layout was checked
// (play, match), batch probing that took a failed or endless read for the
// end of its input, an empty --position taken for the start position, exit
// statuses at odds with the documented meaning (missing files, sockets,
// symbolic-link loops, commands a game does not offer), untrue messages,
// a search that overflowed a small stack, and a plugin listed twice by
// `retro games`. Each test failed on the code before its fix.
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/e2e/retro_runner.h"
#include "tests/framework/crafted_database.h"
#include "tests/framework/work_meter.h"

namespace retro::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr uint64_t kOneTiB = uint64_t{1} << 40;
const char kSmallBoard[] = "0 0 0 1 0 0 | 0 0 0 0 0 1";

class SweepCliTest : public RetroTest {
 protected:
  // A 3-seed oware book in the test's directory; returns its bytes.
  std::vector<uint8_t> SolveBook(const std::string& file) {
    const RunResult solve = Retro({"solve", "--game", "oware", "--seeds", "3", "--out", file});
    EXPECT_EQ(solve.exit_code, 0) << solve;
    const std::string text = ReadText(work_.File(file));
    return {text.begin(), text.end()};
  }

  // The directory of the retro under test, where the game plugins are.
  static std::string BinaryDir() {
    return std::filesystem::path(kRetroBinary).parent_path().string();
  }
};

// Runs `run` (one `retro` process) and expects it to refuse at once: within
// a bound on its CPU time and pages touched that reading the claimed slice
// would break by orders of magnitude, whatever the machine's load.
template <typename F>
RunResult Quickly(F run) {
  const WorkMeter meter(WorkMeter::kChildren);
  RunResult result = run();
  EXPECT_LT(meter.CpuSeconds(), kAtOnceCpuSeconds) << result;
  EXPECT_LT(meter.PageFaults(), kAtOncePageFaults) << result;
  return result;
}

// --- A book claiming a huge slice ---------------------------------------------

TEST_F(SweepCliTest, PlayAndMatchRefuseABookClaimingAHugeSliceAtOnce) {
  const std::string slice =
      WriteClaimingHugeLastSlice(SolveBook("o.retro"), work_.File("huge.retro"), kOneTiB);
  const RunResult play = Quickly([&] {
    return Retro({"play", "--game", "oware", "--db", "huge.retro", "--depth", "2"});
  });
  EXPECT_NE(play.exit_code, 0) << play;
  EXPECT_THAT(play.err, HasSubstr(slice)) << play;
  const RunResult match = Quickly([&] {
    return Retro({"match", "--game", "oware", "--a", "book=huge.retro,depth=1", "--b", "depth=1",
                  "--games", "2"});
  });
  EXPECT_NE(match.exit_code, 0) << match;
  EXPECT_THAT(match.err, HasSubstr(slice)) << match;
  // The book as solved is still used, its checksums verified.
  EXPECT_EQ(Retro({"play", "--game", "oware", "--db", "o.retro", "--position", kSmallBoard})
                .exit_code,
            0);
}

// --- Batch probing: read errors, long and endless lines -----------------------

TEST_F(SweepCliTest, BatchProbeReportsAnUnreadableInputNamingTheLine) {
  SolveBook("o.retro");
  const RunResult directory = RetroShell({"probe", "--db", "o.retro"}, "", "< .");
  ExpectError(directory, 2, {"cannot read the input at line 1", "Is a directory"});
  // The line's answer: its error line.
  ASSERT_EQ(Lines(directory.out).size(), 1u) << directory;
  EXPECT_THAT(directory.out, ::testing::StartsWith("error: cannot read the input at line 1"));
}

TEST_F(SweepCliTest, BatchProbeRefusesALineLongerThanOneMebibyte) {
  SolveBook("o.retro");
  const std::string good = absl::StrCat(kSmallBoard, "\n");
  const std::string input =
      absl::StrCat(good, good, std::string((size_t{1} << 20) + 1, '4'), "\n", good);
  const RunResult probe = Retro({"probe", "--db", "o.retro"}, input);
  ExpectError(probe, 2, {"line 3 of the input is longer than 1 MiB"});
  ASSERT_EQ(Lines(probe.out).size(), 3u) << probe;
  EXPECT_THAT(Lines(probe.out)[2], ::testing::StartsWith("error: line 3 of the input is longer"));
  // A line of exactly 1 MiB is read (and answered, here with an error line).
  const RunResult longest =
      Retro({"probe", "--db", "o.retro"}, absl::StrCat(std::string(size_t{1} << 20, '4'), "\n"));
  EXPECT_EQ(longest.exit_code, 2) << longest.err;
  EXPECT_EQ(Lines(longest.out).size(), 1u);
  EXPECT_EQ(longest.err, "");
}

// Every line read before a line longer than 1 MiB gets its answer line,
// a good one and a bad one alike, in text and in JSON, from a file and
// from a pipe whose lines arrive over time; then the long line's error
// line, exit status 2, and nothing for the lines after it.
TEST_F(SweepCliTest, BatchProbeAnswersEveryLineBeforeALongOne) {
  SolveBook("o.retro");
  const std::string good = absl::StrCat(kSmallBoard, "\n");
  const std::string input = absl::StrCat(good, "1 2 3\n", good, good,
                                         std::string((size_t{1} << 20) + 1, '4'), "\n", good);
  for (const bool json : {false, true}) {
    std::vector<std::string> args = {"probe", "--db", "o.retro"};
    if (json) args.push_back("--json");
    const RunResult probe = Retro(args, input);
    ExpectError(probe, 2, {"line 5 of the input is longer than 1 MiB"});
    const std::vector<std::string> lines = Lines(probe.out);
    ASSERT_EQ(lines.size(), 5u) << probe;
    for (const int i : {0, 2, 3}) {
      EXPECT_THAT(lines[i], ::testing::HasSubstr(json ? "\"value\":2" : "value=2")) << i;
    }
    EXPECT_THAT(lines[1], ::testing::HasSubstr(json ? "\"ok\":false" : "error: ")) << probe;
    EXPECT_THAT(lines[4], ::testing::HasSubstr("line 5 of the input is longer than 1 MiB"));
  }
  // From a pipe, the long line arriving after the others were answered.
  const std::string feed = absl::StrCat(
      "{ printf '%s\\n' '", kSmallBoard, "' '1 2 3' '", kSmallBoard, "'; sleep 0.3; "
      "head -c 1048577 /dev/zero | tr '\\0' 4; echo; printf '%s\\n' '", kSmallBoard, "'; } |");
  const RunResult piped = RetroShell({"probe", "--db", "o.retro"}, feed, "");
  ExpectError(piped, 2, {"line 4 of the input is longer than 1 MiB"});
  const std::vector<std::string> lines = Lines(piped.out);
  ASSERT_EQ(lines.size(), 4u) << piped;
  EXPECT_THAT(lines[0], ::testing::HasSubstr("value=2"));
  EXPECT_THAT(lines[1], ::testing::HasSubstr("error: "));
  EXPECT_THAT(lines[2], ::testing::HasSubstr("value=2"));
  EXPECT_THAT(lines[3], ::testing::StartsWith("error: line 4 of the input is longer"));
}

// A bad --plies-left (out of the book's range, or no number) is each
// line's error: every line read gets its error line, in text and in JSON,
// and the exit status is 2.
TEST_F(SweepCliTest, BatchProbeWithABadPliesLeftAnswersEveryLine) {
  SolveBook("o.retro");
  const std::string input = absl::StrCat(kSmallBoard, "\n1 2 3\n", kSmallBoard, "\n");
  for (const std::string bad : {"999", "abc"}) {
    for (const bool json : {false, true}) {
      std::vector<std::string> args = {"probe", "--db", "o.retro", "--plies-left", bad};
      if (json) args.push_back("--json");
      const RunResult probe = Retro(args, input);
      EXPECT_EQ(probe.exit_code, 2) << probe;
      const std::vector<std::string> lines = Lines(probe.out);
      ASSERT_EQ(lines.size(), 3u) << probe;
      for (const std::string& line : lines) {
        EXPECT_THAT(line, ::testing::HasSubstr(json ? "\"ok\":false" : "error: ")) << line;
      }
      EXPECT_THAT(lines[0], ::testing::HasSubstr("--plies-left")) << lines[0];
    }
  }
}

TEST_F(SweepCliTest, BatchProbeOfAnEndlessLineStopsWithBoundedMemory) {
  if (kAddressSanitizer) {
    GTEST_SKIP() << "ulimit -v cannot limit retro under AddressSanitizer";
  }
  SolveBook("o.retro");
  const RunResult probe =
      RetroShell({"probe", "--db", "o.retro"}, "ulimit -v 500000;", "< /dev/zero");
  ExpectError(probe, 2, {"line 1 of the input is longer than 1 MiB"});
  EXPECT_EQ(Lines(probe.out).size(), 1u) << probe;
}

// --- An empty --position --------------------------------------------------------

TEST_F(SweepCliTest, AnEmptyPositionIsAnErrorInEveryCommand) {
  SolveBook("o.retro");
  for (const std::string position : {"", "  "}) {
    ExpectError(Retro({"play", "--game", "oware", "--position", position, "--depth", "1"}), 2,
                {"is an empty position", "leave --position out to search the start position"});
    ExpectError(Retro({"probe", "--db", "o.retro", "--position", position}), 2,
                {"is an empty position"});
    ExpectError(Retro({"perft", "--game", "oware", "--position", position, "--depth", "1"}), 2,
                {"is an empty position"});
  }
}

// --- Exit statuses ------------------------------------------------------------------

TEST_F(SweepCliTest, AMissingFileNamedByTheUserIsExitTwoEverywhere) {
  for (const std::string command : {"probe", "stats", "verify"}) {
    ExpectError(Retro({command, "--db", "missing.retro"}), 2,
                {"cannot open database missing.retro", "No such file or directory"});
  }
  ExpectError(Retro({"play", "--game", "oware", "--db", "missing.retro"}), 2,
              {"missing.retro", "No such file or directory"});
  ExpectError(Retro({"match", "--game", "oware", "--a", "book=missing.retro", "--b", "depth=1",
                     "--games", "2"}),
              2, {"missing.retro", "No such file or directory"});
}

TEST_F(SweepCliTest, ASocketAsDatabaseIsRefusedAsASocket) {
  const std::string path = work_.File("sock");
  const int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  ASSERT_LT(path.size(), sizeof address.sun_path);
  std::strcpy(address.sun_path, path.c_str());
  ASSERT_EQ(bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  for (const std::string command : {"probe", "stats", "verify"}) {
    ExpectError(Retro({command, "--db", "sock"}), 2, {"not a regular file", "sock is a socket"});
  }
  ExpectError(Retro({"play", "--game", "oware", "--db", "sock"}), 2, {"sock is a socket"});
  close(fd);
}

TEST_F(SweepCliTest, AScratchFolderThatIsALoopOfLinksIsAClearError) {
  std::filesystem::create_symlink("loop", work_.File("loop"));
  ExpectError(Retro({"solve", "--game", "countdown", "--scratch", "loop", "--out", "c.retro"}), 2,
              {"--scratch 'loop' is not a folder", "Too many levels of symbolic links"});
  EXPECT_FALSE(std::filesystem::exists(work_.File("c.retro")));
}

TEST_F(SweepCliTest, ACommandTheGameDoesNotOfferIsExitTwoNamingTheGamesThatDo) {
  ExpectError(Retro({"perft", "--game", "plakoto", "--position", "p=2 13 1 0 0 0 0 0 0 0 0 0 0",
                     "--depth", "1"}),
              2, {"game plakoto does not offer perft", "games that do:", "oware", "surakarta"});
  const RunResult play = Retro({"play", "--game", "surakarta"});
  ExpectError(play, 2, {"game surakarta does not offer play", "games that do: oware"});
  EXPECT_THAT(play.err, Not(HasSubstr("plakoto")));
}

// --- Messages that say what is true -------------------------------------------------

TEST_F(SweepCliTest, MatchSaysWhichNumbersOfGamesAreValid) {
  for (const std::string games : {"-2", "0", "1", "2000000", "x"}) {
    ExpectError(Retro({"match", "--game", "oware", "--a", "depth=1", "--b", "depth=1", "--games",
                       games}),
                2, {"valid: an even number from 2 to 1000000"});
  }
}

TEST_F(SweepCliTest, AFinishedGameIsExplainedWithItsOwnSeedCount) {
  const RunResult play = Retro(
      {"play", "--game", "oware", "--position", "0 0 0 0 0 3 | 0 0 0 0 0 4", "--score", "20-5"});
  ExpectError(play, 2, {"the game is over", "7 seeds on the board", "32 seeds in the game",
                        "the side to move has captured 20 of them"});
  EXPECT_THAT(play.err, Not(HasSubstr("25 of 48")));
}

TEST_F(SweepCliTest, APluginNameThatIsNoFileIsReportedAsWhatItIs) {
  std::filesystem::create_directory(work_.File("plugins"));
  std::filesystem::create_directory(work_.File("plugins/retro_x.so"));
  ASSERT_EQ(mkfifo(work_.File("plugins/retro_y.so").c_str(), 0666), 0);
  const RunResult games = Retro({"games", "--plugin-dir", "plugins"});
  EXPECT_EQ(games.exit_code, 0) << games;
  EXPECT_THAT(games.err, HasSubstr("plugins/retro_x.so is a directory, not a plugin file"));
  EXPECT_THAT(games.err, HasSubstr("plugins/retro_y.so is a FIFO (named pipe), not a plugin file"));
  EXPECT_THAT(games.err, Not(HasSubstr("not found")));
  ExpectError(Retro({"play", "--game", "x", "--plugin-dir", "plugins"}), 2,
              {"plugins/retro_x.so is a directory, not a plugin file"});
}

// --- A deep search on a small stack ---------------------------------------------------

TEST_F(SweepCliTest, TheDeepestSearchRunsUnderASmallStackLimit) {
  const RunResult play = RetroShell({"play", "--game", "oware", "--depth", "100", "--position",
                                     "2 0 0 0 0 1 | 1 0 0 0 0 2"},
                                    "ulimit -s 32;", "");
  EXPECT_EQ(play.exit_code, 0) << play;
  EXPECT_THAT(play.out, HasSubstr("best move:"));
  // Match games run on worker threads, whose stacks `ulimit -s` sizes too.
  const RunResult match = RetroShell({"match", "--game", "oware", "--a", "depth=4", "--b",
                                      "depth=3", "--games", "2", "--threads", "2"},
                                     "ulimit -s 32;", "");
  EXPECT_EQ(match.exit_code, 0) << match;
}

// --- A plugin under two file names ------------------------------------------------------

TEST_F(SweepCliTest, GamesListsEachGameOnceAndWarnsOfACopy) {
  std::filesystem::create_directory(work_.File("copies"));
  std::filesystem::copy_file(BinaryDir() + "/retro_oware.so",
                             work_.File("copies/retro_copy.so"));
  const RunResult games = Retro({"games", "--plugin-dir", "copies"});
  EXPECT_EQ(games.exit_code, 0) << games;
  int listed = 0;
  for (const std::string& line : Lines(games.out)) listed += line.rfind("oware ", 0) == 0;
  EXPECT_EQ(listed, 1) << games;
  EXPECT_THAT(games.err, HasSubstr("retro: warning: skipped a plugin: copies/retro_copy.so holds "
                                   "game 'oware', but its file is not named retro_oware.so"));
  const RunResult json = Retro({"games", "--json", "--plugin-dir", "copies"});
  EXPECT_EQ(json.exit_code, 0) << json;
  const std::string& out = json.out;
  const size_t first = out.find("\"name\":\"oware\"");
  ASSERT_NE(first, std::string::npos) << out;
  EXPECT_EQ(out.find("\"name\":\"oware\"", first + 1), std::string::npos) << out;
}

}  // namespace
}  // namespace retro::testing
