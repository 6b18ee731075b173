// Every bad input to the C API gives its error code and a one-line message,
// and nothing is written past a buffer: NULL and closed handles, missing
// and foreign files, malformed positions, bad options, small buffers.
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/c_api/c_api_fixture.h"

namespace retro::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kOwarePosition[] = "0 0 0 1 0 0 | 0 0 0 0 0 1";
constexpr char kSentinel = '\x5a';

// A buffer of `size` usable bytes followed by guard bytes, to see that
// nothing is written past `size`.
class GuardedBuffer {
 public:
  explicit GuardedBuffer(size_t size) : size_(size), bytes_(size + 64, kSentinel) {}
  char* data() { return bytes_.data(); }
  size_t size() const { return size_; }
  std::string text() const { return std::string(bytes_.data(), strnlen(bytes_.data(), size_)); }
  bool GuardIntact() const {
    for (size_t i = size_; i < bytes_.size(); ++i) {
      if (bytes_[i] != kSentinel) return false;
    }
    return true;
  }

 private:
  size_t size_;
  std::vector<char> bytes_;
};

// retro_open's failure message for `path`; empty when it opened.
std::string OpenError(const char* path, size_t error_size = 512) {
  GuardedBuffer error(error_size);
  retro_db* db = retro_open(path, error.data(), error.size());
  EXPECT_TRUE(error.GuardIntact());
  if (db != nullptr) {
    retro_close(db);
    return "";
  }
  EXPECT_STREQ(retro_last_error(), std::string(retro_last_error()).c_str());
  EXPECT_THAT(error.text(), Not(HasSubstr("\n")));
  return error.text();
}

// The status and message of a probe of `position` with `options`.
std::pair<int, std::string> Probe(retro_db* db, const char* position, const char* options,
                                  size_t out_size = 4096) {
  GuardedBuffer out(out_size);
  const int status = retro_probe_json(db, position, options, out.data(), out.size());
  EXPECT_TRUE(out.GuardIntact());
  if (status != RETRO_OK) {
    EXPECT_THAT(out.text(), Not(HasSubstr("\n")));
    EXPECT_EQ(out.text(), std::string(retro_last_error()).substr(0, out_size - 1));
  }
  return {status, out.text()};
}

