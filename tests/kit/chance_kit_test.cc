// The chance-expectation kit (retro/kit/chance_module.h) on a second game,
// the dice race of the example plugin (plugins/dice_race/rules.h), in
// process: plan, solve through
// the kit's own solver view (layers, an afterstate into an earlier slice,
// the min objective), the database opened, every record compared with an
// independent value iteration and the closed form E(n) = 6 for one checker
// on n <= 6, probe (text, line, JSON), stats, verify (passing, and naming a
// planted wrong value), open refusing a bad value, and the contract check.
// Probe's --die lists every move of one die, a repeated afterstate once,
// and rules listing every choice twice give the same file and probes (and
// fail the contract check if they claim their choices are distinct). The
// same rules declared two-player are refused: a die without a move would
// pass the turn.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "plugins/dice_race/rules.h"
#include "retro/database.h"
#include "retro/kit/chance_module.h"
#include "retro/plugin.h"
#include "tests/framework/expect_status.h"
#include "tests/framework/json_output.h"
#include "tests/framework/temp_dir.h"
#include "tests/kit/tampered_checkpoint.h"

namespace retro::chance_kit_test {
namespace {

using ::dice_race::Rules;
using Position = Rules::Position;
using ::testing::HasSubstr;

constexpr int kLength = 12;

// E by (high, low), computed without the kit or the solver: Gauss-Seidel
// sweeps of E(s) = 1 + sum over dice of 1/6 x (min over moves of E(after),
// or E(s) when the die has no move) until nothing changes.
std::map<std::pair<int, int>, double> ValueIteration(int length) {
  std::map<std::pair<int, int>, double> e;
  auto value = [&](int high, int low) { return high == 0 ? 0.0 : e[{high, low}]; };
  for (int sweep = 0; sweep < 100000; ++sweep) {
    double change = 0;
    for (int high = 1; high <= length; ++high) {
      for (int low = 0; low <= high; ++low) {
        double next = 1;
        for (int die = 1; die <= 6; ++die) {
          double best = -1;
          auto consider = [&](int from, int other) {
            if (from == 0 || die > from) return;
            const int to = from - die;
            const double v = value(std::max(to, other), std::min(to, other));
            if (best < 0 || v < best) best = v;
          };
          consider(high, low);
          consider(low, high);
          next += (best < 0 ? value(high, low) : best) / 6;
        }
        change = std::max(change, std::abs(next - e[{high, low}]));
        e[{high, low}] = next;
      }
    }
    if (change < 1e-14) break;
  }
  return e;
}

class ChanceKitTest : public ::testing::Test {
 protected:
  ChanceKitTest()
      : module_(kit::MakeChanceModule<Rules>({.name = "dice_race",
                                              .summary = "a dice race",
                                              .codec = "dice_race-f64le-v1",
                                              .data_version = 1,
                                              .position_syntax = "one or two points, \"7 3\"",
                                              .default_file_name = ""})),
        pool_(2),
        context_{&pool_, &progress_} {}

  // The solved database's bytes, as `retro solve` writes them.
  std::vector<uint8_t> Solve() { return Solve(*module_); }
  std::vector<uint8_t> Solve(GameModule& module) {
    const ParameterValues values;
    absl::StatusOr<SolvePlan> plan = module.Plan(values, {});
    EXPECT_TRUE(plan.ok()) << plan.status();
    EXPECT_EQ(plan->positions, 12u + 78u);
    EXPECT_EQ(plan->default_file_name, "dice_race.retro");
    EXPECT_EQ(plan->estimated_file_bytes, 90u * 8);
    DatabaseBuilder builder;
    for (const auto& [key, value] : plan->canonical_parameters) builder.SetParameter(key, value);
    const absl::Status solved = module.Solve(values, context_, builder);
    EXPECT_TRUE(solved.ok()) << solved;
    return SerializeDatabase({"dice_race", kPluginAbiVersion, 1, builder.codec()}, builder);
  }

  // Opens `bytes` with the module; `file_` keeps the container alive.
  // Opening another replaces the one opened before.
  absl::StatusOr<std::unique_ptr<OpenDatabase>> Open(const std::vector<uint8_t>& bytes) {
    return Open(*module_, bytes);
  }
  absl::StatusOr<std::unique_ptr<OpenDatabase>> Open(GameModule& module,
                                                     const std::vector<uint8_t>& bytes) {
    bytes_ = bytes;
    RETRO_ASSIGN_OR_RETURN(file_, DatabaseFile::FromBytes(bytes_, /*verify_slices=*/false));
    return module.Open(*file_);
  }

