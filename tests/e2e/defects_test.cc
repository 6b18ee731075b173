// Regression tests for the defects an adversarial sweep found: outputs onto
// devices, FIFOs, links and read-only files; a FIFO given as --db; write
// errors on stdout; temporaries left by signals or by a killed solve; a full
// file system found only after solving; unknown options swallowing the next
// word; paths named twice; control bytes echoed raw; and a sparse file
// claiming a huge slice. Each test failed on the code before its fix.
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/database.h"
#include "retro/host/checksum.h"
#include "tests/e2e/retro_runner.h"
#include "tests/framework/work_meter.h"

namespace retro::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

class DefectsTest : public RetroTest {
 protected:
  // Starts `retro args...` in the test's directory without waiting for it.
  pid_t Spawn(const std::vector<std::string>& args) { return SpawnRetro(args, work_.path()); }

  // The names in the test's directory that contain ".tmp.".
  std::vector<std::string> Temporaries() {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(work_.path())) {
      const std::string name = entry.path().filename().string();
      if (name.find(".tmp.") != std::string::npos) names.push_back(name);
    }
    return names;
  }

  // Waits (up to 20 s) until a temporary exists in the test's directory.
  bool WaitForTemporary() {
    for (int i = 0; i < 2000; ++i) {
      if (!Temporaries().empty()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
  }
};

mode_t FileType(const std::string& path) {
  struct stat st {};
  if (lstat(path.c_str(), &st) != 0) return 0;
  return st.st_mode & S_IFMT;
}

// --- 1. Outputs that are not regular files ---------------------------------

TEST_F(DefectsTest, OutputOntoACharacterDeviceIsRefusedAndKept) {
  const std::string device = work_.File("null-device");
  if (mknod(device.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) {
    GTEST_SKIP() << "cannot create a device node here: " << std::strerror(errno);
  }
  ExpectError(Retro({"solve", "--game", "countdown", "--out", "null-device"}), 2,
              {"null-device", "a character device", "regular files"});
  EXPECT_EQ(FileType(device), S_IFCHR);
  EXPECT_THAT(Temporaries(), IsEmpty());
}

TEST_F(DefectsTest, OutputOntoAFifoIsRefusedAndKept) {
  const std::string fifo = work_.File("pipe");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0666), 0);
  ExpectError(Retro({"solve", "--game", "countdown", "--out", "pipe"}), 2,
              {"pipe", "a FIFO", "regular files"});
  EXPECT_EQ(FileType(fifo), S_IFIFO);
  EXPECT_THAT(Temporaries(), IsEmpty());
}

TEST_F(DefectsTest, OutputThroughASymlinkReplacesItsTargetAndKeepsTheLink) {
  std::filesystem::create_directory(work_.File("data"));
  { std::ofstream(work_.File("data/real.retro")) << "old contents"; }
  std::filesystem::create_symlink("data/real.retro", work_.File("link.retro"));
  const RunResult solve = Retro({"solve", "--game", "countdown", "--out", "link.retro"});
  ASSERT_EQ(solve.exit_code, 0) << solve;
  EXPECT_EQ(FileType(work_.File("link.retro")), S_IFLNK);
  EXPECT_EQ(FileType(work_.File("data/real.retro")), S_IFREG);
  const RunResult stats = Retro({"stats", "--db", "data/real.retro"});
  EXPECT_EQ(stats.exit_code, 0) << stats;
  EXPECT_THAT(Temporaries(), IsEmpty());
}

TEST_F(DefectsTest, OutputThroughADanglingSymlinkCreatesItsTarget) {
  std::filesystem::create_symlink("made.retro", work_.File("link.retro"));
  const RunResult solve = Retro({"solve", "--game", "countdown", "--out", "link.retro"});
  ASSERT_EQ(solve.exit_code, 0) << solve;
  EXPECT_EQ(FileType(work_.File("link.retro")), S_IFLNK);
  EXPECT_EQ(FileType(work_.File("made.retro")), S_IFREG);
}

TEST_F(DefectsTest, ReadOnlyOutputIsRefusedAndKept) {
  const std::string path = work_.File("kept.retro");
  { std::ofstream(path) << "precious"; }
  ASSERT_EQ(chmod(path.c_str(), 0444), 0);
  ExpectError(Retro({"solve", "--game", "countdown", "--out", "kept.retro"}), 2,
              {"kept.retro", "read-only"});
  EXPECT_EQ(ReadText(path), "precious");
  EXPECT_THAT(Temporaries(), IsEmpty());
}

// --- 3. A FIFO as --db --------------------------------------------------------

