// The oware book's rules for the finite-horizon kit: parameters, planning,
// the colex solver adapter's check, and how probe and stats read.
#include "plugins/oware/book_rules.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "games/oware/hash_indexer.h"
#include "games/oware/incremental_indexer.h"
#include "games/oware/lexicographic_indexer.h"
#include "games/oware/pext_indexer.h"
#include "plugins/oware/solver_game.h"
#include "retro/combinatorics.h"
#include "retro/status_macros.h"
#include "retro/system_memory.h"

namespace retro::oware {
namespace {

// The memory model of a solve, fitted to peak RSS measured on books of 9..18
// seeds (docs/games/oware.md): the finished stores of every slice, about
// 10 + 2.2 (N - 9) bytes per board (values change more often on bigger
// boards), plus the working set of the largest slice, about 100 + 3 (N - 14)
// bytes per board; then a 15% margin.
double BytesPerStoredBoard(int seeds) { return 10 + 2.2 * std::max(0, seeds - 9); }
double BytesPerWorkingBoard(int seeds) { return 100 + 3.0 * std::max(0, seeds - 14); }
constexpr double kMemoryMargin = 1.15;

uint64_t BookBoards(int seeds) {
  uint64_t total = 0;
  for (int n = 0; n <= seeds; ++n) total += CompositionCount(n, kHouses);
  return total;
}

uint64_t EstimateMemory(int seeds) {
  return static_cast<uint64_t>(
      kMemoryMargin * (BytesPerWorkingBoard(seeds) * CompositionCount(seeds, kHouses) +
                       BytesPerStoredBoard(seeds) * BookBoards(seeds)));
}

}  // namespace

std::string SliceName(int seeds) { return absl::StrCat("seeds-", seeds); }

int IndexerSeedLimit(std::string_view indexer) {
  if (indexer == "colex") return ColexIndexer::kMaxSeeds;
  if (indexer == "lexicographic") return LexicographicIndexer::kMaxSeeds;
  if (indexer == "pext") return PextIndexer::kMaxSeeds;
  if (indexer == "incremental") return IncrementalIndexer::kMaxSeeds;
  if (indexer == "hash") return HashIndexer::kMaxSeeds;
  return 0;
}

std::vector<ParameterSpec> BookRules::Parameters() {
  return {
      {"seeds", "N", "largest number of seeds on the board (1..48)", "9", {}},
      {"turn-limit", "T", "plies in a whole game; the book answers every t = 0..T", "200", {}},
      {"grand-slam", "RULE", "a move capturing all the opponent's seeds", "forfeit",
       {"forfeit", "capture", "forced-only"}},
      {"at-limit", "RULE", "who gets the seeds left at the turn limit", "nobody",
       {"nobody", "own-side"}},
  };
}

absl::StatusOr<BookRules> BookRules::Create(const ParameterValues& values) {
  RETRO_ASSIGN_OR_RETURN(const int64_t seeds, GetIntParameter(values, "seeds", 1, kMaxBookSeeds));
  RETRO_ASSIGN_OR_RETURN(const int64_t limit,
                         GetIntParameter(values, "turn-limit", 1, kMaxTurnLimit));
  Rules rules;
  rules.turn_limit = static_cast<int>(limit);
  // Errors name the parameter: a database header can hold any text.
  const auto named = [](std::string_view name, const absl::Status& status) {
    return absl::InvalidArgumentError(
        absl::StrCat("parameter ", std::string(name), ": ", std::string(status.message())));
  };
  absl::StatusOr<GrandSlam> grand_slam = ParseGrandSlam(values.at("grand-slam"));
  if (!grand_slam.ok()) return named("grand-slam", grand_slam.status());
  rules.grand_slam = *grand_slam;
  absl::StatusOr<AtLimit> at_limit = ParseAtLimit(values.at("at-limit"));
  if (!at_limit.ok()) return named("at-limit", at_limit.status());
  rules.at_limit = *at_limit;
  // A header's note of the scheme that solved it (absent on the command line).
  const std::string indexer = values.contains("indexer") ? values.at("indexer") : "colex";
  if (IndexerSeedLimit(indexer) == 0) {
    return absl::InvalidArgumentError(absl::StrCat("unknown indexer='", indexer,
                                                   "'; valid: colex, lexicographic, pext, "
                                                   "incremental, hash"));
  }
  if (seeds > IndexerSeedLimit(indexer)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "indexer='%s' ranks boards of at most %d seeds, but the book has %d",
        indexer, IndexerSeedLimit(indexer), seeds));
  }
  return BookRules(static_cast<int>(seeds), rules, indexer);
}

