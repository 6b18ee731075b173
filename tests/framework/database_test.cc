// Tests for the database container (retro/database.h): round trips through
// SerializeDatabase / DatabaseFile, and every refusal the reader makes, each
// checked for the failed check its message names. The header is walked here
// independently, following docs/file-format.md, to reach individual fields.
#include "retro/database.h"
#include "retro/host/atomic_file_writer.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/host/checksum.h"
#include "tests/framework/temp_dir.h"

namespace retro {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

// ---------------------------------------------------------------------------
// Helpers

uint32_t Get32(const std::vector<uint8_t>& b, size_t at) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= uint32_t{b[at + i]} << (8 * i);
  return v;
}
uint64_t Get64(const std::vector<uint8_t>& b, size_t at) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= uint64_t{b[at + i]} << (8 * i);
  return v;
}
void Put32At(std::vector<uint8_t>& b, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) b[at + i] = static_cast<uint8_t>(v >> (8 * i));
}
void Put64At(std::vector<uint8_t>& b, size_t at, uint64_t v) {
  for (int i = 0; i < 8; ++i) b[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

// Where the fields of one slice table entry are in the file.
struct SliceFields {
  std::string name;
  size_t offset_at = 0;
  size_t size_at = 0;
  size_t checksum_at = 0;
};

// The header walked by hand, as a reader in another language would.
struct Layout {
  uint32_t header_size = 0;
  size_t game_length_at = 0;
  size_t parameter_count_at = 0;
  size_t slice_count_at = 0;
  std::vector<SliceFields> slices;
};

Layout Walk(const std::vector<uint8_t>& b) {
  Layout layout;
  layout.header_size = Get32(b, 12);
  size_t pos = 40;
  auto skip_string = [&] { pos += 4 + Get32(b, pos); };
  layout.game_length_at = pos;
  skip_string();  // game
  skip_string();  // codec
  layout.parameter_count_at = pos;
  const uint32_t parameters = Get32(b, pos);
  pos += 4;
  for (uint32_t i = 0; i < parameters; ++i) {
    skip_string();
    skip_string();
  }
  layout.slice_count_at = pos;
  const uint32_t slices = Get32(b, pos);
  pos += 4;
  for (uint32_t i = 0; i < slices; ++i) {
    SliceFields fields;
    const uint32_t length = Get32(b, pos);
    fields.name.assign(reinterpret_cast<const char*>(&b[pos + 4]), length);
    pos += 4 + length;
    fields.offset_at = pos;
    fields.size_at = pos + 8;
    fields.checksum_at = pos + 16;
    pos += 24;
    layout.slices.push_back(fields);
  }
  return layout;
}

// Recomputes the header checksum after a deliberate edit of the header, so
// that the check under test is the one that fires.
void Reseal(std::vector<uint8_t>& b) {
  const uint32_t header_size = Get32(b, 12);
  std::vector<uint8_t> header(b.begin(), b.begin() + header_size);
  std::memset(header.data() + 24, 0, 8);
  Put64At(b, 24, Checksum64(header.data(), header.size()));
}

DatabaseIdentity TestIdentity() {
  return DatabaseIdentity{"testgame", 1, 7, "test-codec-v1"};
}

std::vector<uint8_t> Pattern(size_t size, uint8_t seed) {
  std::vector<uint8_t> bytes(size);
  for (size_t i = 0; i < size; ++i)
    bytes[i] = static_cast<uint8_t>(seed + i * 31 + (i >> 8));
  return bytes;
}

// Three slices (100, 1 and 300 bytes) and two parameters.
void FillStandard(DatabaseBuilder& builder) {
  builder.SetCodec("test-codec-v1");
  builder.SetParameter("seeds", "9");
  builder.SetParameter("rule", "grand slam: capture nothing");
  builder.AddSlice("alpha", Pattern(100, 1));
  builder.AddSlice("beta", Pattern(1, 2));
  builder.AddSlice("gamma", Pattern(300, 3));
}

std::vector<uint8_t> StandardFile() {
  DatabaseBuilder builder;
  FillStandard(builder);
  return SerializeDatabase(TestIdentity(), builder);
}

absl::Status Check(const std::vector<uint8_t>& bytes,
                   bool verify_slices = true) {
  return DatabaseFile::FromBytes(bytes, verify_slices).status();
}

// ---------------------------------------------------------------------------
// Round trips

TEST(DatabaseRoundTripTest, IdentityParametersAndSlices) {
  const std::vector<uint8_t> bytes = StandardFile();
  auto file = DatabaseFile::FromBytes(bytes);
  ASSERT_TRUE(file.ok()) << file.status();
  const DatabaseFile& db = **file;
  EXPECT_EQ(db.format_version(), kDatabaseFormatVersion);
  EXPECT_EQ(db.file_size(), bytes.size());
  EXPECT_EQ(db.identity().game, "testgame");
  EXPECT_EQ(db.identity().plugin_abi, 1u);
  EXPECT_EQ(db.identity().data_version, 7u);
  EXPECT_EQ(db.identity().codec, "test-codec-v1");
  ASSERT_EQ(db.parameters().size(), 2u);
  EXPECT_EQ(db.parameters()[0].first, "seeds");
  EXPECT_EQ(db.parameters()[0].second, "9");
  EXPECT_EQ(db.parameters()[1].first, "rule");
  EXPECT_EQ(db.Parameter("rule"), "grand slam: capture nothing");
  EXPECT_EQ(db.Parameter("missing"), std::nullopt);
  ASSERT_EQ(db.slices().size(), 3u);
  const std::vector<std::string> names = {"alpha", "beta", "gamma"};
  const std::vector<size_t> sizes = {100, 1, 300};
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(db.slices()[i].name, names[i]);
    EXPECT_EQ(db.slices()[i].size, sizes[i]);
    EXPECT_EQ(db.FindSlice(names[i]), i);
    const auto data = db.SliceBytes(i);
    const std::vector<uint8_t> expected =
        Pattern(sizes[i], static_cast<uint8_t>(i + 1));
    EXPECT_EQ(std::vector<uint8_t>(data.begin(), data.end()), expected);
    EXPECT_EQ(db.slices()[i].checksum,
              Checksum64(expected.data(), expected.size()));
  }
  EXPECT_EQ(db.FindSlice("delta"), std::nullopt);
  EXPECT_TRUE(db.VerifySlices().ok());
}

TEST(DatabaseRoundTripTest, FixedHeaderFieldsMatchTheDocument) {
  const std::vector<uint8_t> bytes = StandardFile();
  EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 8),
            std::string("RETRODB\x1a", 8));
  EXPECT_EQ(Get32(bytes, 8), kDatabaseFormatVersion);
  const uint32_t header_size = Get32(bytes, 12);
  EXPECT_EQ(header_size % 8, 0u);
  EXPECT_EQ(Get64(bytes, 16), bytes.size());
  std::vector<uint8_t> header(bytes.begin(), bytes.begin() + header_size);
  std::memset(header.data() + 24, 0, 8);
  EXPECT_EQ(Get64(bytes, 24), Checksum64(header.data(), header.size()));
  EXPECT_EQ(Get32(bytes, 32), 1u);  // plugin ABI
  EXPECT_EQ(Get32(bytes, 36), 7u);  // data version
  const Layout layout = Walk(bytes);
  ASSERT_EQ(layout.slices.size(), 3u);
  EXPECT_EQ(Get64(bytes, layout.slices[0].offset_at),
            (header_size + 63) / 64 * 64);
  // The last slice ends the file: no trailing padding.
  EXPECT_EQ(Get64(bytes, layout.slices[2].offset_at) +
                Get64(bytes, layout.slices[2].size_at),
            bytes.size());
  // Padding is written as zeros.
  for (size_t i = layout.slice_count_at;
       i < Get64(bytes, layout.slices[0].offset_at); ++i) {
    if (i >= layout.slices.back().checksum_at + 8) {
      EXPECT_EQ(bytes[i], 0) << i;
    }
  }
}

