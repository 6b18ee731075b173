// The chance-expectation kit: a whole game plugin (retro::GameModule) from a
// dice game's rules (the concept ChanceRules, retro/kit/chance_rules.h) and
// its identity (retro/kit/game_info.h). The kit plans the work (sizes,
// memory, what would fit for the host's refusal), solves every slice in order with
// the chance solver (retro/solver/chance.h) through the kit's view of the
// rules or the game's own SolveSlice, writes the database (layout in
// retro/kit/chance_database.h) with the game's companion slices, opens it
// for probe, stats and verify, and checks the rules' contract
// (retro/contract/check_contract.h). A plugin's module.cc is then:
//
//   std::unique_ptr<retro::GameModule> CreateModule() {
//     return retro::kit::MakeChanceModule<MyRules>({.name = "mygame", ...});
//   }
//   RETRO_PLUGIN(CreateModule)
#ifndef RETRO_KIT_CHANCE_MODULE_H_
#define RETRO_KIT_CHANCE_MODULE_H_

#include <algorithm>
#include <cstdint>
#include <future>
#include <memory>
#include <optional>
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
#include "retro/kit/chance_reader.h"
#include "retro/game_module.h"
#include "retro/human_numbers.h"
#include "retro/kit/chance_check_view.h"
#include "retro/kit/chance_database.h"
#include "retro/kit/chance_rules.h"
#include "retro/kit/chance_slice_context.h"
#include "retro/kit/chance_solve_view.h"
#include "retro/kit/chance_weights.h"
#include "retro/kit/game_info.h"
#include "retro/kit/kit_module.h"
#include "retro/solver/chance.h"
#include "retro/solver/chance_workspace.h"
#include "retro/status_macros.h"

namespace retro::kit {

// The values of slice `slice`: the game's own solver when it has one, else
// the chance solver on the kit's view of the rules. Under several ranks the
// ranks other than 0 may get an empty vector (the chance solver gives them
// nothing unless asked), unless later slices read this one
// (KeepsSolvedSlices).
template <ChanceRules R>
absl::StatusOr<std::vector<double>> SolveChanceSlice(const R& rules, int slice,
                                                     const ChanceSliceContext& context) {
  absl::StatusOr<std::vector<double>> values;
  if constexpr (ChanceHasSliceSolver<R>) {
    values = rules.SolveSlice(slice, context);
  } else {
    const ChanceSolveView<R> view(rules, slice, context.solved);
    values = solver::SolveChance(
        view, {.workspace = context.workspace, .values_on_every_rank = KeepsSolvedSlices<R>()},
        solver::ContextOf(context.work));
    if (!view.Fault().ok()) return view.Fault();
  }
  const distributed::Communicator* comm = context.work.communicator;
  const bool may_be_empty =
      !KeepsSolvedSlices<R>() && comm != nullptr && comm->rank() != 0;
  if (values.ok() && !(may_be_empty && values->empty()) &&
      values->size() != rules.slice_size(slice)) {
    return absl::InternalError(absl::StrCat("slice '", rules.slice_name(slice), "' solved to ",
                                            values->size(), " values, not ",
                                            rules.slice_size(slice)));
  }
  return values;
}

// The GameModule of game R.
template <ChanceRules R>
class ChanceModule : public KitModule {
 public:
  explicit ChanceModule(GameInfo info, std::unique_ptr<PlayCapability> play = nullptr)
      : KitModule(info, KitDescription<R>(info), std::move(play)) {
    static_assert(AssertChanceRules<R>());
    const ChanceLabels labels = LabelsOf<R>();
    description().probe_parameters = {
        {labels.outcome,
         "NAME",
         absl::StrCat("also list every ", labels.choice, " of this ", labels.outcome,
                      " with its value (\"best\": only each ", labels.outcome, "'s best ",
                      labels.choice, ")"),
         "best",
         {}},
    };
    // A one-player dice game has no move tree worth counting leaves of.
    description().supports_perft = false;
  }

  absl::StatusOr<SolvePlan> Plan(const ParameterValues& values,
                                 const PlanContext& context) const override {
    RETRO_ASSIGN_OR_RETURN(const R rules, RulesFor<R>(values));
    SolvePlan plan = NamedPlan(rules, values);
    // Every record of this family is a position (stats counts the records).
    plan.positions = SliceSizesOf(rules).records;
    // The rules' estimates; by default the file, and twice its values in
    // memory (kept for afterstates into earlier slices, then encoded for
    // the builder).
    const SizeEstimates own = SizeEstimatesOf(rules, context.available_memory_bytes);
    if (own.memory_bytes == 0 || own.file_bytes == 0) {
      plan.estimated_file_bytes = ChanceFileBytes(rules);
      plan.estimated_memory_bytes = 2 * plan.estimated_file_bytes;
    }
    UseRulesEstimates(own, /*fast_layout=*/false, plan);
    // Distributed: what the rules say every rank holds; by default all of
    // it (the kit's solver view has no block dependencies, so every rank
    // holds every value: retro/solver/chance.h).
    FinishPlan(context, own, plan.estimated_memory_bytes, plan);
    return plan;
  }

