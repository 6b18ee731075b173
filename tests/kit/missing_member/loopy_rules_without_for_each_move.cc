// Loopy win/draw/loss rules that lack ForEachMove: compiling this must fail
// with the kit's own message naming it (missing_member_test.sh). Never built
// as part of the project.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "retro/kit/loopy_wdl_module.h"

struct RulesWithoutForEachMove {
  using Position = int;
  using Move = int;
  int num_slices() const { return 1; }
  uint64_t slice_size(int) const { return 1; }
  std::string slice_name(int) const { return "all"; }
  int Unrank(int, uint64_t) const { return 0; }
  retro::SliceIndex Rank(int) const { return {0, 0}; }
  bool IsPosition(int) const { return true; }
  std::optional<retro::WdlOutcome> Outcome(int) const { return std::nullopt; }
  template <typename Visit>
  void ForEachTakeBack(int, Visit&&) const {}
  std::string Format(int) const { return "0"; }
  absl::StatusOr<int> Parse(const std::string&) const { return 0; }
  std::string FormatMove(int, int) const { return "a"; }
};

std::unique_ptr<retro::GameModule> CreateModule() {
  return retro::kit::MakeLoopyWdlModule<RulesWithoutForEachMove>({.name = "incomplete"});
}