TEST(DatabaseRoundTripTest, SlicesAreAligned) {
  DatabaseBuilder builder;
  for (int i = 0; i < 20; ++i)
    builder.AddSlice(absl::StrCat("s", i), Pattern(i * 13, 0));
  const std::vector<uint8_t> bytes = SerializeDatabase(TestIdentity(), builder);
  auto file = DatabaseFile::FromBytes(bytes);
  ASSERT_TRUE(file.ok()) << file.status();
  for (const auto& slice : (*file)->slices()) {
    EXPECT_EQ(slice.offset % kSliceAlignment, 0u) << slice.name;
  }
  // Written to disk and mapped, the slice data is 64-byte aligned in memory.
  testing::TempDir dir;
  auto writer = AtomicFileWriter::Create(dir.File("aligned.retro"));
  ASSERT_TRUE(writer.ok()) << writer.status();
  ASSERT_TRUE((*writer)->Commit(TestIdentity(), builder).ok());
  auto mapped = DatabaseFile::Open(dir.File("aligned.retro"));
  ASSERT_TRUE(mapped.ok()) << mapped.status();
  for (size_t i = 0; i < (*mapped)->slices().size(); ++i) {
    EXPECT_EQ(reinterpret_cast<uintptr_t>((*mapped)->SliceBytes(i).data()) % 64,
              0u)
        << i;
  }
}

