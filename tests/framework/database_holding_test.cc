// How DatabaseFile holds a file (retro/database.h): read into memory up to
// the read limit, then nothing done to the file changes its bytes; mapped
// above it, a truncation is caught by the SIGBUS guard
// (retro/host/mapping_fault_guard.h): a read inside RunWithFaultEscape
// is abandoned, one outside it reads zeros, and Faulted() turns true.
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "retro/database.h"
#include "retro/host/atomic_file_writer.h"
#include "retro/host/mapping_fault_guard.h"
#include "tests/framework/read_limit.h"
#include "tests/framework/temp_dir.h"

namespace retro {
namespace {

// A database of one slice of `size` bytes, each 0x5a, written to `path`.
void WriteDatabase(const std::string& path, size_t size) {
  DatabaseBuilder builder;
  builder.SetCodec("test-bytes");
  builder.AddSlice("bytes", std::vector<uint8_t>(size, 0x5a));
  auto writer = AtomicFileWriter::Create(path);
  ASSERT_TRUE(writer.ok());
  ASSERT_TRUE((*writer)->Commit({"test", 1, 1, "test-bytes"}, builder).ok());
}

TEST(DatabaseHoldingTest, ASmallFileIsReadAndKeepsItsBytesWhenTruncated) {
  testing::TempDir dir;
  const std::string path = dir.File("small.retro");
  WriteDatabase(path, 1 << 16);
  auto file = DatabaseFile::Open(path);
  ASSERT_TRUE(file.ok()) << file.status();
  EXPECT_TRUE((*file)->read_into_memory());
  ASSERT_EQ(truncate(path.c_str(), 0), 0);
  const std::span<const uint8_t> bytes = (*file)->SliceBytes(0);
  uint64_t sum = 0;
  for (const uint8_t byte : bytes) sum += byte;
  EXPECT_EQ(sum, uint64_t{0x5a} * bytes.size());
  EXPECT_FALSE((*file)->Faulted());
  EXPECT_TRUE((*file)->CheckIntact().ok());
}

TEST(DatabaseHoldingTest, ReadLimitZeroMapsAndCheckpointsAreMapped) {
  testing::TempDir dir;
  const std::string path = dir.File("small.retro");
  WriteDatabase(path, 1 << 16);
  {
    const testing::ReadLimit map_everything("0");
    auto file = DatabaseFile::Open(path);
    ASSERT_TRUE(file.ok()) << file.status();
    EXPECT_FALSE((*file)->read_into_memory());
  }
  auto mapped = DatabaseFile::Open(path, true, DatabaseFile::Holding::kMapped);
  ASSERT_TRUE(mapped.ok()) << mapped.status();
  EXPECT_FALSE((*mapped)->read_into_memory());
  EXPECT_EQ(DatabaseReadLimit(), kDefaultDatabaseReadLimit);
}

TEST(DatabaseHoldingTest, ATruncatedMappingIsAbandonedOrReadAsZerosNeverASignal) {
  testing::TempDir dir;
  const std::string path = dir.File("mapped.retro");
  WriteDatabase(path, 1 << 20);
  auto file = DatabaseFile::Open(path, true, DatabaseFile::Holding::kMapped);
  ASSERT_TRUE(file.ok()) << file.status();
  const std::span<const uint8_t> bytes = (*file)->SliceBytes(0);
  ASSERT_EQ(truncate(path.c_str(), 0), 0);
  // Inside an escape scope: the read is abandoned at the first missing page.
  volatile uint64_t sum = 0;
  const bool finished = internal::RunWithFaultEscape([&] {
    for (const uint8_t byte : bytes) sum = sum + byte;
  });
  EXPECT_FALSE(finished);
  EXPECT_TRUE((*file)->Faulted());
  EXPECT_NE((*file)->CheckIntact().message().find("was truncated on disk while open"),
            std::string::npos);
  // Outside: every missing page reads as zeros.
  uint64_t zeros_sum = 0;
  for (const uint8_t byte : bytes) zeros_sum += byte;
  EXPECT_EQ(zeros_sum, 0u);
  // Another file mapped later is not marked.
  WriteDatabase(dir.File("other.retro"), 1 << 12);
  auto other = DatabaseFile::Open(dir.File("other.retro"), true, DatabaseFile::Holding::kMapped);
  ASSERT_TRUE(other.ok());
  EXPECT_FALSE((*other)->Faulted());
}

}  // namespace
}  // namespace retro