TEST_F(CApiTest, OpenRefusesMissingForeignAndEmptyPaths) {
  EXPECT_THAT(OpenError(nullptr), HasSubstr("no database path given"));
  EXPECT_THAT(OpenError(""), HasSubstr("no database path given"));
  EXPECT_THAT(OpenError("/nonexistent/oware.retro"), HasSubstr("/nonexistent/oware.retro"));
  TempDir dir;
  EXPECT_THAT(OpenError(dir.path().c_str()), HasSubstr(dir.path()));
  const std::string text = dir.File("notes.retro");
  std::ofstream(text) << "no database here\n";
  EXPECT_THAT(OpenError(text.c_str()), HasSubstr("not a retro database"));
  // A truncated copy of a real database.
  std::ifstream in(Oware(), std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string cut = dir.File("cut.retro");
  std::ofstream(cut, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  EXPECT_THAT(OpenError(cut.c_str()), HasSubstr("cut.retro"));
}

TEST_F(CApiTest, OpenErrorIsTruncatedToTheBuffer) {
  EXPECT_EQ(OpenError("/nonexistent/oware.retro", 8).size(), 7u);
  EXPECT_EQ(OpenError("/nonexistent/oware.retro", 1), "");
  EXPECT_EQ(retro_open("/nonexistent/oware.retro", nullptr, 0), nullptr);
  EXPECT_THAT(retro_last_error(), HasSubstr("/nonexistent/oware.retro"));
}

TEST_F(CApiTest, NullAndClosedHandlesAreRefused) {
  EXPECT_EQ(Probe(nullptr, kOwarePosition, nullptr).first, RETRO_ERROR_BAD_HANDLE);
  retro_db* db = Open(Oware());
  retro_close(db);
  const auto [status, message] = Probe(db, kOwarePosition, nullptr);
  EXPECT_EQ(status, RETRO_ERROR_BAD_HANDLE);
  EXPECT_THAT(message, HasSubstr("closed"));
  double value = 7;
  EXPECT_EQ(retro_probe_value(db, kOwarePosition, nullptr, &value), RETRO_ERROR_BAD_HANDLE);
  EXPECT_EQ(value, 7);
  retro_close(db);       // closing twice is harmless
  retro_close(nullptr);  // and so is NULL
  int not_a_handle = 0;
  EXPECT_EQ(Probe(reinterpret_cast<retro_db*>(&not_a_handle), kOwarePosition, nullptr).first,
            RETRO_ERROR_BAD_HANDLE);
}

TEST_F(CApiTest, NullArgumentsAreRefused) {
  DbPtr db(Open(Oware()));
  EXPECT_EQ(Probe(db.get(), nullptr, nullptr).first, RETRO_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(retro_probe_json(db.get(), kOwarePosition, nullptr, nullptr, 100),
            RETRO_ERROR_BAD_ARGUMENT);
  char out[4] = {kSentinel, kSentinel, kSentinel, kSentinel};
  EXPECT_EQ(retro_probe_json(db.get(), kOwarePosition, nullptr, out, 0),
            RETRO_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(out[0], kSentinel);
  EXPECT_EQ(retro_probe_value(db.get(), kOwarePosition, nullptr, nullptr),
            RETRO_ERROR_BAD_ARGUMENT);
  double value = 0;
  EXPECT_EQ(retro_probe_value(db.get(), nullptr, nullptr, &value), RETRO_ERROR_BAD_ARGUMENT);
}

TEST_F(CApiTest, MalformedPositionsAreRefused) {
  DbPtr oware(Open(Oware()));
  DbPtr surakarta(Open(Surakarta()));
  DbPtr plakoto(Open(Plakoto()));
  for (const char* bad : {"", "   ", "0 0 0 1 0 | 0 0 0 0 0 1", "hello", "9 9 9 9 9 9 | 9 9 9 9 9 9",
                          "0 0 0 1 0 0 | 0 0 0 0 0 1 7"}) {
    const auto [status, message] = Probe(oware.get(), bad, nullptr);
    EXPECT_EQ(status, RETRO_ERROR_BAD_POSITION) << bad << ": " << message;
    EXPECT_FALSE(message.empty());
    double value = 7;
    EXPECT_EQ(retro_probe_value(oware.get(), bad, nullptr, &value), RETRO_ERROR_BAD_POSITION);
    EXPECT_EQ(value, 7);
  }
  EXPECT_THAT(Probe(oware.get(), "", nullptr).second, HasSubstr("empty"));
  EXPECT_EQ(Probe(surakarta.get(), "XXXX../....../....../....../....../...... X", nullptr).first,
            RETRO_ERROR_BAD_POSITION);  // 4 pieces in a 3-piece table
  EXPECT_EQ(Probe(surakarta.get(), "....../ X", nullptr).first, RETRO_ERROR_BAD_POSITION);
  EXPECT_EQ(Probe(plakoto.get(), "p=3 13 1 0 0 0 0", nullptr).first, RETRO_ERROR_BAD_POSITION);
  EXPECT_EQ(Probe(plakoto.get(), "p=2 13 1", nullptr).first, RETRO_ERROR_BAD_POSITION);
}

TEST_F(CApiTest, BadOptionsAreRefusedNamingTheValidOnes) {
  DbPtr oware(Open(Oware()));
  DbPtr plakoto(Open(Plakoto()));
  const auto unknown = Probe(oware.get(), kOwarePosition, "depth=3");
  EXPECT_EQ(unknown.first, RETRO_ERROR_BAD_OPTION);
  EXPECT_THAT(unknown.second, HasSubstr("'depth'"));
  EXPECT_THAT(unknown.second, HasSubstr("plies-left"));
  for (const char* bad : {"plies-left", "plies-left=", "=3", ",", "plies-left=3,",
                          "plies-left=3,plies-left=4", "plies-left=x", "plies-left=201",
                          "plies-left=-1", "--plies-left=3"}) {
    const auto [status, message] = Probe(oware.get(), kOwarePosition, bad);
    EXPECT_EQ(status, RETRO_ERROR_BAD_OPTION) << bad << ": " << message;
    double value = 7;
    EXPECT_EQ(retro_probe_value(oware.get(), kOwarePosition, bad, &value),
              RETRO_ERROR_BAD_OPTION);
    EXPECT_EQ(value, 7);
  }
  EXPECT_EQ(Probe(plakoto.get(), "p=2 13 1 0 0 0 0", "roll=7-7").first, RETRO_ERROR_BAD_OPTION);
  // A bad position with a good option is the position's fault.
  EXPECT_EQ(Probe(oware.get(), "bad", "plies-left=3").first, RETRO_ERROR_BAD_POSITION);
}

TEST_F(CApiTest, SmallBuffersGetTheNeededSize) {
  DbPtr db(Open(Oware()));
  const std::string json = ApiJson(db.get(), kOwarePosition);
  ASSERT_EQ(json, CliJson(Oware(), kOwarePosition));
  const std::string needed = std::to_string(json.size() + 1);
  for (size_t size : {size_t{1}, size_t{2}, size_t{16}, json.size()}) {
    const auto [status, message] = Probe(db.get(), kOwarePosition, nullptr, size);
    EXPECT_EQ(status, RETRO_ERROR_BUFFER_TOO_SMALL) << size;
    EXPECT_EQ(message.size(), std::min(size - 1, message.size()));
  }
  EXPECT_THAT(Probe(db.get(), kOwarePosition, nullptr, 100).second,
              HasSubstr("needs a buffer of " + needed + " bytes"));
  EXPECT_THAT(retro_last_error(), HasSubstr(needed));
  const auto exact = Probe(db.get(), kOwarePosition, nullptr, json.size() + 1);
  EXPECT_EQ(exact.first, RETRO_OK);
  EXPECT_EQ(exact.second, json);
}

}  // namespace
}  // namespace retro::testing
