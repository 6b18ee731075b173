// A toy game for the finite-horizon kit's tests: a row of coins (values
// 1..9, fixed by the --coins parameter), players alternately take the coin
// at either end and score its value; V_t is the best score difference the
// mover can secure with t plies left. Slice k holds the rows with k coins
// left, one index per start position. Small enough for a plain
// brute force (coins_test.cc), and different from oware in every hook the
// kit offers: a parameter that is not a number, no solver adapter of its
// own, default probe and stats wording.
#ifndef TESTS_KIT_COINS_RULES_H_
#define TESTS_KIT_COINS_RULES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "retro/contract/checkable_game.h"
#include "retro/parameters.h"

namespace retro::coins {

// A row: the coins [first, first + count) of the full row.
struct Row {
  int first = 0;
  int count = 0;
  friend bool operator==(const Row&, const Row&) = default;
};

// Which end a move takes.
enum class End { kLeft, kRight };

class CoinsRules {
 public:
  using Position = Row;
  using Move = End;
  static constexpr int kMaxMoves = 2;

  static std::vector<ParameterSpec> Parameters() {
    return {{"coins", "DIGITS", "the row of coins, one digit 1..9 each (1..12 coins)",
             "31415926", {}},
            {"plies", "T", "plies to solve, 1..20", "8", {}}};
  }
  static absl::StatusOr<CoinsRules> Create(const ParameterValues& values) {
    const std::string& coins = values.at("coins");
    if (coins.empty() || coins.size() > 12 ||
        coins.find_first_not_of("123456789") != std::string::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat("--coins '", coins, "': write 1..12 digits 1..9"));
    }
    int plies = 0;
    if (!absl::SimpleAtoi(values.at("plies"), &plies) || plies < 1 || plies > 20) {
      return absl::InvalidArgumentError("--plies: a whole number 1..20");
    }
    CoinsRules rules;
    for (const char c : coins) rules.coins_.push_back(c - '0');
    rules.plies_ = plies;
    return rules;
  }

  int length() const { return static_cast<int>(coins_.size()); }
  int coin(int i) const { return coins_[i]; }

  int num_slices() const { return length() + 1; }
  uint64_t slice_size(int count) const { return length() - count + 1; }
  std::string slice_name(int count) const { return absl::StrCat("coins-", count); }
  Row Unrank(int count, uint64_t index) const { return {static_cast<int>(index), count}; }
  SliceIndex Rank(const Row& row) const { return {row.count, static_cast<uint64_t>(row.first)}; }

  int horizon() const { return plies_; }
  int LimitValue(const Row&) const { return 0; }
  int TerminalValue(const Row&) const { return 0; }
  int MinValue(int) const { return -9 * 12; }
  int MaxValue(int) const { return 9 * 12; }
  template <typename Visit>
  void ForEachMove(const Row& row, Visit&& visit) const {
    if (row.count == 0) return;
    visit(End::kLeft, Row{row.first + 1, row.count - 1}, coins_[row.first]);
    if (row.count > 1) {
      visit(End::kRight, Row{row.first, row.count - 1}, coins_[row.first + row.count - 1]);
    }
  }

  // Positions are written as the remaining digits, "" being the empty row
  // written "-"; Parse finds the row in the full row (first match).
  std::string Format(const Row& row) const {
    if (row.count == 0) return absl::StrCat("-@", row.first);
    std::string text;
    for (int i = 0; i < row.count; ++i) text += static_cast<char>('0' + coins_[row.first + i]);
    return absl::StrCat(text, "@", row.first);
  }
  absl::StatusOr<Row> Parse(const std::string& text) const {
    const size_t at = text.find('@');
    int first = 0;
    if (at == std::string::npos || !absl::SimpleAtoi(text.substr(at + 1), &first) ||
        first < 0 || first > length()) {
      return absl::InvalidArgumentError(absl::StrCat("position '", text,
                                                     "': write the coins left, '@' and the "
                                                     "index of the first, e.g. 415@2"));
    }
    const std::string digits = text.substr(0, at);
    const Row row{first, digits == "-" ? 0 : static_cast<int>(digits.size())};
    if (row.first + row.count > length() || Format(row) != text) {
      return absl::InvalidArgumentError(
          absl::StrCat("position '", text, "' is not part of the row"));
    }
    return row;
  }
  std::string FormatMove(const Row&, End end) const {
    return end == End::kLeft ? "left" : "right";
  }

 private:
  std::vector<int> coins_;
  int plies_ = 0;
};

}  // namespace retro::coins

#endif  // TESTS_KIT_COINS_RULES_H_
