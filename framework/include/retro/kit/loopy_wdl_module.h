// The loopy win/draw/loss kit: a whole game plugin (retro::GameModule) from a
// game's rules (the concept LoopyWdlRules, retro/kit/loopy_wdl_rules.h) and
// its identity (retro/kit/game_info.h). The kit plans the work, solves every
// slice in order with the loopy solver (retro/solver/loopy_wdl.h), writes the
// database (layout in retro/kit/loopy_wdl_database.h), opens it for probe,
// stats and verify, counts perft, and checks the rules' contract
// (retro/contract/check_contract.h). Finished slices are restored from and
// saved to the host's checkpoint (retro/checkpoint.h), and the slice in
// progress is snapshot at the checkpoint's interval, so that a killed solve
// resumes. The kit's own solve parameter --layout (retro/kit/layout.h)
// chooses raw or block-compressed slices. A plugin's module.cc is then:
//
//   std::unique_ptr<retro::GameModule> CreateModule() {
//     return retro::kit::MakeLoopyWdlModule<MyRules>({.name = "mygame", ...});
//   }
//   RETRO_PLUGIN(CreateModule)
#ifndef RETRO_KIT_LOOPY_WDL_MODULE_H_
#define RETRO_KIT_LOOPY_WDL_MODULE_H_

#include <concepts>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/checkpoint.h"
#include "retro/contract/check_contract.h"
#include "retro/format/wdl/write/compressed_slice_writer.h"
#include "retro/game_module.h"
#include "retro/human_numbers.h"
#include "retro/kit/forward_predecessors.h"
#include "retro/kit/game_info.h"
#include "retro/kit/kit_module.h"
#include "retro/kit/layout.h"
#include "retro/kit/loopy_wdl_check_view.h"
#include "retro/kit/loopy_wdl_database.h"
#include "retro/kit/loopy_wdl_plays.h"
#include "retro/kit/loopy_wdl_position_count.h"
#include "retro/kit/loopy_wdl_rules.h"
#include "retro/kit/loopy_wdl_solve_view.h"
#include "retro/kit/rules_parameters.h"
#include "retro/solver/loopy_wdl.h"
#include "retro/solver/solve_context.h"
#include "retro/status_macros.h"
#include "retro/system_memory.h"

namespace retro::kit {

// Slice `slice` of `rules` solved through the kit's view (LoopyWdlSolveView),
// given the finished tables of the slices before it, as the module solves a
// game without SolveSlice: rules without take-backs first list the slice's
// predecessors (forward_predecessors.h; every rank of a distributed solve
// lists all of them), their parent array kept as `list_options` say.
template <LoopyWdlRules R>
absl::StatusOr<std::vector<uint8_t>> SolveSliceThroughView(
    const R& rules, int slice, std::span<const std::vector<uint8_t>> tables,
    const solver::SolveContext& context, const solver::PredecessorListsOptions& list_options) {
  std::optional<solver::PredecessorLists> lists;
  if constexpr (!HasTakeBacks<R>) {
    if (context.progress != nullptr) {
      context.progress->SetLabel(absl::StrCat(rules.slice_name(slice), ": listing predecessors"));
    }
    solver::internal::ContextPool pool(context);
    RETRO_ASSIGN_OR_RETURN(lists,
                           BuildForwardPredecessors(rules, slice, pool.get(), list_options));
    if (context.progress != nullptr) {
      context.progress->SetLabel(
          absl::StrCat(rules.slice_name(slice),
                       lists->parents_on_disk() ? " (predecessors in a scratch file)" : ""));
    }
  }
  const LoopyWdlSolveView<R> view(rules, slice, tables, lists ? &*lists : nullptr);
  absl::StatusOr<std::vector<uint8_t>> table = solver::SolveLoopyWdl(view, context);
  if (table.ok() && !view.ContractViolation().empty()) {
    return absl::InternalError(view.ContractViolation());
  }
  return table;
}

// The GameModule of game R.
template <LoopyWdlRules R>
class LoopyWdlModule : public KitModule {
 public:
  explicit LoopyWdlModule(GameInfo info, std::unique_ptr<PlayCapability> play = nullptr)
      : KitModule(info, KitDescription<R>(info), std::move(play)) {
    static_assert(AssertLoopyWdlRules<R>());
    // The kit's own: how the slices are written (layout.h).
    description().solve_parameters.push_back(kRecordLayout.Spec());
    description().supports_perft = true;
  }

