// The owarega.me evolved features (games/oware/evaluation.h) on positions
// checked by hand, the published weights, and the evaluation's point of view.
#include "games/oware/evaluation.h"

#include "games/oware/board.h"
#include "gtest/gtest.h"
#include "tests/oware/test_util.h"

namespace retro::oware {
namespace {

using test::B;

// Me 0 0 8 0 0 1, user 1 1 1 1 2 3 (the spec's "move 2 captures 11").
//  a1 = a2 = 0: the user's pits sow into its own row, or (pit 4: 2 seeds, pit
//    5: 3 seeds) end in my houses 0 and 2 holding 1 and 9: no capture.
//  a3 = 1: my pit 5 (1 seed) ends in user house 0: 1 + 1 = 2, captured.
//  a4 = 1: my pit 2 (8 seeds) ends in user house 4: 2 + 1 = 3, captured
//    (then 2, 2, 2, 2 before it: 11 in all, not a grand slam).
//  a5 = 2: user pits h with >= 6 - h seeds: pit 4 (2 >= 2), pit 5 (3 >= 1).
//  a6 = 2: my pit 2 (8 >= 4), pit 5 (1 >= 1).
//  a7 = a8 = 0 (no pit above 12); a9 = 7, a10 = 10 (scores given);
//  a11 = 0 empty user pits; a12 = 4 (my pits 0, 1, 3, 4).
constexpr EvolvedFeatures kFeaturesA = {0, 0, 1, 1, 2, 2, 0, 0, 7, 10, 0, 4};
// Depth 3: 72*1 + 12*1 - 1*2 - 13*2 - 318*7 + 342*10
//        = 72 + 12 - 2 - 26 - 2226 + 3420 = 1250.
constexpr int kDepth3A = 1250;
// Depth 5: -1*1 - 40*1 + 0*2 + 123*2 - 942*7 + 1518*10
//        = -1 - 40 + 246 - 6594 + 15180 = 8791.
constexpr int kDepth5A = 8791;

TEST(EvolvedFeaturesTest, CapturesOfTwoAndThree) {
  const Board board = B("0 0 8 0 0 1 | 1 1 1 1 2 3");
  const EvolvedFeatures a =
      ComputeEvolvedFeatures(board, 10, 7, GrandSlam::kForfeit);
  EXPECT_EQ(a, kFeaturesA);
  EXPECT_EQ(EvolvedScore(a, kEvolvedDepth3Weights), kDepth3A);
  EXPECT_EQ(EvolvedScore(a, kEvolvedDepth5Weights), kDepth5A);
}

// Me 0 0 8 0 0 1, user 1 1 1 1 1 0: my pit 2 ends in user house 4 (1 + 1 =
// 2) and would take all nine user seeds (2 2 2 2 2 0 after sowing): a grand
// slam. My pit 5 ends in user house 0 (1 + 1 = 2) and takes 2.
//  forfeit: the slam captures nothing, so a3 = 1 (pit 5 only);
//  capture: the slam captures, first house holds 2: a3 = 2;
//  forced-only: pit 5 is a legal non-slam move, so the slam is illegal: 1.
//  a1 = a2 = 0 (user pits 0..4 sow into its own row); a5 = 0 (pit 4 has 1 <
//  2, pit 5 is empty); a6 = 2 (my pits 2 and 5); a11 = 1 (user pit 5);
//  a12 = 4; scores 0.
TEST(EvolvedFeaturesTest, GrandSlamFollowsTheRule) {
  const Board board = B("0 0 8 0 0 1 | 1 1 1 1 1 0");
  EXPECT_EQ(ComputeEvolvedFeatures(board, 0, 0, GrandSlam::kForfeit),
            (EvolvedFeatures{0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 1, 4}));
  EXPECT_EQ(ComputeEvolvedFeatures(board, 0, 0, GrandSlam::kCapture),
            (EvolvedFeatures{0, 0, 2, 0, 0, 2, 0, 0, 0, 0, 1, 4}));
  EXPECT_EQ(ComputeEvolvedFeatures(board, 0, 0, GrandSlam::kForcedOnly),
            (EvolvedFeatures{0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 1, 4}));
}

// Me 13 2 1 0 0 0, user 0 0 0 0 3 2, scores me 5, user 3.
//  a1 = 0, a2 = 2: user pit 4 (3 seeds) sows user 5, my 0, my 1: my house 1
//    2 + 1 = 3 captured (my house 0 then holds 14: the run stops); user pit 5
//    (2 seeds) sows my 0 and my 1: 3 again.
//  a3 = a4 = 0: my pit 0 (13 seeds) sows every other house once and my
//    houses 1, 2 again, ending on my side; pits 1 and 2 end on my side.
//  a5 = 2 (user pit 4: 3 >= 2, pit 5: 2 >= 1); a6 = 1 (my pit 0; pit 1 has
//  2 < 5, pit 2 has 1 < 4); a7 = 0; a8 = 1 (13 > 12); a9 = 3; a10 = 5;
//  a11 = 4 (user pits 0..3); a12 = 3 (my pits 3..5).
constexpr EvolvedFeatures kFeaturesC = {0, 2, 0, 0, 2, 1, 0, 1, 3, 5, 4, 3};
// Depth 3: -1*2 - 13*1 + 21*1 - 318*3 + 342*5 = -2 - 13 + 21 - 954 + 1710 =
// 762.
constexpr int kDepth3C = 762;
// Depth 5: -1258*2 + 123*1 - 23*1 - 942*3 + 1518*5
//        = -2516 + 123 - 23 - 2826 + 7590 = 2348.
constexpr int kDepth5C = 2348;

TEST(EvolvedFeaturesTest, BigPitsAndUserCaptures) {
  const Board board = B("13 2 1 0 0 0 | 0 0 0 0 3 2");
  const EvolvedFeatures a =
      ComputeEvolvedFeatures(board, 5, 3, GrandSlam::kForfeit);
  EXPECT_EQ(a, kFeaturesC);
  EXPECT_EQ(EvolvedScore(a, kEvolvedDepth3Weights), kDepth3C);
  EXPECT_EQ(EvolvedScore(a, kEvolvedDepth5Weights), kDepth5C);
}

// Capture counts for one side: a pit with 12 seeds laps the board (11
// houses, then one more) and ends in the house after it.
//   Me 0 0 0 0 0 12 | 1 0 0 0 0 0: pit 5 sows every other house once, then
//   user house 0 again: 1 + 2 = 3, captured; the run stops at house 5, mine
//   (3 of 8 user seeds: no grand slam). One pit, first house holding 3.
TEST(EvolvedFeaturesTest, CapturingPitsWithALap) {
  int counts[2];
  CapturingPits(B("0 0 0 0 0 12 | 1 0 0 0 0 0"), GrandSlam::kForfeit, counts);
  EXPECT_EQ(counts[0], 0);
  EXPECT_EQ(counts[1], 1);
  CapturingPits(B("0 0 0 0 0 0 | 1 1 1 1 1 1"), GrandSlam::kForfeit, counts);
  EXPECT_EQ(counts[0], 0);
  EXPECT_EQ(counts[1], 0);
}

TEST(EvolvedWeightsTest, PublishedValues) {
  // The spec's table, times 10^4; a11 and a12 have no published weight.
  EXPECT_EQ(kEvolvedDepth3Weights,
            (EvolvedWeights{-444, 0, 72, 12, -1, -13, 0, 21, -318, 342, 0, 0}));
  EXPECT_EQ(kEvolvedDepth5Weights,
            (EvolvedWeights{-3086, -1258, -1, -40, 0, 123, -4, -23, -942, 1518,
                            0, 0}));
}

TEST(EvaluationTest, PointOfView) {
  const Board board = B("13 2 1 0 0 0 | 0 0 0 0 3 2");
  const Evaluation material(EvaluationKind::kMaterial);
  EXPECT_EQ(material.Evaluate(board, 5, 3, true), 2);
  EXPECT_EQ(material.Evaluate(board, 5, 3, false), 2);
  const Evaluation evolved(EvaluationKind::kEvolvedDepth5);
  // The mover is the evaluating player: f of this board.
  EXPECT_EQ(evolved.Evaluate(board, 5, 3, true), kDepth5C);
  // The evaluating player is the other side: minus f from its view.
  EXPECT_EQ(evolved.Evaluate(Flip(board), 3, 5, false), -kDepth5C);
  EXPECT_EQ(
      Evaluation(EvaluationKind::kEvolvedDepth3).Evaluate(board, 5, 3, true),
      kDepth3C);
}

}  // namespace
}  // namespace retro::oware
