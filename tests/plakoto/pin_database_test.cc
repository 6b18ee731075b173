// Tests of the pin-distance databases: closed forms, every P = 6 record
// against brute force, P = 12 against P = 6, the larger-die rule, probing.
#include "plugins/plakoto/pin_database.h"

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "games/plakoto/notation.h"
#include "gtest/gtest.h"
#include "plugins/plakoto/pin_build_options.h"
#include "tests/framework/expect_status.h"
#include "tests/plakoto/brute_force.h"
#include "tests/plakoto/test_positions.h"

namespace retro::plakoto {
namespace {

using ::retro::testing::HasStatus;

// Builds once per (P, p, rule) and keeps the result for the whole run.
const PinDatabase& Database(int points, int pin, bool rule = true) {
  static auto* cache = new std::map<std::tuple<int, int, bool>, PinDatabase>;
  auto key = std::make_tuple(points, pin, rule);
  auto it = cache->find(key);
  if (it == cache->end()) {
    static ThreadPool pool(2);
    PinBuildOptions options;
    options.pool = &pool;
    options.rules.larger_die_rule = rule;
    absl::StatusOr<PinDatabase> db = PinDatabase::Build(points, pin, options);
    EXPECT_TRUE(db.ok()) << db.status();
    it = cache->emplace(key, *std::move(db)).first;
  }
  return it->second;
}

Position Parse(const std::string& text) {
  absl::StatusOr<Position> position = ParsePosition(text);
  EXPECT_TRUE(position.ok()) << position.status();
  return *position;
}

// With all 13 free checkers on point 1 only the pinning checker moves.
void ExpectClosedForm(const PinDatabase& db) {
  const double expected[] = {36.0 / 11, 9.0 / 5, 4.0 / 3, 9.0 / 8, 36.0 / 35};
  Board free{};
  free[1] = 13;
  const Position position = PositionFromFree(db.points(), db.pin(), free);
  absl::StatusOr<double> d = db.Value(position);
  ASSERT_TRUE(d.ok());
  EXPECT_NEAR(*d, expected[db.pin() - 2], 1e-12) << FormatPosition(position);
  const double q = (7.0 - db.pin()) * (7.0 - db.pin()) / 36;
  EXPECT_NEAR(*d, 1 / (1 - q), 1e-12);
  EXPECT_DOUBLE_EQ(NoMoveProbability(position), q);
}

TEST(PinDatabaseTest, ClosedFormsOnP6) {
  for (int pin = 2; pin <= 6; ++pin) {
    EXPECT_EQ(Database(6, pin).size(), 8568u);
    ExpectClosedForm(Database(6, pin));
  }
}

// Records of each P = 12 database checked against the brute force's
// recursion (a pin's database has 2,496,144).
constexpr int kBruteForceSamples = 1000;

// Each P = 12 database is built once (about a second each): its size, the
// closed form, every position with all checkers on points 1..6 against the
// P = 6 database, sampled records against the brute force's recursion, and
// the per-roll analysis against the stored value.
TEST(PinDatabaseTest, P12Databases) {
  ThreadPool pool(2);
  chance::Workspace workspace;
  PinBuildOptions options;
  options.pool = &pool;
  options.workspace = &workspace;
  for (int pin = 2; pin <= 6; ++pin) {
    absl::StatusOr<PinDatabase> large = PinDatabase::Build(12, pin, options);
    ASSERT_TRUE(large.ok()) << large.status();
    EXPECT_EQ(large->size(), 2496144u);
    ExpectClosedForm(*large);

    const PinDatabase& small = Database(6, pin);
    for (uint64_t i = 0; i < small.size(); ++i) {
      Position position = small.PositionAt(i);
      position.points = 12;
      absl::StatusOr<double> d = large->Value(position);
      ASSERT_TRUE(d.ok());
      ASSERT_NEAR(*d, small.values()[i], 1e-12) << FormatPosition(position);
    }

    std::mt19937_64 rng(pin);
    std::mt19937 rng32(pin);
    for (int i = 0; i < 200; ++i) {
      ASSERT_NEAR(large->Residual(rng() % large->size()), 0.0, 1e-12);
    }
    // Sampled records against the brute force's recursion (tests/plakoto/
    // brute_force.h: its own afterstates, its own formula), one step: the
    // children's values are the database's, the record's is recomputed.
    for (int i = 0; i < kBruteForceSamples; ++i) {
      const uint64_t record = rng() % large->size();
      const Position position = large->PositionAt(record);
      ASSERT_EQ(position.points, 12);
      ASSERT_EQ(position.pin, pin);
      double sum = 1.0, q = 0.0;
      for (const Roll& roll : kRolls) {
        const std::set<Board> after = testing::BruteForceAfterstates(position, roll, true);
        if (after.empty()) {
          q += roll.Probability();
          continue;
        }
        double best = 0.0;
        for (const Board& a : after) {
          if (a[pin] == 0) continue;  // the pin released: 0 turns more
          Position child = position;
          child.board = a;
          const absl::StatusOr<double> g = large->Value(child);
          ASSERT_TRUE(g.ok()) << g.status() << " " << FormatPosition(child);
          best = std::max(best, *g);
        }
        sum += roll.Probability() * best;
      }
      ASSERT_LT(q, 1.0) << FormatPosition(position);
      ASSERT_NEAR(large->values()[record], sum / (1.0 - q), 1e-12)
          << "record " << record << ": " << FormatPosition(position);
    }
    for (int i = 0; i < 100; ++i) {
      const Position position = PositionFromFree(
          12, pin, testing::RandomDistribution(12, kFreeCheckers, rng32));
      absl::StatusOr<std::array<RollAnalysis, kNumRolls>> rolls =
          large->AnalyzeRolls(position);
      ASSERT_TRUE(rolls.ok()) << rolls.status();
      double sum = 1, moving = 0;
      for (const RollAnalysis& r : *rolls) {
        if (!r.has_move) continue;
        sum += r.roll.Probability() * r.best_value;
        moving += r.roll.Probability();
      }
      EXPECT_NEAR(1 - moving, NoMoveProbability(position), 1e-15);
      EXPECT_NEAR(sum / moving, *large->Value(position), 1e-12);
    }
  }
}

TEST(PinDatabaseTest, EveryP6RecordMatchesBruteForce) {
  for (int pin = 2; pin <= 6; ++pin) {
    const PinDatabase& db = Database(6, pin);
    testing::BruteForceValues brute(6, pin);
    for (uint64_t i = 0; i < db.size(); ++i) {
      const Position position = db.PositionAt(i);
      ASSERT_NEAR(db.values()[i], brute.D(position.board), 1e-12)
          << FormatPosition(position);
      ASSERT_GE(db.values()[i], 1.0);
    }
  }
}

TEST(PinDatabaseTest, AfterstateMethodAgreesWithTables) {
  for (int pin = 2; pin <= 6; ++pin) {
    ThreadPool pool(2);
    PinBuildOptions options;
    options.pool = &pool;
    options.method = BuildMethod::kAfterstates;
    absl::StatusOr<PinDatabase> plain = PinDatabase::Build(6, pin, options);
    ASSERT_TRUE(plain.ok()) << plain.status();
    const PinDatabase& fast = Database(6, pin);
    for (uint64_t i = 0; i < fast.size(); ++i) {
      ASSERT_NEAR(plain->values()[i], fast.values()[i], 1e-12);
    }
  }
}

TEST(PinDatabaseTest, LargerDieRuleChangesP2Values) {
  const PinDatabase& with_rule = Database(6, 2, true);
  const PinDatabase& without = Database(6, 2, false);
  testing::BruteForceValues brute(6, 2, /*larger_die_rule=*/false);
  int differ = 0;
  for (uint64_t i = 0; i < with_rule.size(); ++i) {
    ASSERT_NEAR(without.values()[i],
                brute.D(without.PositionAt(i).board), 1e-12);
    if (std::abs(with_rule.values()[i] - without.values()[i]) > 1e-9) ++differ;
    // Without the rule the mover has more choices, never fewer.
    ASSERT_GE(without.values()[i], with_rule.values()[i] - 1e-12);
  }
  EXPECT_GT(differ, 0);
  // A witness: with 4-3 the rule forces 5/1 (release or not), without it
  // 5/2 keeps more options.
  const Position witness = Parse("p=2 11 1 0 0 2 0");
  EXPECT_GT(*without.Value(witness), *with_rule.Value(witness) + 1e-6);
}

TEST(PinDatabaseTest, RollAnalysis) {
  // The pinning checker alone can move: 2-1 must release the pin.
  absl::StatusOr<std::array<RollAnalysis, kNumRolls>> rolls =
      Database(6, 4).AnalyzeRolls(Parse("p=4 13 0 0 1 0 0"));
  ASSERT_TRUE(rolls.ok());
  const RollAnalysis& r21 = (*rolls)[RollIndex(2, 1)];
  EXPECT_TRUE(r21.has_move);
  EXPECT_EQ(FormatPlay(r21.best_play), "4/2 2/1");
  EXPECT_EQ(r21.best_value, 0.0);
  EXPECT_FALSE((*rolls)[RollIndex(6, 5)].has_move);
  // 1-1: a lone checker on 4 can move only three times, to point 1.
  EXPECT_EQ((*rolls)[RollIndex(1, 1)].best_value, 0.0);
  EXPECT_EQ(FormatPlay((*rolls)[RollIndex(1, 1)].best_play), "4/3 3/2 2/1");
  // With a spare checker on 6, 1-1 can be played keeping the pin.
  absl::StatusOr<std::array<RollAnalysis, kNumRolls>> more =
      Database(6, 4).AnalyzeRolls(Parse("p=4 12 0 0 1 0 1"));
  ASSERT_TRUE(more.ok());
  const RollAnalysis& r11 = (*more)[RollIndex(1, 1)];
  EXPECT_GT(r11.best_value, 1.0);
  EXPECT_GE(r11.best_play.after.board[4], 1);
}

TEST(PinDatabaseTest, Errors) {
  const PinDatabase& db = Database(6, 3);
  EXPECT_TRUE(HasStatus(db.Value(Parse("p=2 13 1 0 0 0 0")).status(),
                        absl::StatusCode::kInvalidArgument,
                        {"position has P = 6, p = 2", "this database is for P = 6, p = 3"}));
  EXPECT_TRUE(HasStatus(db.Value(Parse("p=3 13 0 1 0 0 0 0 0 0 0 0 0")).status(),
                        absl::StatusCode::kInvalidArgument,
                        {"position has P = 12, p = 3", "this database is for P = 6, p = 3"}));
  Position bad = Parse("p=3 13 0 1 0 0 0");
  bad.board[1] = 14;  // 15 checkers
  EXPECT_TRUE(HasStatus(db.Value(bad).status(), absl::StatusCode::kInvalidArgument,
                        {"the position has 15 checkers"}));
  EXPECT_TRUE(HasStatus(db.AnalyzeRolls(bad).status(), absl::StatusCode::kInvalidArgument,
                        {"the position has 15 checkers"}));
  EXPECT_TRUE(HasStatus(PinDatabase::Build(7, 3).status(), absl::StatusCode::kInvalidArgument,
                        {"unsupported number of points 7"}));
  EXPECT_TRUE(HasStatus(PinDatabase::Build(6, 1).status(), absl::StatusCode::kInvalidArgument,
                        {"pin point 1 is out of range"}));
  EXPECT_TRUE(HasStatus(PinDatabase::Build(6, 7).status(), absl::StatusCode::kInvalidArgument,
                        {"pin point 7 is out of range"}));
  EXPECT_TRUE(HasStatus(PinDatabase::FromValues(6, 3, std::vector<double>(5)).status(),
                        absl::StatusCode::kInvalidArgument,
                        {"a P = 6 pin database has ", " records, got 5"}));
  EXPECT_TRUE(PinDatabase::FromValues(6, 3, db.values()).ok());
}

}  // namespace
}  // namespace retro::plakoto