TEST_F(DefectsTest, FifoAsDatabaseIsRefusedWithoutWaitingForAWriter) {
  ASSERT_EQ(mkfifo(work_.File("pipe").c_str(), 0666), 0);
  for (const std::vector<std::string>& command :
       {std::vector<std::string>{"stats", "--db", "pipe"},
        std::vector<std::string>{"verify", "--db", "pipe"},
        std::vector<std::string>{"probe", "--db", "pipe", "--position", "3"}}) {
    const auto start = std::chrono::steady_clock::now();
    ExpectError(Retro(command), 2, {"not a regular file", "pipe", "a FIFO"});
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
  }
}

// --- 6. Write errors on stdout ------------------------------------------------

TEST_F(DefectsTest, WriteErrorsOnStdoutFailTheCommand) {
  Solve("c.retro");
  for (const std::vector<std::string>& command :
       {std::vector<std::string>{"stats", "--db", "c.retro"},
        std::vector<std::string>{"verify", "--db", "c.retro"},
        std::vector<std::string>{"probe", "--db", "c.retro", "--position", "7"}}) {
    const RunResult full = RetroShell(command, "", "> /dev/full");
    ExpectError(full, 1, {"cannot write the output", "No space left on device"});
    const RunResult closed = RetroShell(command, "", ">&-");
    ExpectError(closed, 1, {"cannot write the output", "Bad file descriptor"});
  }
}

TEST_F(DefectsTest, ThreadsThatCannotStartAreAnErrorNamingThem) {
  if (kAddressSanitizer) {
    GTEST_SKIP() << "ulimit -v cannot limit retro under AddressSanitizer";
  }
  // 1,000 threads' stacks do not fit 200 MB of address space.
  const RunResult r = RunRetro(
      {"-c",
       "ulimit -v 200000; exec \"$0\" solve --game countdown --threads 1000 --out c.retro "
       "--plugin-dir \"$1\"",
       kRetroBinary, kPluginDir},
      work_.path(), io_.path(), "", {}, "/bin/sh");
  ExpectError(r, 1, {"cannot start 1000 threads", "ask for fewer with --threads"});
  EXPECT_FALSE(std::filesystem::exists(work_.File("c.retro")));
  EXPECT_TRUE(Temporaries().empty());
}

TEST_F(DefectsTest, BatchProbeStopsAtTheFirstFailedWrite) {
  Solve("c.retro");
  std::string input;
  for (int i = 0; i < 100000; ++i) absl::StrAppend(&input, i % 31, "\n");
  ExpectError(RetroShell({"probe", "--db", "c.retro"}, "", "> /dev/full", input), 1,
              {"cannot write the output", "No space left on device"});
}

TEST_F(DefectsTest, SolveWithStdoutClosedFailsButNeverWritesIntoTheDatabase) {
  const RunResult solve =
      RetroShell({"solve", "--game", "countdown", "--out", "c.retro"}, "", ">&-");
  ExpectError(solve, 1, {"cannot write the output"});
  // The database was written before the summary and is intact.
  EXPECT_EQ(Retro({"verify", "--db", "c.retro"}).exit_code, 0);
}

// --- 7. Temporaries after signals and kills -----------------------------------

TEST_F(DefectsTest, TerminatingSignalsRemoveTheTemporary) {
  for (const int signal_number : {SIGHUP, SIGPIPE, SIGUSR1, SIGTERM, SIGINT, SIGQUIT}) {
    const pid_t child = Spawn({"solve", "--game", "oware", "--seeds", "12", "--threads", "1",
                               "--out", "o.retro"});
    ASSERT_GT(child, 0);
    ASSERT_TRUE(WaitForTemporary());
    ASSERT_EQ(kill(child, signal_number), 0);
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    EXPECT_TRUE(WIFEXITED(status)) << "signal " << signal_number;
    if (WIFEXITED(status)) {
      EXPECT_EQ(WEXITSTATUS(status), 128 + signal_number);
    }
    EXPECT_THAT(Temporaries(), IsEmpty()) << "signal " << signal_number;
    EXPECT_FALSE(std::filesystem::exists(work_.File("o.retro")));
  }
}

