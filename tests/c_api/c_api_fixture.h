// The C API tests' fixture: small databases of oware (5 seeds), Surakarta
// (3 pieces) and Plakoto (6 points, pin 2), and for the typed probes' test
// oware 9, Surakarta 5 (both layouts) and Plakoto 6, solved once for all the C API
// tests with the real `retro` (tests/c_api/solve_databases.sh), opened
// through the C API, and `retro probe --json` run for comparison.
#ifndef RETRO_TESTS_C_API_C_API_FIXTURE_H_
#define RETRO_TESTS_C_API_C_API_FIXTURE_H_

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "retro/c/retro.h"
#include "tests/e2e/retro_runner.h"
#include "tests/framework/envelope_text.h"
#include "tests/framework/temp_dir.h"

namespace retro::testing {

class CApiTest : public ::testing::Test {
 public:
  // The databases are solved once for all C API tests: by ctest's fixture
  // setup (tests/c_api/solve_databases.sh), which names their folder in
  // RETRO_C_API_DATABASES, or, when a test binary is run by hand, by the
  // same script into a scratch folder.
  static void SetUpTestSuite() {
    const char* shared = std::getenv("RETRO_C_API_DATABASES");
    if (shared != nullptr && *shared != '\0') {
      dir_ = shared;
    } else {
      scratch_ = new TempDir;
      dir_ = scratch_->path();
      const std::string command = std::string("bash ") + RETRO_C_API_SOLVE_SCRIPT + " " +
                                  kRetroBinary + " " + dir_ + " >/dev/null 2>&1";
      EXPECT_EQ(std::system(command.c_str()), 0) << command;
    }
    for (const std::string& path : {Oware(), Surakarta(), Plakoto()}) {
      EXPECT_TRUE(std::filesystem::is_regular_file(path))
          << path << " is missing (tests/c_api/solve_databases.sh makes it)";
    }
  }
  static void TearDownTestSuite() {
    delete scratch_;
    scratch_ = nullptr;
  }

  static std::string Dir() { return dir_; }
  static std::string Oware() { return dir_ + "/oware-5.retro"; }
  static std::string Surakarta() { return dir_ + "/surakarta-3.retro"; }
  static std::string Plakoto() { return dir_ + "/plakoto-6-pin2.retro"; }

  // The result `retro probe --db db --position position --json extra...`
  // prints (docs/json.md), as its exact text; fails the test unless it
  // succeeds.
  static std::string CliJson(const std::string& db, const std::string& position,
                             const std::vector<std::string>& extra = {}) {
    std::vector<std::string> args = {"probe", "--db", db, "--position", position, "--json"};
    args.insert(args.end(), extra.begin(), extra.end());
    TempDir io;
    const RunResult result = RunRetro(args, dir_, io.path());
    EXPECT_EQ(result.exit_code, 0) << result;
    return EnvelopeResultText(result.out);
  }

  // Opens `path` through the C API, failing the test when it cannot.
  static retro_db* Open(const std::string& path) {
    char error[512] = "";
    retro_db* db = retro_open(path.c_str(), error, sizeof error);
    EXPECT_NE(db, nullptr) << error;
    return db;
  }

  // retro_probe_json's answer, or "error <code>: <message>".
  static std::string ApiJson(retro_db* db, const std::string& position,
                             const char* options = nullptr) {
    return ApiJsonFor(db, position, options);
  }
  static std::string ApiJsonFor(retro_db* db, const std::string& position,
                             const char* options = nullptr) {
    std::vector<char> out(1 << 16);
    const int status = retro_probe_json(db, position.c_str(), options, out.data(), out.size());
    if (status != RETRO_OK) return "error " + std::to_string(status) + ": " + out.data();
    return out.data();
  }

 private:
  static inline std::string dir_;
  static inline TempDir* scratch_ = nullptr;
};

// A handle closed at the end of the scope.
struct DbCloser {
  void operator()(retro_db* db) const { retro_close(db); }
};
using DbPtr = std::unique_ptr<retro_db, DbCloser>;

}  // namespace retro::testing

#endif  // RETRO_TESTS_C_API_C_API_FIXTURE_H_