TEST(DatabaseRoundTripTest, EmptySlicesAnywhere) {
  DatabaseBuilder builder;
  builder.AddSlice("empty-first", {});
  builder.AddSlice("data", Pattern(70, 9));
  builder.AddSlice("empty-middle", {});
  builder.AddSlice("more", Pattern(64, 8));
  builder.AddSlice("empty-last", {});
  const std::vector<uint8_t> bytes = SerializeDatabase(TestIdentity(), builder);
  auto file = DatabaseFile::FromBytes(bytes);
  ASSERT_TRUE(file.ok()) << file.status();
  ASSERT_EQ((*file)->slices().size(), 5u);
  EXPECT_EQ((*file)->SliceBytes(0).size(), 0u);
  EXPECT_EQ((*file)->SliceBytes(2).size(), 0u);
  EXPECT_EQ((*file)->SliceBytes(4).size(), 0u);
  EXPECT_EQ((*file)->slices()[4].offset, bytes.size());
  EXPECT_EQ((*file)->slices()[0].checksum, Checksum64(nullptr, 0));
  const auto more = (*file)->SliceBytes(3);
  EXPECT_EQ(std::vector<uint8_t>(more.begin(), more.end()), Pattern(64, 8));
}

TEST(DatabaseRoundTripTest, NoSlicesNoParametersEmptyStrings) {
  DatabaseBuilder builder;
  const std::vector<uint8_t> bytes =
      SerializeDatabase(DatabaseIdentity{}, builder);
  EXPECT_EQ(bytes.size(), Get32(bytes, 12));  // the header is the whole file
  auto file = DatabaseFile::FromBytes(bytes);
  ASSERT_TRUE(file.ok()) << file.status();
  EXPECT_EQ((*file)->identity().game, "");
  EXPECT_EQ((*file)->identity().codec, "");
  EXPECT_TRUE((*file)->parameters().empty());
  EXPECT_TRUE((*file)->slices().empty());
}

TEST(DatabaseRoundTripTest, ManySlices) {
  DatabaseBuilder builder;
  builder.SetCodec("many");
  for (int i = 0; i < 1000; ++i) {
    builder.AddSlice(absl::StrCat("slice-", i),
                     Pattern(i % 130, static_cast<uint8_t>(i)));
  }
  const std::vector<uint8_t> bytes = SerializeDatabase(TestIdentity(), builder);
  auto file = DatabaseFile::FromBytes(bytes);
  ASSERT_TRUE(file.ok()) << file.status();
  ASSERT_EQ((*file)->slices().size(), 1000u);
  for (int i = 0; i < 1000; i += 37) {
    const auto index = (*file)->FindSlice(absl::StrCat("slice-", i));
    ASSERT_TRUE(index.has_value()) << i;
    const auto data = (*file)->SliceBytes(*index);
    EXPECT_EQ(std::vector<uint8_t>(data.begin(), data.end()),
              Pattern(i % 130, static_cast<uint8_t>(i)));
  }
}

TEST(DatabaseRoundTripTest, ParametersKeepOrderAndReplace) {
  DatabaseBuilder builder;
  builder.SetParameter("b", "1");
  builder.SetParameter("a", "2");
  builder.SetParameter("b", "3");
  const std::vector<uint8_t> bytes = SerializeDatabase(TestIdentity(), builder);
  auto file = DatabaseFile::FromBytes(bytes);
  ASSERT_TRUE(file.ok()) << file.status();
  ASSERT_EQ((*file)->parameters().size(), 2u);
  EXPECT_EQ((*file)->parameters()[0],
            (std::pair<std::string, std::string>("b", "3")));
  EXPECT_EQ((*file)->parameters()[1],
            (std::pair<std::string, std::string>("a", "2")));
  EXPECT_EQ(builder.TotalSliceBytes(), 0u);
}