  std::unique_ptr<GameModule> module_;
  ThreadPool pool_;
  Progress progress_;
  WorkContext context_;
  std::vector<uint8_t> bytes_;
  std::unique_ptr<DatabaseFile> file_;
};

TEST_F(ChanceKitTest, EveryRecordMatchesAnIndependentValueIteration) {
  const std::vector<uint8_t> bytes = Solve();
  absl::StatusOr<std::unique_ptr<OpenDatabase>> db = Open(bytes);
  ASSERT_TRUE(db.ok()) << db.status();
  const std::map<std::pair<int, int>, double> expected = ValueIteration(kLength);
  const Rules rules;
  ASSERT_EQ(file_->slices().size(), 2u);
  for (int slice = 0; slice < 2; ++slice) {
    const std::span<const uint8_t> values = file_->SliceBytes(slice);
    ASSERT_EQ(values.size(), rules.slice_size(slice) * 8);
    for (uint64_t i = 0; i < rules.slice_size(slice); ++i) {
      double e;
      std::memcpy(&e, values.data() + 8 * i, 8);
      const Position p = rules.Unrank(slice, i);
      EXPECT_NEAR(e, expected.at({p.high, p.low}), 1e-10) << rules.Format(p);
      if (slice == 0 && p.high <= 6) {
        EXPECT_NEAR(e, 6.0, 1e-12) << p.high;
      }
    }
  }
}

TEST_F(ChanceKitTest, ProbeStatsAndVerify) {
  absl::StatusOr<std::unique_ptr<OpenDatabase>> db = Open(Solve());
  ASSERT_TRUE(db.ok()) << db.status();

  // One checker on 2: dice 1 and 2 move, 3..6 keep the position.
  absl::StatusOr<Report> r = (*db)->Probe("2", {});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_THAT(r->text, HasSubstr("E = 6  expected turns to bear off"));
  EXPECT_THAT(r->text, HasSubstr("no-move probability q = 0.666666666667"));
  EXPECT_THAT(r->text, HasSubstr("die   moves  best move"));
  EXPECT_THAT(r->text, HasSubstr("2         1  2/0"));
  EXPECT_THAT(r->text, HasSubstr("bears off"));
  EXPECT_THAT(r->text, HasSubstr("no move: the position stays"));
  EXPECT_EQ(r->line, "2  E=6 q=0.666666666667 1: 2/1 | 2: 2/0 | 3: (no move) | 4: (no move) | "
                     "5: (no move) | 6: (no move)");
  EXPECT_THAT(r->json, HasSubstr("{\"position\":\"2\",\"expected_turns\":6"));
  EXPECT_THAT(r->json,
              HasSubstr("{\"die\":\"2\",\"move\":\"2/0\",\"position\":\"0\",\"value\":0}"));
  EXPECT_THAT(r->json, HasSubstr("{\"die\":\"3\",\"move\":\"(no move)\",\"position\":\"2\","));

  // Two checkers: a 6 may bear off the one on 6 (leaving 9) or move 9 to 3
  // (leaving 6 3); the kit picks the smaller expectation.
  r = (*db)->Probe("9 6", {});
  ASSERT_TRUE(r.ok()) << r.status();
  const auto e = ValueIteration(kLength);
  const std::string best6 = e.at({9, 0}) < e.at({6, 3}) ? "6/0" : "9/3";
  EXPECT_THAT(r->line, HasSubstr("6: " + best6));
  // Every choice of one outcome (the probe parameter named after it).
  EXPECT_EQ(module_->Describe().probe_parameters.at(0).name, "die");
  r = (*db)->Probe("9 6", {{"die", "6"}});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_THAT(r->text, HasSubstr("die 6: 2 moves"));
  EXPECT_THAT(r->text, HasSubstr(best6 + " "));
  EXPECT_THAT(r->line, HasSubstr(" || 6: " + best6 + " "));
  EXPECT_THAT(r->json, HasSubstr("\"moves_of_die\":{\"die\":\"6\",\"moves\":[{\"move\":\"" +
                                 best6 + "\""));
  // Both checkers on 5: a 2 moves either to 3, one afterstate, shown once
  // (the rules list both choices).
  r = (*db)->Probe("5 5", {{"die", "2"}});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_THAT(r->text, HasSubstr("\n2         1  5/3"));
  EXPECT_THAT(r->text, HasSubstr("die 2: 1 move\n"));
  EXPECT_THAT(r->line, HasSubstr(" || 2: 5/3 "));
  const nlohmann::json listed = retro::testing::ParseJsonOrFail(r->json).at("moves_of_die");
  ASSERT_EQ(listed.at("moves").size(), 1u) << r->json;
  EXPECT_EQ(listed.at("moves").at(0).at("position"), "5 3");
  EXPECT_THAT(std::string((*db)->Probe("9 6", {{"die", "7"}}).status().message()),
              HasSubstr("must be 'best' or one of 1, 2, 3, 4, 5, 6"));
  EXPECT_TRUE(::retro::testing::HasStatus((*db)->Probe("13", {}),
                                          absl::StatusCode::kInvalidArgument,
                                          {"'13' is not one or two points of 1..12"}));
  EXPECT_TRUE(::retro::testing::HasStatus((*db)->Probe("", {}), absl::StatusCode::kInvalidArgument,
                                          {"'' is not one or two points of 1..12"}));

  absl::StatusOr<Report> stats = (*db)->Stats(context_);
  ASSERT_TRUE(stats.ok()) << stats.status();
  EXPECT_THAT(stats->text, HasSubstr("E = expected turns to bear off"));
  EXPECT_THAT(stats->text, HasSubstr("one                12    6.0000000000"));
  EXPECT_THAT(stats->text, HasSubstr("total              90    6.0000000000"));
  // The result of `retro stats --json` (its parameters are the envelope's,
  // from the file's header): a track of length 12 holds 12 one-checker and
  // C(13, 2) = 78 two-checker positions; one checker on 1..6 needs E = 6.
  const nlohmann::json json = retro::testing::ParseJsonOrFail(stats->json);
  EXPECT_EQ(json.at("family"), "chance");
  EXPECT_EQ(json.at("chance").at("value"), "E");
  ASSERT_EQ(json.at("slices").size(), 2u) << stats->json;
  const nlohmann::json& one = json.at("slices").at(0);
  EXPECT_EQ(one.at("name"), "one");
  EXPECT_EQ(one.at("positions"), 12);
  EXPECT_EQ(one.at("chance").at("min"), 6);
  EXPECT_EQ(json.at("slices").at(1).at("positions"), 78);
  EXPECT_EQ(json.at("total").at("positions"), 90);
  EXPECT_EQ(json.at("total").at("chance").at("max_position"), "12 12");

  absl::StatusOr<VerifyResult> verify = (*db)->Verify({}, context_);
  ASSERT_TRUE(verify.ok()) << verify.status();
  EXPECT_EQ(verify->records_checked, 90u);
  EXPECT_EQ(verify->mismatches, 0u) << verify->first_mismatch;
  verify = (*db)->Verify({.sample = 20, .seed = 3}, context_);
  ASSERT_TRUE(verify.ok());
  EXPECT_EQ(verify->records_checked, 20u);
  EXPECT_EQ(verify->mismatches, 0u);
}

// The dice race listing every choice twice over, bearing off included: a
// game may list choices naively.
struct RepeatingRules : Rules {
  template <typename Visit>
  void ForEachChoice(const Position& p, int outcome, Visit&& visit) const {
    for (int twice = 0; twice < 2; ++twice) Rules::ForEachChoice(p, outcome, visit);
  }
};

// Repeated afterstates change no value (the same file, byte for byte), and
// probe counts and lists each afterstate once: the same reports as the
// rules that list each choice once, also where the repeat ends the game
// (from 2, a 2 bears off twice over).
TEST_F(ChanceKitTest, RepeatedChoicesChangeNoValueAndProbeShowsEachAfterstateOnce) {
  const std::unique_ptr<GameModule> repeating = kit::MakeChanceModule<RepeatingRules>(
      {.name = "dice_race", .codec = "dice_race-f64le-v1", .data_version = 1});
  const std::vector<uint8_t> once = Solve();
  EXPECT_EQ(Solve(*repeating), once);
  const std::vector<std::pair<std::string, ParameterValues>> probes = {
      {"2", {}}, {"2", {{"die", "2"}}}, {"9 6", {{"die", "6"}}}, {"5 5", {{"die", "2"}}}};
  std::vector<Report> expected;
  {
    absl::StatusOr<std::unique_ptr<OpenDatabase>> db = Open(once);
    ASSERT_TRUE(db.ok()) << db.status();
    for (const auto& [position, options] : probes) {
      absl::StatusOr<Report> r = (*db)->Probe(position, options);
      ASSERT_TRUE(r.ok()) << r.status();
      expected.push_back(*r);
    }
  }
  EXPECT_THAT(expected[1].text, HasSubstr("die 2: 1 move\n"));
  absl::StatusOr<std::unique_ptr<OpenDatabase>> db = Open(*repeating, once);
  ASSERT_TRUE(db.ok()) << db.status();
  for (size_t i = 0; i < probes.size(); ++i) {
    absl::StatusOr<Report> r = (*db)->Probe(probes[i].first, probes[i].second);
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_EQ(r->text, expected[i].text);
    EXPECT_EQ(r->line, expected[i].line);
    EXPECT_EQ(r->json, expected[i].json);
  }
}

// The same rules declaring, falsely, that no outcome repeats an afterstate.
struct FalselyDistinctRules : RepeatingRules {
  static constexpr bool kDistinctChoices = true;
};

// `retro check` passes rules that repeat afterstates, and names the first
// repeat of rules that declare kDistinctChoices.
TEST_F(ChanceKitTest, CheckTestsADeclarationOfDistinctChoices) {
  const std::unique_ptr<GameModule> repeating = kit::MakeChanceModule<RepeatingRules>(
      {.name = "dice_race", .codec = "dice_race-f64le-v1", .data_version = 1});
  absl::StatusOr<CheckResult> check = repeating->Check({}, {}, context_);
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_TRUE(check->ok) << check->failed_check << ": " << check->first_failure;
  const std::unique_ptr<GameModule> falsely = kit::MakeChanceModule<FalselyDistinctRules>(
      {.name = "dice_race", .codec = "dice_race-f64le-v1", .data_version = 1});
  check = falsely->Check({}, {}, context_);
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_FALSE(check->ok);
  // (Every choice repeats: which one the checker names first is its business.)
  EXPECT_THAT(check->first_failure, HasSubstr(" repeats the afterstate "));
  EXPECT_THAT(check->first_failure,
              HasSubstr(" of an earlier choice, but the rules declare kDistinctChoices"));
}

// The dice race declared a two-player game: a die that moves no checker
// would then pass the turn, which the kit cannot solve.
struct TwoPlayerDiceRace : Rules {
  static constexpr chance::TurnOrder kTurnOrder = chance::TwoPlayers(0.0);
};

// Solve refuses such a game (no file), and `retro check` names the roll
// without a move.
TEST_F(ChanceKitTest, ATwoPlayerGameWithARollThatCannotBePlayedIsRefused) {
  const std::unique_ptr<GameModule> passing = kit::MakeChanceModule<TwoPlayerDiceRace>(
      {.name = "dice_race", .codec = "dice_race-f64le-v1", .data_version = 1});
  DatabaseBuilder builder;
  const absl::Status solved = passing->Solve({}, context_, builder);
  EXPECT_EQ(solved.code(), absl::StatusCode::kFailedPrecondition) << solved;
  EXPECT_THAT(solved.message(), HasSubstr("in a two-player game every outcome needs one"));
  absl::StatusOr<CheckResult> check = passing->Check({}, {}, context_);
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_FALSE(check->ok);
  EXPECT_THAT(check->first_failure,
              HasSubstr(" has no move; in a two-player game (kTurnOrder) every outcome needs one"));
}

// Rewrites record `index` of slice `name` as `value` (checksums recomputed).
std::vector<uint8_t> WithValue(const std::vector<uint8_t>& bytes, const std::string& name,
                               uint64_t index, double value) {
  auto file = DatabaseFile::FromBytes(bytes, true);
  EXPECT_TRUE(file.ok()) << file.status();
  DatabaseBuilder builder;
  builder.SetCodec((*file)->identity().codec);
  for (const auto& [key, v] : (*file)->parameters()) builder.SetParameter(key, v);
  for (size_t i = 0; i < (*file)->slices().size(); ++i) {
    const std::span<const uint8_t> slice = (*file)->SliceBytes(i);
    std::vector<uint8_t> copy(slice.begin(), slice.end());
    if ((*file)->slices()[i].name == name) std::memcpy(copy.data() + 8 * index, &value, 8);
    builder.AddSlice((*file)->slices()[i].name, std::move(copy));
  }
  return SerializeDatabase((*file)->identity(), builder);
}

TEST_F(ChanceKitTest, VerifyNamesAPlantedWrongValue) {
  // "two" record 4 is (3, 2).
  absl::StatusOr<std::unique_ptr<OpenDatabase>> db = Open(WithValue(Solve(), "two", 4, 99.5));
  ASSERT_TRUE(db.ok()) << db.status();
  absl::StatusOr<VerifyResult> verify = (*db)->Verify({}, context_);
  ASSERT_TRUE(verify.ok());
  // The record itself, and the positions whose best choice reads it.
  EXPECT_GE(verify->mismatches, 1u);
  EXPECT_THAT(verify->first_mismatch, HasSubstr("(slice two, record 4): stored E = 99.5, "
                                                "recomputed from its afterstates"));
  EXPECT_THAT(verify->first_mismatch, ::testing::StartsWith("3 2 "));
}

TEST_F(ChanceKitTest, OpenRefusesImpossibleValuesAndLayouts) {
  const std::vector<uint8_t> good = Solve();
  for (const double bad : {0.5, std::nan(""), -1.0}) {
    absl::StatusOr<std::unique_ptr<OpenDatabase>> db = Open(WithValue(good, "one", 7, bad));
    ASSERT_FALSE(db.ok());
    EXPECT_THAT(std::string(db.status().message()),
                HasSubstr("slice 'one' holds E = "));
    EXPECT_THAT(std::string(db.status().message()), HasSubstr("at record 7"));
  }
  // A slice of another size: a record short.
  auto file = DatabaseFile::FromBytes(good, true);
  ASSERT_TRUE(file.ok());
  DatabaseBuilder builder;
  builder.SetCodec((*file)->identity().codec);
  for (size_t i = 0; i < (*file)->slices().size(); ++i) {
    const std::span<const uint8_t> slice = (*file)->SliceBytes(i);
    builder.AddSlice((*file)->slices()[i].name,
                     std::vector<uint8_t>(slice.begin(), slice.end() - (i == 0 ? 8 : 0)));
  }
  absl::StatusOr<std::unique_ptr<OpenDatabase>> db =
      Open(SerializeDatabase((*file)->identity(), builder));
  ASSERT_FALSE(db.ok());
  EXPECT_THAT(std::string(db.status().message()), HasSubstr("slice 'one' has 88 bytes"));
}

// A checkpoint slice holding a value the reader refuses (each of those
// OpenRefusesImpossibleValuesAndLayouts plants; its checksums valid) is
// refused as such a database slice is, naming its file, not restored into
// the solve.
TEST_F(ChanceKitTest, ACheckpointSliceIsCheckedLikeADatabaseSlice) {
  for (const double bad : {0.5, std::nan(""), -1.0}) {
    const retro::testing::TempDir dir;
    const absl::Status resumed = retro::testing::ResolveWithEditedSlice(
        *module_, {}, dir.File("d.retro"), "one",
        [bad](std::vector<uint8_t>& values) { std::memcpy(values.data() + 8 * 7, &bad, 8); });
    EXPECT_EQ(resumed.code(), absl::StatusCode::kFailedPrecondition) << resumed;
    EXPECT_THAT(std::string(resumed.message()),
                HasSubstr("d.retro.checkpoint/one.slice is damaged: slice 'one' holds E = "));
    EXPECT_THAT(std::string(resumed.message()), HasSubstr("at record 7"));
  }
}

TEST_F(ChanceKitTest, ContractCheckPasses) {
  absl::StatusOr<CheckResult> check =
      module_->Check({}, {}, context_);
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_TRUE(check->ok) << check->failed_check << ": " << check->first_failure;
  EXPECT_EQ(check->indices, 90u);
}

}  // namespace
}  // namespace retro::chance_kit_test
