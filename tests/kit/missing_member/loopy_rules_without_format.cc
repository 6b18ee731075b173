// Loopy win/draw/loss rules that lack Format(position), a member every kit
// needs (sliced_rules.h): compiling this must fail with the message naming
// it (missing_member_test.sh). Never built as part of the project.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "retro/kit/loopy_wdl_module.h"

struct Board {
  int cells = 0;
  bool operator==(const Board&) const = default;
};

struct RulesWithoutFormat {
  using Position = Board;
  using Move = int;
  int num_slices() const { return 1; }
  uint64_t slice_size(int) const { return 1; }
  std::string slice_name(int) const { return "all"; }
  Board Unrank(int, uint64_t) const { return {}; }
  retro::SliceIndex Rank(const Board&) const { return {0, 0}; }
  bool IsPosition(const Board&) const { return true; }
  std::optional<retro::WdlOutcome> Outcome(const Board&) const { return std::nullopt; }
  template <typename Visit>
  void ForEachMove(const Board&, Visit&&) const {}
  template <typename Visit>
  void ForEachTakeBack(const Board&, Visit&&) const {}
  absl::StatusOr<Board> Parse(const std::string&) const { return Board{}; }
  std::string FormatMove(const Board&, int) const { return "a"; }
};

std::unique_ptr<retro::GameModule> CreateModule() {
  return retro::kit::MakeLoopyWdlModule<RulesWithoutFormat>({.name = "incomplete"});
}
