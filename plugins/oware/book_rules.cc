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
#include "plugins/oware/board_svg.h"
#include "plugins/oware/solver_game.h"
#include "retro/combinatorics.h"
#include "retro/kit/finite_horizon_words.h"
#include "retro/kit/size_estimates.h"
#include "retro/solver/change_log.h"
#include "retro/status_macros.h"
#include "retro/system_memory.h"

namespace retro::oware {
namespace {

// Changes stored per board of n seeds (a change is one layer at which a
// board's value differs from the layer before), measured with retro stats:
// about 0.054 n^2 up to 14 seeds, growing about linearly beyond (fitted to
// the 20-seed book), and at most one per layer 0..turn_limit.
double ChangesPerBoard(int n, int turn_limit) {
  const double changes = n <= 14 ? 0.054 * n * n : 0.054 * 196 + 1.3 * (n - 14);
  return std::min(changes, static_cast<double>(turn_limit) + 1);
}

// Bytes of the stored slice of n seeds while solving: per board a 2-byte
// start (and its share of the block table) and about 1.03 bytes a change
// (byte-coded: most changes are one code byte, a few escapes), plus the
// header and code table.
double SolvingSliceBytes(int n, int turn_limit) {
  return static_cast<double>(CompositionCount(n, kHouses)) *
             (2.125 + 1.03 * ChangesPerBoard(n, turn_limit)) +
         1300;
}

// Bytes of the slice of n seeds in the file (bit-coded): per board its
// share of the group starts (2 bytes a group of 4) and block table, and
// about 0.82 bytes a change (prefix codes, 12-seed book fitted), plus the
// header and code model.
double StoredSliceBytes(int n, int turn_limit) {
  return static_cast<double>(CompositionCount(n, kHouses)) *
             (0.51 + 0.82 * ChangesPerBoard(n, turn_limit)) +
         1300;
}

// The change log's bytes in memory while the slice of n seeds is solved:
// about 2.2 a change, up to what it holds before it spills to the scratch
// folder (solver::kChangeLogSpillBytes).
double LogBytesInMemory(int n, int turn_limit) {
  return std::min(static_cast<double>(solver::kChangeLogSpillBytes),
                  2.2 * ChangesPerBoard(n, turn_limit) *
                      static_cast<double>(CompositionCount(n, kHouses)));
}

// The memory model of a solve, fitted to the peak RSS of books of 14, 16
// and 20 seeds (docs/benchmarks.md): while the largest slice (N seeds) is
// solved, the finished stores of the smaller slices, plus its working set:
// about 51.5 bytes a board at 16 seeds, 67.5 at 20 (values, the records of
// children's values, outer terms and their events, edges both ways,
// offsets, the layer's changes and slot updates; boards with more seeds
// have more moves, more capture events and more changes a layer), its
// change log's memory, and 166 MB of other buffers (up to 64 MiB of freed
// heap kept for reuse, framework/cli/heap_reuse.h, among them); then a 5%
// margin. The 16- and 20-seed books peak at 1,140 MiB and 7.81 GiB, at the
// model before its margin and 1.6 bytes a board under it.
double WorkingBytesPerBoard(int seeds) { return 51.5 + 4.0 * std::max(0, seeds - 16); }
constexpr double kBufferBytes = 166e6;
constexpr double kMemoryMargin = 1.05;

uint64_t EstimateMemory(int seeds, int turn_limit) {
  double stored = 0;
  for (int n = 0; n < seeds; ++n) stored += SolvingSliceBytes(n, turn_limit);
  return static_cast<uint64_t>(
      kMemoryMargin * (stored + kBufferBytes + LogBytesInMemory(seeds, turn_limit) +
                       WorkingBytesPerBoard(seeds) * CompositionCount(seeds, kHouses)));
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
      {"turn-limit", "T", "plies in a whole game, 1..8388608; the book answers every t = 0..T",
       "200", {}},
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

// The file: every slice's store (StoredSliceBytes; checked within 10% of
// solved 9- and 11-seed books by book_test). With --layout fast,
// byte-coded stores take 1.4 to 1.8 times the bit-coded ones (measured:
// 1.44 at 20 seeds, 1.39 at 14, 1.82 at 9), counted as 1.5.
//
// Under mpirun each rank keeps its own range of the finished stores (its
// share, like the working memory), and every rank holds the V_{t-1} replica
// and reverse-edge offsets of the slice being solved (5 bytes a board of
// it). Rank 0 holds more, one slice at a time: to save a slice in the
// checkpoint, its whole byte-coded store (4 bytes a board of list lengths
// first), freed before the slice is coded; then the coded store, gathered
// from the ranks and written to a scratch file. What rank 0 holds beyond
// its share at the largest slice, the largest of those moments, with the
// memory model's margin.
kit::SizeEstimates BookRules::EstimateSizes(uint64_t available_bytes) const {
  const int turn_limit = rules_.turn_limit;
  double file = 0;
  for (int n = 0; n <= seeds_; ++n) file += StoredSliceBytes(n, turn_limit);
  const double boards = static_cast<double>(CompositionCount(seeds_, kHouses));
  const double replicated =
      kMemoryMargin * std::max({5.0 * boards, SolvingSliceBytes(seeds_, turn_limit) + 4.0 * boards,
                                StoredSliceBytes(seeds_, turn_limit)});
  const int largest = LargestThatFits(kMaxBookSeeds, available_bytes, [turn_limit](int seeds) {
    return EstimateMemory(seeds, turn_limit);
  });
  return {.memory_bytes = EstimateMemory(seeds_, turn_limit),
          .file_bytes = static_cast<uint64_t>(file),
          .fast_file_bytes = static_cast<uint64_t>(file) / 2 * 3,
          .replicated_memory_bytes = static_cast<uint64_t>(replicated),
          .what_fits = absl::StrCat("the largest book that fits is --seeds ", largest)};
}

std::string BookRules::Inconsistency(const Board& board) const {
  const SliceIndex at = Rank(board);
  FiniteHorizonNode<kMaxMoves> node;
  VisitSolverGame(rules_, colex_, seeds_,
                  [&](const auto& game) { game.Expand(at.slice, at.index, node); });
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

kit::FiniteHorizonWords BookRules::words() const {
  return {.reward = "captures", .slice_label = "seeds"};
}

std::string BookRules::RenderSvg(const Board& board) const { return BoardSvg(board); }

Board BookRules::StartPosition() const {
  Board board;
  for (int seed = 0; seed < seeds_; ++seed) ++board.houses[seed % kHouses];
  return board;
}

}  // namespace retro::oware