std::vector<std::pair<std::string, std::string>> BookRules::canonical_parameters() const {
  return {
      {"seeds", std::to_string(seeds_)},
      {"turn-limit", std::to_string(rules_.turn_limit)},
      {"grand-slam", std::string(GrandSlamName(rules_.grand_slam))},
      {"at-limit", std::string(AtLimitName(rules_.at_limit))},
      {"indexer", indexer_note_},
  };
}

std::string BookRules::default_file_name() const {
  std::string name = absl::StrCat("oware-", seeds_);
  if (rules_.turn_limit != 200) absl::StrAppend(&name, "-t", rules_.turn_limit);
  if (rules_.grand_slam != GrandSlam::kForfeit) {
    absl::StrAppend(&name, "-", GrandSlamName(rules_.grand_slam));
  }
  if (rules_.at_limit != AtLimit::kNobody) {
    absl::StrAppend(&name, "-", AtLimitName(rules_.at_limit));
  }
  return name + ".retro";
}

uint64_t BookRules::EstimateMemoryBytes() const { return EstimateMemory(seeds_); }

// About the size of the book file: per board a 2-byte start and its change
// entries (2 bytes each for turn limits up to 255, else 4). Changes per board
// were measured (retro stats) at 0.054 n^2 for n <= 14 seeds, growing about
// linearly beyond (fitted to the 20-seed book's 7.41 GiB; the model gives
// 2.72 MiB for 9 seeds against 2.80 measured, 187.6 MiB for 14 against 188.4).
uint64_t BookRules::EstimateFileBytes() const {
  const double entry_bytes = rules_.turn_limit <= 255 ? 2 : 4;
  double total = 0;
  for (int n = 0; n <= seeds_; ++n) {
    double changes = n <= 14 ? 0.054 * n * n : 0.054 * 196 + 1.3 * (n - 14);
    changes = std::min(changes, static_cast<double>(rules_.turn_limit) + 1);
    total += static_cast<double>(CompositionCount(n, kHouses)) * (2.125 + entry_bytes * changes) +
             192;
  }
  return static_cast<uint64_t>(total);
}

std::string BookRules::WhatFits(uint64_t available_bytes) const {
  return absl::StrCat("the largest book that fits is --seeds ",
                      LargestThatFits(kMaxBookSeeds, available_bytes, EstimateMemory));
}

std::string BookRules::SolverInconsistency(const Board& board) const {
  const SliceIndex at = Rank(board);
  FiniteHorizonNode<kMaxMoves> node;
  switch (rules_.grand_slam) {
    case GrandSlam::kCapture:
      OwareSolverGame<GrandSlam::kCapture, ColexIndexer>(colex_, seeds_, rules_.at_limit)
          .Expand(at.slice, at.index, node);
      break;
    case GrandSlam::kForcedOnly:
      OwareSolverGame<GrandSlam::kForcedOnly, ColexIndexer>(colex_, seeds_, rules_.at_limit)
          .Expand(at.slice, at.index, node);
      break;
    case GrandSlam::kForfeit:
    default:
      OwareSolverGame<GrandSlam::kForfeit, ColexIndexer>(colex_, seeds_, rules_.at_limit)
          .Expand(at.slice, at.index, node);
      break;
  }
  Move moves[kMaxMoves];
  const int n = GenerateMoves(board, rules_, moves);
  if (node.num_moves != n) {
    return absl::StrCat("the rules give ", n, " move(s), the solver adapter ", node.num_moves);
  }
  if (node.limit_value != LimitValue(board) || (n == 0 && node.terminal_value !=
                                                               TerminalValue(board))) {
    return absl::StrCat("the solver adapter values the board ", node.limit_value, " at t = 0 and ",
                        node.terminal_value, " without moves; the rules say ",
                        LimitValue(board), " and ", TerminalValue(board));
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

std::string BookRules::PositionNote(const Board& board) const {
  return absl::StrCat(TotalSeeds(board), " seeds");
}

std::string BookRules::StatsTitle() const {
  return absl::StrFormat("oware book: 0..%d seeds, turn limit %d, grand slam %s, at limit %s",
                         seeds_, rules_.turn_limit, GrandSlamName(rules_.grand_slam),
                         AtLimitName(rules_.at_limit));
}

}  // namespace retro::oware
