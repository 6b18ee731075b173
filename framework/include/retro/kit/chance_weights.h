// The outcome weights of a ChanceRules game (retro/kit/chance_rules.h)
// checked once: each finite and within 0..1, all of them summing to 1
// within kChanceWeightTolerance. The chance kit's solve, open and check
// refuse rules whose weights fail this, naming OutcomeWeight: values solved
// from weights that do not sum to 1 are no expectation.
#ifndef RETRO_KIT_CHANCE_WEIGHTS_H_
#define RETRO_KIT_CHANCE_WEIGHTS_H_

#include <cmath>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace retro::kit {

// How far the weights' sum may lie from 1: rounding of a few dozen
// weights, not a mistake (the 21 rolls of two dice sum to 1 + 2^-52).
inline constexpr double kChanceWeightTolerance = 1e-9;

// OK when the weights of R's kNumOutcomes outcomes are each within 0..1
// and sum to 1 within kChanceWeightTolerance; else Internal naming
// OutcomeWeight, the outcome or the sum.
template <typename R>
absl::Status CheckOutcomeWeights(const R& rules) {
  double sum = 0;
  for (int o = 0; o < R::kNumOutcomes; ++o) {
    const double w = rules.OutcomeWeight(o);
    if (!std::isfinite(w) || w < 0 || w > 1) {
      return absl::InternalError(absl::StrCat("the rules' OutcomeWeight(", o, ") of outcome '",
                                              rules.FormatOutcome(o), "' is ", w,
                                              "; a weight is a probability, 0..1"));
    }
    sum += w;
  }
  if (std::fabs(sum - 1) > kChanceWeightTolerance) {
    return absl::InternalError(absl::StrFormat(
        "the rules' OutcomeWeight sums to %.17g over the %d outcomes; the weights must sum "
        "to 1 (within %g)",
        sum, R::kNumOutcomes, kChanceWeightTolerance));
  }
  return absl::OkStatus();
}

}  // namespace retro::kit

#endif  // RETRO_KIT_CHANCE_WEIGHTS_H_
