// Chance rules that lack TurnReward(): compiling this must fail with the
// kit's own message naming it (missing_member_test.sh). Never built as part
// of the project.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "retro/kit/chance_module.h"

struct RulesWithoutTurnReward {
  using Position = int;
  using Move = int;
  static constexpr int kNumOutcomes = 1;
  static constexpr retro::chance::Objective kObjective = retro::chance::Objective::kMinimize;
  int num_slices() const { return 1; }
  uint64_t slice_size(int) const { return 1; }
  std::string slice_name(int) const { return "all"; }
  int Unrank(int, uint64_t) const { return 0; }
  retro::SliceIndex Rank(int) const { return {0, 0}; }
  std::optional<double> Terminal(int) const { return 0.0; }
  double OutcomeWeight(int) const { return 1.0; }
  std::string FormatOutcome(int) const { return "1"; }
  template <typename Visit>
  void ForEachChoice(int, int, Visit&&) const {}
  int num_layers(int) const { return 1; }
  int Layer(int) const { return 0; }
  std::string Format(int) const { return "0"; }
  absl::StatusOr<int> Parse(const std::string&) const { return 0; }
  std::string FormatMove(int, int) const { return "a"; }
};

std::unique_ptr<retro::GameModule> CreateModule() {
  return retro::kit::MakeChanceModule<RulesWithoutTurnReward>({.name = "incomplete"});
}
