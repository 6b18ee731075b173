// BookRules::Solve: the book solved with the --indexer scheme ranking boards
// and the grand slam rule compiled into move generation (15 instantiations
// of the finite-horizon solver), then the stores put in the book's colex
// order, so the book is the same whatever the scheme.
#include <type_traits>

#include "games/oware/hash_indexer.h"
#include "games/oware/incremental_indexer.h"
#include "games/oware/lexicographic_indexer.h"
#include "games/oware/pext_indexer.h"
#include "plugins/oware/book_rules.h"
#include "plugins/oware/solver_game.h"
#include "retro/solver/finite_horizon.h"
#include "retro/solver/finite_horizon_store.h"
#include "retro/status_macros.h"

namespace retro::oware {
namespace {

using Stores = std::vector<std::vector<uint8_t>>;

template <GrandSlam kGrandSlam, typename Indexer>
absl::StatusOr<Stores> SolveWith(const Indexer& indexer, int seeds, AtLimit at_limit,
                                 const solver::FiniteHorizonOptions& options,
                                 const solver::SolveContext& context) {
  return solver::SolveFiniteHorizon(OwareSolverGame<kGrandSlam, Indexer>(indexer, seeds, at_limit),
                                    options, context);
}

// Whether `Indexer` ranks boards in the book's (colex) order, so that its
// stores need no permuting.
template <typename Indexer>
constexpr bool InColexOrder() {
  if constexpr (std::is_same_v<Indexer, ColexIndexer>) {
    return true;
  } else if constexpr (requires { Indexer::kColexOrder; }) {
    return Indexer::kColexOrder;
  } else {
    return false;
  }
}

template <typename Indexer>
absl::StatusOr<Stores> SolveWithIndexer(int seeds, const Rules& rules,
                                        const solver::FiniteHorizonOptions& options,
                                        const solver::SolveContext& context) {
  RETRO_ASSIGN_OR_RETURN(const Indexer indexer, Indexer::Create(seeds));
  absl::StatusOr<Stores> stores;
  switch (rules.grand_slam) {
    case GrandSlam::kCapture:
      stores = SolveWith<GrandSlam::kCapture>(indexer, seeds, rules.at_limit, options, context);
      break;
    case GrandSlam::kForcedOnly:
      stores = SolveWith<GrandSlam::kForcedOnly>(indexer, seeds, rules.at_limit, options, context);
      break;
    case GrandSlam::kForfeit:
    default:
      stores = SolveWith<GrandSlam::kForfeit>(indexer, seeds, rules.at_limit, options, context);
      break;
  }
  if (!stores.ok() || InColexOrder<Indexer>()) return stores;
  const ColexIndexer colex(seeds);
  solver::internal::ContextPool pool(context);
  for (int n = 0; n <= seeds; ++n) {
    RETRO_ASSIGN_OR_RETURN(const FiniteHorizonStoreView view,
                           FiniteHorizonStoreView::Open((*stores)[n]));
    (*stores)[n] = PermuteStore(
        view, [&](uint64_t colex_rank) { return indexer.Rank(colex.Unrank(n, colex_rank)); },
        pool.get());
  }
  return stores;
}

}  // namespace

absl::StatusOr<Stores> BookRules::Solve(const solver::FiniteHorizonOptions& options,
                                        const solver::SolveContext& context) const {
  if (indexer_name_ == "lexicographic") {
    return SolveWithIndexer<LexicographicIndexer>(seeds_, rules_, options, context);
  }
  if (indexer_name_ == "pext") {
    return SolveWithIndexer<PextIndexer>(seeds_, rules_, options, context);
  }
  if (indexer_name_ == "incremental") {
    return SolveWithIndexer<IncrementalIndexer>(seeds_, rules_, options, context);
  }
  if (indexer_name_ == "hash") {
    return SolveWithIndexer<HashIndexer>(seeds_, rules_, options, context);
  }
  return SolveWithIndexer<ColexIndexer>(seeds_, rules_, options, context);
}

}  // namespace retro::oware
