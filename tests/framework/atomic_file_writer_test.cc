// Tests for retro::AtomicFileWriter: a committed file is complete and no
// temporary file is left; an abandoned, failed or signalled write leaves
// nothing behind; an unusable destination fails at Create, before any work.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/database.h"
#include "retro/host/atomic_file_writer.h"
#include "tests/framework/expect_status.h"
#include "tests/framework/temp_dir.h"

namespace retro {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

const DatabaseIdentity kIdentity{"writer-test", 1, 2, "bytes"};

void Fill(DatabaseBuilder& builder) {
  builder.SetCodec("bytes");
  builder.SetParameter("size", "1000");
  std::vector<uint8_t> bytes(1000);
  for (size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = static_cast<uint8_t>(i * 7);
  builder.AddSlice("one", bytes);
  builder.AddSlice("two", std::vector<uint8_t>(5, 0xee));
}

TEST(AtomicFileWriterTest, CommitProducesTheFileAndNoTemporary) {
  testing::TempDir dir;
  const std::string path = dir.File("out.retro");
  auto writer = AtomicFileWriter::Create(path);
  ASSERT_TRUE(writer.ok()) << writer.status();
  EXPECT_EQ((*writer)->path(), path);
  // The temporary exists while writing, beside the destination.
  EXPECT_EQ(dir.List().size(), 1u);
  EXPECT_FALSE(std::filesystem::exists(path));
  DatabaseBuilder builder;
  Fill(builder);
  ASSERT_TRUE((*writer)->Commit(kIdentity, builder).ok());
  EXPECT_THAT(dir.List(), ElementsAre("out.retro"));
  // The file holds exactly the serialised bytes, and opens.
  EXPECT_EQ(testing::ReadBytes(path), SerializeDatabase(kIdentity, builder));
  auto file = DatabaseFile::Open(path);
  ASSERT_TRUE(file.ok()) << file.status();
  EXPECT_EQ((*file)->identity().game, "writer-test");
  writer->reset();
  EXPECT_THAT(dir.List(), ElementsAre("out.retro"));  // the destructor keeps it
}

TEST(AtomicFileWriterTest, CommitTwiceFails) {
  testing::TempDir dir;
  auto writer = AtomicFileWriter::Create(dir.File("out.retro"));
  ASSERT_TRUE(writer.ok());
  DatabaseBuilder builder;
  ASSERT_TRUE((*writer)->Commit(kIdentity, builder).ok());
  EXPECT_EQ((*writer)->Commit(kIdentity, builder).code(),
            absl::StatusCode::kFailedPrecondition);
}

TEST(AtomicFileWriterTest, EmptyDatabase) {
  testing::TempDir dir;
  auto writer = AtomicFileWriter::Create(dir.File("empty.retro"));
  ASSERT_TRUE(writer.ok());
  DatabaseBuilder builder;
  ASSERT_TRUE((*writer)->Commit(kIdentity, builder).ok());
  EXPECT_EQ(testing::ReadBytes(dir.File("empty.retro")),
            SerializeDatabase(kIdentity, builder));
  EXPECT_TRUE(DatabaseFile::Open(dir.File("empty.retro")).ok());
}

TEST(AtomicFileWriterTest, ReplacesAnExistingFile) {
  testing::TempDir dir;
  const std::string path = dir.File("out.retro");
  testing::WriteBytes(path, std::vector<uint8_t>(100000, 'x'));
  auto writer = AtomicFileWriter::Create(path);
  ASSERT_TRUE(writer.ok());
  // Until the commit, the old file is untouched.
  EXPECT_EQ(testing::ReadBytes(path).size(), 100000u);
  DatabaseBuilder builder;
  Fill(builder);
  ASSERT_TRUE((*writer)->Commit(kIdentity, builder).ok());
  EXPECT_EQ(testing::ReadBytes(path), SerializeDatabase(kIdentity, builder));
  EXPECT_THAT(dir.List(), ElementsAre("out.retro"));
}

TEST(AtomicFileWriterTest, DestroyingWithoutCommitLeavesNothing) {
  testing::TempDir dir;
  {
    auto writer = AtomicFileWriter::Create(dir.File("out.retro"));
    ASSERT_TRUE(writer.ok());
    EXPECT_EQ(dir.List().size(), 1u);
  }
  EXPECT_THAT(dir.List(), IsEmpty());
}

TEST(AtomicFileWriterTest, NonexistentDirectoryFailsAtCreate) {
  testing::TempDir dir;
  auto writer = AtomicFileWriter::Create(dir.File("no/such/dir/out.retro"));
  ASSERT_FALSE(writer.ok());
  EXPECT_THAT(std::string(writer.status().message()),
              HasSubstr("cannot create output file"));
  EXPECT_THAT(std::string(writer.status().message()),
              HasSubstr("no/such/dir/out.retro"));
  EXPECT_THAT(std::string(writer.status().message()),
              HasSubstr("No such file or directory"));
  EXPECT_THAT(dir.List(), IsEmpty());
}

TEST(AtomicFileWriterTest, ParentIsARegularFileFailsAtCreate) {
  testing::TempDir dir;
  testing::WriteBytes(dir.File("plain"), {1, 2, 3});
  auto writer = AtomicFileWriter::Create(dir.File("plain/out.retro"));
  ASSERT_FALSE(writer.ok());
  EXPECT_THAT(std::string(writer.status().message()),
              HasSubstr("cannot create output file"));
  EXPECT_THAT(dir.List(), ElementsAre("plain"));
}

TEST(AtomicFileWriterTest, UnwritableDirectoryFailsAtCreate) {
  if (geteuid() == 0)
    GTEST_SKIP() << "root can write into a read-only directory";
  testing::TempDir dir;
  const std::string locked = dir.File("locked");
  std::filesystem::create_directory(locked);
  std::filesystem::permissions(locked, std::filesystem::perms::owner_read |
                                           std::filesystem::perms::owner_exec);
  auto writer = AtomicFileWriter::Create(locked + "/out.retro");
  std::filesystem::permissions(locked, std::filesystem::perms::owner_all);
  ASSERT_FALSE(writer.ok());
  EXPECT_THAT(std::string(writer.status().message()),
              HasSubstr("Permission denied"));
  EXPECT_TRUE(std::filesystem::is_empty(locked));
}

TEST(AtomicFileWriterTest, UnwritableLocationFailsAtCreateEvenForRoot) {
  // /proc refuses new files whoever asks; the refusal names the file and
  // the reason, and leaves nothing behind.
  const std::string path = "/proc/retro-test-out.retro";
  auto writer = AtomicFileWriter::Create(path);
  ASSERT_FALSE(writer.ok());
  EXPECT_EQ(writer.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_THAT(std::string(writer.status().message()),
              HasSubstr("cannot create output file"));
  EXPECT_THAT(std::string(writer.status().message()), HasSubstr(path));
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(AtomicFileWriterTest, DirectoryOrEmptyPathIsRefused) {
  testing::TempDir dir;
  auto writer = AtomicFileWriter::Create(dir.path());
  ASSERT_FALSE(writer.ok());
  EXPECT_THAT(std::string(writer.status().message()),
              HasSubstr("is a directory"));
  EXPECT_TRUE(::retro::testing::HasStatus(AtomicFileWriter::Create(""),
                                          absl::StatusCode::kInvalidArgument,
                                          {"empty output file name"}));
  EXPECT_THAT(dir.List(), IsEmpty());
}

// SIGTERM / SIGINT while a writer is open removes its temporary file. Run in
// a child process, which the signal ends.
TEST(AtomicFileWriterTest, SignalRemovesTheTemporaryFile) {
  for (int signal_number : {SIGTERM, SIGINT}) {
    testing::TempDir dir;
    const std::string path = dir.File("out.retro");
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      auto writer = AtomicFileWriter::Create(path);
      if (!writer.ok()) _exit(3);
      raise(signal_number);
      _exit(4);  // not reached: the handler exits
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status)) << "signal " << signal_number;
    EXPECT_EQ(WEXITSTATUS(status), 128 + signal_number);
    EXPECT_THAT(dir.List(), IsEmpty()) << "signal " << signal_number;
  }
}

// Regression test for a fixed bug (database.cc,
// AtomicFileWriter::~AtomicFileWriter and Commit): g_temp_to_remove holds one
// path and every writer clears it when it ends, so once one of two writers
// ends, a signal no longer removes the other's temporary file.
TEST(AtomicFileWriterTest,
     SignalRemovesTheTemporaryOfTheRemainingWriter) {
  testing::TempDir dir;
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    auto first = AtomicFileWriter::Create(dir.File("first.retro"));
    auto second = AtomicFileWriter::Create(dir.File("second.retro"));
    if (!first.ok() || !second.ok()) _exit(3);
    first->reset();  // abandoned; `second` is still being written
    raise(SIGTERM);
    _exit(4);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_THAT(dir.List(), IsEmpty()) << "a signal after one of two writers "
                                        "ended left the other's temporary file";
}

// Regression test for a fixed bug (database.cc, AtomicFileWriter::Create):
// the temporary file is named <path>.tmp.<pid>, which is not unique within a
// process, although the header promises "a unique temporary file". Two
// writers for one path share it (the second truncates the first's), and
// abandoning one deletes the other's.
TEST(AtomicFileWriterTest,
     TwoWritersForOnePathHaveTheirOwnTemporaries) {
  testing::TempDir dir;
  const std::string path = dir.File("out.retro");
  auto first = AtomicFileWriter::Create(path);
  auto second = AtomicFileWriter::Create(path);
  ASSERT_TRUE(first.ok() && second.ok());
  EXPECT_EQ(dir.List().size(), 2u)
      << "both writers opened the same temporary file";
  second->reset();  // abandoned
  DatabaseBuilder builder;
  Fill(builder);
  const absl::Status status = (*first)->Commit(kIdentity, builder);
  EXPECT_TRUE(status.ok()) << status;
  EXPECT_EQ(testing::ReadBytes(path), SerializeDatabase(kIdentity, builder));
}

// Regression test for a fixed bug (database.cc, SerializeHeader vs
// HeaderReader::ReadString): the reader refuses strings over kMaxStringBytes
// (64 KiB), but the writer writes them, so Commit "succeeds" with a file no
// one can open.
TEST(AtomicFileWriterTest, CommitNeverWritesAnUnreadableFile) {
  testing::TempDir dir;
  const std::string path = dir.File("long.retro");
  auto writer = AtomicFileWriter::Create(path);
  ASSERT_TRUE(writer.ok());
  DatabaseBuilder builder;
  builder.SetParameter("notes", std::string(70000, 'x'));
  builder.AddSlice("data", {1, 2, 3});
  const absl::Status commit = (*writer)->Commit(kIdentity, builder);
  if (commit.ok()) {
    const absl::Status open = DatabaseFile::Open(path).status();
    EXPECT_TRUE(open.ok()) << "Commit succeeded but the file is refused: "
                           << open;
  }
}

}  // namespace
}  // namespace retro
