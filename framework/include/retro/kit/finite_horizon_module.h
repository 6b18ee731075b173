// The finite-horizon score kit: a whole game plugin (retro::GameModule) from
// a game's rules (the concept FiniteHorizonRules, retro/kit/
// finite_horizon_rules.h) and its identity (retro/kit/game_info.h). The kit
// plans the work, solves every slice with the finite-horizon solver
// (retro/solver/finite_horizon.h) up to the rules' horizon (restoring and
// saving finished slices through the host's checkpoint, so that a killed
// solve resumes), writes one store per slice, opens the tables (retro/kit/finite_horizon_reader.h) for probe
// (with the probe parameter --plies-left), stats and verify, counts perft,
// checks the rules' contract, and exports a C++ header of the book when the
// game lends one (FiniteHorizonParts; e.g. retro/kit/finite_horizon_export.h).
// A plugin's module.cc is then:
//
//   std::unique_ptr<retro::GameModule> CreateModule() {
//     return retro::kit::MakeFiniteHorizonModule<MyRules>({.name = "mygame", ...});
//   }
//   RETRO_PLUGIN(CreateModule)
//
// A game lends parts of its own as a second argument (oware: its play,
// solve and export, plugins/oware/module.cc):
//
//   return retro::kit::MakeFiniteHorizonModule<BookRules>(
//       OwareInfo(), {.play = ..., .solve = SolveBook, .exporter = ...});
#ifndef RETRO_KIT_FINITE_HORIZON_MODULE_H_
#define RETRO_KIT_FINITE_HORIZON_MODULE_H_

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "retro/checkpoint.h"
#include "retro/contract/check_contract.h"
#include "retro/export.h"
#include "retro/game_module.h"
#include "retro/human_numbers.h"
#include "retro/internal/spilled_slice.h"
#include "retro/kit/checked_rank.h"
#include "retro/kit/finite_horizon_check_view.h"
#include "retro/kit/finite_horizon_database.h"
#include "retro/kit/finite_horizon_reader.h"
#include "retro/kit/finite_horizon_rules.h"
#include "retro/kit/finite_horizon_solve_view.h"
#include "retro/kit/game_info.h"
#include "retro/kit/kit_module.h"
#include "retro/kit/layout.h"
#include "retro/kit/rules_parameters.h"
#include "retro/solver/finite_horizon.h"
#include "retro/solver/finite_horizon_options.h"
#include "retro/solver/solve_context.h"
#include "retro/status_macros.h"

namespace retro::kit {

// What a game may lend its module besides the rules, each optional: the
// play capability (retro/play.h, `retro play` and `retro match`), a solve
// of its own (e.g. a faster solver adapter; absent: the kit solves through
// FiniteHorizonSolveView), which must describe exactly the rules'
// positions and moves and return the stores in Rank order, and an export
// (retro/export.h; e.g. FiniteHorizonExport<R>, a C++ header of the book).
template <typename R>
struct FiniteHorizonParts {
  using Solve = std::function<absl::StatusOr<std::vector<std::vector<uint8_t>>>(
      const R&, const solver::FiniteHorizonOptions&, const solver::SolveContext&)>;
  std::unique_ptr<PlayCapability> play;
  Solve solve;
  std::unique_ptr<ExportCapability> exporter;
};

// The GameModule of game R.
template <FiniteHorizonRules R>
class FiniteHorizonModule : public KitModule {
 public:
  explicit FiniteHorizonModule(GameInfo info, FiniteHorizonParts<R> parts = {})
      : KitModule(info, KitDescription<R>(info), std::move(parts.play)),
        solve_(std::move(parts.solve)),
        export_(std::move(parts.exporter)) {
    static_assert(AssertFiniteHorizonRules<R>());
    // The kit's own: how the finished stores are written (layout.h).
    description().solve_parameters.push_back(kStoreLayout.Spec());
    description().probe_parameters = {PliesLeftParameter()};
    description().supports_perft = true;
  }

  absl::StatusOr<SolvePlan> Plan(const ParameterValues& values,
                                 const PlanContext& context) const override {
    RETRO_ASSIGN_OR_RETURN(const R rules, RulesFor<R>(GameValues(values)));
    SolvePlan plan = NamedPlan(rules, values, &kStoreLayout);
    // Every record of this family is a position (stats counts the records).
    const SliceSizes sizes = SliceSizesOf(rules);
    plan.positions = sizes.records;
    plan.estimated_memory_bytes = solver::FiniteHorizonBytesPerState(R::kMaxMoves) * plan.positions;
    plan.estimated_file_bytes = 4 * plan.positions;
    const SizeEstimates own = SizeEstimatesOf(rules, context.available_memory_bytes);
    UseRulesEstimates(own, kStoreLayout.Wants(values, kFastLayout), plan);
    // Distributed: the V_{t-1} replica and reverse-edge offsets of the slice
    // being solved (at most the largest) are every rank's; the finished
    // stores are split across the ranks, but rank 0 gathers each slice,
    // whole to save it (about twice its coded size) and coded (then written
    // to a scratch file).
    const uint64_t largest_share =
        plan.positions == 0
            ? 0
            : static_cast<uint64_t>(static_cast<double>(plan.estimated_file_bytes) *
                                    static_cast<double>(sizes.largest) /
                                    static_cast<double>(plan.positions));
    FinishPlan(context, own,
               solver::kFiniteHorizonReplicatedBytesPerState * sizes.largest + 2 * largest_share,
               plan);
    return plan;
  }

