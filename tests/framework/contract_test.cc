// The contract checker (retro/contract/check_contract.h) against a toy game
// and deliberately broken variants of it: a missing take-back, a
// non-bijective indexer, a notation that does not round-trip, a move to an
// index out of range. Each is rejected naming the first offending
// position; the result does not depend on the thread count.
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "retro/contract/check_contract.h"
#include "retro/testing/contract_matchers.h"

namespace retro {
namespace {

using ::testing::HasSubstr;

// What is wrong with a ToyGame.
enum class Defect { kNone, kMissingTakeBack, kNotBijective, kNotation, kChildOutOfRange };

// A counter 0..kSize-1 in one slice; a move takes 1 or 2 off it. Take-backs
// add 1 or 2.
class ToyGame {
 public:
  using Position = uint64_t;
  static constexpr uint64_t kSize = 40;

  explicit ToyGame(Defect defect = Defect::kNone) : defect_(defect) {}

  int num_slices() const { return 1; }
  uint64_t slice_size(int) const { return kSize; }
  std::string slice_name(int) const { return "counters"; }
  Position Unrank(int, uint64_t index) const {
    return defect_ == Defect::kNotBijective && index == 17 ? 16 : index;
  }
  SliceIndex Rank(Position p) const {
    return {0, p};
  }
  bool IsPosition(Position) const { return true; }
  std::string Format(Position p) const { return absl::StrCat(p); }
  absl::StatusOr<Position> Parse(const std::string& text) const {
    std::string digits(text);
    if (defect_ == Defect::kNotation) digits.assign(text.rbegin(), text.rend());
    uint64_t value = 0;
    if (!absl::SimpleAtoi(digits, &value) || value >= kSize) {
      return absl::InvalidArgumentError(absl::StrCat("bad counter '", std::string(text), "'"));
    }
    return value;
  }
  template <typename Visit>
  void ForEachChild(Position p, Visit&& visit) const {
    if (defect_ == Defect::kChildOutOfRange && p == 30) visit(kSize + 5);
    for (uint64_t take = 1; take <= 2 && take <= p; ++take) visit(p - take);
  }
  bool ChildSliceAllowed(int from, int to) const { return to == from; }
  template <typename Visit>
  void ForEachParent(Position p, Visit&& visit) const {
    for (uint64_t add = 1; add <= 2 && p + add < kSize; ++add) {
      if (defect_ == Defect::kMissingTakeBack && p == 23 && add == 2) continue;
      visit(p + add);
    }
  }

 private:
  Defect defect_;
};

TEST(ContractCheckTest, SoundGamePasses) {
  const CheckResult result = testing::RunContractCheck(ToyGame(), {.sample = 0}, 3);
  EXPECT_TRUE(result.ok) << result.first_failure;
  EXPECT_EQ(result.indices, ToyGame::kSize);
  ASSERT_EQ(result.checks.size(), 4u);  // no terminal hook
  for (const CheckCount& check : result.checks) {
    EXPECT_EQ(check.passed, ToyGame::kSize) << check.name;
  }
  testing::ExpectContractHolds(ToyGame());
}

TEST(ContractCheckTest, RejectsMissingTakeBack) {
  const CheckResult result = testing::RunContractCheck(ToyGame(Defect::kMissingTakeBack));
  ASSERT_FALSE(result.ok);
  EXPECT_EQ(result.failed_check, "take-backs");
  // 25 moves to 23, which does not list 25 among its take-backs.
  EXPECT_EQ(result.first_failure,
            "take-backs: slice 0 (counters) index 25 (position \"25\"): 1 move(s) lead to "
            "\"23\" (slice 0 (counters) index 23), but it lists 0 take-back(s) to the position");
  EXPECT_FALSE(testing::ContractHolds(ToyGame(Defect::kMissingTakeBack)));
}

TEST(ContractCheckTest, RejectsNonBijectiveIndexer) {
  const CheckResult result = testing::RunContractCheck(ToyGame(Defect::kNotBijective));
  ASSERT_FALSE(result.ok);
  EXPECT_EQ(result.failed_check, "bijection");
  EXPECT_EQ(result.first_failure,
            "bijection: slice 0 (counters) index 17: Unrank gives a position that ranks as "
            "slice 0 (counters) index 16");
}

TEST(ContractCheckTest, RejectsNotationThatDoesNotRoundTrip) {
  const CheckResult result = testing::RunContractCheck(ToyGame(Defect::kNotation));
  ASSERT_FALSE(result.ok);
  EXPECT_EQ(result.failed_check, "notation");
  // 0..9 read the same backwards; "10" reads as 1.
  EXPECT_EQ(result.first_failure,
            "notation: slice 0 (counters) index 10 (position \"10\"): its notation \"10\" "
            "parses as \"1\" (slice 0 (counters) index 1)");
}

TEST(ContractCheckTest, RejectsMoveOutOfRange) {
  const CheckResult result = testing::RunContractCheck(ToyGame(Defect::kChildOutOfRange));
  ASSERT_FALSE(result.ok);
  EXPECT_EQ(result.failed_check, "moves");
  EXPECT_EQ(result.first_failure,
            "moves: slice 0 (counters) index 30 (position \"30\"): a move leads to \"45\", "
            "numbered out of range: slice 0 (counters) index 45");
}

TEST(ContractCheckTest, FirstFailureDoesNotDependOnThreadsOrSample) {
  const CheckResult one = testing::RunContractCheck(ToyGame(Defect::kMissingTakeBack), {}, 1);
  for (int threads : {2, 4, 8}) {
    const CheckResult many =
        testing::RunContractCheck(ToyGame(Defect::kMissingTakeBack), {}, threads);
    EXPECT_EQ(many.first_failure, one.first_failure) << threads;
    ASSERT_EQ(many.checks.size(), one.checks.size());
    for (size_t c = 0; c < one.checks.size(); ++c) {
      EXPECT_EQ(many.checks[c].passed, one.checks[c].passed) << threads;
    }
  }
}

TEST(ContractCheckTest, SamplesLargeSlices) {
  const CheckResult result = testing::RunContractCheck(ToyGame(), {.sample = 10, .seed = 7});
  EXPECT_TRUE(result.ok);
  EXPECT_LE(result.indices, 10u);
  EXPECT_GE(result.indices, 2u);  // the first and the last index at least
}

}  // namespace
}  // namespace retro
