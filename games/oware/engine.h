// A whole-game oware engine: iterative-deepening negamax alpha-beta (fail-soft)
// with a transposition table, move ordering (table move, then captures by
// size, then a history heuristic), a node and time budget, and probing of an
// endgame oracle (an opened book, plugins/oware/book_oracle.h) at every node
// below the root whose board holds at most the oracle's seeds: the book's
// exact outcome replaces the search below that node.
//
//   EngineOptions options;                       // abapa, 200 plies, material
//   options.evaluation = EvaluationKind::kEvolvedDepth5;
//   Engine<BookOracle> engine(options, oracle);  // or Engine<> without a book
//   SearchLimits limits;
//   limits.max_nodes = 1'000'000;
//   SearchResult r = engine.Search(position, limits);
//   position = position.Play(...r.best_move...);
//
// Values (search_value.h) are from the side to move's view. A node ends the
// search with a proven value when the game is over there (FinalDifference in
// position.h) or the oracle covers its board: final difference = current
// score difference + the book's net value. A leaf at the depth horizon gets
// the heuristic evaluation. A value computed from proven leaves only is
// stored in the table as valid at any depth; when a whole iteration used only
// proven values, the root result is exact (SearchResult::exact) and the
// search stops.
//
// What is exact: without the majority stop (GameRules::majority_ends_game =
// false) an exact value is the final score difference under perfect play.
// With it, the book's value is that of the game played to the end ("the
// book maximises the net score and ignores the 25-seed stop"), so a book leaf
// gives the exact win, draw or loss (sign of the difference) but not the
// margin the stopped game would end with; an exact root value then has the
// exact sign. (A side that can force a final difference d > 0 in the
// continued game wins the stopped one: the opponent reaching a majority would
// contradict d > 0.)
//
// Search keeps its transposition table and history between calls; results
// are deterministic for a given sequence of calls with node budgets only
// (a new engine for a fresh start). No allocation per node.
#ifndef GAMES_OWARE_ENGINE_H_
#define GAMES_OWARE_ENGINE_H_

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "games/oware/board.h"
#include "games/oware/endgame_oracle.h"
#include "games/oware/evaluation.h"
#include "games/oware/movegen.h"
#include "games/oware/position.h"
#include "games/oware/rules.h"
#include "games/oware/search_value.h"
#include "games/oware/transposition_table.h"

namespace retro::oware {

// Deepest iteration the engine searches.
inline constexpr int kMaxSearchDepth = 100;

// How the engine plays: the game's rules, the leaf evaluation, the table size.
struct EngineOptions {
  GameRules game;
  EvaluationKind evaluation = EvaluationKind::kMaterial;
  size_t table_megabytes = 16;
};

// When a search stops: after the iteration of max_depth plies, or when the
// node or time budget runs out (0 = none). The budget is checked at every
// node (time every 1024 nodes) except in the first iteration, which always
// completes so that there is a move; the result is that of the last completed
// iteration.
struct SearchLimits {
  int max_depth = kMaxSearchDepth;
  uint64_t max_nodes = 0;
  double max_seconds = 0;
};

// The outcome of a search.
struct SearchResult {
  // House to play, 0..5; -1 if the game is over at the root.
  int best_move = -1;
  // Value for the side to move (search_value.h scale).
  int value = 0;
  // True if `value` rests on proven values only (see engine.h).
  bool exact = false;
  // Depth of the last completed iteration (0 if the game is over).
  int depth = 0;
  // Principal variation of that iteration, houses from the root.
  std::vector<int> pv;
  // Nodes visited and oracle hits in the whole search (every iteration).
  uint64_t nodes = 0;
  uint64_t book_hits = 0;
  double seconds = 0;

  // The final score difference (mover minus opponent) when exact.
  std::optional<int> final_difference() const {
    if (!exact) return std::nullopt;
    return ProvenDifference(value);
  }
};

template <EndgameOracle Oracle = NoOracle>
class Engine {
 public:
  explicit Engine(const EngineOptions& options, Oracle oracle = Oracle())
      : options_(options),
        oracle_(std::move(oracle)),
        evaluation_(options.evaluation, options.game.rules.grand_slam),
        table_(options.table_megabytes) {}

  // Searches `root` (a position valid under ValidatePosition) for its side to
  // move.
  SearchResult Search(const Position& root, const SearchLimits& limits) {
    return VisitGrandSlam(options_.game.rules.grand_slam,
                          [&](auto rule) { return Run<decltype(rule)::value>(root, limits); });
  }

 private:
  using Clock = std::chrono::steady_clock;
  static constexpr int kNoMove = 255;

  template <GrandSlam kGrandSlam>
  SearchResult Run(const Position& root, const SearchLimits& limits) {
    const Clock::time_point start = Clock::now();
    SearchResult result;
    nodes_ = book_hits_ = 0;
    aborted_ = false;
    enforce_budget_ = false;
    max_nodes_ = limits.max_nodes;
    deadline_ = limits.max_seconds > 0
                    ? start + std::chrono::duration_cast<Clock::duration>(
                                  std::chrono::duration<double>(limits.max_seconds))
                    : Clock::time_point::max();
    total_seeds_ = root.TotalGameSeeds();
    for (int& h : history_) h /= 2;

    if (std::optional<int> end = FinalDifference(root, options_.game)) {
      result.value = ProvenValue(*end);
      result.exact = true;
      result.seconds = Seconds(start);
      return result;
    }
    const int max_depth =
        std::clamp(std::min(limits.max_depth, PliesLeft(root, options_.game)), 1, kMaxSearchDepth);
    for (int depth = 1; depth <= max_depth; ++depth) {
      inexact_ = 0;
      const int value = Negamax<kGrandSlam>(root, -kInfinity, kInfinity, depth, 0, true);
      if (aborted_) break;
      result.value = value;
      result.depth = depth;
      result.exact = inexact_ == 0;
      result.best_move = root_move_;
      result.pv.assign(pv_[0], pv_[0] + pv_length_[0]);
      enforce_budget_ = true;
      if (result.exact) break;
    }
    result.nodes = nodes_;
    result.book_hits = book_hits_;
    result.seconds = Seconds(start);
    return result;
  }

