// The finite-horizon kit on its example game (plugins/coins/rules.h), in
// process: plan, solve, open, probe, stats and verify through the kit's
// GameModule, every value against a plain recursive brute force, the
// contract checker, and the plan that refuses bad parameters.
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "plugins/coins/rules.h"
#include "retro/database.h"
#include "retro/kit/finite_horizon_check_view.h"
#include "retro/kit/finite_horizon_module.h"
#include "retro/progress.h"
#include "retro/testing/contract_matchers.h"
#include "retro/thread_pool.h"
#include "tests/framework/expect_status.h"
#include "tests/framework/json_output.h"
#include "tests/framework/store_lists.h"
#include "tests/framework/temp_dir.h"
#include "tests/kit/tampered_checkpoint.h"

namespace retro {
namespace {

using ::coins::Rules;

using ::testing::AllOf;
using ::testing::HasSubstr;

// The brute force: V_t of the coins [first, first + count) of `coins`.
int BruteForce(const std::vector<int>& coins, int first, int count, int t) {
  if (t == 0 || count == 0) return 0;
  int best = coins[first] - BruteForce(coins, first + 1, count - 1, t - 1);
  if (count > 1) {
    best = std::max(best, coins[first + count - 1] - BruteForce(coins, first, count - 1, t - 1));
  }
  return best;
}

const kit::GameInfo kInfo{.name = "coins", .summary = "coins", .codec = "coins-v1"};

class FiniteHorizonKitTest : public ::testing::Test {
 protected:
  // Solves `coins` to `plies` through the kit and opens the result.
  void Solve(const std::string& coins, int plies) {
    module_ = kit::MakeFiniteHorizonModule<Rules>(kInfo);
    values_ = {{"coins", coins}, {"plies", std::to_string(plies)}};
    const WorkContext context{&pool_, &progress_};
    absl::StatusOr<SolvePlan> plan = module_->Plan(values_, {});
    ASSERT_TRUE(plan.ok()) << plan.status();
    DatabaseBuilder builder;
    for (const auto& [key, value] : plan->canonical_parameters) builder.SetParameter(key, value);
    ASSERT_TRUE(module_->Solve(values_, context, builder).ok());
    bytes_ = SerializeDatabase({"coins", kPluginAbiVersionForTests, 1, "coins-v1"}, builder);
    Reopen();
  }
  void Reopen() {
    auto file = DatabaseFile::FromBytes(bytes_);
    ASSERT_TRUE(file.ok()) << file.status();
    file_ = std::move(*file);
    auto database = module_->Open(*file_);
    ASSERT_TRUE(database.ok()) << database.status();
    database_ = std::move(*database);
  }

