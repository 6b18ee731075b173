// What a game adapter of the loopy win/draw/loss solver family
// (retro/solver/loopy_wdl_game.h) tells the solver about one position, read
// back for the contract checker (retro/contract/check_contract.h): the
// Describe report, and the predecessors over all parts of a partition.
// A game's checkable adapter (e.g. retro/kit/loopy_wdl_check_view.h) compares
// these with the rules' own moves, so the check tests exactly what the
// solver will see.
#ifndef RETRO_CONTRACT_LOOPY_WDL_ADAPTER_REPORT_H_
#define RETRO_CONTRACT_LOOPY_WDL_ADAPTER_REPORT_H_

#include <cstdint>
#include <string>

#include "absl/strings/str_cat.h"
#include "retro/format/wdl/wdl.h"

namespace retro {

// A position's Describe report.
struct LoopyWdlDescription {
  bool terminal = false;
  int in_slice_moves = 0;
  int conversions = 0;
};

namespace internal {

// The sink the solver passes to Describe, recording what it hears.
struct RecordingSink {
  LoopyWdlDescription* out;
  void Terminal(WdlOutcome) { out->terminal = true; }
  void InSliceMoves(int count) { out->in_slice_moves += count; }
  void Conversion(WdlOutcome) { ++out->conversions; }
};

}  // namespace internal

// Describe(index) of the solver adapter `game`.
template <typename SolverGame>
LoopyWdlDescription DescribeForCheck(const SolverGame& game, uint64_t index) {
  typename SolverGame::Scratch scratch{};
  LoopyWdlDescription description;
  internal::RecordingSink sink{&description};
  game.Describe(scratch, index, sink);
  return description;
}

// Calls visit(uint64_t predecessor) for the predecessors of `index` in every
// part of a partition into `parts`, as the solver's threads would.
template <typename SolverGame, typename Visit>
void ForEachPredecessorForCheck(const SolverGame& game, uint64_t index, int parts,
                                Visit&& visit) {
  typename SolverGame::Scratch scratch{};
  for (int part = 0; part < parts; ++part) {
    game.ForEachPredecessor(scratch, index, part, parts, visit);
  }
}

// "" when the report agrees with the rules: `moves` legal moves, of which
// `in_slice` stay in the slice. Terminal iff no move (a report of nothing is
// a loss in 0, also a terminal), in-slice moves counted exactly, and no more
// conversions than moves leaving the slice.
inline std::string LoopyWdlInconsistency(const LoopyWdlDescription& d, int moves,
                                         int in_slice) {
  const bool reports_nothing = !d.terminal && d.in_slice_moves == 0 && d.conversions == 0;
  if (moves == 0) {
    if (d.terminal || reports_nothing) return "";
    return absl::StrCat("no legal move, but the solver adapter reports ", d.in_slice_moves,
                        " in-slice move(s) and ", d.conversions, " conversion(s)");
  }
  if (d.terminal) {
    return absl::StrCat(moves, " legal move(s), but the solver adapter reports the game over");
  }
  if (d.in_slice_moves != in_slice) {
    return absl::StrCat(in_slice, " legal move(s) stay in the slice, but the solver adapter "
                        "counts ", d.in_slice_moves);
  }
  if (d.conversions > moves - in_slice) {
    return absl::StrCat(moves - in_slice, " legal move(s) leave the slice, but the solver "
                        "adapter reports ", d.conversions, " conversion(s)");
  }
  return "";
}

}  // namespace retro

#endif  // RETRO_CONTRACT_LOOPY_WDL_ADAPTER_REPORT_H_