  static double Seconds(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
  }

  // True (and the search aborts) when the budget has run out.
  bool OutOfBudget() {
    if (!enforce_budget_) return false;
    if (max_nodes_ != 0 && nodes_ >= max_nodes_) return aborted_ = true;
    if ((nodes_ & 1023) == 0 && deadline_ != Clock::time_point::max() &&
        Clock::now() >= deadline_) {
      return aborted_ = true;
    }
    return false;
  }

  template <GrandSlam kGrandSlam>
  int Negamax(const Position& pos, int alpha, int beta, int depth, int ply,
              bool mover_is_evaluator) {
    if (OutOfBudget()) return 0;
    ++nodes_;
    pv_length_[ply] = ply;
    const int diff = pos.mover_score - pos.opponent_score;
    if (options_.game.majority_ends_game &&
        (2 * pos.mover_score > total_seeds_ || 2 * pos.opponent_score > total_seeds_)) {
      return ProvenValue(diff);
    }
    const int plies_left = options_.game.rules.turn_limit - pos.plies;
    if (plies_left <= 0) {
      return ProvenValue(diff + LimitValue(pos.board, options_.game.rules.at_limit));
    }
    if constexpr (!std::is_same_v<Oracle, NoOracle>) {
      if (ply > 0 && TotalSeeds(pos.board) <= oracle_.max_seeds()) {
        if (std::optional<int> v = oracle_.NetValue(pos.board, plies_left)) {
          ++book_hits_;
          return ProvenValue(diff + *v);
        }
      }
    }
    Move moves[kMaxMoves];
    const int n = GenerateMoves<kGrandSlam>(pos.board, moves);
    if (n == 0) return ProvenValue(diff + TerminalValue(pos.board));
    if (depth <= 0) {
      ++inexact_;
      return ClampHeuristic(
          evaluation_.Evaluate(pos.board, pos.mover_score, pos.opponent_score, mover_is_evaluator));
    }

    const NodeKey key =
        MakeNodeKey(pos.board, pos.mover_score, pos.opponent_score, plies_left, mover_is_evaluator);
    int table_move = kNoMove;
    if (const TableEntry* e = table_.Probe(key)) {
      table_move = e->move;
      if (ply > 0 && e->depth >= depth &&
          (e->bound == Bound::kExact || (e->bound == Bound::kLower && e->value >= beta) ||
           (e->bound == Bound::kUpper && e->value <= alpha))) {
        if (e->depth != kProvenDepth) ++inexact_;
        return e->value;
      }
    }

    // Order: table move, captures (largest first), then by history.
    int order[kMaxMoves];
    int score[kMaxMoves];
    for (int i = 0; i < n; ++i) {
      order[i] = i;
      score[i] = moves[i].house == table_move ? (1 << 30)
                 : moves[i].captured != 0     ? (1 << 29) + moves[i].captured
                                              : history_[moves[i].house];
    }
    for (int i = 1; i < n; ++i) {
      const int o = order[i];
      int j = i;
      for (; j > 0 && score[order[j - 1]] < score[o]; --j) order[j] = order[j - 1];
      order[j] = o;
    }

    const uint64_t inexact_before = inexact_;
    const int original_alpha = alpha;
    int best = -kInfinity;
    int best_move = kNoMove;
    for (int k = 0; k < n; ++k) {
      const Move& m = moves[order[k]];
      const int v =
          -Negamax<kGrandSlam>(pos.Play(m), -beta, -alpha, depth - 1, ply + 1, !mover_is_evaluator);
      if (aborted_) return 0;
      if (v > best) {
        best = v;
        best_move = m.house;
        if (v > alpha) {
          alpha = v;
          pv_[ply][ply] = m.house;
          for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) {
            pv_[ply][i] = pv_[ply + 1][i];
          }
          pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
        }
      }
      if (alpha >= beta) {
        if (m.captured == 0) {
          history_[m.house] = std::min(history_[m.house] + depth * depth, 1 << 28);
        }
        break;
      }
    }
    const Bound bound = best <= original_alpha ? Bound::kUpper
                        : best >= beta         ? Bound::kLower
                                               : Bound::kExact;
    table_.Store(key, best, inexact_ == inexact_before ? kProvenDepth : depth, bound, best_move);
    if (ply == 0) root_move_ = best_move;
    return best;
  }

  EngineOptions options_;
  Oracle oracle_;
  Evaluation evaluation_;
  TranspositionTable table_;
  int history_[kHousesPerSide] = {};

  // Per search.
  uint64_t nodes_ = 0;
  uint64_t book_hits_ = 0;
  uint64_t inexact_ = 0;
  uint64_t max_nodes_ = 0;
  Clock::time_point deadline_;
  bool enforce_budget_ = false;
  bool aborted_ = false;
  int total_seeds_ = 0;
  int root_move_ = kNoMove;
  int pv_length_[kMaxSearchDepth + 2] = {};
  uint8_t pv_[kMaxSearchDepth + 2][kMaxSearchDepth + 2] = {};
};

}  // namespace retro::oware

#endif  // GAMES_OWARE_ENGINE_H_
