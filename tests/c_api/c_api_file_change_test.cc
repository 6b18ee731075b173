// A database file changed on disk under an open handle. Read into memory
// (the default for files up to 256 MiB), the handle keeps giving the answers
// it checked at open, whatever is done to the file. Mapped (forced here with
// RETRO_DATABASE_READ_LIMIT_MB=0), a file truncated in place makes every
// later probe fail with RETRO_ERROR_INTERNAL naming the truncation: never
// SIGBUS, never an answer read from the missing bytes (a plugin that copied
// what it needs out of the file at open, as Plakoto's does, answers on).
#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/c_api/c_api_fixture.h"
#include "tests/framework/read_limit.h"

namespace retro::testing {
namespace {

constexpr char kOwareBoard[] = "0 0 0 1 0 0 | 0 0 0 0 0 1";
constexpr char kSurakartaBoard[] = "....../.X.X../.O..../....../....../...... X";

// A copy of `source` in `dir`, to change freely.
std::string CopyOf(const std::string& source, const TempDir& dir) {
  const std::string copy = dir.File(std::filesystem::path(source).filename());
  std::filesystem::copy_file(source, copy);
  return copy;
}

// Overwrites every byte of `path` after the first `keep` with 0x55, in place.
void Scribble(const std::string& path, size_t keep) {
  const int fd = open(path.c_str(), O_WRONLY);
  ASSERT_GE(fd, 0);
  const size_t size = std::filesystem::file_size(path);
  const std::vector<char> junk(size - keep, 0x55);
  ASSERT_EQ(pwrite(fd, junk.data(), junk.size(), static_cast<off_t>(keep)),
            static_cast<ssize_t>(junk.size()));
  close(fd);
}

TEST_F(CApiTest, AFileReadIntoMemoryAnswersAsOpenedWhateverHappensToIt) {
  const TempDir dir;
  for (const std::string& source : {Oware(), Surakarta()}) {
    const std::string path = CopyOf(source, dir);
    const char* board = source == Oware() ? kOwareBoard : kSurakartaBoard;
    DbPtr db(Open(path));
    const std::string before = ApiJson(db.get(), board);
    ASSERT_THAT(before, ::testing::Not(::testing::StartsWith("error"))) << before;
    Scribble(path, 64);
    EXPECT_EQ(ApiJson(db.get(), board), before) << "overwritten in place";
    ASSERT_EQ(truncate(path.c_str(), 0), 0);
    EXPECT_EQ(ApiJson(db.get(), board), before) << "truncated";
    std::filesystem::remove(path);
    EXPECT_EQ(ApiJson(db.get(), board), before) << "removed";
  }
}

TEST_F(CApiTest, AMappedFileTruncatedInPlaceIsAnErrorNotASignal) {
  const ReadLimit map_everything("0");
  const TempDir dir;
  for (const std::string& source : {Oware(), Surakarta(), Plakoto()}) {
    const char* board = source == Oware()       ? kOwareBoard
                        : source == Surakarta() ? kSurakartaBoard
                                                : "p=2 13 1 0 0 0 0";
    // Truncated to nothing: every page a probe reads is gone, and each
    // probe is refused (the pages read at open are taken from the mapping
    // too).
    {
      const std::string path = CopyOf(source, dir);
      DbPtr db(Open(path));
      const std::string before = ApiJson(db.get(), board);
      ASSERT_THAT(before, ::testing::Not(::testing::StartsWith("error"))) << before;
      ASSERT_EQ(truncate(path.c_str(), 0), 0);
      for (int i = 0; i < 3; ++i) {
        const std::string after = ApiJson(db.get(), board);
        // Plakoto's plugin copies its tables out of the file at open: it
        // still answers as it did.
        if (source == Plakoto() && after == before) continue;
        EXPECT_THAT(after, ::testing::StartsWith("error " + std::to_string(RETRO_ERROR_INTERNAL)))
            << source;
        EXPECT_THAT(after, ::testing::HasSubstr("was truncated on disk while open")) << after;
        double value = 0;
        EXPECT_EQ(retro_probe_value(db.get(), board, nullptr, &value), RETRO_ERROR_INTERNAL);
        EXPECT_THAT(retro_last_error(), ::testing::HasSubstr("truncated"));
      }
      std::filesystem::remove(path);
    }
    // Truncated to its first page: a probe reading only that page answers
    // as before; one reading past it is refused. Either way, no signal.
    {
      const std::string path = CopyOf(source, dir);
      DbPtr db(Open(path));
      const std::string before = ApiJson(db.get(), board);
      ASSERT_EQ(truncate(path.c_str(), 4096), 0);
      const std::string after = ApiJson(db.get(), board);
      if (after != before) {
        EXPECT_THAT(after, ::testing::HasSubstr("truncated")) << source;
      }
      std::filesystem::remove(path);
    }
  }
}

}  // namespace
}  // namespace retro::testing
