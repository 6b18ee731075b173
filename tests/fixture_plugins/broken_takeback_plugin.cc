// A test-only plugin whose solver adapter misses a take-back: "brokennim",
// a pile of 0..N tokens, a move takes 1 or 2, solved with the loopy
// win/draw/loss solver whose ForEachPredecessor forgets the move 9 -> 7.
// The solver then returns wrong values without an error; `retro check`, and
// the quick check `retro solve` runs first, must refuse it, naming pile 9.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "retro/contract/check_contract.h"
#include "retro/contract/loopy_wdl_adapter_report.h"
#include "retro/plugin.h"
#include "retro/solver/loopy_wdl.h"
#include "retro/status_macros.h"

namespace retro::brokennim {
namespace {

// The solver adapter, with the missing take-back.
class SolverGame {
 public:
  struct Scratch {};
  explicit SolverGame(uint64_t tokens) : tokens_(tokens) {}
  uint64_t size() const { return tokens_ + 1; }
  template <typename Sink>
  void Describe(Scratch&, uint64_t pile, Sink& sink) const {
    if (pile == 0) return sink.Terminal(WdlOutcome::Loss(0));
    sink.InSliceMoves(static_cast<int>(std::min<uint64_t>(pile, 2)));
  }
  template <typename Visit>
  void ForEachPredecessor(Scratch&, uint64_t pile, int part, int parts, Visit&& visit) const {
    for (uint64_t take = 1; take <= 2 && pile + take <= tokens_; ++take) {
      if (pile == 7 && take == 2) continue;  // the defect
      if (static_cast<int>((pile + take) % parts) == part) visit(pile + take);
    }
  }

 private:
  uint64_t tokens_;
};

// The checkable view: the rules' moves, the solver's take-backs.
class ContractGame {
 public:
  using Position = uint64_t;
  explicit ContractGame(uint64_t tokens) : solver_(tokens) {}
  int num_slices() const { return 1; }
  uint64_t slice_size(int) const { return solver_.size(); }
  std::string slice_name(int) const { return "piles"; }
  Position Unrank(int, uint64_t index) const { return index; }
  SliceIndex Rank(Position pile) const { return {0, pile}; }
  bool IsPosition(Position) const { return true; }
  std::string Format(Position pile) const { return absl::StrCat(pile); }
  absl::StatusOr<Position> Parse(const std::string& text) const {
    uint64_t pile = 0;
    if (!absl::SimpleAtoi(text, &pile)) {
      return absl::InvalidArgumentError("not a pile");
    }
    return pile;
  }
  template <typename Visit>
  void ForEachChild(Position pile, Visit&& visit) const {
    for (uint64_t take = 1; take <= 2 && take <= pile; ++take) visit(pile - take);
  }
  bool ChildSliceAllowed(int from, int to) const { return from == to; }
  template <typename Visit>
  void ForEachParent(Position pile, Visit&& visit) const {
    ForEachPredecessorForCheck(solver_, pile, 2, visit);
  }
  std::string Inconsistency(Position pile) const {
    const int moves = static_cast<int>(std::min<uint64_t>(pile, 2));
    return LoopyWdlInconsistency(DescribeForCheck(solver_, pile), moves, moves);
  }

 private:
  SolverGame solver_;
};

class BrokenNimModule : public GameModule {
 public:
  BrokenNimModule() {
    description_.name = "brokennim";
    description_.summary = "test game with a missing take-back (the checker must refuse it)";
    description_.solve_parameters = {{"tokens", "N", "largest pile", "20", {}}};
    description_.position_syntax = "a pile size, e.g. 9";
  }
  const GameDescription& Describe() const override { return description_; }
  absl::StatusOr<SolvePlan> Plan(const ParameterValues& values, const PlanContext&) const override {
    RETRO_ASSIGN_OR_RETURN(const int64_t tokens, GetIntParameter(values, "tokens", 0, 1000));
    SolvePlan plan;
    plan.canonical_parameters = {{"tokens", absl::StrCat(tokens)}};
    plan.default_file_name = absl::StrCat("brokennim-", tokens, ".retro");
    plan.positions = tokens + 1;
    return plan;
  }
  absl::Status Solve(const ParameterValues& values, const WorkContext& context,
                     DatabaseBuilder& out) override {
    RETRO_ASSIGN_OR_RETURN(const int64_t tokens, GetIntParameter(values, "tokens", 0, 1000));
    RETRO_ASSIGN_OR_RETURN(std::vector<uint8_t> table,
                           solver::SolveLoopyWdl(SolverGame(tokens), solver::ContextOf(context)));
    out.SetCodec("brokennim-wdl-byte");
    out.AddSlice("piles", std::move(table));
    return absl::OkStatus();
  }
  absl::StatusOr<std::unique_ptr<OpenDatabase>> Open(const DatabaseFile&) override {
    return absl::UnimplementedError("brokennim databases are not readable");
  }
  absl::StatusOr<CheckResult> Check(const ParameterValues& values, const CheckOptions& options,
                                    const WorkContext& context) override {
    RETRO_ASSIGN_OR_RETURN(const int64_t tokens, GetIntParameter(values, "tokens", 0, 1000));
    return CheckContract(ContractGame(tokens), options, context.pool, context.progress);
  }

 private:
  GameDescription description_;
};

std::unique_ptr<GameModule> CreateModule() { return std::make_unique<BrokenNimModule>(); }

}  // namespace
}  // namespace retro::brokennim

RETRO_PLUGIN(retro::brokennim::CreateModule)
