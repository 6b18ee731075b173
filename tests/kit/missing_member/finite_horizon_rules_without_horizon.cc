// Finite-horizon rules that lack horizon(): compiling this must fail with the
// kit's own message naming it (missing_member_test.sh). Never built as part
// of the project.
#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "retro/kit/finite_horizon_module.h"

struct RulesWithoutHorizon {
  using Position = int;
  using Move = int;
  static constexpr int kMaxMoves = 1;
  int num_slices() const { return 1; }
  uint64_t slice_size(int) const { return 1; }
  std::string slice_name(int) const { return "all"; }
  int Unrank(int, uint64_t) const { return 0; }
  retro::SliceIndex Rank(int) const { return {0, 0}; }
  int LimitValue(int) const { return 0; }
  int TerminalValue(int) const { return 0; }
  int MinValue(int) const { return 0; }
  int MaxValue(int) const { return 0; }
  template <typename Visit>
  void ForEachMove(int, Visit&&) const {}
  std::string Format(int) const { return "0"; }
  absl::StatusOr<int> Parse(const std::string&) const { return 0; }
  std::string FormatMove(int, int) const { return "a"; }
};

std::unique_ptr<retro::GameModule> CreateModule() {
  return retro::kit::MakeFiniteHorizonModule<RulesWithoutHorizon>({.name = "incomplete"});
}
