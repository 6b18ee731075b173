// Tests ScratchFile: bytes appended read back at any offset and through a
// read-only mapping, reads beyond the end and appends after mapping
// refused, the file leaves no name in its folder and is gone once closed,
// and a folder that cannot hold one is an error naming it; and
// AddSpilledSlice: a builder's slice kept in a mapped scratch file is
// written as the same bytes.
#include "retro/internal/scratch_file.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <vector>

#include "gtest/gtest.h"
#include "retro/database.h"
#include "retro/internal/spilled_slice.h"
#include "tests/framework/expect_status.h"
#include "tests/framework/temp_dir.h"

namespace retro {
namespace {

TEST(ScratchFileTest, ReadsBackWhatWasAppended) {
  testing::TempDir dir;
  absl::StatusOr<internal::ScratchFile> file = internal::ScratchFile::Create(dir.path());
  ASSERT_TRUE(file.ok()) << file.status();
  std::vector<uint8_t> bytes(100000);
  std::iota(bytes.begin(), bytes.end(), 0);
  ASSERT_TRUE(file->Append(std::span<const uint8_t>(bytes).first(40000)).ok());
  ASSERT_TRUE(file->Append(std::span<const uint8_t>(bytes).subspan(40000)).ok());
  EXPECT_EQ(file->size(), bytes.size());
  std::vector<uint8_t> out(5000);
  ASSERT_TRUE(file->ReadAt(38000, out).ok());
  EXPECT_TRUE(std::equal(out.begin(), out.end(), bytes.begin() + 38000));
  EXPECT_TRUE(::retro::testing::HasStatus(file->ReadAt(96000, out), absl::StatusCode::kOutOfRange,
                                          {"scratch file read of 5000 bytes at 96000 beyond its"}));
  // Moved, it is still the same file.
  internal::ScratchFile moved = std::move(*file);
  ASSERT_TRUE(moved.ReadAt(95000, out).ok());
  EXPECT_TRUE(std::equal(out.begin(), out.end(), bytes.begin() + 95000));
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

TEST(ScratchFileTest, MapsWhatWasAppendedAndThenStopsGrowing) {
  testing::TempDir dir;
  absl::StatusOr<internal::ScratchFile> file = internal::ScratchFile::Create(dir.path());
  ASSERT_TRUE(file.ok()) << file.status();
  absl::StatusOr<std::span<const uint8_t>> empty = file->Map();
  ASSERT_TRUE(empty.ok()) << empty.status();
  EXPECT_TRUE(empty->empty());
  std::vector<uint8_t> bytes(70001);
  std::iota(bytes.begin(), bytes.end(), 7);
  ASSERT_TRUE(file->Append(bytes).ok());
  internal::ScratchFile moved = std::move(*file);
  absl::StatusOr<std::span<const uint8_t>> mapped = moved.Map();
  ASSERT_TRUE(mapped.ok()) << mapped.status();
  EXPECT_TRUE(std::equal(mapped->begin(), mapped->end(), bytes.begin(), bytes.end()));
  EXPECT_TRUE(::retro::testing::HasStatus(moved.Append(bytes),
                                          absl::StatusCode::kFailedPrecondition,
                                          {"a scratch file cannot grow once it is mapped"}));
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

TEST(ScratchFileTest, ASpilledSliceIsWrittenAsTheSameBytes) {
  testing::TempDir dir;
  std::vector<uint8_t> one(12345), two(777);
  std::iota(one.begin(), one.end(), 1);
  std::iota(two.begin(), two.end(), 99);
  DatabaseBuilder in_memory, spilled;
  for (DatabaseBuilder* builder : {&in_memory, &spilled}) {
    builder->SetCodec("test-codec");
    builder->SetParameter("n", "2");
  }
  in_memory.AddSlice("one", one);
  in_memory.AddSlice("two", two);
  ASSERT_TRUE(internal::AddSpilledSlice(spilled, "one", one, dir.path()).ok());
  ASSERT_TRUE(internal::AddSpilledSlice(spilled, "two", two, "").ok());  // no folder: in memory
  const DatabaseIdentity identity{"test", 1, 1, "test-codec"};
  EXPECT_EQ(SerializeDatabase(identity, spilled), SerializeDatabase(identity, in_memory));
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
  EXPECT_TRUE(::retro::testing::HasStatus(
      internal::AddSpilledSlice(spilled, "three", one, dir.path() + "/missing"),
      absl::StatusCode::kFailedPrecondition, {"cannot use scratch folder ", "/missing"}));
  EXPECT_EQ(spilled.slices().size(), 2u);
}

TEST(ScratchFileTest, AFolderThatCannotHoldOneIsAnErrorNamingIt) {
  testing::TempDir dir;
  const std::string missing = dir.path() + "/missing";
  absl::StatusOr<internal::ScratchFile> file = internal::ScratchFile::Create(missing);
  ASSERT_FALSE(file.ok());
  EXPECT_NE(file.status().message().find(missing), std::string::npos) << file.status();
  const std::string plain = dir.path() + "/plain";
  { std::ofstream(plain) << "x"; }
  file = internal::ScratchFile::Create(plain);
  ASSERT_FALSE(file.ok());
  EXPECT_NE(file.status().message().find("not a folder"), std::string::npos) << file.status();
}

}  // namespace
}  // namespace retro
