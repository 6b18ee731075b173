// Leaf evaluations of the whole-game engine: plain material (the score
// difference) and the owarega.me evolved evaluation (J. Ainooson, "An Evolved
// Oware Player for owarega.me"): f = sum of w_i * a_i over twelve board
// features, with the published depth-3 and depth-5 weights.
//
// The features, from the view of the evaluating player ("me", owarega.me,
// whose houses are 0..5 of the board given) against the other ("user"):
//   a1/a2  user pits that capture with a first captured house of 2 / 3 seeds
//   a3/a4  my pits that do the same
//   a5/a6  user / my pits with enough seeds to reach the other side
//          (house h of a row, 0..5 in sowing order, holds >= 6 - h seeds)
//   a7/a8  user / my pits holding more than 12 seeds
//   a9/a10 user / my score
//   a11/a12 user / my empty pits
// "Can use to capture k seeds" (CapturingPits) is read as: if that side
// played the pit now, under the real rules (must-feed and the grand slam rule
// of the game), the move is legal and captures something, and the house its
// last seed lands in (the first house captured) holds k seeds after the
// sowing. A forfeited grand slam captures nothing and does not count.
//
// Weights are integers in units of 1e-4 (the paper prints four decimals), so
// evaluations are exact integers. a11 and a12 have no published weight: 0.
#ifndef GAMES_OWARE_EVALUATION_H_
#define GAMES_OWARE_EVALUATION_H_

#include <array>

#include "games/oware/board.h"
#include "games/oware/rules.h"

namespace retro::oware {

// The twelve features a1..a12, stored at [0..11].
using EvolvedFeatures = std::array<int, 12>;

// Weights w1..w12 in units of 1e-4, stored at [0..11].
using EvolvedWeights = std::array<int, 12>;

// The published weights evolved with minimax at depth 3 and at depth 5.
inline constexpr EvolvedWeights kEvolvedDepth3Weights = {-444, 0,  72,   12,  -1, -13,
                                                         0,    21, -318, 342, 0,  0};
inline constexpr EvolvedWeights kEvolvedDepth5Weights = {-3086, -1258, -1,   -40,  0, 123,
                                                         -4,    -23,   -942, 1518, 0, 0};

// Counts the pits of the side owning houses 0..5 of `board` that "can be used
// to capture" (see above): counts[0] those whose first captured house holds 2
// seeds, counts[1] those holding 3.
void CapturingPits(const Board& board, GrandSlam grand_slam, int counts[2]);

// The features a1..a12 of `board` for the player owning houses 0..5 ("me"),
// with `my_score` and `user_score` captured so far.
EvolvedFeatures ComputeEvolvedFeatures(const Board& board, int my_score, int user_score,
                                       GrandSlam grand_slam);

// f = sum of weights[i] * features[i], in units of 1e-4.
int EvolvedScore(const EvolvedFeatures& features, const EvolvedWeights& weights);

// The evaluations the engine offers.
enum class EvaluationKind {
  // Mover's score minus opponent's score (in seeds).
  kMaterial,
  // The evolved evaluation with the depth-3 or the depth-5 weights.
  kEvolvedDepth3,
  kEvolvedDepth5,
};

// A leaf evaluation bound to one evaluating player. The evolved evaluation is
// not symmetric (w9 != -w10), so a search evaluates every leaf from the view
// of the player it searches for, and negates when that player is not to move.
class Evaluation {
 public:
  explicit Evaluation(EvaluationKind kind = EvaluationKind::kMaterial,
                      GrandSlam grand_slam = GrandSlam::kForfeit);

  // The evaluation for the side to move of (board, mover_score,
  // opponent_score); `mover_is_evaluator` says whether the side to move is
  // the evaluating player. Material is in seeds, the evolved evaluation in
  // 1e-4 units; |value| stays below 10^6.
  int Evaluate(const Board& board, int mover_score, int opponent_score,
               bool mover_is_evaluator) const {
    if (kind_ == EvaluationKind::kMaterial) return mover_score - opponent_score;
    if (!mover_is_evaluator) return -Evaluate(Flip(board), opponent_score, mover_score, true);
    return EvolvedScore(ComputeEvolvedFeatures(board, mover_score, opponent_score, grand_slam_),
                        weights_);
  }

 private:
  EvaluationKind kind_;
  GrandSlam grand_slam_;
  EvolvedWeights weights_{};
};

}  // namespace retro::oware

#endif  // GAMES_OWARE_EVALUATION_H_