  absl::StatusOr<SolvePlan> Plan(const ParameterValues& values,
                                 const PlanContext& context) const override {
    RETRO_ASSIGN_OR_RETURN(const R rules, RulesFor<R>(GameValues(values)));
    SolvePlan plan = NamedPlan(rules, values, &kRecordLayout);
    const SliceSizes sizes = SliceSizesOf(rules);
    // Positions, not indices: the rules' count, else counted as stats
    // counts them (loopy_wdl_position_count.h).
    const SizeEstimates own = SizeEstimatesOf(rules, context.available_memory_bytes);
    plan.positions = own.positions > 0 ? own.positions : CountLoopyWdlPositions(rules);
    // The finished tables (kept for conversions, then handed to the
    // builder), plus the solver's value and counter bytes of one slice,
    // plus, for rules without take-backs, the largest slice's predecessor
    // lists (their parent array in a scratch file when it would not fit).
    plan.estimated_memory_bytes = TableBytes(sizes);
    const uint64_t lists = ListBytesInMemory(rules, plan.estimated_memory_bytes,
                                             context.available_memory_bytes);
    plan.estimated_memory_bytes += lists;
    plan.estimated_file_bytes = sizes.records;
    UseRulesEstimates(own, /*fast_layout=*/false, plan);
    // Compressed slices take 7 to 16 % of the bytes (docs/benchmarks.md);
    // a generous eighth, so that the free-space check does not refuse a
    // solve that fits.
    if (kRecordLayout.Wants(values, kSmallLayout)) plan.estimated_file_bytes /= 8;
    // Distributed: the finished tables are every rank's (and whatever else
    // the rules say every rank builds); the solver's bytes of a slice are
    // split.
    FinishPlan(context, own, 2 * plan.estimated_file_bytes + lists, plan);
    return plan;
  }

  absl::Status Solve(const ParameterValues& values, const WorkContext& context,
                     DatabaseBuilder& out) override {
    RETRO_ASSIGN_OR_RETURN(const R rules, RulesFor<R>(GameValues(values)));
    std::vector<std::vector<uint8_t>> tables;
    for (int s = 0; s < rules.num_slices(); ++s) {
      const std::string name = rules.slice_name(s);
      context.progress->SetLabel(name);
      // A slice an earlier, killed run finished (retro/checkpoint.h),
      // checked as the database reader checks a slice of a file.
      if (context.checkpoint != nullptr) {
        RETRO_ASSIGN_OR_RETURN(
            std::optional<std::vector<uint8_t>> saved,
            context.checkpoint->Restore(name, [&rules, s](std::span<const uint8_t> bytes) {
              return LoopyWdlTables<R>::CheckSlice(rules, s, bytes);
            }));
        if (saved.has_value()) {
          tables.push_back(std::move(*saved));
          context.checkpoint->DiscardSnapshot(name);  // killed before it was dropped
          continue;
        }
      }
      // Snapshots inside the slice, at the checkpoint's interval.
      solver::SolveContext slice_context = solver::ContextOf(context);
      std::unique_ptr<solver::SliceSnapshots> snapshots;
      if (context.checkpoint != nullptr) {
        snapshots = context.checkpoint->SnapshotsOf(name);
        slice_context.snapshots = snapshots.get();
      }
      absl::StatusOr<std::vector<uint8_t>> table;
      if constexpr (HasOwnSliceSolver<R>) {
        table = rules.SolveSlice(s, tables, slice_context);
      } else {
        table = SolveSliceThroughView(rules, s, tables, slice_context,
                                      ListOptions(rules, context));
      }
      if (!table.ok()) return table.status();
      if (!IndexTraitsOf(rules).every_index_is_a_position) {
        MarkNonPositions(rules, s, *table, context);
      }
      if (context.checkpoint != nullptr) {
        RETRO_RETURN_IF_ERROR(context.checkpoint->Save(name, *table));
        context.checkpoint->DiscardSnapshot(name);
      }
      tables.push_back(*std::move(table));
    }
    out.SetCodec(CodecOf(rules, info()));
    if (kRecordLayout.Wants(values, kSmallLayout)) {
      return AddCompressedSlices(rules, tables, context, out);
    }
    for (int s = 0; s < rules.num_slices(); ++s) {
      out.AddSlice(rules.slice_name(s), std::move(tables[s]));
    }
    return absl::OkStatus();
  }

  absl::StatusOr<std::unique_ptr<OpenDatabase>> Open(const DatabaseFile& file) override {
    return OpenLoopyWdlDatabase<R>(info(), file);
  }

