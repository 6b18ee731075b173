// PinBestPlays (plugins/plakoto/pin_best_plays.h), what a full `retro
// verify` of a pin database reads each roll's best play from, against the
// plays the rules' move generator enumerates (kit::EnumerateBests, what a
// sampled verify and probe use): every roll of every record of every P = 6
// pin, on random stored values (not a fixed point, so that every
// comparison of the partial-play tables matters) and on solved ones.
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

// Every record's roll bests from the tables against the enumerated plays.
void ExpectBestsMatchEnumeration(const PinRules& rules, std::vector<std::vector<double>> values) {
  const kit::ChanceTables<PinRules> tables(rules, std::move(values), {});
  ThreadPool pool(2);
  Progress progress;
  const WorkContext context{&pool, &progress};
  PinBestPlays shared = rules.MakeBestChoices(tables, context);
  for (int slice = 0; slice < rules.num_slices(); ++slice) {
    shared.Prepare(slice, context);
    for (uint64_t index = 0; index < rules.slice_size(slice); ++index) {
      std::optional<double> fast[kNumRolls], enumerated[kNumRolls];
      shared.Bests(index, rules.Unrank(slice, index), fast);
      kit::EnumerateBests(tables, rules.Unrank(slice, index), enumerated);
      for (int o = 0; o < kNumRolls; ++o) {
        ASSERT_EQ(fast[o], enumerated[o])
            << rules.Format(rules.Unrank(slice, index)) << " roll " << rules.FormatOutcome(o);
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
  ExpectBestsMatchEnumeration(rules, std::move(values));
}

TEST(PinBestPlaysTest, SolvedValuesEveryRecordOfSixPoints) {
  const PinRules rules = SixPointRules();
  std::vector<std::vector<double>> values;
  for (const int pin : rules.pins()) {
    absl::StatusOr<PinDatabase> db = PinDatabase::Build(6, pin);
    ASSERT_TRUE(db.ok()) << db.status();
    values.push_back(std::move(*db).TakeValues());
  }
  ExpectBestsMatchEnumeration(rules, std::move(values));
}

}  // namespace
}  // namespace retro::plakoto
