// The coins example (plugins/coins/rules.h) with one mistake planted, chosen
// by the environment variable RETRO_PLANTED_MISTAKE, under the name "coins"
// so that it opens the example's databases: what a plugin edited after its
// databases were solved looks like to the kit. tests/kit/
// plugin_mistakes_test.sh runs solve, probe, verify and stats with each and
// expects a clean error naming the member at fault, exit 1, never a signal.
//   1  Rank off by one (every index one too high)
//   2  a move that adds a coin (its child lies in a later slice)
//   3  MaxValue too small (count / 2 where a row of `count` coins can win 9 * count)
//   unset or other: no mistake
#include <cstdlib>
#include <memory>

#include "plugins/coins/rules.h"
#include "retro/kit/finite_horizon_module.h"
#include "retro/plugin.h"

namespace {

// The planted mistake, read once.
int Mistake() {
  static const int mistake = [] {
    const char* chosen = std::getenv("RETRO_PLANTED_MISTAKE");
    return chosen == nullptr ? 0 : std::atoi(chosen);
  }();
  return mistake;
}

class FaultyCoins : public coins::Rules {
 public:
  static absl::StatusOr<FaultyCoins> Create(const retro::ParameterValues& values) {
    absl::StatusOr<coins::Rules> rules = coins::Rules::Create(values);
    if (!rules.ok()) return rules.status();
    return FaultyCoins(*rules);
  }

  retro::SliceIndex Rank(const std::string& left) const {
    retro::SliceIndex at = Rules::Rank(left);
    if (Mistake() == 1) ++at.index;
    return at;
  }
  template <typename Visit>
  void ForEachMove(const std::string& left, Visit&& visit) const {
    Rules::ForEachMove(left, [&](const std::string& move, const std::string& child, int reward) {
      std::string made = child;
      // A coin put back where one was just taken, and one more beside it.
      if (Mistake() == 2) {
        made = left;
        const size_t dot = made.find('.');
        if (dot != std::string::npos) made[dot] = '1';
      }
      visit(move, made, reward);
    });
  }
  int MaxValue(int count) const {
    return Mistake() == 3 ? count / 2 : Rules::MaxValue(count);
  }

 private:
  explicit FaultyCoins(coins::Rules rules) : coins::Rules(std::move(rules)) {}
};

std::unique_ptr<retro::GameModule> CreateModule() {
  return retro::kit::MakeFiniteHorizonModule<FaultyCoins>({
      .name = "coins",
      .summary = "the coins example with a planted mistake",
      .codec = "coins-v1",
      .position_syntax = "the row with the taken coins as dots, e.g. \"..4159..\"",
  });
}

}  // namespace

RETRO_PLUGIN(CreateModule)
