// What the GameModule of every kit (retro/kit/*_module.h) shares beyond the
// family: the description and default file name built from the game's
// identity, and the play capability a plugin may lend it (retro/play.h, used
// by `retro play` and `retro match`), owned by the module.
//
//   return retro::kit::MakeLoopyWdlModule<Rules>(info, std::make_unique<MyPlay>());
#ifndef RETRO_KIT_KIT_MODULE_H_
#define RETRO_KIT_KIT_MODULE_H_

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "retro/game_module.h"
#include "retro/kit/game_info.h"
#include "retro/kit/layout.h"
#include "retro/kit/rules_hooks.h"
#include "retro/kit/rules_parameters.h"
#include "retro/kit/size_estimates.h"
#include "retro/play.h"

namespace retro::kit {

// The description every kit starts from: the game's identity and R's solve
// parameters (a kit then adds its probe parameters and perft support).
template <typename R>
GameDescription KitDescription(const GameInfo& info) {
  GameDescription description;
  description.name = info.name;
  description.summary = info.summary;
  description.data_version = info.data_version;
  description.solve_parameters = GameParameters<R>();
  description.position_syntax = info.position_syntax;
  if constexpr (HasPositionCells<R>) description.position_cells = {R::kPositionCells, info.cells_syntax};
  return description;
}

// The rules' SizeEstimates for `available_bytes` (all defaults without
// the hook).
template <typename R>
SizeEstimates SizeEstimatesOf(const R& rules, uint64_t available_bytes) {
  if constexpr (HasSizeEstimates<R>) {
    return rules.EstimateSizes(available_bytes);
  } else {
    return {};
  }
}

// The records of all the rules' slices and of the largest.
struct SliceSizes {
  uint64_t records = 0;
  uint64_t largest = 0;
};
template <typename R>
SliceSizes SliceSizesOf(const R& rules) {
  SliceSizes sizes;
  for (int s = 0; s < rules.num_slices(); ++s) {
    sizes.records += rules.slice_size(s);
    sizes.largest = std::max<uint64_t>(sizes.largest, rules.slice_size(s));
  }
  return sizes;
}

// The plan's positions, memory and file estimates where the rules give their own
// (`own`, retro/kit/size_estimates.h), over the kit's defaults already
// in `plan`; `fast_layout`: the plan is for byte-coded finite-horizon
// stores.
inline void UseRulesEstimates(const SizeEstimates& own, bool fast_layout, SolvePlan& plan) {
  if (own.positions > 0) plan.positions = own.positions;
  if (own.memory_bytes > 0) plan.estimated_memory_bytes = own.memory_bytes;
  if (own.file_bytes > 0) plan.estimated_file_bytes = own.file_bytes;
  if (fast_layout && own.fast_file_bytes > 0) plan.estimated_file_bytes = own.fast_file_bytes;
}

// Leaf count of the move tree of `p` to `depth` plies (perft), the moves
// from rules.ForEachMove (the child is the second thing it passes); a
// position `ended` says is over has no moves, so it contributes nothing to
// deeper counts.
template <typename R, typename Ended>
uint64_t CountLeaves(const R& rules, const typename R::Position& p, int depth,
                     const Ended& ended) {
  if (depth == 0) return 1;
  if (ended(p)) return 0;
  uint64_t leaves = 0;
  rules.ForEachMove(p, [&](const auto&, const typename R::Position& child, const auto&...) {
    leaves += CountLeaves(rules, child, depth - 1, ended);
  });
  return leaves;
}

// The base of the kits' modules: the game's identity, its description
// (KitDescription, which the kit's constructor completes) and the play
// capability.
class KitModule : public GameModule {
 public:
  KitModule(GameInfo info, GameDescription description, std::unique_ptr<PlayCapability> play)
      : info_(std::move(info)), description_(std::move(description)), play_(std::move(play)) {}

  const GameDescription& Describe() const override { return description_; }
  // The plugin's play capability, or nullptr when it lends none.
  PlayCapability* Play() override { return play_.get(); }

 protected:
  const GameInfo& info() const { return info_; }
  GameDescription& description() { return description_; }

  // A plan naming the database of `rules` under `values`: the header's
  // parameters, and the output file name when --out is not given (the
  // rules' own, the identity's, or "<name>.retro"), both with the
  // family's `layout` when it is not the default (null: no layout).
  template <typename R>
  SolvePlan NamedPlan(const R& rules, const ParameterValues& values,
                      const LayoutOption* layout = nullptr) const {
    SolvePlan plan;
    plan.canonical_parameters = CanonicalParameters(rules, layout ? GameValues(values) : values);
    if constexpr (HasDefaultFileName<R>) {
      plan.default_file_name = rules.default_file_name();
    } else {
      plan.default_file_name = info_.default_file_name.empty() ? absl::StrCat(info_.name, ".retro")
                                                               : info_.default_file_name;
    }
    if (layout != nullptr) {
      layout->Record(values, plan.canonical_parameters);
      plan.default_file_name = layout->WithLayoutInName(values, plan.default_file_name);
    }
    return plan;
  }

  // The end of a kit's plan: the replicated memory (what a rank of a
  // distributed solve holds beyond its share), the rules' own estimate
  // (`own`) else the kit's `kit_default`, at most the memory estimate; and
  // what the host's refusal of a solve that does not fit memory names
  // (SolvePlan in retro/game_module.h): the database (GameInfo's name) and,
  // in a single process, what would fit instead when the rules can say.
  void FinishPlan(const PlanContext& context, const SizeEstimates& own, uint64_t kit_default,
                  SolvePlan& plan) const {
    plan.replicated_memory_bytes =
        std::min(plan.estimated_memory_bytes,
                 own.replicated_memory_bytes > 0 ? own.replicated_memory_bytes : kit_default);
    plan.database_name = info_.DatabaseName();
    if (context.ranks == 1 && context.available_memory_bytes > 0) plan.what_fits = own.what_fits;
  }

 private:
  GameInfo info_;
  GameDescription description_;
  std::unique_ptr<PlayCapability> play_;
};

}  // namespace retro::kit

#endif  // RETRO_KIT_KIT_MODULE_H_