TEST_F(DefectsTest, ASolveRemovesTemporariesOfKilledSolvesButNotOfLiveOnes) {
  // A solve killed with SIGKILL leaves its temporary behind...
  const pid_t child = Spawn({"solve", "--game", "oware", "--seeds", "12", "--threads", "1",
                             "--out", "c.retro"});
  ASSERT_TRUE(WaitForTemporary());
  kill(child, SIGKILL);
  waitpid(child, nullptr, 0);
  // (with, if the kill came while it made its checkpoint folder, that
  // folder's draft c.retro.checkpoint.tmp.*, which the next solve removes
  // too)...
  const std::vector<std::string> left = Temporaries();
  ASSERT_EQ(std::count_if(left.begin(), left.end(),
                          [](const std::string& name) { return name.starts_with("c.retro.tmp."); }),
            1);
  // ... and one that a live process holds (locked) must survive.
  const std::string live = work_.File("c.retro.tmp.LIVE01");
  const int live_fd = open(live.c_str(), O_RDWR | O_CREAT, 0644);
  ASSERT_GE(live_fd, 0);
  ASSERT_EQ(flock(live_fd, LOCK_EX | LOCK_NB), 0);
  // Unrelated names are never touched.
  { std::ofstream(work_.File("c.retro.tmp.notes.txt")) << "mine"; }

  Solve("c.retro");
  std::vector<std::string> after = Temporaries();
  std::sort(after.begin(), after.end());
  EXPECT_THAT(after, ::testing::ElementsAre("c.retro.tmp.LIVE01", "c.retro.tmp.notes.txt"));
  close(live_fd);
}

// --- 8. Free space ------------------------------------------------------------

TEST_F(DefectsTest, TooLittleFreeSpaceIsRefusedBeforeSolving) {
  const std::string mount_point = work_.File("small");
  std::filesystem::create_directory(mount_point);
  if (mount("tmpfs", mount_point.c_str(), "tmpfs", 0, "size=1m") != 0) {
    GTEST_SKIP() << "cannot mount a small tmpfs here: " << std::strerror(errno);
  }
  const WorkMeter meter(WorkMeter::kChildren);
  const RunResult solve =
      Retro({"solve", "--game", "oware", "--seeds", "13", "--out", "small/o.retro"});
  const double cpu_seconds = meter.CpuSeconds();
  const bool empty = std::filesystem::is_empty(mount_point);
  umount(mount_point.c_str());
  ExpectError(solve, 1, {"not enough free space", "small/o.retro", "needs about", "MiB",
                         "has 1.0 MiB free"});
  EXPECT_TRUE(empty);
  // Refused before the solve (seconds of CPU), not after it.
  EXPECT_LT(cpu_seconds, 2.0);
}

// --- 9. Options, paths in messages, control bytes -----------------------------

TEST_F(DefectsTest, AnUnknownOptionIsNamedAndDoesNotSwallowTheNextWord) {
  ExpectError(Retro({"solve", "--game", "countdown", "--unknown", "--out", "x.retro"}), 2,
              {"unknown option --unknown for game countdown", "valid: --tokens"});
  ExpectError(Retro({"games", "--bogus"}), 2,
              {"unknown option --bogus for retro games", "valid: --json, --plugin-dir"});
  Solve("c.retro");
  ExpectError(Retro({"stats", "--db", "c.retro", "--bogus"}), 2,
              {"unknown option --bogus for retro stats"});
  ExpectError(Retro({"probe", "--db", "c.retro", "--bogus", "--position", "3"}), 2,
              {"unknown option --bogus for retro probe on a countdown database"});
  // A known option without its value is still named as such.
  ExpectError(Retro({"solve", "--game", "countdown", "--tokens", "--out", "x.retro"}), 2,
              {"option --tokens needs a value"});
  ExpectError(Retro({"stats", "--db", "--json"}), 2, {"option --db needs a value"});
  ExpectError(Retro({"solve", "--game", "countdown", "--out"}), 2,
              {"option --out needs a value"});
  EXPECT_FALSE(std::filesystem::exists(work_.File("x.retro")));
}