  absl::Status Solve(const ParameterValues& values, const WorkContext& context,
                     DatabaseBuilder& out) override {
    RETRO_ASSIGN_OR_RETURN(const R rules, RulesFor<R>(values));
    RETRO_RETURN_IF_ERROR(CheckOutcomeWeights(rules));
    out.SetCodec(info().codec);
    chance::Workspace workspace;  // the solver's tables, reused from slice to slice
    std::vector<std::vector<double>> solved;
    // A slice's checkpoint and hand-over to `out`, on a thread of
    // its own while the next slice solves (see FinishesInBackground); joined
    // before the next slice's, so the slices reach `out` in order.
    std::future<absl::Status> finishing;
    for (int s = 0; s < rules.num_slices(); ++s) {
      const std::string name = rules.slice_name(s);
      // The values of a slice an earlier, killed run finished
      // (retro/checkpoint.h), checked as the database reader checks a value
      // slice of a file; its companions are rebuilt from them.
      std::optional<std::vector<uint8_t>> saved;
      if (context.checkpoint != nullptr) {
        RETRO_ASSIGN_OR_RETURN(
            saved, context.checkpoint->Restore(name, [&rules, s](std::span<const uint8_t> bytes) {
              return CheckChanceValueSlice(rules, s, bytes);
            }));
      }
      std::vector<double> values;
      if (saved.has_value()) {
        values = DecodeDoubles(*saved);
      } else {
        const ChanceSliceContext slice_context{context, &workspace, solved};
        RETRO_ASSIGN_OR_RETURN(values, SolveChanceSlice(rules, s, slice_context));
        // No file whose reader would refuse a value (a value outside the
        // labels' range is the rules' mistake: Internal).
        if (const absl::Status values_ok = CheckChanceValues(rules, s, values); !values_ok.ok()) {
          return absl::InternalError(absl::StrCat(
              "the solve made a value the file's reader refuses (outside the labels() "
              "least_value to greatest_value, or no finite number): ",
              values_ok.message()));
        }
      }
      if (finishing.valid()) RETRO_RETURN_IF_ERROR(finishing.get());
      if (FinishesInBackground(rules, context)) {
        finishing = std::async(
            std::launch::async,
            [&out, checkpoint = context.checkpoint, name, restored = saved.has_value(),
             values = std::make_shared<const std::vector<double>>(
                 std::move(values))]() -> absl::Status {
              // The doubles' own bytes are the slice's encoding
              // (EncodeDoubles): handed over without a copy.
              const std::span<const uint8_t> encoded = DoubleBytes(*values);
              if (checkpoint != nullptr && !restored) {
                RETRO_RETURN_IF_ERROR(checkpoint->Save(name, encoded));
              }
              out.AddSliceView(name, encoded, values);
              return absl::OkStatus();
            });
        solved.emplace_back();  // no later slice reads the values
        continue;
      }
      std::vector<uint8_t> encoded = EncodeDoubles(values);
      if (context.checkpoint != nullptr && !saved.has_value()) {
        RETRO_RETURN_IF_ERROR(context.checkpoint->Save(name, encoded));
      }
      out.AddSlice(name, std::move(encoded));
      // A rank other than 0 of a distributed solve may hold no values (rank
      // 0 writes the file): it has no companions to build either.
      const bool holds_values = !values.empty() || rules.slice_size(s) == 0;
      if constexpr (HasCompanions<R>) {
        for (int k = 0; holds_values && k < rules.num_companions(); ++k) {
          RETRO_ASSIGN_OR_RETURN(std::vector<uint8_t> bytes,
                                 rules.BuildCompanion(s, k, values, context));
          out.AddSlice(rules.companion_name(s, k), std::move(bytes));
        }
      }
      // An empty vector keeps the slices' places when no later slice reads
      // the values (KeepsSolvedSlices).
      solved.push_back(KeepsSolvedSlices<R>() ? std::move(values) : std::vector<double>());
    }
    // The solver's tables go back to the system while the last slice is
    // being handed over.
    workspace = chance::Workspace();
    return finishing.valid() ? finishing.get() : absl::OkStatus();
  }

  absl::StatusOr<std::unique_ptr<OpenDatabase>> Open(const DatabaseFile& file) override {
    return OpenChanceDatabase<R>(info(), file);
  }

  absl::StatusOr<CheckResult> Check(const ParameterValues& values, const CheckOptions& options,
                                    const WorkContext& context) override {
    RETRO_ASSIGN_OR_RETURN(const R rules, RulesFor<R>(values));
    return CheckContract(ChanceCheckView<R>(rules), options, context.pool, context.progress);
  }

 private:
  // Whether a solved slice is checkpointed and handed to the builder on a
  // thread of its own while the next slice solves: in a
  // single process (a distributed checkpoint is collective), when no later
  // slice reads the values and the slice has no companions (built from the
  // values on the context's threads).
  static bool FinishesInBackground(const R& rules, const WorkContext& context) {
    if (context.communicator != nullptr && context.communicator->size() > 1) return false;
    if (KeepsSolvedSlices<R>()) return false;
    if constexpr (HasCompanions<R>) {
      if (rules.num_companions() > 0) return false;
    }
    return true;
  }
};

// The module a kit-built plugin's factory returns; `play` (optional) is the
// plugin's play capability (retro/play.h). Unconstrained on purpose: rules
// that lack a required member fail here with a message naming it
// (AssertChanceRules), not with the compiler's notes on a failed constraint.
template <typename R>
std::unique_ptr<GameModule> MakeChanceModule(
    GameInfo info, std::unique_ptr<PlayCapability> play = nullptr) {
  if constexpr (AssertChanceRules<R>()) {  // its static_asserts name what R lacks
    return std::make_unique<ChanceModule<R>>(std::move(info), std::move(play));
  } else {
    return nullptr;  // not reached: the static_asserts stop the build
  }
}

}  // namespace retro::kit

#endif  // RETRO_KIT_CHANCE_MODULE_H_
