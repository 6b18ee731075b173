// The fast adapter of the pin endgame to the chance solver (table style, see
// retro/solver/chance_game.h). It solves all 14-checker boards of P points,
// ranked as a whole by the indexing scheme (see below); boards with no
// checker on the pin point are terminal (pin released, value 0) but still
// carry tables, because a play may pass through them (the pinning checker
// leaves p and another checker lands there later in the same play).
//
// Instead of enumerating every play of every roll, it keeps for each board t
// and die d the partial-move tables
//
//   B_j^d(t) = max over sequences of exactly j moves of d from t of g(end)
//
// (-inf when fewer than j moves of d exist), with B_0 = g = the solved value.
// Because every point is open, B_j^d(t) = max over single moves m of d of
// B_{j-1}^d(t - m), and every roll's best play follows from the records of
// t's single-move neighbours:
//   double d:     B_n^d(t), n = min(4, moves of d available) (any partial
//                 play of a double extends to n moves, so all n-move
//                 sequences are legal);
//   non-double:   max over moves m of the larger die of B_1^{small}(t - m)
//                 (every play using both dice, the same checker included),
//                 else B_1 of the larger die, else B_1 of the smaller one.
// Per board this reads about 30 neighbouring records instead of generating
// about 720 afterstates (P = 12 average). A record holds B_0..B_3: the
// board's value is combined here (chance::TurnValue, the solver's
// arithmetic) and kept in the record, so that a neighbour's value is read
// with its tables rather than from the values array (4 % less CPU). The
// records cost 152 bytes per board (678 MB for P = 12), freed when the
// solve ends.
//
// The fold goes die by die: the single moves of a board are listed grouped
// by die, so each die's maxima stay in registers and the board's record is
// written once.
//
// Schedule: blocks of boards sharing the checkers on the points that are
// the most significant part of the rank (see Blocks()), each solved in
// ascending index order, which keeps the neighbours' records close in
// memory, run as a dependency graph (BlockDependencies(), computed once per
// P and shared by the pin points); the neighbours of the next board are
// prefetched while the current one is folded.
//
// The index is the rank of the whole board under `Indexer`, BearoffIndexer
// (the default, and the databases' order) or LexIndexer. What depends on the
// scheme is isolated in PinTableScheme<Indexer> below: which points key the
// blocks, and the O(1) rank delta of a single move. The rest (moves, tables,
// Next() to step to the following board) is shared.
#ifndef PLUGINS_PLAKOTO_PIN_TABLE_GAME_H_
#define PLUGINS_PLAKOTO_PIN_TABLE_GAME_H_

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "games/plakoto/bearoff_indexer.h"
#include "games/plakoto/lex_indexer.h"
#include "games/plakoto/move_generator.h"
#include "games/plakoto/position.h"
#include "games/plakoto/roll.h"
#include "retro/combinatorics.h"
#include "retro/solver/chance_game.h"

