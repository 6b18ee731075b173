// The fast generator against the independent reference rules: same legal
// moves (in the same order), captures and children on every board with at
// most 7 seeds and on random boards with up to 48 seeds, under every grand
// slam variant.
#include <random>
#include <vector>

#include "games/oware/movegen.h"
#include "games/oware/notation.h"
#include "gtest/gtest.h"
#include "tests/oware/reference_rules.h"
#include "tests/oware/test_util.h"

namespace retro::oware {
namespace {

using reference::ReferenceLegalMoves;
using reference::ReferenceMove;

// Compares fast and reference moves of `board`; returns false (after adding
// a failure) on the first difference.
template <GrandSlam kGrandSlam>
bool Agrees(const Board& board) {
  Move fast[kMaxMoves];
  const int n = GenerateMoves<kGrandSlam>(board, fast);
  const std::vector<ReferenceMove> ref = ReferenceLegalMoves(board, kGrandSlam);
  const std::string where =
      FormatBoard(board) + " under " + std::string(GrandSlamName(kGrandSlam));
  if (n != static_cast<int>(ref.size())) {
    ADD_FAILURE() << where << ": " << n << " moves, reference " << ref.size();
    return false;
  }
  for (int i = 0; i < n; ++i) {
    if (fast[i].house != ref[i].house || fast[i].captured != ref[i].captured ||
        fast[i].child != ref[i].child) {
      ADD_FAILURE() << where << ", move " << i << ": house "
                    << int{fast[i].house} << " captures "
                    << int{fast[i].captured} << " -> "
                    << FormatBoard(fast[i].child) << "; reference house "
                    << ref[i].house << " captures " << ref[i].captured << " -> "
                    << FormatBoard(ref[i].child);
      return false;
    }
  }
  return true;
}

bool AgreesUnderAllVariants(const Board& board) {
  return Agrees<GrandSlam::kForfeit>(board) &&
         Agrees<GrandSlam::kCapture>(board) &&
         Agrees<GrandSlam::kForcedOnly>(board);
}

TEST(ReferenceAgreementTest, EveryBoardUpToSevenSeeds) {
  int boards = 0;
  int failures = 0;
  for (int seeds = 0; seeds <= 7; ++seeds) {
    test::ForEachBoard(seeds, [&](const Board& board) {
      ++boards;
      if (failures < 10 && !AgreesUnderAllVariants(board)) ++failures;
    });
  }
  EXPECT_EQ(boards, 50387 + 1);  // Spec cumulative count plus the empty board.
  EXPECT_EQ(failures, 0);
}

TEST(ReferenceAgreementTest, RandomBoardsWithLaps) {
  std::mt19937 rng(20240611);
  int failures = 0;
  for (int i = 0; i < 60000 && failures < 10; ++i) {
    // Seeds thrown into random houses, sometimes piled into few houses so
    // that 12+ seed houses (laps) and grand slams are common.
    const int seeds = std::uniform_int_distribution<int>(1, 48)(rng);
    const int spread = std::uniform_int_distribution<int>(1, 12)(rng);
    Board board;
    for (int s = 0; s < seeds; ++s) {
      const int house = std::uniform_int_distribution<int>(0, spread - 1)(rng);
      board.houses[(house * 5 + i) % kHouses]++;
    }
    if (!AgreesUnderAllVariants(board)) ++failures;
  }
  EXPECT_EQ(failures, 0);
}

TEST(ReferenceAgreementTest, HugeHousesUpToTheSeedLimit) {
  int failures = 0;
  for (int h = 0; h < kHousesPerSide; ++h) {
    for (int n = 1; n <= kMaxBoardSeeds - 2 && failures < 10; ++n) {
      Board board;
      board.houses[h] = static_cast<uint8_t>(n);
      board.houses[(h + 7) % kHouses] = 1;
      board.houses[(h + 9) % kHouses] = 1;
      if (!AgreesUnderAllVariants(board)) ++failures;
    }
  }
  EXPECT_EQ(failures, 0);
}

}  // namespace
}  // namespace retro::oware
