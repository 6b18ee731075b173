// The tic-tac-toe plugin's module: what `retro` calls once per command.
// Describe (name, parameters, notation), Plan (size of the work), Solve (the
// loopy win/draw/loss solver over every board), Open (a database file, see
// database.cc), Perft and Check (the contract checker, see contract.h).
// Exported with RETRO_PLUGIN at the bottom; this is the plugin's only file
// that includes retro/plugin.h (Boost.DLL headers are slow to compile).
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "contract.h"
#include "database.h"
#include "indexer.h"
#include "notation.h"
#include "position.h"
#include "retro/contract/check_contract.h"
#include "retro/plugin.h"
#include "retro/solver/loopy_wdl.h"
#include "solver_game.h"

namespace tictactoe {
namespace {

// The number of legal positions (5,478), for the plan.
uint64_t LegalPositions() {
  uint64_t count = 0;
  for (uint64_t index = 0; index < kIndexCount; ++index) {
    count += IsLegal(Unrank(index));
  }
  return count;
}

class TicTacToeModule : public retro::GameModule {
 public:
  TicTacToeModule() {
    description_.name = "tictactoe";
    description_.summary =
        "tic-tac-toe, the example plugin: every reachable position, "
        "win/draw/loss and plies to the end";
    description_.data_version = kDataVersion;
    // No parameters: there is one tic-tac-toe database. A game with
    // variants lists them here as retro::ParameterSpec (name, placeholder,
    // description, default, choices) and the host parses them.
    description_.solve_parameters = {};
    description_.probe_parameters = {};
    description_.position_syntax = absl::StrCat(
        "the rows top to bottom separated by '/', each cell x, o or . "
        "(x moves first), e.g. \"",
        kNotationExample, "\"");
    description_.supports_perft = true;
  }

  const retro::GameDescription& Describe() const override {
    return description_;
  }

  absl::StatusOr<retro::SolvePlan> Plan(
      const retro::ParameterValues&) const override {
    retro::SolvePlan plan;
    plan.default_file_name = "tictactoe.retro";
    plan.positions = LegalPositions();
    // The solver's value and move-counter bytes, and the finished table.
    plan.estimated_memory_bytes = 3 * kIndexCount;
    return plan;
  }

  absl::Status Solve(const retro::ParameterValues&,
                     const retro::WorkContext& context,
                     retro::DatabaseBuilder& out) override {
    absl::StatusOr<std::vector<uint8_t>> table =
        retro::solver::SolveLoopyWdl(SolverGame(), context);
    if (!table.ok()) return table.status();
    for (uint64_t index = 0; index < kIndexCount; ++index) {
      if (!IsLegal(Unrank(index))) (*table)[index] = kNotAPositionByte;
    }
    out.SetCodec(kCodec);
    out.AddSlice(kSliceName, std::move(*table));
    return absl::OkStatus();
  }

  absl::StatusOr<std::unique_ptr<retro::OpenDatabase>> Open(
      const retro::DatabaseFile& file) override {
    return OpenTicTacToeDatabase(file);
  }

  absl::StatusOr<uint64_t> Perft(const std::string& position, int depth,
                                 const retro::WorkContext&) override {
    absl::StatusOr<Position> root = ParsePosition(position);
    if (!root.ok()) return root.status();
    return tictactoe::Perft(*root, depth);
  }

  absl::StatusOr<retro::CheckResult> Check(const retro::ParameterValues&,
                                           const retro::CheckOptions& options,
                                           const retro::WorkContext& context) override {
    return retro::CheckContract(ContractGame(), options, context.pool, context.progress);
  }

 private:
  retro::GameDescription description_;
};

std::unique_ptr<retro::GameModule> CreateModule() {
  return std::make_unique<TicTacToeModule>();
}

}  // namespace
}  // namespace tictactoe

RETRO_PLUGIN(tictactoe::CreateModule)