  static constexpr uint32_t kPluginAbiVersionForTests = 0;
  ThreadPool pool_{2};
  Progress progress_;
  std::unique_ptr<GameModule> module_;
  ParameterValues values_;
  std::vector<uint8_t> bytes_;
  std::unique_ptr<DatabaseFile> file_;
  std::unique_ptr<OpenDatabase> database_;
};

TEST_F(FiniteHorizonKitTest, EveryValueMatchesTheBruteForce) {
  const std::string coins = "31415926";
  Solve(coins, 8);
  const std::vector<int> row = {3, 1, 4, 1, 5, 9, 2, 6};
  auto tables = kit::FiniteHorizonTables<Rules>::FromFile(*file_, kInfo);
  ASSERT_TRUE(tables.ok()) << tables.status();
  for (int count = 0; count <= 8; ++count) {
    for (int first = 0; first + count <= 8; ++first) {
      // The coins [first, first + count) of the row, the others taken.
      std::string left(8, '.');
      for (int i = first; i < first + count; ++i) left[i] = coins[i];
      for (int t = 0; t <= 8; ++t) {
        EXPECT_EQ((*tables)->Value(left, t), BruteForce(row, first, count, t))
            << left << ", t=" << t;
      }
    }
  }
}

TEST_F(FiniteHorizonKitTest, ProbeStatsAndVerify) {
  Solve("3141", 4);
  // 3 1 4 1: taking 3 leaves 1 4 1 (the opponent takes 1, either end, and
  // we get 4): 3 - 1 + 4 - 1 = 5; taking the right 1 leaves 3 1 4: worse.
  absl::StatusOr<Report> probe = database_->Probe("3141", {{"plies-left", "book"}});
  ASSERT_TRUE(probe.ok()) << probe.status();
  EXPECT_EQ(probe->line, "3141  t=4 value=5 best=left");
  EXPECT_THAT(probe->text, HasSubstr("3141  (coins-4, 4 plies left)\nvalue: +5"));
  EXPECT_THAT(probe->json, HasSubstr("\"moves\":[{\"move\":\"left\",\"position\":\".141\","
                                     "\"reward\":3,\"child_value\":-2,\"value\":5,"
                                     "\"best\":true}"));
  absl::StatusOr<Report> shallow = database_->Probe("3141", {{"plies-left", "1"}});
  ASSERT_TRUE(shallow.ok());
  EXPECT_EQ(shallow->line, "3141  t=1 value=3 best=left");
  EXPECT_TRUE(::retro::testing::HasStatus(database_->Probe("3141", {{"plies-left", "5"}}),
                                          absl::StatusCode::kInvalidArgument,
                                          {"--plies-left 5 is out of range; valid: 0..4, or book"}));
  EXPECT_TRUE(::retro::testing::HasStatus(
      database_->Probe("3141", {{"plies-left", "BOOK"}}), absl::StatusCode::kInvalidArgument,
      {"--plies-left 'BOOK' is not a whole number; valid: 0..4, or book"}));
  EXPECT_TRUE(::retro::testing::HasStatus(
      database_->Probe("9...", {}), absl::StatusCode::kInvalidArgument,
      {"position '9...': write the row 3141 with the taken coins as dots"}));

  const WorkContext context{&pool_, &progress_};
  absl::StatusOr<Report> stats = database_->Stats(context);
  ASSERT_TRUE(stats.ok());
  EXPECT_THAT(stats->text, HasSubstr("coins database: 5 slices, horizon 4"));
  // The result of `retro stats --json` (its parameters are the envelope's,
  // from the file's header): the horizon of --plies 4, a slice per count of
  // coins left of --coins 3141, 11 rows in all (one of them empty).
  const nlohmann::json json = retro::testing::ParseJsonOrFail(stats->json);
  EXPECT_EQ(json.at("family"), "finite_horizon");
  EXPECT_EQ(json.at("finite_horizon").at("horizon"), 4);
  ASSERT_EQ(json.at("slices").size(), 5u) << stats->json;
  for (int count = 0; count <= 4; ++count) {
    const nlohmann::json& slice = json.at("slices").at(count);
    EXPECT_EQ(slice.at("name"), "coins-" + std::to_string(count));
    // The rows of `count` of 4 coins (one empty row).
    EXPECT_EQ(slice.at("positions"), count == 0 ? 1 : 5 - count);
  }
  EXPECT_EQ(json.at("total").at("positions"), 11);
  // The whole row, 3 1 4 1, with 4 plies left: worth 5 (the probe above).
  EXPECT_EQ(json.at("slices").at(4).at("finite_horizon").at("values"),
            nlohmann::json::parse(R"([{"value":5,"count":1}])"));
  absl::StatusOr<VerifyResult> verify = database_->Verify({}, context);
  ASSERT_TRUE(verify.ok());
  EXPECT_EQ(verify->mismatches, 0u);
  EXPECT_EQ(verify->records_checked, 11u * 5);  // 11 rows, each at t = 0..4
}

TEST_F(FiniteHorizonKitTest, TheContractHolds) {
  ParameterValues values = {{"coins", "271828"}, {"plies", "6"}};
  const Rules rules = *Rules::Create(values);
  retro::testing::ExpectContractHolds(kit::FiniteHorizonCheckView<Rules>(rules), {.sample = 0});
}

// A checkpoint store holding a value no row of 2 coins can score (120 > 9 x 2; a
// valid store otherwise, its checksums valid) is refused as the tables'
// reader refuses such a slice, naming its file, not restored into the solve.
TEST_F(FiniteHorizonKitTest, ACheckpointStoreIsCheckedLikeADatabaseSlice) {
  module_ = kit::MakeFiniteHorizonModule<Rules>(kInfo);
  const retro::testing::TempDir dir;
  const absl::Status resumed = retro::testing::ResolveWithEditedSlice(
      *module_, {{"coins", "3141"}, {"plies", "4"}}, dir.File("c.retro"), "coins-2",
      [](std::vector<uint8_t>& store) {
        store = retro::testing::CodedStoreWithFinalValue(store, 0, 120);
      });
  EXPECT_EQ(resumed.code(), absl::StatusCode::kFailedPrecondition) << resumed;
  EXPECT_THAT(resumed.message(),
              AllOf(HasSubstr("c.retro.checkpoint/coins-2.slice is damaged: slice 'coins-2'"),
                    HasSubstr("impossible entry"), HasSubstr("within -18..18")));
}

TEST_F(FiniteHorizonKitTest, BadParametersAreRefusedByThePlan) {
  module_ = kit::MakeFiniteHorizonModule<Rules>(kInfo);
  absl::StatusOr<SolvePlan> plan = module_->Plan({{"coins", "30"}, {"plies", "4"}}, {});
  ASSERT_FALSE(plan.ok());
  EXPECT_THAT(plan.status().message(), HasSubstr("--coins: write 1..12 digits 1..9"));
}

}  // namespace
}  // namespace retro
