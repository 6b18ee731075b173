// Tests of the progress display's text (cli/progress_bar.h): no rate or ETA
// in a phase's first half second, the rate in the phase's own unit, and the
// --progress option.
#include <cstdlib>
#include <string>

#include "cli/progress_bar.h"
#include "gtest/gtest.h"

namespace retro::cli {
namespace {

Progress::Snapshot Snapshot(uint64_t done, uint64_t total, ProgressUnit unit = {}) {
  return Progress::Snapshot{"solving slice 9/12", done, total, 3, std::move(unit)};
}

TEST(ProgressDisplayTest, NoRateOrEtaInTheFirstHalfSecond) {
  // Work done before the phase was seen must not make a rate either.
  const std::string line = DescribeProgress(Snapshot(40, 1000), 0.0001, 40, true);
  EXPECT_EQ(line.find("/s"), std::string::npos) << line;
  EXPECT_EQ(line.find("ETA"), std::string::npos) << line;
  EXPECT_NE(line.find("4.0%"), std::string::npos) << line;
  EXPECT_EQ(DescribeProgress(Snapshot(400, 1000), 0.49, 400, true).find("/s"), std::string::npos);
}

TEST(ProgressDisplayTest, RateInPositionsPerSecondAfterHalfASecond) {
  // 200 units per position: 2,000,000 units in 2 s are 5,000 positions/s.
  const ProgressUnit unit{"positions", 200};
  const std::string line =
      DescribeProgress(Snapshot(2'000'000, 4'000'000, unit), 2.0, 2'000'000, true);
  EXPECT_NE(line.find("5000 positions/s"), std::string::npos) << line;
  EXPECT_NE(line.find("ETA 2.00 s"), std::string::npos) << line;
  EXPECT_NE(line.find("[###############...............]"), std::string::npos) << line;
}

TEST(ProgressDisplayTest, PlainLineCountsInItsUnit) {
  const std::string line = DescribeProgress(Snapshot(10, 40, {"games", 1}), 1.0, 10, false);
  EXPECT_EQ(line, "solving slice 9/12  25.0% (10 of 40 games)  ETA 3.00 s  10 games/s");
}

TEST(ProgressDisplayTest, UnknownTotal) {
  const std::string line = DescribeProgress(Snapshot(5000, 0), 1.0, 5000, true);
  EXPECT_EQ(line, "solving slice 9/12  5000 positions  5000 positions/s");
}

TEST(ProgressDisplayTest, ProgressOption) {
  for (const auto& [text, style] : {std::pair{"bar", ProgressStyle::kBar},
                                    std::pair{"plain", ProgressStyle::kPlain},
                                    std::pair{"none", ProgressStyle::kNone}}) {
    Arguments args;
    args.options["progress"] = text;
    const absl::StatusOr<ProgressStyle> taken = TakeProgressStyle(args);
    ASSERT_TRUE(taken.ok()) << text;
    EXPECT_EQ(*taken, style);
  }
  Arguments bad;
  bad.options["progress"] = "fancy";
  const absl::StatusOr<ProgressStyle> taken = TakeProgressStyle(bad);
  EXPECT_EQ(taken.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(taken.status().message().find("valid: bar, plain, none"), std::string::npos);
}

TEST(ProgressDisplayTest, PlainInterval) {
  setenv("RETRO_PROGRESS_INTERVAL_SECONDS", "0.25", 1);
  EXPECT_EQ(PlainProgressInterval(), 0.25);
  setenv("RETRO_PROGRESS_INTERVAL_SECONDS", "soon", 1);
  EXPECT_EQ(PlainProgressInterval(), 60);
  unsetenv("RETRO_PROGRESS_INTERVAL_SECONDS");
  EXPECT_EQ(PlainProgressInterval(), 60);
}

}  // namespace
}  // namespace retro::cli
