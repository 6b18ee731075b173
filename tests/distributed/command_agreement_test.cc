// The command-line agreement of distributed commands
// (framework/cli/command_agreement.h): the first difference between two
// ranks' commands, the bytes a command travels as, and AgreeOnCommand on
// ranks that are threads of one process (thread_communicator.h): one error,
// the same on every rank, naming the rank and what differs.
#include "cli/command_agreement.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "gtest/gtest.h"
#include "retro/distributed/local_communicator.h"
#include "retro/distributed/status_agreement.h"
#include "tests/distributed/thread_communicator.h"
#include "tests/framework/expect_status.h"

namespace retro::cli {
namespace {

CommandSummary Oware(const std::string& grand_slam) {
  return {{"retro", "solve"},
          {"--game", "oware"},
          {"--seeds", "5"},
          {"--grand-slam", grand_slam},
          {"--out", "x.retro"}};
}

TEST(FirstDifferenceTest, SameCommandsHaveNone) {
  EXPECT_EQ(FirstDifference(Oware("forfeit"), Oware("forfeit")), std::nullopt);
}

TEST(FirstDifferenceTest, NamesTheOptionAndBothValues) {
  EXPECT_EQ(FirstDifference(Oware("capture"), Oware("forfeit")),
            "--grand-slam capture (rank 0: forfeit)");
}

TEST(FirstDifferenceTest, NamesAFlagOnlyOneRankGives) {
  CommandSummary with = Oware("forfeit");
  with.push_back({"--no-checkpoint", "", true});
  EXPECT_EQ(FirstDifference(with, Oware("forfeit")), "--no-checkpoint (rank 0: without it)");
  EXPECT_EQ(FirstDifference(Oware("forfeit"), with),
            "without --no-checkpoint (rank 0: --no-checkpoint)");
}

TEST(FirstDifferenceTest, FindsTheFirstDifferenceInOrder) {
  CommandSummary other = Oware("capture");
  other[0].value = "verify";
  EXPECT_EQ(FirstDifference(other, Oware("forfeit")), "retro verify (rank 0: solve)");
}

TEST(CommandSummaryBytesTest, RoundTrip) {
  CommandSummary summary = Oware("forfeit");
  summary.push_back({"--resume", "", true});
  summary.push_back({"--note", std::string("a\0b\nc", 5)});
  absl::StatusOr<CommandSummary> back = DecodeCommandSummary(EncodeCommandSummary(summary));
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(FirstDifference(*back, summary), std::nullopt);
  EXPECT_EQ(FirstDifference(summary, *back), std::nullopt);
  EXPECT_EQ(back->size(), summary.size());
}

TEST(CommandSummaryBytesTest, RejectsDamagedBytes) {
  std::vector<uint8_t> bytes = EncodeCommandSummary(Oware("forfeit"));
  bytes.pop_back();
  EXPECT_TRUE(::retro::testing::HasStatus(DecodeCommandSummary(bytes), absl::StatusCode::kInternal,
                                          {"rank 0's command arrived damaged"}));
  bytes = EncodeCommandSummary(Oware("forfeit"));
  bytes.push_back(0);
  EXPECT_TRUE(::retro::testing::HasStatus(DecodeCommandSummary(bytes), absl::StatusCode::kInternal,
                                          {"rank 0's command arrived damaged"}));
}

// Runs AgreeOnCommand on `mine.size()` thread ranks, rank r with mine[r];
// checks that every rank got the same status and returns it.
absl::Status Agree(const std::vector<absl::StatusOr<CommandSummary>>& mine) {
  std::vector<absl::Status> results(mine.size());
  testing::ThreadJob(static_cast<int>(mine.size()))
      .Run([&](distributed::Communicator& comm) {
        results[comm.rank()] = AgreeOnCommand(comm, mine[comm.rank()]);
      });
  for (const absl::Status& result : results) {
    EXPECT_EQ(result, results[0]);
    EXPECT_EQ(distributed::IsAgreed(result), !result.ok());
  }
  return results[0];
}

TEST(AgreeOnCommandTest, RanksThatAgreeGoOn) {
  EXPECT_TRUE(Agree({Oware("forfeit"), Oware("forfeit"), Oware("forfeit")}).ok());
}

TEST(AgreeOnCommandTest, TheLowestDifferingRankIsNamed) {
  const absl::Status status = Agree({Oware("forfeit"), Oware("forfeit"), Oware("capture"),
                                     Oware("no-capture")});
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(status.message(),
            "rank 2's command differs from rank 0's: --grand-slam capture (rank 0: forfeit)");
}

TEST(AgreeOnCommandTest, ARankThatCannotParseStopsEveryRank) {
  const absl::Status status =
      Agree({Oware("forfeit"), absl::NotFoundError("unknown game 'nope'"), Oware("forfeit")});
  EXPECT_EQ(status.code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(status.message(), "rank 1 of 3: unknown game 'nope'");
}

TEST(AgreeOnCommandTest, ParseErrorsComeBeforeDifferences) {
  const absl::Status status =
      Agree({Oware("forfeit"), Oware("capture"), absl::InvalidArgumentError("unknown option")});
  EXPECT_EQ(status.message(), "rank 2 of 3: unknown option");
}

TEST(AgreeOnCommandTest, TheSameErrorOnEveryRankIsNotNamed) {
  const absl::Status error = absl::NotFoundError("unknown game 'nope'");
  const absl::Status status = Agree({error, error});
  EXPECT_EQ(status.code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(status.message(), "unknown game 'nope'");
}

TEST(AgreeOnCommandTest, OneRankGetsItsOwnStatus) {
  distributed::LocalCommunicator local;
  EXPECT_TRUE(AgreeOnCommand(local, Oware("forfeit")).ok());
  const absl::Status status = AgreeOnCommand(local, absl::InvalidArgumentError("bad"));
  EXPECT_EQ(status.message(), "bad");
  EXPECT_TRUE(distributed::IsAgreed(status));
}

}  // namespace
}  // namespace retro::cli
