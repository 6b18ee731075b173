// The oware book as the contract checker sees it (retro::CheckableGame,
// retro/contract/checkable_game.h): slice n holds the boards with n seeds,
// ranked by the --indexer scheme; children come from the rules' move
// generator (a capture goes to a smaller slice). The finite-horizon solver
// builds its own reverse edges, so no take-backs are needed; instead the
// consistency hook compares what the solver adapter (OwareSolverGame::Expand)
// reports for each move, including incrementally ranked children, with the
// rules: the child's slice and rank, and the reward equal to the seeds it
// removes.
#ifndef PLUGINS_OWARE_CONTRACT_H_
#define PLUGINS_OWARE_CONTRACT_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "games/oware/board.h"
#include "games/oware/colex_indexer.h"
#include "games/oware/hash_indexer.h"
#include "games/oware/incremental_indexer.h"
#include "games/oware/lexicographic_indexer.h"
#include "games/oware/movegen.h"
#include "games/oware/notation.h"
#include "games/oware/pext_indexer.h"
#include "games/oware/rules.h"
#include "plugins/oware/solver_game.h"
#include "retro/contract/check_contract.h"
#include "retro/contract/checkable_game.h"
#include "retro/status_macros.h"

namespace retro::oware {

// The checkable view of the book of up to `max_seeds` seeds.
template <GrandSlam kGrandSlam, typename Indexer>
class ContractGame {
 public:
  using Position = Board;

  ContractGame(const Indexer& indexer, int max_seeds, AtLimit at_limit)
      : indexer_(indexer), max_seeds_(max_seeds), solver_(indexer, max_seeds, at_limit) {}

  int num_slices() const { return max_seeds_ + 1; }
  uint64_t slice_size(int seeds) const { return indexer_.Size(seeds); }
  std::string slice_name(int seeds) const {
    return absl::StrCat(seeds, seeds == 1 ? " seed" : " seeds");
  }
  Board Unrank(int seeds, uint64_t index) const { return indexer_.Unrank(seeds, index); }
  SliceIndex Rank(const Board& board) const {
    const int seeds = TotalSeeds(board);
    if (seeds > max_seeds_) return {seeds, 0};
    return {seeds, indexer_.Rank(board)};
  }
  bool IsPosition(const Board&) const { return true; }
  std::string Format(const Board& board) const { return FormatBoard(board); }
  absl::StatusOr<Board> Parse(const std::string& text) const {
    return ParseBoard(text);
  }

  template <typename Visit>
  void ForEachChild(const Board& board, Visit&& visit) const {
    Move moves[kMaxMoves];
    const int n = GenerateMoves<kGrandSlam>(board, moves);
    for (int m = 0; m < n; ++m) visit(moves[m].child);
  }
  // Seeds are never added: a move stays in its slice or captures.
  bool ChildSliceAllowed(int from, int to) const { return to <= from; }

  // Expand's moves against the rules'.
  std::string Inconsistency(const Board& board) const {
    const SliceIndex at = Rank(board);
    FiniteHorizonNode<OwareSolverGame<kGrandSlam, Indexer>::kMaxMoves> node;
    solver_.Expand(at.slice, at.index, node);
    Move moves[kMaxMoves];
    const int n = GenerateMoves<kGrandSlam>(board, moves);
    if (node.num_moves != n) {
      return absl::StrCat("the rules give ", n, " move(s), the solver adapter ",
                          node.num_moves);
    }
    for (int m = 0; m < n; ++m) {
      const SliceIndex child = Rank(moves[m].child);
      const auto& edge = node.moves[m];
      if (edge.slice != child.slice || edge.index != child.index) {
        return absl::StrCat("move ", m + 1, " (house ", moves[m].house + 1, ") leads to \"",
                            FormatBoard(moves[m].child), "\" (", child.slice, " seeds, index ",
                            child.index, "), but the solver adapter ranks it as ", edge.slice,
                            " seeds, index ", edge.index);
      }
      if (edge.reward != at.slice - child.slice) {
        return absl::StrCat("move ", m + 1, " (house ", moves[m].house + 1, ") removes ",
                            at.slice - child.slice, " seed(s) but is rewarded ", edge.reward);
      }
    }
    return "";
  }

 private:
  const Indexer& indexer_;
  int max_seeds_;
  OwareSolverGame<kGrandSlam, Indexer> solver_;
};

// Checks the book of `seeds` seeds under `rules` with the scheme named
// `indexer_name` (one of the plugin's --indexer choices).
inline absl::StatusOr<CheckResult> CheckOwareContract(int seeds, const Rules& rules,
                                                      std::string_view indexer_name,
                                                      const CheckOptions& options,
                                                      ThreadPool* pool, Progress* progress) {
  auto with_indexer = [&]<typename Indexer>() -> absl::StatusOr<CheckResult> {
    RETRO_ASSIGN_OR_RETURN(const Indexer indexer, Indexer::Create(seeds));
    switch (rules.grand_slam) {
      case GrandSlam::kCapture:
        return CheckContract(ContractGame<GrandSlam::kCapture, Indexer>(indexer, seeds,
                                                                        rules.at_limit),
                             options, pool, progress);
      case GrandSlam::kForcedOnly:
        return CheckContract(ContractGame<GrandSlam::kForcedOnly, Indexer>(indexer, seeds,
                                                                           rules.at_limit),
                             options, pool, progress);
      case GrandSlam::kForfeit:
      default:
        return CheckContract(ContractGame<GrandSlam::kForfeit, Indexer>(indexer, seeds,
                                                                        rules.at_limit),
                             options, pool, progress);
    }
  };
  if (indexer_name == "lexicographic") {
    return with_indexer.template operator()<LexicographicIndexer>();
  }
  if (indexer_name == "pext") return with_indexer.template operator()<PextIndexer>();
  if (indexer_name == "incremental") {
    return with_indexer.template operator()<IncrementalIndexer>();
  }
  if (indexer_name == "hash") return with_indexer.template operator()<HashIndexer>();
  return with_indexer.template operator()<ColexIndexer>();
}

}  // namespace retro::oware

#endif  // PLUGINS_OWARE_CONTRACT_H_
