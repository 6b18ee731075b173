// The coins game for the finite-horizon kit (retro/kit/finite_horizon_rules.h
// lists every member): a row of coins, each worth 1..9; the players take
// turns taking the coin at either end of what is left and score its value.
// The database holds V_t(row): the most the player to move can score more
// than the opponent with t plies left to play, for every row play can leave.
#ifndef PLUGINS_COINS_RULES_H_
#define PLUGINS_COINS_RULES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/contract/checkable_game.h"
#include "retro/parameters.h"
#include "retro/status_macros.h"

namespace coins {

// The game for the kit; Create makes it from the --coins and --plies values.
class Rules {
 public:
  // A position is what is left of the row, written as the full row with the
  // taken coins as dots: "..4159.." (all dots: nothing left). A move is the
  // end the coin is taken from, "left" or "right".
  using Position = std::string;
  using Move = std::string;
  static constexpr int kMaxMoves = 2;

  // 1. The solve parameters, and the rules for their values.
  static std::vector<retro::ParameterSpec> Parameters() {
    return {{"coins", "DIGITS", "the row, one digit 1..9 a coin (1..12 coins)", "31415926", {}},
            {"plies", "T", "the plies to solve, 1..20", "8", {}}};
  }
  static absl::StatusOr<Rules> Create(const retro::ParameterValues& values) {
    const std::string& row = values.at("coins");
    if (row.empty() || row.size() > 12 || row.find_first_not_of("123456789") != row.npos) {
      return absl::InvalidArgumentError("--coins: write 1..12 digits 1..9, e.g. 31415926");
    }
    RETRO_ASSIGN_OR_RETURN(const int64_t plies, retro::GetIntParameter(values, "plies", 1, 20));
    Rules rules;
    rules.row_ = row;
    rules.horizon_ = static_cast<int>(plies);
    return rules;
  }

  // 2. The records: slice `count` holds the rows of `count` coins, indexed
  //    by their first coin. A move leaves one coin fewer: an earlier slice.
  int num_slices() const { return length() + 1; }
  uint64_t slice_size(int count) const { return count == 0 ? 1 : length() - count + 1; }
  std::string slice_name(int count) const { return absl::StrCat("coins-", count); }
  std::string Unrank(int count, uint64_t first) const {
    std::string left(length(), '.');
    left.replace(first, count, row_, first, count);
    return left;
  }
  retro::SliceIndex Rank(const std::string& left) const {
    const size_t first = left.find_first_not_of('.');
    if (first == std::string::npos) return {0, 0};
    return {static_cast<int>(left.find_last_not_of('.') - first + 1), first};
  }

  // 3. The values: 0 with no plies (V_0) or no coin left; else the kit takes
  //    the best move's reward (the coin) minus the opponent's V_{t-1} after it.
  int horizon() const { return horizon_; }
  int LimitValue(const std::string&) const { return 0; }
  int TerminalValue(const std::string&) const { return 0; }
  int MinValue(int count) const { return -9 * count; }
  int MaxValue(int count) const { return 9 * count; }
  template <typename Visit>
  void ForEachMove(const std::string& left, Visit&& visit) const {
    const auto [count, first] = Rank(left);
    if (count == 0) return;
    visit("left", Unrank(count - 1, first + 1), left[first] - '0');
    if (count > 1) visit("right", Unrank(count - 1, first), left[first + count - 1] - '0');
  }

  // 4. The notation: a position is its text; Parse accepts what Unrank makes.
  std::string Format(const std::string& left) const { return left; }
  absl::StatusOr<std::string> Parse(const std::string& text) const {
    const retro::SliceIndex at = Rank(text);
    if (text.size() == row_.size() && Unrank(at.slice, at.index) == text) return text;
    return absl::InvalidArgumentError(absl::StrCat("position '", text, "': write the row ", row_,
                                                   " with the taken coins as dots"));
  }
  std::string FormatMove(const std::string&, const std::string& end) const { return end; }

 private:
  int length() const { return static_cast<int>(row_.size()); }

  std::string row_;  // the full row, one digit a coin
  int horizon_ = 0;
};

}  // namespace coins

#endif  // PLUGINS_COINS_RULES_H_
