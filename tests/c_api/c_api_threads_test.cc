// One handle probed from four threads at once gives every thread the same
// answers as one thread alone.
#include <string>
#include <thread>
#include <vector>

#include "gtest/gtest.h"
#include "tests/c_api/c_api_fixture.h"

namespace retro::testing {
namespace {

// Sixteen oware boards of 1 to 5 seeds.
std::vector<std::string> OwarePositions() {
  std::vector<std::string> positions;
  for (int a = 0; a <= 1; ++a) {
    for (int b = 0; b <= 1; ++b) {
      for (int c = 0; c <= 1; ++c) {
        for (int d = 0; d <= 1; ++d) {
          positions.push_back(std::to_string(a) + " 0 " + std::to_string(b) + " 0 0 1 | 0 " +
                              std::to_string(c) + " 0 " + std::to_string(d) + " 0 0");
        }
      }
    }
  }
  return positions;
}

void ExpectSameAnswersFromFourThreads(retro_db* db, const std::vector<std::string>& positions,
                                      const char* options) {
  std::vector<std::string> expected;
  std::vector<double> expected_values;
  for (const std::string& position : positions) {
    expected.push_back(CApiTest::ApiJsonFor(db, position, options));
    double value = 0;
    ASSERT_EQ(retro_probe_value(db, position.c_str(), options, &value), RETRO_OK) << position;
    expected_values.push_back(value);
  }
  std::vector<int> mismatches(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < 50; ++round) {
        for (size_t i = 0; i < positions.size(); ++i) {
          const size_t k = (i + t * 7) % positions.size();
          double value = 0;
          if (CApiTest::ApiJsonFor(db, positions[k], options) != expected[k] ||
              retro_probe_value(db, positions[k].c_str(), options, &value) != RETRO_OK ||
              value != expected_values[k]) {
            ++mismatches[t];
          }
        }
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (int t = 0; t < 4; ++t) EXPECT_EQ(mismatches[t], 0) << "thread " << t;
}

TEST_F(CApiTest, OneHandleProbedFromFourThreads) {
  DbPtr oware(Open(Oware()));
  ExpectSameAnswersFromFourThreads(oware.get(), OwarePositions(), "plies-left=7");
  DbPtr surakarta(Open(Surakarta()));
  ExpectSameAnswersFromFourThreads(
      surakarta.get(),
      {"....../.X.X../.O..../....../....../...... X", "O...../....../....../....../....../.....X X",
       "XX..../....../....../....../....../.....O O", ".X..../....X./....../..O.../....../...... O"},
      nullptr);
  DbPtr plakoto(Open(Plakoto()));
  ExpectSameAnswersFromFourThreads(
      plakoto.get(), {"p=2 13 1 0 0 0 0", "p=2 12 2 0 0 0 0", "p=2 5 5 4 0 0 0", "p=2 0 14 0 0 0 0"},
      "roll=3-1");
}

TEST_F(CApiTest, CloseWaitsForProbesOfOtherHandles) {
  DbPtr oware(Open(Oware()));
  std::vector<std::thread> threads;
  for (int t = 0; t < 3; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 200; ++i) {
        double value = 0;
        EXPECT_EQ(retro_probe_value(oware.get(), "0 0 0 1 0 0 | 0 0 0 0 0 1", nullptr, &value),
                  RETRO_OK);
      }
    });
  }
  for (int i = 0; i < 20; ++i) retro_close(Open(Plakoto()));
  for (std::thread& thread : threads) thread.join();
}

}  // namespace
}  // namespace retro::testing