TEST(DatabaseRoundTripTest, SerialisationIsDeterministic) {
  EXPECT_EQ(StandardFile(), StandardFile());
}

// ---------------------------------------------------------------------------
// Refusals

TEST(DatabaseRefusalTest, BadMagic) {
  const std::vector<uint8_t> good = StandardFile();
  for (size_t byte = 0; byte < 8; ++byte) {
    std::vector<uint8_t> bytes = good;
    bytes[byte] ^= 0x20;
    const absl::Status status = Check(bytes);
    EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument) << byte;
    EXPECT_THAT(std::string(status.message()), HasSubstr("bad magic")) << byte;
  }
  EXPECT_THAT(std::string(Check({}).message()), HasSubstr("bad magic"));
  EXPECT_THAT(
      std::string(Check(std::vector<uint8_t>(good.begin(), good.begin() + 7))
                      .message()),
      HasSubstr("bad magic"));
  const std::string text = "this is a text file, not a database at all";
  EXPECT_THAT(
      std::string(
          Check(std::vector<uint8_t>(text.begin(), text.end())).message()),
      HasSubstr("not a retro database (bad magic number)"));
}

TEST(DatabaseRefusalTest, WrongFormatVersion) {
  for (uint32_t version : {0u, 2u, 0xffffffffu}) {
    std::vector<uint8_t> bytes = StandardFile();
    Put32At(bytes, 8, version);
    const absl::Status status = Check(bytes);
    EXPECT_EQ(status.code(), absl::StatusCode::kFailedPrecondition);
    EXPECT_THAT(std::string(status.message()),
                HasSubstr("unsupported database format version " +
                          std::to_string(version)));
    EXPECT_THAT(std::string(status.message()), HasSubstr("reads version 1"));
  }
}

TEST(DatabaseRefusalTest, TruncatedAtEveryKindOfCutPoint) {
  const std::vector<uint8_t> good = StandardFile();
  const Layout layout = Walk(good);
  const uint64_t first_slice = Get64(good, layout.slices[0].offset_at);
  const uint64_t last_slice = Get64(good, layout.slices[2].offset_at);
  // Cut points inside the fixed header.
  for (size_t cut : {8, 12, 20, 39}) {
    const absl::Status status =
        Check(std::vector<uint8_t>(good.begin(), good.begin() + cut));
    EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss) << cut;
    EXPECT_THAT(std::string(status.message()), HasSubstr("truncated")) << cut;
    EXPECT_THAT(std::string(status.message()),
                HasSubstr("40-byte fixed header"))
        << cut;
  }
  // Cut points in the variable header, at its end, in padding, in slices.
  for (size_t cut : {size_t{40}, size_t{layout.header_size} / 2,
                     size_t{layout.header_size} - 1, size_t{layout.header_size},
                     size_t{first_slice}, size_t{first_slice} + 50,
                     size_t{last_slice} + 1, good.size() - 1}) {
    const absl::Status status =
        Check(std::vector<uint8_t>(good.begin(), good.begin() + cut));
    EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss) << cut;
    EXPECT_THAT(std::string(status.message()),
                HasSubstr("file is truncated: the header says " +
                          std::to_string(good.size()) +
                          " bytes, the file has " + std::to_string(cut)))
        << cut;
  }
}

TEST(DatabaseRefusalTest, ExtraBytesAppended) {
  for (size_t extra : {1, 63, 4096}) {
    std::vector<uint8_t> bytes = StandardFile();
    bytes.resize(bytes.size() + extra, 0);
    const absl::Status status = Check(bytes);
    EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss);
    EXPECT_THAT(std::string(status.message()),
                HasSubstr("longer than recorded"));
  }
}