TEST_F(DefectsTest, PluginErrorsNameThePathOnce) {
  // A tic-tac-toe database whose codec is not tic-tac-toe's.
  const std::vector<std::string> tictactoe = {"--plugin-dir", BuildPath(RETRO_TICTACTOE_PLUGIN_DIR)};
  auto with_plugin = [&](std::vector<std::string> args) {
    args.insert(args.end(), tictactoe.begin(), tictactoe.end());
    return Retro(args);
  };
  ASSERT_EQ(with_plugin({"solve", "--game", "tictactoe", "--out", "t.retro"}).exit_code, 0);
  const std::string bytes_text = ReadText(work_.File("t.retro"));
  const std::vector<uint8_t> bytes(bytes_text.begin(), bytes_text.end());
  auto file = DatabaseFile::FromBytes(bytes);
  ASSERT_TRUE(file.ok()) << file.status();
  DatabaseBuilder builder;
  builder.SetCodec("something-else-v1");
  for (const auto& [key, value] : (*file)->parameters()) builder.SetParameter(key, value);
  for (size_t i = 0; i < (*file)->slices().size(); ++i) {
    const auto slice = (*file)->SliceBytes(i);
    builder.AddSlice((*file)->slices()[i].name, {slice.begin(), slice.end()});
  }
  DatabaseIdentity identity = (*file)->identity();
  identity.codec = "something-else-v1";
  const std::vector<uint8_t> foreign = SerializeDatabase(identity, builder);
  {
    std::ofstream out(work_.File("foreign.retro"), std::ios::binary);
    out.write(reinterpret_cast<const char*>(foreign.data()), foreign.size());
  }
  const RunResult stats = with_plugin({"stats", "--db", "foreign.retro"});
  EXPECT_NE(stats.exit_code, 0);
  const std::string& err = stats.err;
  const size_t first = err.find("foreign.retro");
  ASSERT_NE(first, std::string::npos) << stats;
  EXPECT_EQ(err.find("foreign.retro", first + 1), std::string::npos) << stats;
}

TEST_F(DefectsTest, BatchErrorLinesEscapeControlBytesLikeJson) {
  Solve("c.retro");
  const std::string input = std::string("ab\x1b[2Jcd") + std::string(1, '\0') + "ef\x07\n5\n";
  const RunResult probe = Retro({"probe", "--db", "c.retro"}, input);
  EXPECT_EQ(probe.exit_code, 2) << probe;
  const std::vector<std::string> lines = Lines(probe.out);
  ASSERT_EQ(lines.size(), 2u) << probe;
  EXPECT_THAT(lines[0], HasSubstr("ab\\u001b[2Jcd\\u0000ef\\u0007"));
  EXPECT_EQ(probe.out.find('\x1b'), std::string::npos);
  EXPECT_EQ(probe.out.find('\0'), std::string::npos);
  EXPECT_EQ(probe.out.find('\x07'), std::string::npos);
}

// --- 10. A sparse file claiming a huge slice ----------------------------------

TEST_F(DefectsTest, ASparseFileClaimingAHugeSliceIsRefusedQuickly) {
  ASSERT_EQ(Retro({"solve", "--game", "oware", "--seeds", "3", "--out", "o.retro"}).exit_code, 0);
  const std::string text = ReadText(work_.File("o.retro"));
  const std::vector<uint8_t> bytes(text.begin(), text.end());
  auto file = DatabaseFile::FromBytes(bytes);
  ASSERT_TRUE(file.ok()) << file.status();
  // The same database with its last slice claiming 40 GiB: patch the slice
  // table entry (name, offset, size, checksum), the file size and the header
  // checksum, and make the file that long, sparse.
  const auto& last = (*file)->slices().back();
  const uint64_t huge = uint64_t{40} << 30;
  const uint32_t header_size = bytes[12] | bytes[13] << 8 | bytes[14] << 16 | bytes[15] << 24;
  std::vector<uint8_t> header(bytes.begin(), bytes.begin() + header_size);
  std::string header_text(header.begin(), header.end());
  size_t at = header_text.rfind(last.name);
  ASSERT_NE(at, std::string::npos);
  at += last.name.size() + 8;  // past the name and the offset: the size
  auto put64 = [&](size_t pos, uint64_t v) {
    for (int i = 0; i < 8; ++i) header[pos + i] = static_cast<uint8_t>(v >> (8 * i));
  };
  put64(at, huge);
  put64(16, last.offset + huge);  // the file size
  put64(24, 0);
  put64(24, Checksum64(header.data(), header.size()));
  const std::string path = work_.File("sparse.retro");
  {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(header.data()), header.size());
    out.write(reinterpret_cast<const char*>(bytes.data()) + header_size,
              last.offset - header_size);
  }
  ASSERT_EQ(truncate(path.c_str(), static_cast<off_t>(last.offset + huge)), 0);
  const WorkMeter meter(WorkMeter::kChildren);
  const RunResult stats = Retro({"stats", "--db", "sparse.retro"});
  EXPECT_LT(meter.CpuSeconds(), kAtOnceCpuSeconds);
  EXPECT_LT(meter.PageFaults(), kAtOncePageFaults);
  EXPECT_NE(stats.exit_code, 0) << stats;
  EXPECT_THAT(stats.err, HasSubstr(last.name)) << stats;
}

}  // namespace
}  // namespace retro::testing
