// Tests for the open-time structure checks plugins share
// (retro/database_layout.h): strict header parameters and the exact set of
// slices.
#include "retro/database_layout.h"

#include <memory>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/database.h"
#include "tests/framework/crafted_database.h"

namespace retro {
namespace {

using ::testing::HasSubstr;

// A database with `parameters` and slices named `slices` (slice i holding
// i + 1 bytes), serialised into `bytes` and opened.
std::unique_ptr<DatabaseFile> Make(const std::vector<std::pair<std::string, std::string>>& parameters,
                                   const std::vector<std::string>& slices,
                                   std::vector<uint8_t>& bytes) {
  DatabaseBuilder builder;
  builder.SetCodec("test-codec");
  for (const auto& [key, value] : parameters) builder.SetParameter(key, value);
  for (size_t i = 0; i < slices.size(); ++i) {
    builder.AddSlice(slices[i], std::vector<uint8_t>(i + 1, static_cast<uint8_t>(i)));
  }
  bytes = SerializeDatabase({"test", 1, 1, "test-codec"}, builder);
  auto file = DatabaseFile::FromBytes(bytes);
  EXPECT_TRUE(file.ok()) << file.status();
  return std::move(*file);
}

std::string Message(const absl::Status& status) { return std::string(status.message()); }

TEST(HeaderParametersTest, ReadsKnownParameters) {
  std::vector<uint8_t> bytes;
  auto file = Make({{"size", "12"}, {"rule", "fast"}}, {}, bytes);
  auto params = HeaderParameters::Read(*file, "test database", {"size"}, {"rule", "extra"});
  ASSERT_TRUE(params.ok()) << params.status();
  EXPECT_TRUE(params->Has("rule"));
  EXPECT_FALSE(params->Has("extra"));
  EXPECT_EQ(params->Text("rule"), "fast");
  EXPECT_EQ(params->Text("extra"), "");
  EXPECT_EQ(*params->Int("size", 0, 12), 12);
  EXPECT_EQ(*params->Choice("rule", {"slow", "fast"}), "fast");
}

TEST(HeaderParametersTest, RefusesUnknownMissingAndRepeatedKeys) {
  std::vector<uint8_t> bytes;
  auto file = Make({{"size", "12"}, {"colour", "red"}}, {}, bytes);
  auto params = HeaderParameters::Read(*file, "test database", {"size"});
  EXPECT_EQ(params.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(Message(params.status()),
              HasSubstr("test database header has an unknown parameter 'colour'; valid: size"));

  file = Make({{"rule", "fast"}}, {}, bytes);
  params = HeaderParameters::Read(*file, "test database", {"size"}, {"rule"});
  EXPECT_THAT(Message(params.status()), HasSubstr("lacks parameter 'size'"));

  // DatabaseBuilder keeps keys unique; the repeat comes from a patched header.
  Make({{"size", "12"}}, {}, bytes);
  const std::vector<uint8_t> repeated =
      testing::DatabaseParts::Of(bytes).DuplicateParameter("size", "13");
  auto repeated_file = DatabaseFile::FromBytes(repeated);
  ASSERT_TRUE(repeated_file.ok()) << repeated_file.status();
  params = HeaderParameters::Read(**repeated_file, "test database", {"size"});
  EXPECT_THAT(Message(params.status()),
              HasSubstr("test database header gives parameter 'size' more than once"));
}

TEST(HeaderParametersTest, IntIsStrict) {
  for (const char* text : {"abc", "7x", "-1", "+7", "07", " 7", "7 ", "", "1e3",
                           "99999999999999999999999"}) {
    SCOPED_TRACE(text);
    std::vector<uint8_t> bytes;
    auto file = Make({{"size", text}}, {}, bytes);
    auto params = HeaderParameters::Read(*file, "test database", {"size"});
    ASSERT_TRUE(params.ok());
    const auto value = params->Int("size", 0, 100);
    EXPECT_FALSE(value.ok());
    EXPECT_THAT(Message(value.status()), HasSubstr("parameter size="));
    EXPECT_THAT(Message(value.status()), HasSubstr("not a whole number; valid: 0..100"));
  }
  std::vector<uint8_t> bytes;
  auto file = Make({{"size", "0"}, {"big", "101"}}, {}, bytes);
  auto params = HeaderParameters::Read(*file, "test database", {"size", "big"});
  EXPECT_EQ(*params->Int("size", 0, 100), 0);
  EXPECT_THAT(Message(params->Int("big", 0, 100).status()),
              HasSubstr("test database header: parameter big='101' is out of range; valid: 0..100"));
  EXPECT_THAT(Message(params->Choice("big", {"1", "2"}).status()),
              HasSubstr("is not a valid choice; valid: 1, 2"));
}

TEST(ExpectSlicesTest, ReturnsTheSlicesInTheOrderAsked) {
  std::vector<uint8_t> bytes;
  auto file = Make({}, {"a", "b", "c"}, bytes);
  auto slices = ExpectSlices(*file, {"c", "a", "b"}, "a test database");
  ASSERT_TRUE(slices.ok()) << slices.status();
  ASSERT_EQ(slices->size(), 3u);
  EXPECT_EQ((*slices)[0].size(), 3u);
  EXPECT_EQ((*slices)[1].size(), 1u);
  EXPECT_EQ((*slices)[2].size(), 2u);
}

TEST(ExpectSlicesTest, RefusesDuplicateMissingAndExtraSlices) {
  std::vector<uint8_t> bytes;
  auto file = Make({}, {"a", "b", "a"}, bytes);
  EXPECT_THAT(Message(ExpectSlices(*file, {"a", "b"}, "a test database").status()),
              HasSubstr("slice 'a' appears more than once"));
  file = Make({}, {"a", "c"}, bytes);
  EXPECT_THAT(Message(ExpectSlices(*file, {"a", "b", "c"}, "a test database").status()),
              HasSubstr("a test database has 3 slices (a, b, c); this file has 2 and lacks "
                        "slice 'b'"));
  file = Make({}, {"a", "b", "z"}, bytes);
  EXPECT_THAT(Message(ExpectSlices(*file, {"a", "b"}, "a test database").status()),
              HasSubstr("this file has 3, among them the unexpected slice 'z'"));
}

TEST(CheckSliceSizeTest, NamesTheSliceAndTheReason) {
  EXPECT_TRUE(CheckSliceSize("seeds-3", 4160, 4160, "3 seeds imply 4160").ok());
  const absl::Status status = CheckSliceSize("seeds-3", 120, 4160, "3 seeds imply 4160");
  EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss);
  EXPECT_EQ(Message(status), "slice 'seeds-3' has 120 bytes; 3 seeds imply 4160");
}

}  // namespace
}  // namespace retro
