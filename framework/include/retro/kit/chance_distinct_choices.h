// Each distinct afterstate of one chance outcome once: the kit's filter over
// a ChanceRules game's ForEachChoice (retro/kit/chance_rules.h). A game may
// list its choices naively, two plays reaching the same position both
// visited; what probe counts and lists (each outcome's number of choices,
// the choices of `--roll 6-5`, their JSON) then still shows each afterstate
// once, reached by the first choice in the rules' order. Values need no
// filter: the best of a multiset is the best of its set, so the solver,
// verify and check take the choices as ForEachChoice gives them. Rules whose
// choices never repeat an afterstate may say so (kDistinctChoices), and are
// then not filtered; `retro check` tests the claim.
#ifndef RETRO_KIT_CHANCE_DISTINCT_CHOICES_H_
#define RETRO_KIT_CHANCE_DISTINCT_CHOICES_H_

#include <cstdint>
#include <string>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "retro/kit/chance_rules.h"

namespace retro::kit {

// Calls visit(move, after) for the first choice of `outcome` from `p`
// reaching each afterstate, and visit_repeat(move, after) for each later
// one. An afterstate that is a record is known by its rank (slice, index);
// one where the game is over has no rank and is known by its notation.
template <ChanceRules R, typename Visit, typename VisitRepeat>
void ForEachChoiceSortingRepeats(const R& rules, const typename R::Position& p, int outcome,
                                 Visit&& visit, VisitRepeat&& visit_repeat) {
  absl::flat_hash_set<std::pair<int, uint64_t>> records_seen;
  absl::flat_hash_set<std::string> finished_seen;
  rules.ForEachChoice(p, outcome, [&](const typename R::Move& move,
                                      const typename R::Position& after) {
    bool fresh;
    if (rules.Terminal(after)) {
      fresh = finished_seen.insert(rules.Format(after)).second;
    } else {
      const SliceIndex at = rules.Rank(after);
      fresh = records_seen.insert({at.slice, at.index}).second;
    }
    if (fresh) {
      visit(move, after);
    } else {
      visit_repeat(move, after);
    }
  });
}

// Calls visit(move, after) for the first choice of `outcome` from `p`
// reaching each afterstate: every choice, unfiltered, when the rules
// declare kDistinctChoices.
template <ChanceRules R, typename Visit>
void ForEachDistinctChoice(const R& rules, const typename R::Position& p, int outcome,
                           Visit&& visit) {
  if constexpr (DeclaresDistinctChoices<R>()) {
    rules.ForEachChoice(p, outcome, visit);
  } else {
    ForEachChoiceSortingRepeats(rules, p, outcome, visit,
                                [](const typename R::Move&, const typename R::Position&) {});
  }
}

}  // namespace retro::kit

#endif  // RETRO_KIT_CHANCE_DISTINCT_CHOICES_H_
