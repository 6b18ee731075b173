// PinBestPlays (plugins/plakoto/pin_best_plays.h), what a full `retro
// verify` of a pin database takes each record's recomputed value from,
// against the plays the rules' move generator enumerates (kit::EnumerateBests
// and kit::ValueFromBests, what a sampled verify uses): every record of every
// P = 6 pin, on random stored values (not a fixed point, so that every
// roll's best matters: a wrong best of any roll changes the value) and on
// solved ones, on one and two threads.
#include <cmath>
#include <optional>
#include <random>
#include <span>
#include <vector>

#include "gtest/gtest.h"
#include "plugins/plakoto/pin_best_plays.h"
#include "plugins/plakoto/pin_database.h"
#include "plugins/plakoto/rules.h"
#include "retro/kit/chance_database.h"
#include "retro/progress.h"
#include "retro/thread_pool.h"

namespace retro::plakoto {
namespace {

// Every record's recomputed value against one step of the recurrence over
// the enumerated plays.
void ExpectValuesMatchEnumeration(const PinRules& rules, std::vector<std::vector<double>> values) {
  const kit::ChanceTables<PinRules> tables(rules, std::move(values), {});
  for (const int threads : {1, 2}) {
    ThreadPool pool(threads);
    Progress progress;
    const WorkContext context{&pool, &progress};
    PinBestPlays shared = rules.MakeBestChoices(tables, context);
    const chance::OutcomeWeights weights(rules);
    for (int slice = 0; slice < rules.num_slices(); ++slice) {
      shared.Prepare(slice, context);
      const std::span<const double> recomputed = shared.RecomputedValues();
      ASSERT_EQ(recomputed.size(), rules.slice_size(slice));
      for (uint64_t index = 0; index < rules.slice_size(slice); ++index) {
        const Position p = rules.Unrank(slice, index);
        std::optional<double> best[kNumRolls];
        kit::EnumerateBests(tables, p, best);
        const std::optional<double> expected = kit::ValueFromBests(rules, weights, best);
        ASSERT_TRUE(expected.has_value()) << rules.Format(p);
        ASSERT_EQ(recomputed[index], *expected)
            << rules.Format(p) << " on " << threads << " thread(s)";
      }
    }
  }
}

PinRules SixPointRules() {
  return *PinRules::Create({{"points", "6"}, {"pin", "all"}, {"distribution", "none"}});
}

TEST(PinBestPlaysTest, RandomValuesEveryRecordOfSixPoints) {
  const PinRules rules = SixPointRules();
  std::mt19937_64 random(11);
  std::uniform_real_distribution<double> value(1.0, 20.0);
  std::vector<std::vector<double>> values(rules.num_slices());
  for (int s = 0; s < rules.num_slices(); ++s) {
    values[s].resize(rules.slice_size(s));
    for (double& v : values[s]) v = value(random);
  }
  ExpectValuesMatchEnumeration(rules, std::move(values));
}

TEST(PinBestPlaysTest, SolvedValuesEveryRecordOfSixPoints) {
  const PinRules rules = SixPointRules();
  std::vector<std::vector<double>> values;
  for (const int pin : rules.pins()) {
    absl::StatusOr<PinDatabase> db = PinDatabase::Build(6, pin);
    ASSERT_TRUE(db.ok()) << db.status();
    values.push_back(std::move(*db).TakeValues());
  }
  ExpectValuesMatchEnumeration(rules, std::move(values));
}

}  // namespace
}  // namespace retro::plakoto