namespace retro::plakoto {

// step[m][u] = C(u + m - 2, m - 1) for u >= 1 (0 for u = 0): the amount by
// which either scheme's rank drops when the checker count it tracks across
// one cut between two points changes by one (see the specialisations).
using PinTableSteps = std::array<std::array<uint64_t, kCheckers + 2>, kMaxPoints>;

// Prefetches every cache line of `record`, which may start at any multiple
// of 8 bytes and so span one line more than its size alone needs (a
// 152-byte record: three or four lines).
template <typename Record>
inline void PrefetchRecord(const Record* record) {
  const char* bytes = reinterpret_cast<const char*>(record);
  for (size_t at = 0; at < sizeof(Record); at += 64) __builtin_prefetch(bytes + at);
  __builtin_prefetch(bytes + sizeof(Record) - 1);
}

// The scheme-specific part of PinTableGame; one specialisation per indexer.
template <typename Indexer>
struct PinTableScheme;

// Bearoff rank = sum_{m=1}^{P-1} C(U_m + m - 1, m), U_m = checkers on the
// top m points. The low points 1..J are the most significant part (they fix
// U_m for m >= P - J), so blocks are keyed by the low points. Moving a
// checker from k down by d lowers U_m by one for m in (P - k, P - k + d],
// each lowering the rank by step[m][U_m].
template <>
struct PinTableScheme<BearoffIndexer> {
  static constexpr bool kBlocksOnLowPoints = true;
  // sums[m] = sum of step[i][U_i] for i = 1..m (m = 0..P-1).
  static void Sums(const Board& x, int points, const PinTableSteps& step, uint64_t* sums) {
    sums[0] = 0;
    int top = 0;
    for (int m = 1; m < points; ++m) {
      top += x[points - m + 1];
      sums[m] = sums[m - 1] + step[m][top];
    }
  }
  // The rank drop of a move of a checker from point k down by d.
  static uint64_t Drop(const uint64_t* sums, int points, int k, int d) {
    return sums[points - k + d] - sums[points - k];
  }
};

// Lex rank of (x_P, ..., x_1) = C(n + P - 1, P - 1) - 1 -
// sum_{m=1}^{P-1} C(L_m + m - 1, m), L_m = checkers on the bottom m points
// (from the hockey-stick form in lex_indexer.cc; i.e. Size - 1 - the
// bearoff rank of the mirrored board). The top points are the most significant part, so
// blocks are keyed by the high points. Moving a checker from k down by d
// raises L_m by one for m in [k - d, k), each lowering the rank by
// C(L_m + m - 1, m - 1) = step[m][L_m + 1]: the same O(P) prefix sums and
// O(1) deltas as bearoff.
template <>
struct PinTableScheme<LexIndexer> {
  static constexpr bool kBlocksOnLowPoints = false;
  // sums[m] = sum of step[i][L_i + 1] for i = 1..m (m = 0..P-1).
  static void Sums(const Board& x, int points, const PinTableSteps& step, uint64_t* sums) {
    sums[0] = 0;
    int low = 0;
    for (int m = 1; m < points; ++m) {
      low += x[m];
      sums[m] = sums[m - 1] + step[m][low + 1];
    }
  }
  static uint64_t Drop(const uint64_t* sums, int, int k, int d) {
    return sums[k - 1] - sums[k - d - 1];
  }
};

// The pin endgame for (points, pin) over all 14-checker boards, in table
// style. Index = Indexer(points, 14) rank of the whole board.
template <typename Indexer = BearoffIndexer>
class PinTableGame {
  using Scheme = PinTableScheme<Indexer>;

 public:
  static constexpr int kNumOutcomes = kNumRolls;
  // The single moves of one board, grouped by die: the neighbours reached
  // with die d + 1 are to[d][0..count[d]), and capacity[d] is the number of
  // moves of that die the board allows in total.
  struct Moves {
    uint64_t to[6][kMaxPoints];
    int count[6];
    int capacity[6];
  };
  // Per thread: the moves of the board a thread will most likely solve next
  // (blocks are solved in ascending order), found one call ahead.
  struct Scratch {
    uint64_t ahead_index = ~uint64_t{0};
    Board board{};  // the board of ahead_index
    Moves moves[2];
    int slot = 0;                  // moves[slot] belongs to ahead_index
    bool ahead_reachable = false;  // Reachable(board)
  };
  // One board's record: its value g = B_0, and its partial-move tables
  // b[j - 1][d - 1] = B_j^d, j = 1..3.
  struct Aux {
    double g;
    double b[3][6];
  };

  // Requires a valid number of points and pin point.
  PinTableGame(int points, int pin, const MoveRules& rules = {})
      : points_(points), pin_(pin), rules_(rules), indexer_(points, kCheckers) {
    for (int m = 1; m < kMaxPoints; ++m) {
      for (int u = 0; u <= kCheckers + 1; ++u) {
        step_[m][u] = u >= 1 ? Binomial(u + m - 2, m - 1) : 0;
      }
    }
  }

  // The indexer of whole 14-checker boards.
  const Indexer& indexer() const { return indexer_; }
  // All 14-checker boards of P points: C(14 + P - 1, P - 1).
  uint64_t Size() const { return indexer_.Size(); }