// Flips every bit of the header in turn; each edit is refused by the check
// guarding that region.
TEST(DatabaseRefusalTest, EveryHeaderBitFlipIsRefused) {
  const std::vector<uint8_t> good = StandardFile();
  const uint32_t header_size = Get32(good, 12);
  for (size_t byte = 0; byte < header_size; ++byte) {
    for (int bit = 0; bit < 8; ++bit) {
      std::vector<uint8_t> bytes = good;
      bytes[byte] ^= static_cast<uint8_t>(1 << bit);
      const absl::Status status = Check(bytes);
      ASSERT_FALSE(status.ok()) << "byte " << byte << " bit " << bit;
      const std::string message(status.message());
      std::string expected;
      if (byte < 8) {
        expected = "bad magic";
      } else if (byte < 12) {
        expected = "unsupported database format version";
      } else if (byte < 16) {
        const uint32_t size = Get32(bytes, 12);
        expected = size < 40 || size > bytes.size()
                       ? "header size"
                       : "header checksum mismatch";
      } else if (byte < 24) {
        expected = bytes.size() < Get64(bytes, 16)
                       ? "file is truncated"
                       : "file is longer than recorded";
      } else {
        expected = "header checksum mismatch";
      }
      EXPECT_THAT(message, HasSubstr(expected))
          << "byte " << byte << " bit " << bit;
    }
  }
}

TEST(DatabaseRefusalTest, SliceCorruptionNamesTheSlice) {
  const std::vector<uint8_t> good = StandardFile();
  auto reference = DatabaseFile::FromBytes(good);
  ASSERT_TRUE(reference.ok());
  for (const auto& slice : (*reference)->slices()) {
    for (uint64_t at : {uint64_t{0}, slice.size / 2, slice.size - 1}) {
      std::vector<uint8_t> bytes = good;
      bytes[slice.offset + at] ^= 0x01;
      const absl::Status status = Check(bytes);
      EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss);
      EXPECT_THAT(std::string(status.message()),
                  HasSubstr("checksum mismatch in slice '" + slice.name + "'"));
      // Without slice verification the file opens; VerifySlices finds it.
      auto lazy = DatabaseFile::FromBytes(bytes, /*verify_slices=*/false);
      ASSERT_TRUE(lazy.ok()) << lazy.status();
      const absl::Status verify = (*lazy)->VerifySlices();
      EXPECT_EQ(verify.code(), absl::StatusCode::kDataLoss);
      EXPECT_THAT(std::string(verify.message()),
                  HasSubstr("slice '" + slice.name + "'"));
    }
  }
}

TEST(DatabaseRefusalTest, SliceChecksumFieldEdited) {
  std::vector<uint8_t> bytes = StandardFile();
  const Layout layout = Walk(bytes);
  Put64At(bytes, layout.slices[1].checksum_at,
          Get64(bytes, layout.slices[1].checksum_at) + 1);
  Reseal(bytes);
  EXPECT_THAT(std::string(Check(bytes).message()),
              HasSubstr("checksum mismatch in slice 'beta'"));
}

TEST(DatabaseRefusalTest, SliceTablePointingOutsideTheFile) {
  const std::vector<uint8_t> good = StandardFile();
  const Layout layout = Walk(good);
  const uint64_t size = good.size();
  const uint64_t first_offset = Get64(good, layout.slices[0].offset_at);
  struct Edit {
    const char* what;
    size_t slice;
    bool offset;  // else the size field
    uint64_t value;
  };
  const std::vector<Edit> edits = {
      {"offset past the end", 2, true, size + 64 - size % 64},
      {"offset far past the end", 0, true, uint64_t{1} << 40},
      {"size past the end", 2, false, 1000},
      {"size wraps around", 1, false, ~uint64_t{0}},
      {"offset + size wraps", 2, true, ~uint64_t{0} - 63},
      {"offset inside the header", 0, true, 0},
      {"misaligned offset", 0, true, first_offset + 8},
      {"overlaps the previous slice", 1, true, first_offset},
  };
  for (const Edit& edit : edits) {
    std::vector<uint8_t> bytes = good;
    const SliceFields& fields = layout.slices[edit.slice];
    Put64At(bytes, edit.offset ? fields.offset_at : fields.size_at, edit.value);
    Reseal(bytes);
    const absl::Status status = Check(bytes, /*verify_slices=*/false);
    EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss) << edit.what;
    EXPECT_THAT(std::string(status.message()),
                HasSubstr("slice '" + fields.name +
                          "' lies outside the file or overlaps another"))
        << edit.what;
  }
}

