// The C API's answers: retro_probe_json is byte for byte what
// `retro probe --json` prints, and retro_probe_value the documented number,
// for oware, Surakarta and Plakoto databases.
#include <cstring>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/c_api/c_api_fixture.h"

extern "C" int retro_c_header_compiles_as_c99(void);

namespace retro::testing {
namespace {

const std::vector<std::string> kOwarePositions = {
    "0 0 0 1 0 0 | 0 0 0 0 0 1", "1 1 1 1 1 0 | 0 0 0 0 0 0",
    "0 0 0 0 0 0 | 0 0 0 0 0 1", "2 0 0 0 0 1 | 0 1 0 0 1 0"};
const std::vector<std::string> kSurakartaPositions = {
    "....../.X.X../.O..../....../....../...... X",
    "X...../....../....../....../....../...... O",
    "O...../....../....../....../....../.....X X",
    "XX..../....../....../....../....../.....O O"};
const std::vector<std::string> kPlakotoPositions = {
    "p=2 13 1 0 0 0 0", "p=2 12 2 0 0 0 0", "p=2 0 14 0 0 0 0", "p=2 5 5 4 0 0 0"};

TEST(CApiHeaderTest, CompilesAsC99AndCallsWork) {
  EXPECT_EQ(retro_c_header_compiles_as_c99(), 1);
}

TEST(CApiVersionTest, IsTheProjectVersion) {
  EXPECT_STREQ(retro_version(), RETRO_C_TEST_VERSION);
}

TEST_F(CApiTest, OwareJsonIsTheCliJson) {
  DbPtr db(Open(Oware()));
  for (const std::string& position : kOwarePositions) {
    EXPECT_EQ(ApiJson(db.get(), position), CliJson(Oware(), position)) << position;
    EXPECT_EQ(ApiJson(db.get(), position, "plies-left=3"),
              CliJson(Oware(), position, {"--plies-left", "3"}))
        << position;
    EXPECT_EQ(ApiJson(db.get(), position, " plies-left = book "),
              CliJson(Oware(), position, {"--plies-left", "book"}));
  }
}

TEST_F(CApiTest, SurakartaJsonIsTheCliJson) {
  DbPtr db(Open(Surakarta()));
  for (const std::string& position : kSurakartaPositions) {
    EXPECT_EQ(ApiJson(db.get(), position), CliJson(Surakarta(), position)) << position;
    EXPECT_EQ(ApiJson(db.get(), position, ""), CliJson(Surakarta(), position)) << position;
  }
}

TEST_F(CApiTest, PlakotoJsonIsTheCliJson) {
  DbPtr db(Open(Plakoto()));
  for (const std::string& position : kPlakotoPositions) {
    EXPECT_EQ(ApiJson(db.get(), position), CliJson(Plakoto(), position)) << position;
    EXPECT_EQ(ApiJson(db.get(), position, "roll=6-5"),
              CliJson(Plakoto(), position, {"--roll", "6-5"}))
        << position;
  }
}

TEST_F(CApiTest, OwareValueIsTheNetScore) {
  DbPtr db(Open(Oware()));
  double value = 0;
  ASSERT_EQ(retro_probe_value(db.get(), "0 0 0 1 0 0 | 0 0 0 0 0 1", nullptr, &value), RETRO_OK);
  EXPECT_EQ(value, 2.0);
  ASSERT_EQ(retro_probe_value(db.get(), "1 1 1 1 1 0 | 0 0 0 0 0 0", "plies-left=0", &value),
            RETRO_OK);
  EXPECT_EQ(value, 0.0);  // no ply left: nothing more is won
  ASSERT_EQ(retro_probe_value(db.get(), "1 1 1 1 1 0 | 0 0 0 0 0 0", nullptr, &value), RETRO_OK);
  EXPECT_EQ(value, 5.0);
}

TEST_F(CApiTest, SurakartaValueEncodesResultAndDistance) {
  DbPtr db(Open(Surakarta()));
  double value = 0;
  ASSERT_EQ(retro_probe_value(db.get(), kSurakartaPositions[0].c_str(), nullptr, &value),
            RETRO_OK);
  EXPECT_EQ(value, RETRO_WDL_WIN - 1);  // win in 1 ply
  ASSERT_EQ(retro_probe_value(db.get(), kSurakartaPositions[1].c_str(), nullptr, &value),
            RETRO_OK);
  EXPECT_EQ(value, -RETRO_WDL_WIN);  // lost: no piece left
  ASSERT_EQ(retro_probe_value(db.get(), kSurakartaPositions[3].c_str(), nullptr, &value),
            RETRO_OK);
  EXPECT_EQ(value, -(RETRO_WDL_WIN - 2));  // loss in 2 plies
}

TEST_F(CApiTest, PlakotoValueIsTheExpectation) {
  DbPtr db(Open(Plakoto()));
  double value = 0;
  ASSERT_EQ(retro_probe_value(db.get(), "p=2 13 1 0 0 0 0", nullptr, &value), RETRO_OK);
  // Only the 11 rolls with a 1 move the checker off the pin, so the pin
  // holds 36/11 turns: the double nearest, since the chance kit sums with
  // compensation. The JSON prints the shortest text that reads back as it.
  EXPECT_THAT(CliJson(Plakoto(), "p=2 13 1 0 0 0 0"),
              ::testing::HasSubstr("\"expected_turns\":3.272727272727273,"));
  EXPECT_EQ(value, 36.0 / 11);
}

TEST_F(CApiTest, ExtraPluginDirectoryComesFirstAndFallsBack) {
  TempDir empty;
  char error[512] = "";
  DbPtr db(retro_open_with_plugins(Oware().c_str(), empty.path().c_str(), error, sizeof error));
  ASSERT_NE(db, nullptr) << error;
  EXPECT_EQ(ApiJson(db.get(), kOwarePositions[0]), CliJson(Oware(), kOwarePositions[0]));
  DbPtr plain(retro_open_with_plugins(Oware().c_str(), nullptr, error, sizeof error));
  EXPECT_NE(plain, nullptr) << error;
}

TEST_F(CApiTest, HandlesAreIndependent) {
  DbPtr oware(Open(Oware()));
  DbPtr again(Open(Oware()));
  DbPtr plakoto(Open(Plakoto()));
  retro_close(again.release());
  EXPECT_EQ(ApiJson(oware.get(), kOwarePositions[0]), CliJson(Oware(), kOwarePositions[0]));
  EXPECT_EQ(ApiJson(plakoto.get(), kPlakotoPositions[0]),
            CliJson(Plakoto(), kPlakotoPositions[0]));
}

}  // namespace
}  // namespace retro::testing
