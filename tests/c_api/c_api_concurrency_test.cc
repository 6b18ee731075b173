// What the C API does beside probes in flight: retro_open and retro_close
// of other handles return promptly while eight threads probe one handle
// (no lock is held across a probe), and retro_close of the handle being
// probed waits for the probes in flight, after which every call with it
// is refused (RETRO_ERROR_BAD_HANDLE), without a crash or a hang.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "gtest/gtest.h"
#include "tests/c_api/c_api_fixture.h"

namespace retro::testing {
namespace {

using Clock = std::chrono::steady_clock;

constexpr char kBoard[] = "0 0 0 1 0 0 | 0 0 0 0 0 1";

double Seconds(Clock::duration duration) {
  return std::chrono::duration<double>(duration).count();
}

TEST_F(CApiTest, OpenAndCloseReturnPromptlyWhileEightThreadsProbe) {
  DbPtr oware(Open(Oware()));
  std::atomic<bool> stop{false};
  std::atomic<long> probes{0};
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      while (!stop.load()) {
        double value = 0;
        if (retro_probe_value(oware.get(), kBoard, "plies-left=7", &value) != RETRO_OK) {
          ++failures;
        }
        ++probes;
      }
    });
  }
  // Let the probing threads get going first.
  while (probes.load() < 1000) std::this_thread::yield();
  double slowest = 0;
  for (int i = 0; i < 10; ++i) {
    const Clock::time_point start = Clock::now();
    retro_db* other = Open(Surakarta());
    retro_close(other);
    slowest = std::max(slowest, Seconds(Clock::now() - start));
  }
  stop = true;
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(failures.load(), 0);
  // An open of this small file takes milliseconds; 2 s allows for a
  // loaded machine but not for waiting on the probing threads.
  EXPECT_LT(slowest, 2.0) << "retro_open + retro_close while 8 threads probe";
}

TEST_F(CApiTest, CloseWaitsForProbesInFlightThenRefusesTheHandle) {
  for (int round = 0; round < 5; ++round) {
    retro_db* db = Open(Oware());
    std::atomic<long> probes{0};
    std::vector<Clock::time_point> last_ok(4);  // when the last right probe began
    std::vector<int> bad_status(4, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([&, t] {
        // Until the handle is refused: every answer is the right one or
        // RETRO_ERROR_BAD_HANDLE, nothing else.
        while (true) {
          double value = 0;
          const Clock::time_point start = Clock::now();
          const int status = retro_probe_value(db, kBoard, "plies-left=7", &value);
          if (status == RETRO_ERROR_BAD_HANDLE) return;
          if (status != RETRO_OK) ++bad_status[t];
          last_ok[t] = start;
          ++probes;
        }
      });
    }
    while (probes.load() < 200) std::this_thread::yield();
    const Clock::time_point close_start = Clock::now();
    retro_close(db);
    const Clock::time_point closed = Clock::now();
    for (std::thread& thread : threads) thread.join();
    EXPECT_LT(Seconds(closed - close_start), 2.0) << "retro_close while 4 threads probe";
    for (int t = 0; t < 4; ++t) {
      EXPECT_EQ(bad_status[t], 0) << "thread " << t;
      // No probe that started after retro_close returned succeeded.
      EXPECT_LE(last_ok[t], closed) << "thread " << t << " round " << round;
    }
    // Closed: refused, and closing again does nothing.
    char out[256];
    EXPECT_EQ(retro_probe_json(db, kBoard, nullptr, out, sizeof out), RETRO_ERROR_BAD_HANDLE);
    retro_close(db);
  }
}

}  // namespace
}  // namespace retro::testing