TEST(DatabaseRefusalTest, MalformedHeaderFields) {
  const std::vector<uint8_t> good = StandardFile();
  const Layout layout = Walk(good);
  struct Edit {
    const char* what;
    size_t at;
    uint32_t value;
  };
  const std::vector<Edit> edits = {
      {"game name longer than the header", layout.game_length_at, 5000},
      {"game name over the string limit", layout.game_length_at, 0x7fffffff},
      {"too many parameters", layout.parameter_count_at, 1000},
      {"too many slices", layout.slice_count_at, 4},
      {"slice count over the entry limit", layout.slice_count_at, 0xffffffff},
  };
  for (const Edit& edit : edits) {
    std::vector<uint8_t> bytes = good;
    Put32At(bytes, edit.at, edit.value);
    Reseal(bytes);
    const absl::Status status = Check(bytes);
    EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss) << edit.what;
    EXPECT_THAT(std::string(status.message()), HasSubstr("malformed header"))
        << edit.what;
  }
}

TEST(DatabaseRefusalTest, ImpossibleHeaderSize) {
  for (uint32_t header_size : {0u, 39u, 1u << 20}) {
    std::vector<uint8_t> bytes = StandardFile();
    Put32At(bytes, 12, header_size);
    const absl::Status status = Check(bytes);
    EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss);
    EXPECT_THAT(std::string(status.message()),
                HasSubstr("header size " + std::to_string(header_size) +
                          " is impossible"));
  }
}

// The checks run in the documented order: magic, version, size, header
// checksum, structure, slices. A file failing several reports the first.
TEST(DatabaseRefusalTest, ChecksRunInTheDocumentedOrder) {
  std::vector<uint8_t> bytes = StandardFile();
  bytes[bytes.size() - 1] ^= 1;  // slice
  EXPECT_THAT(std::string(Check(bytes).message()), HasSubstr("slice"));
  bytes[50] ^= 1;  // header body
  EXPECT_THAT(std::string(Check(bytes).message()),
              HasSubstr("header checksum"));
  bytes.push_back(0);  // size
  EXPECT_THAT(std::string(Check(bytes).message()),
              HasSubstr("longer than recorded"));
  Put32At(bytes, 8, 9);  // version
  EXPECT_THAT(std::string(Check(bytes).message()),
              HasSubstr("format version 9"));
  bytes[0] = 'X';  // magic
  EXPECT_THAT(std::string(Check(bytes).message()), HasSubstr("bad magic"));
}

// ---------------------------------------------------------------------------
// DatabaseFile::Open (memory-mapped files)

TEST(DatabaseOpenTest, OpensAFileAndPrefixesErrorsWithThePath) {
  testing::TempDir dir;
  const std::vector<uint8_t> good = StandardFile();
  testing::WriteBytes(dir.File("good.retro"), good);
  auto file = DatabaseFile::Open(dir.File("good.retro"));
  ASSERT_TRUE(file.ok()) << file.status();
  EXPECT_EQ((*file)->path(), dir.File("good.retro"));
  EXPECT_EQ((*file)->file_size(), good.size());
  EXPECT_EQ((*file)->slices().size(), 3u);

  std::vector<uint8_t> bad = good;
  bad.back() ^= 0x80;
  testing::WriteBytes(dir.File("bad.retro"), bad);
  const absl::Status status =
      DatabaseFile::Open(dir.File("bad.retro")).status();
  EXPECT_THAT(std::string(status.message()),
              StartsWith(dir.File("bad.retro") + ": "));
  EXPECT_THAT(std::string(status.message()),
              HasSubstr("checksum mismatch in slice 'gamma'"));
  auto lazy =
      DatabaseFile::Open(dir.File("bad.retro"), /*verify_slices=*/false);
  ASSERT_TRUE(lazy.ok()) << lazy.status();
  EXPECT_THAT(std::string((*lazy)->VerifySlices().message()),
              HasSubstr("slice 'gamma'"));
}

TEST(DatabaseOpenTest, MissingEmptyAndDirectory) {
  testing::TempDir dir;
  absl::Status status = DatabaseFile::Open(dir.File("missing.retro")).status();
  EXPECT_FALSE(status.ok());
  EXPECT_THAT(std::string(status.message()), HasSubstr("cannot open database"));
  EXPECT_THAT(std::string(status.message()), HasSubstr("missing.retro"));

  testing::WriteBytes(dir.File("empty.retro"), {});
  status = DatabaseFile::Open(dir.File("empty.retro")).status();
  EXPECT_THAT(std::string(status.message()), HasSubstr("bad magic"));

  status = DatabaseFile::Open(dir.path()).status();
  EXPECT_FALSE(status.ok());
  EXPECT_THAT(std::string(status.message()), HasSubstr("not a regular file"));
}

}  // namespace
}  // namespace retro
