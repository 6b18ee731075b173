// Tests ScratchFile: bytes appended read back at any offset, reads beyond
// the end refused, the file leaves no name in its folder and is gone once
// closed, and a folder that cannot hold one is an error naming it.
#include "retro/scratch_file.h"

#include <filesystem>
#include <algorithm>
#include <fstream>
#include <numeric>
#include <vector>

#include "gtest/gtest.h"
#include "tests/framework/temp_dir.h"

namespace retro {
namespace {

TEST(ScratchFileTest, ReadsBackWhatWasAppended) {
  testing::TempDir dir;
  absl::StatusOr<ScratchFile> file = ScratchFile::Create(dir.path());
  ASSERT_TRUE(file.ok()) << file.status();
  std::vector<uint8_t> bytes(100000);
  std::iota(bytes.begin(), bytes.end(), 0);
  ASSERT_TRUE(file->Append(std::span<const uint8_t>(bytes).first(40000)).ok());
  ASSERT_TRUE(file->Append(std::span<const uint8_t>(bytes).subspan(40000)).ok());
  EXPECT_EQ(file->size(), bytes.size());
  std::vector<uint8_t> out(5000);
  ASSERT_TRUE(file->ReadAt(38000, out).ok());
  EXPECT_TRUE(std::equal(out.begin(), out.end(), bytes.begin() + 38000));
  EXPECT_FALSE(file->ReadAt(96000, out).ok());
  // Moved, it is still the same file.
  ScratchFile moved = std::move(*file);
  ASSERT_TRUE(moved.ReadAt(95000, out).ok());
  EXPECT_TRUE(std::equal(out.begin(), out.end(), bytes.begin() + 95000));
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

TEST(ScratchFileTest, AFolderThatCannotHoldOneIsAnErrorNamingIt) {
  testing::TempDir dir;
  const std::string missing = dir.path() + "/missing";
  absl::StatusOr<ScratchFile> file = ScratchFile::Create(missing);
  ASSERT_FALSE(file.ok());
  EXPECT_NE(file.status().message().find(missing), std::string::npos) << file.status();
  const std::string plain = dir.path() + "/plain";
  { std::ofstream(plain) << "x"; }
  file = ScratchFile::Create(plain);
  ASSERT_FALSE(file.ok());
  EXPECT_NE(file.status().message().find("not a folder"), std::string::npos) << file.status();
}

}  // namespace
}  // namespace retro