  absl::Status Solve(const ParameterValues& values, const WorkContext& context,
                     DatabaseBuilder& out) override {
    RETRO_ASSIGN_OR_RETURN(const R rules, RulesFor<R>(GameValues(values)));
    // The values each slice may hold: what the reader accepts.
    solver::FiniteHorizonOptions options{
        .horizon = static_cast<uint32_t>(rules.horizon()),
        .value_bounds = [&rules](int slice) {
          return solver::FiniteHorizonValueBounds{rules.MinValue(slice), rules.MaxValue(slice)};
        },
        .bit_code = !kStoreLayout.Wants(values, kFastLayout)};
    if (Checkpoint* checkpoint = context.checkpoint; checkpoint != nullptr) {
      // A restored store is checked as the tables' reader checks a file's.
      options.restore = [checkpoint, &rules](int slice) {
        return checkpoint->Restore(rules.slice_name(slice),
                                   [&rules, slice](std::span<const uint8_t> store) {
                                     return FiniteHorizonTables<R>::CheckStore(rules, slice, store);
                                   });
      };
      options.save = [checkpoint, &rules](int slice, const std::vector<uint8_t>& store) {
        return checkpoint->Save(rules.slice_name(slice), store);
      };
    }
    out.SetCodec(info().codec);
    // Under mpirun rank 0 writes each slice to an unnamed scratch file as
    // soon as it is coded and maps it for the file's writing, instead of
    // holding the whole book (docs/distributed.md).
    const bool distributed =
        context.communicator != nullptr && context.communicator->size() > 1;
    if (distributed) {
      options.take = [&out, &rules, &context](int slice, std::vector<uint8_t> store) {
        return retro::internal::AddSpilledSlice(out, rules.slice_name(slice), std::move(store),
                                                context.scratch_directory);
      };
    }
    absl::StatusOr<std::vector<std::vector<uint8_t>>> stores;
    if (solve_) {
      stores = solve_(rules, options, solver::ContextOf(context));
    } else {
      const FiniteHorizonSolveView<R> view(rules);
      stores = solver::SolveFiniteHorizon(view, options, solver::ContextOf(context));
      // A mistake of the rules, named by the member at fault.
      if (!stores.ok() && !view.Fault().ok()) return view.Fault();
    }
    if (!stores.ok()) return stores.status();
    if (distributed) return absl::OkStatus();
    for (int s = 0; s < rules.num_slices(); ++s) {
      out.AddSlice(rules.slice_name(s), std::move((*stores)[s]));
    }
    return absl::OkStatus();
  }

  absl::StatusOr<std::unique_ptr<OpenDatabase>> Open(const DatabaseFile& file) override {
    RETRO_ASSIGN_OR_RETURN(std::unique_ptr<FiniteHorizonTables<R>> tables,
                           FiniteHorizonTables<R>::FromFile(
                               file, info(), FiniteHorizonTables<R>::StoreChecks::kOnFirstUse));
    // Where a plugin changed since its databases were solved shows first.
    RETRO_RETURN_IF_ERROR(
        SpotCheckSliceEnds(tables->rules(), FiniteHorizonCheckView<R>(tables->rules())));
    return std::make_unique<FiniteHorizonDatabase<R>>(info(), std::move(tables));
  }

  // Perft under the rules of `values`.
  absl::StatusOr<uint64_t> Perft(const ParameterValues& values, const std::string& position,
                                 int depth, const WorkContext&) override {
    RETRO_ASSIGN_OR_RETURN(const R rules, RulesFor<R>(GameValues(values)));
    RETRO_ASSIGN_OR_RETURN(const typename R::Position root, rules.Parse(position));
    // A finished position has no moves: nothing ends the count early.
    return CountLeaves(rules, root, depth, [](const typename R::Position&) { return false; });
  }

  absl::StatusOr<CheckResult> Check(const ParameterValues& values, const CheckOptions& options,
                                    const WorkContext& context) override {
    RETRO_ASSIGN_OR_RETURN(const R rules, RulesFor<R>(GameValues(values)));
    return CheckContract(FiniteHorizonCheckView<R>(rules), options, context.pool,
                         context.progress);
  }

  // The export the game lent, if any.
  ExportCapability* Export() override { return export_.get(); }

 private:
  typename FiniteHorizonParts<R>::Solve solve_;
  std::unique_ptr<ExportCapability> export_;
};

// The module a kit-built plugin's factory returns, with the parts the game
// lends it (FiniteHorizonParts, all optional). Unconstrained on purpose: rules
// that lack a required member fail here with a message naming it
// (AssertFiniteHorizonRules), not with the compiler's notes on a failed constraint.
template <typename R>
std::unique_ptr<GameModule> MakeFiniteHorizonModule(GameInfo info,
                                                    FiniteHorizonParts<R> parts = {}) {
  if constexpr (AssertFiniteHorizonRules<R>()) {  // its static_asserts name what R lacks
    return std::make_unique<FiniteHorizonModule<R>>(std::move(info), std::move(parts));
  } else {
    return nullptr;  // not reached: the static_asserts stop the build
  }
}

}  // namespace retro::kit

#endif  // RETRO_KIT_FINITE_HORIZON_MODULE_H_
