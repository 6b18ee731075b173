// The material and owarega.me evolved evaluations (see evaluation.h).
#include "games/oware/evaluation.h"

#include "games/oware/movegen.h"

namespace retro::oware {

void CapturingPits(const Board& board, GrandSlam grand_slam, int counts[2]) {
  counts[0] = counts[1] = 0;
  Move moves[kMaxMoves];
  const int n = GenerateMoves(board, Rules{.grand_slam = grand_slam}, moves);
  for (int i = 0; i < n; ++i) {
    if (moves[i].captured == 0) continue;
    const int h = moves[i].house;
    const int seeds = board.houses[h];
    // The last seed lands ((seeds - 1) % 11) + 1 houses after h (the origin
    // is skipped), and that house receives ceil(seeds / 11) seeds.
    const int landing = (h + (seeds - 1) % 11 + 1) % kHouses;
    const int after = board.houses[landing] + (seeds + 10) / 11;
    if (after == 2) ++counts[0];
    if (after == 3) ++counts[1];
  }
}

EvolvedFeatures ComputeEvolvedFeatures(const Board& board, int my_score, int user_score,
                                       GrandSlam grand_slam) {
  EvolvedFeatures a{};
  CapturingPits(Flip(board), grand_slam, &a[0]);  // a1, a2
  CapturingPits(board, grand_slam, &a[2]);        // a3, a4
  for (int h = 0; h < kHousesPerSide; ++h) {
    const int my_seeds = board.houses[h];
    const int user_seeds = board.houses[h + kHousesPerSide];
    a[4] += user_seeds >= kHousesPerSide - h;
    a[5] += my_seeds >= kHousesPerSide - h;
    a[6] += user_seeds > 12;
    a[7] += my_seeds > 12;
    a[10] += user_seeds == 0;
    a[11] += my_seeds == 0;
  }
  a[8] = user_score;
  a[9] = my_score;
  return a;
}

int EvolvedScore(const EvolvedFeatures& features, const EvolvedWeights& weights) {
  int f = 0;
  for (int i = 0; i < 12; ++i) f += weights[i] * features[i];
  return f;
}

Evaluation::Evaluation(EvaluationKind kind, GrandSlam grand_slam)
    : kind_(kind), grand_slam_(grand_slam) {
  if (kind == EvaluationKind::kEvolvedDepth3) weights_ = kEvolvedDepth3Weights;
  if (kind == EvaluationKind::kEvolvedDepth5) weights_ = kEvolvedDepth5Weights;
}

}  // namespace retro::oware