  // The schedule: one block per distribution of checkers on the block points
  // (the most significant part of the rank: bearoff, the low points 1..J with
  // J = P / 2; lex, the high points J+1..P), holding every distribution of
  // the remaining checkers on the other points. A block is then a contiguous
  // index range, from the board with those checkers all on the lowest of the
  // other points (point J + 1, resp. point 1). Moves among the other points
  // stay in the block at a lower index. The other moves change the block
  // part: a checker lands on a low point from a high one, which lowers the
  // number of high checkers h; or a move among the block points, which keeps
  // h and lowers the block part's pip count (its lowest point counting 1). So
  // layer = h * (14 * (block points) + 1) + (block part pips), and blocks of
  // one layer are independent.
  std::vector<chance::Block> Blocks() const {
    const Range range = BlockRange();
    const int other = points_ - (range.last - range.first + 1);
    std::vector<chance::Block> blocks;
    for (const Part& part : Parts()) {
      const int rest = kCheckers - part.checkers;
      Board board = part.board;
      board[range.lowest_other] = static_cast<uint8_t>(rest);  // first board
      const uint64_t base = indexer_.Rank(board);
      blocks.push_back(chance::Block{base, base + CompositionCount(rest, other), Layer(part)});
    }
    return blocks;
  }

  // The blocks each block reads (see ComputeBlockDependencies). They depend
  // on the number of points only, not on the pin point: computed once per
  // process for each P and shared by the solves of every pin point.
  const std::vector<std::vector<uint32_t>>& BlockDependencies(
      const std::vector<chance::Block>& blocks) const {
    using Dependencies = std::vector<std::vector<uint32_t>>;
    // Objects, not leaked pointers: the plugin may be unloaded before the
    // process ends, and what it leaked would then be lost for good.
    static std::mutex mutex;
    static std::map<int, Dependencies> computed;  // by P
    std::lock_guard<std::mutex> lock(mutex);
    auto it = computed.find(points_);
    if (it == computed.end()) {
      it = computed.emplace(points_, ComputeBlockDependencies(blocks)).first;
    }
    return it->second;
  }

  // The blocks each block reads: the block parts one move away (a move with
  // an end on a block point; a move among the other points stays inside).
  std::vector<std::vector<uint32_t>> ComputeBlockDependencies(
      const std::vector<chance::Block>& blocks) const {
    const Range range = BlockRange();
    const std::vector<Part> parts = Parts();
    std::unordered_map<uint32_t, uint32_t> block_of;
    for (size_t i = 0; i < parts.size(); ++i) {
      block_of[Key(parts[i].board)] = static_cast<uint32_t>(i);
    }
    auto inside = [&](int k) { return k >= range.first && k <= range.last; };
    std::vector<std::vector<uint32_t>> depends_on(blocks.size());
    for (size_t i = 0; i < parts.size(); ++i) {
      const Board& board = parts[i].board;
      const bool others = parts[i].checkers < kCheckers;
      for (int from = 2; from <= points_; ++from) {
        // A checker must be on `from`: a block point's own count, or any of
        // the other checkers (their distribution varies over the block).
        if (inside(from) ? board[from] == 0 : !others) continue;
        for (int d = 1; d <= std::min(6, from - 1); ++d) {
          const int to = from - d;
          if (!inside(from) && !inside(to)) continue;  // stays in the block
          Board moved = board;
          if (inside(from)) --moved[from];
          if (inside(to)) ++moved[to];
          depends_on[i].push_back(block_of.at(Key(moved)));
        }
      }
    }
    return depends_on;
  }

  // Whether a board holding the pin (the pinning checker on point p) can
  // reach `x` by single moves: exactly when x has a checker on points 1..p.
  // Checkers only move down and none leaves the board, so a checker on
  // 1..p stays there: boards without one are never read by a board
  // holding the pin, directly or through tables (value 0, no tables).
  bool Reachable(const Board& x) const {
    return std::any_of(x.begin() + 1, x.begin() + pin_ + 1, [](uint8_t n) { return n != 0; });
  }

  // Calls visit(from, die, neighbour index) for every single move of `board`
  // (of index `index`): a checker from point `from` moved down by `die`.
  template <typename Visit>
  void ForEachMove(const Board& board, uint64_t index, Visit&& visit) const {
    uint64_t sums[kMaxPoints + 1];
    Scheme::Sums(board, points_, step_, sums);
    for (int k = 2; k <= points_; ++k) {
      if (board[k] == 0) continue;
      const int max_die = std::min(6, k - 1);
      for (int d = 1; d <= max_die; ++d) {
        visit(k, d, index - Scheme::Drop(sums, points_, k, d));
      }
    }
  }

