// Surakarta's tables as the contract checker sees them (retro::CheckableGame,
// retro/contract/checkable_game.h): slice n - 1 holds the n-piece table
// numbered by `Scheme` (FuChouIndexer, or SymmetricIndexer numbering classes
// under the 8 board symmetries). Children come from the game's own move
// generator (steps stay in the table, captures go to the table below);
// take-backs and move counts come from the loopy solver adapter the plugin
// solves with (TableSlice for FuChou, SchemeTableSlice for a scheme), so the
// check tests exactly the predecessors the solver walks. A scheme that
// numbers classes counts each distinct in-table child class once, as the
// solver does.
// Captures lead to draws (a scheme's adapter reads no table; FuChou's reads
// a draw-filled stand-in of the smaller table): the check concerns counts
// and edges, not values.
#ifndef PLUGINS_SURAKARTA_CONTRACT_H_
#define PLUGINS_SURAKARTA_CONTRACT_H_

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "games/surakarta/board.h"
#include "games/surakarta/fuchou_indexer.h"
#include "games/surakarta/no_move_rule.h"
#include "games/surakarta/notation.h"
#include "games/surakarta/position.h"
#include "plugins/surakarta/scheme_table_slice.h"
#include "plugins/surakarta/table_slice.h"
#include "retro/contract/checkable_game.h"
#include "retro/contract/loopy_wdl_adapter_report.h"
#include "retro/format/wdl/wdl.h"

namespace retro::surakarta {

// The checkable view of the tables of 1..max_pieces pieces.
template <typename Scheme>
class ContractGame {
 public:
  using Position = surakarta::Position;
  // The solver adapter the plugin uses for the scheme (FuChou's, TableSlice,
  // reads the draw-filled tables `draws_`).
  static constexpr bool kFuChou = std::is_same_v<Scheme, FuChouIndexer>;
  using Solver = std::conditional_t<kFuChou, TableSlice, SchemeTableSlice<Scheme>>;
  // The scheme of n pieces, for n = 0..max_pieces.
  using SchemeOf = std::function<const Scheme&(int pieces)>;

  // Builds its own schemes, or shares those `scheme_of` gives (which must
  // outlive the game): the rules' indexers, built once for solving and
  // checking alike (the 9-piece symmetric one takes 0.95 GB).
  ContractGame(int max_pieces, NoMoveRule rule, const SchemeOf& scheme_of = nullptr) {
    for (int n = 0; n <= max_pieces; ++n) {
      if (scheme_of) {
        by_pieces_.push_back(&scheme_of(n));
      } else {
        owned_.push_back(std::make_unique<Scheme>(*Scheme::Create(n)));
        by_pieces_.push_back(owned_.back().get());
      }
    }
    for (int n = 1; n <= max_pieces; ++n) {
      if constexpr (kFuChou) {
        draws_.push_back(std::make_unique<std::vector<uint8_t>>(
            n > 1 ? by_pieces_[n - 1]->Size() : 0, EncodeWdl(WdlOutcome::Draw())));
        solvers_.push_back(std::make_unique<Solver>(n, rule, draws_.back().get()));
      } else {
        solvers_.push_back(
            std::make_unique<Solver>(*by_pieces_[n], *by_pieces_[n - 1], rule, nullptr));
      }
    }
  }

  int num_slices() const { return static_cast<int>(solvers_.size()); }
  uint64_t slice_size(int slice) const { return scheme(slice).Size(); }
  std::string slice_name(int slice) const {
    return absl::StrCat(slice + 1, slice == 0 ? " piece" : " pieces");
  }
  Position Unrank(int slice, uint64_t index) const { return scheme(slice).Unrank(index); }
  SliceIndex Rank(const Position& p) const {
    const int slice = PopCount(p.us | p.them) - 1;
    if (slice < 0 || slice >= num_slices()) return {slice, 0};
    return {slice, scheme(slice).Rank(p.us, p.them)};
  }
  bool IsPosition(const Position&) const { return true; }
  std::string Format(const Position& p) const { return FormatPosition(p); }
  absl::StatusOr<Position> Parse(const std::string& text) const { return ParsePosition(text); }

  // The game's moves; none once a side has no pieces (the game is over).
  // Under a class-numbering scheme, one in-slice child per distinct class
  // (as the solver counts them); every capture.
  template <typename Visit>
  void ForEachChild(const Position& p, Visit&& visit) const {
    if (p.us == 0 || p.them == 0) return;
    MoveList moves;
    GenerateMoves(p, moves);
    const int slice = PopCount(p.us | p.them) - 1;
    std::vector<SliceIndex> seen;  // the in-slice children's classes visited
    for (const Move& m : moves) {
      const Position child = PlayMove(p, m);
      if constexpr (kIndexesClassesOf<Scheme>) {
        const SliceIndex at = Rank(child);
        if (at.slice == slice) {
          if (std::find(seen.begin(), seen.end(), at) != seen.end()) continue;
          seen.push_back(at);
        }
      }
      visit(child);
    }
  }
  // Steps stay in the table; a capture takes one piece off.
  bool ChildSliceAllowed(int from, int to) const { return to == from || to == from - 1; }

  // The solver's predecessors, over three parts of its partition.
  template <typename Visit>
  void ForEachParent(const Position& p, Visit&& visit) const {
    const SliceIndex at = Rank(p);
    ForEachPredecessorForCheck(*solvers_[at.slice], at.index, 3,
                               [&](uint64_t q) { visit(Unrank(at.slice, q)); });
  }

  // The solver's Describe against the game's moves.
  std::string Inconsistency(const Position& p) const {
    const SliceIndex at = Rank(p);
    int moves = 0;
    int in_slice = 0;
    ForEachChild(p, [&](const Position& c) {
      ++moves;
      in_slice += Rank(c).slice == at.slice;
    });
    return LoopyWdlInconsistency(DescribeForCheck(*solvers_[at.slice], at.index), moves, in_slice);
  }

 private:
  const Scheme& scheme(int slice) const { return *by_pieces_[slice + 1]; }

  std::vector<std::unique_ptr<Scheme>> owned_;
  std::vector<const Scheme*> by_pieces_;  // n = 0..max_pieces
  std::vector<std::unique_ptr<std::vector<uint8_t>>> draws_;
  std::vector<std::unique_ptr<Solver>> solvers_;
};

static_assert(CheckableGame<ContractGame<FuChouIndexer>>);

}  // namespace retro::surakarta

#endif  // PLUGINS_SURAKARTA_CONTRACT_H_