  // Perft under the rules of `values`.
  absl::StatusOr<uint64_t> Perft(const ParameterValues& values, const std::string& position,
                                 int depth, const WorkContext&) override {
    RETRO_ASSIGN_OR_RETURN(const R rules, RulesFor<R>(GameValues(values)));
    RETRO_ASSIGN_OR_RETURN(const typename R::Position root, rules.Parse(position));
    // The plays, as every loopy file reads them (loopy_wdl_plays.h).
    const LoopyWdlPlays<R> plays(rules);
    return CountLeaves(plays, root, depth,
                       [&](const typename R::Position& p) { return plays.Outcome(p).has_value(); });
  }

  absl::StatusOr<CheckResult> Check(const ParameterValues& values, const CheckOptions& options,
                                    const WorkContext& context) override {
    RETRO_ASSIGN_OR_RETURN(const R rules, RulesFor<R>(GameValues(values)));
    return CheckContract(LoopyWdlCheckView<R>(rules), options, context.pool,
                         context.progress);
  }

 private:
  // Adds every table to `out` block-compressed (--layout small), freeing
  // each table once compressed.
  static absl::Status AddCompressedSlices(const R& rules, std::vector<std::vector<uint8_t>>& tables,
                                          const WorkContext& context, DatabaseBuilder& out) {
    uint64_t records = 0;
    for (const std::vector<uint8_t>& table : tables) records += table.size();
    context.progress->StartPhase("compressing", records);
    for (int s = 0; s < rules.num_slices(); ++s) {
      context.progress->SetLabel(absl::StrCat("compressing ", rules.slice_name(s)));
      RETRO_ASSIGN_OR_RETURN(std::vector<uint8_t> slice,
                             CompressSlice(tables[s], *context.pool, context.progress));
      std::vector<uint8_t>().swap(tables[s]);
      out.AddSlice(rules.slice_name(s), std::move(slice));
    }
    return absl::OkStatus();
  }

  // Marks the indices of `table` that are no position.
  static void MarkNonPositions(const R& rules, int slice, std::vector<uint8_t>& table,
                               const WorkContext& context) {
    context.pool->ParallelFor(0, table.size(), 1 << 14, [&](int, uint64_t begin, uint64_t end) {
      for (uint64_t index = begin; index < end; ++index) {
        if (!rules.IsPosition(rules.Unrank(slice, index))) table[index] = kNotAPositionByte;
      }
    });
  }

  // The finished tables, plus the solver's value and counter bytes of the
  // largest slice.
  static uint64_t TableBytes(const SliceSizes& sizes) {
    return 2 * sizes.records + 2 * sizes.largest;
  }

  // Of the largest slice's predecessor lists (none with take-backs), the
  // bytes held in memory beside `other` bytes: all of them when they fit
  // `available` (0: unknown), else the list ends alone, the parent array
  // going to a scratch file.
  static uint64_t ListBytesInMemory(const R& rules, uint64_t other, uint64_t available) {
    const ForwardPredecessorBytes lists = EstimateForwardPredecessorBytes(rules);
    if (available == 0 || other + lists.ends + lists.parents <= available) {
      return lists.ends + lists.parents;
    }
    return lists.ends;
  }

  // Where a slice's parent array goes: in memory while it fits what this
  // machine has beside the tables and the list ends, else in a scratch file
  // in the solve's scratch folder (in memory when there is none).
  static solver::PredecessorListsOptions ListOptions(const R& rules, const WorkContext& context) {
    const SliceSizes sizes = SliceSizesOf(rules);
    const uint64_t available = AvailableMemoryBytes();
    const uint64_t used = TableBytes(sizes) + 8 * sizes.largest;  // tables, solver, list ends
    solver::PredecessorListsOptions options;
    options.scratch_directory = context.scratch_directory;
    if (available != 0) options.memory_budget_bytes = available > used ? available - used : 1;
    return options;
  }
};

// The module a kit-built plugin's factory returns; `play` (optional) is the
// plugin's play capability (retro/play.h). Unconstrained on purpose: rules
// that lack a required member fail here with a message naming it
// (AssertLoopyWdlRules), not with the compiler's notes on a failed constraint.
template <typename R>
std::unique_ptr<GameModule> MakeLoopyWdlModule(
    GameInfo info, std::unique_ptr<PlayCapability> play = nullptr) {
  if constexpr (AssertLoopyWdlRules<R>()) {  // its static_asserts name what R lacks
    return std::make_unique<LoopyWdlModule<R>>(std::move(info), std::move(play));
  } else {
    return nullptr;  // not reached: the static_asserts stop the build
  }
}

}  // namespace retro::kit

#endif  // RETRO_KIT_LOOPY_WDL_MODULE_H_