  // Steps `scratch` to board `index`, solved by its thread in ascending
  // order: the board's single moves, usually found during the previous call
  // (which solved index - 1), then the next board's, whose records in
  // `records` are prefetched so that their cache misses overlap with this
  // board's work. Returns this board's moves, or null when no board holding
  // the pin reaches it (Reachable: value 0, no tables); *pin_holds tells
  // whether it holds the pin.
  template <typename Record>
  const Moves* StepTo(uint64_t index, const Record* records, Scratch& scratch,
                      bool* pin_holds) const {
    const int slot = scratch.slot;
    if (scratch.ahead_index != index) {
      scratch.board = indexer_.Unrank(index);
      scratch.ahead_reachable = Reachable(scratch.board);
      if (scratch.ahead_reachable) {
        FindMoves(scratch.board, index, records, &scratch.moves[slot]);
      }
    }
    *pin_holds = scratch.board[pin_] > 0;
    const bool reachable = scratch.ahead_reachable;
    scratch.ahead_index = ~uint64_t{0};
    if (index + 1 < Size()) {
      indexer_.Next(&scratch.board);
      scratch.ahead_reachable = Reachable(scratch.board);
      if (scratch.ahead_reachable) {
        FindMoves(scratch.board, index + 1, records, &scratch.moves[1 - slot]);
      }
      scratch.ahead_index = index + 1;
      scratch.slot = 1 - slot;
    }
    return reachable ? &scratch.moves[slot] : nullptr;
  }

  // Outcome o is roll kRolls[o]; each turn counts 1.
  double OutcomeWeight(int outcome) const { return kRolls[outcome].Probability(); }
  double TurnReward() const { return 1.0; }

  // Fills this board's record from its neighbours' and reports its value
  // (see the top of the file).
  void EvaluateTurn(uint64_t index, const double*, Aux* aux, Scratch& scratch,
                    chance::Turn<kNumOutcomes>* turn) const {
    // 1. This board's single moves, and the next board's (see StepTo).
    bool pin_holds;
    const Moves* moves = StepTo(index, aux, scratch, &pin_holds);
    if (moves == nullptr) {
      turn->terminal = true;  // the pin is released: value 0, no tables
      return;
    }

    // 2. Fold the neighbours' records into this board's tables, die by
    //    die (the accumulators of one die stay in registers).
    Tables tables;
    FoldDie<0>(*moves, aux, &tables);
    FoldDie<1>(*moves, aux, &tables);
    FoldDie<2>(*moves, aux, &tables);
    FoldDie<3>(*moves, aux, &tables);
    FoldDie<4>(*moves, aux, &tables);
    FoldDie<5>(*moves, aux, &tables);

    // 3. The board's value: 0 once the pin is released, else from the best
    //    play of each roll; kept in its record and reported as terminal
    //    (the solver only stores it).
    Aux& mine = tables.mine;
    mine.g = 0;
    if (pin_holds) {
      chance::TurnValue value(TurnReward(), weights_);
      for (int o = 0; o < kNumOutcomes; ++o) {
        const int high = kRolls[o].high - 1;
        const int low = kRolls[o].low - 1;
        double best = kNone;
        if (high == low) {
          const int n = std::min(4, moves->capacity[high]);
          if (n >= 1) best = n == 4 ? tables.b4[high] : mine.b[n - 1][high];
        } else if (tables.both[high][low] != kNone) {
          best = tables.both[high][low];
        } else if (rules_.larger_die_rule) {
          best = mine.b[0][high] != kNone ? mine.b[0][high] : mine.b[0][low];
        } else {
          best = std::max(mine.b[0][high], mine.b[0][low]);
        }
        if (best != kNone) value.Add(o, best);
      }
      // Not reached (a checker on the pin point can move a 1): left with no
      // outcome moving, which the solver reports.
      if (!value.has_move()) return;
      mine.g = value.value();
    }
    aux[index] = mine;
    turn->terminal = true;
    turn->terminal_value = mine.g;
  }

 private:
  static constexpr double kNone = -std::numeric_limits<double>::infinity();  // no such moves

  // The block points first..last, and the lowest of the other points.
  struct Range {
    int first;
    int last;
    int lowest_other;
  };
  // One distribution of at most 14 checkers over the block points.
  struct Part {
    Board board;
    int checkers;
    int pips;  // point `first` counting 1 pip
  };

  Range BlockRange() const {
    const int low_points = points_ / 2;
    if constexpr (Scheme::kBlocksOnLowPoints) {
      return Range{1, low_points, low_points + 1};
    } else {
      return Range{low_points + 1, points_, 1};
    }
  }

  // The layer of a block (see Blocks()): h = the checkers on the high points.
  int Layer(const Part& part) const {
    const Range range = BlockRange();
    const int high = Scheme::kBlocksOnLowPoints ? kCheckers - part.checkers : part.checkers;
    return high * (kCheckers * (range.last - range.first + 1) + 1) + part.pips;
  }

  // Every block part, in a fixed order (Blocks() and BlockDependencies()
  // agree on it).
  std::vector<Part> Parts() const {
    const Range range = BlockRange();
    std::vector<Part> parts;
    Board board{};
    auto place = [&](auto& self, int point, int used, int pips) -> void {
      if (point > range.last) {
        parts.push_back(Part{board, used, pips});
        return;
      }
      for (int x = 0; used + x <= kCheckers; ++x) {
        board[point] = static_cast<uint8_t>(x);
        self(self, point + 1, used + x, pips + x * (point - range.first + 1));
      }
      board[point] = 0;
    };
    place(place, range.first, 0, 0);
    return parts;
  }

  // A block part packed 4 bits per block point (at most 6 of them).
  uint32_t Key(const Board& board) const {
    const Range range = BlockRange();
    uint32_t key = 0;
    for (int k = range.first; k <= range.last; ++k) key = key << 4 | board[k];
    return key;
  }

  // This board's tables as the fold builds them: its record, B_4^d, and
  // both[high - 1][low - 1] = the best play using both dice of a non-double.
  struct Tables {
    Aux mine;
    double b4[6];
    double both[6][6];
  };

  // Folds the records of the neighbours one move of die kDie + 1 away into
  // `tables`: B_1 from their values, B_2..B_4 from their B_1..B_3, and
  // both[kDie][low] from their B_1 of each smaller die.
  template <int kDie>
  static void FoldDie(const Moves& moves, const Aux* aux, Tables* tables) {
    double b1 = kNone, b3 = kNone, b4 = kNone;
    double lower[kDie + 1];  // lower[l]: max of B_1^{l+1}; l = kDie gives B_2
    std::fill_n(lower, kDie + 1, kNone);
    for (int c = 0; c < moves.count[kDie]; ++c) {
      const uint64_t n = moves.to[kDie][c];
      const Aux& r = aux[n];
      b1 = std::max(b1, r.g);
      for (int l = 0; l <= kDie; ++l) lower[l] = std::max(lower[l], r.b[0][l]);
      b3 = std::max(b3, r.b[1][kDie]);
      b4 = std::max(b4, r.b[2][kDie]);
    }
    tables->mine.b[0][kDie] = b1;
    tables->mine.b[1][kDie] = lower[kDie];
    tables->mine.b[2][kDie] = b3;
    tables->b4[kDie] = b4;
    for (int l = 0; l < kDie; ++l) tables->both[kDie][l] = lower[l];
  }

  // Fills `moves` with the single moves of `x` (index `index`), die by die,
  // and prefetches the neighbours' records.
  template <typename Record>
  void FindMoves(const Board& x, uint64_t index, const Record* records, Moves* moves) const {
    std::fill_n(moves->count, 6, 0);
    std::fill_n(moves->capacity, 6, 0);
    ForEachMove(x, index, [&](int from, int d, uint64_t n) {
      moves->capacity[d - 1] += x[from] * ((from - 1) / d);
      PrefetchRecord(&records[n]);
      moves->to[d - 1][moves->count[d - 1]++] = n;
    });
  }

  int points_;
  int pin_;
  MoveRules rules_;
  Indexer indexer_;
  PinTableSteps step_;
  chance::OutcomeWeights weights_{*this};  // after rules_: reads kRolls only
};

}  // namespace retro::plakoto

#endif  // PLUGINS_PLAKOTO_PIN_TABLE_GAME_H_
