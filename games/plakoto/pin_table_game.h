// The fast adapter of the pin endgame to the chance solver (table style, see
// retro/solver/chance_game.h). It solves all 14-checker boards of P points,
// ranked by the bearoff hash of all 14 checkers; boards with no checker on
// the pin point are terminal (pin released, value 0) but still carry tables,
// because a play may pass through them (the pinning checker leaves p and
// another checker lands there later in the same play).
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
// about 720 afterstates (P = 12 average). The records cost 144 bytes per
// board (642 MB for P = 12), freed when the solve ends.
//
// Schedule: blocks of boards sharing the checkers on the low points (see
// Blocks()), each solved in ascending index order, which keeps the
// neighbours' records close in memory, run as a dependency graph
// (BlockDependencies()); the neighbours of the next board are prefetched
// while the current one is folded.
#ifndef GAMES_PLAKOTO_PIN_TABLE_GAME_H_
#define GAMES_PLAKOTO_PIN_TABLE_GAME_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <unordered_map>
#include <vector>

#include "games/plakoto/bearoff_indexer.h"
#include "games/plakoto/move_generator.h"
#include "games/plakoto/position.h"
#include "games/plakoto/roll.h"
#include "retro/combinatorics.h"
#include "retro/solver/chance_game.h"

namespace retro::plakoto {

// The pin endgame for (points, pin) over all 14-checker boards, in table
// style. Index = BearoffIndexer(points, 14) rank of the whole board.
class PinTableGame {
 public:
  static constexpr int kNumOutcomes = kNumRolls;
  // The single moves of one board: the neighbours' indices and dice, and
  // the number of moves each die allows in total.
  struct Moves {
    uint64_t neighbour[kMaxPoints * 6];
    uint8_t die[kMaxPoints * 6];
    int count = 0;
    int capacity[6] = {0, 0, 0, 0, 0, 0};
  };
  // Per thread: the moves of the board a thread will most likely solve next
  // (blocks are solved in ascending order), found one call ahead.
  struct Scratch {
    uint64_t ahead_index = ~uint64_t{0};
    Board board{};  // the board of ahead_index
    Moves moves[2];
    int slot = 0;  // moves[slot] belongs to ahead_index
  };
  // Partial-move tables of one board: b[j - 1][d - 1] = B_j^d, j = 1..3.
  struct Aux {
    double b[3][6];
  };

  // Requires a valid number of points and pin point.
  PinTableGame(int points, int pin, const MoveRules& rules = {})
      : points_(points), pin_(pin), rules_(rules), indexer_(points, kCheckers) {
    for (int m = 1; m < kMaxPoints; ++m) {
      for (int u = 0; u <= kCheckers; ++u) {
        // Lowering U_m by one lowers the rank by C(U_m + m - 2, m - 1).
        step_[m][u] = u >= 1 ? Binomial(u + m - 2, m - 1) : 0;
      }
    }
  }

  // The indexer of whole 14-checker boards.
  const BearoffIndexer& indexer() const { return indexer_; }
  // All 14-checker boards of P points: C(14 + P - 1, P - 1).
  uint64_t Size() const { return indexer_.Size(); }
  // The schedule: one block per distribution of checkers on the low points
  // 1..J (J = P / 2), holding every distribution of the remaining h
  // checkers on the high points above. With the low points the most
  // significant part of the bearoff rank, a block is a contiguous index range
  // (base + the bearoff rank of the high part). Moves among the high points
  // stay in the block at a lower index; a move landing on a low point lowers
  // h; a move among the low points keeps h and lowers the low points' pip
  // count. So layer = h * (14 J + 1) + (pip count of the low points), and
  // blocks of one layer are independent.
  std::vector<chance::Block> Blocks() const {
    const int low_points = points_ / 2;
    const int high_points = points_ - low_points;
    std::vector<chance::Block> blocks;
    for (const LowPart& low : LowParts()) {
      const int high = kCheckers - low.checkers;
      Board board = low.board;
      board[low_points + 1] = static_cast<uint8_t>(high);  // high rank 0
      const uint64_t base = indexer_.Rank(board);
      blocks.push_back(chance::Block{
          base, base + CompositionCount(high, high_points),
          high * (kCheckers * low_points + 1) + low.pips});
    }
    return blocks;
  }

  // The blocks each block reads: the low parts one move away (a high
  // checker landing on a low point, or a move among the low points).
  std::vector<std::vector<uint32_t>> BlockDependencies(
      const std::vector<chance::Block>& blocks) const {
    const int low_points = points_ / 2;
    const std::vector<LowPart> lows = LowParts();
    std::unordered_map<uint32_t, uint32_t> block_of;
    for (size_t i = 0; i < lows.size(); ++i) {
      block_of[Key(lows[i].board)] = static_cast<uint32_t>(i);
    }
    std::vector<std::vector<uint32_t>> depends_on(blocks.size());
    for (size_t i = 0; i < lows.size(); ++i) {
      Board board = lows[i].board;
      auto add = [&] { depends_on[i].push_back(block_of.at(Key(board))); };
      if (lows[i].checkers < kCheckers) {  // a high checker lands on `to`
        for (int to = std::max(1, low_points + 1 - 6); to <= low_points; ++to) {
          ++board[to];
          add();
          --board[to];
        }
      }
      for (int from = 2; from <= low_points; ++from) {
        if (board[from] == 0) continue;
        for (int d = 1; d <= std::min(6, from - 1); ++d) {
          --board[from];
          ++board[from - d];
          add();
          ++board[from];
          --board[from - d];
        }
      }
    }
    return depends_on;
  }

  // Outcome o is roll kRolls[o]; each turn counts 1.
  double OutcomeWeight(int outcome) const {
    return kRolls[outcome].Probability();
  }
  double TurnReward() const { return 1.0; }

  // Fills this board's partial-move tables from its neighbours' and reports
  // each roll's best value (see the top of the file).
  void EvaluateTurn(uint64_t index, const double* values, Aux* aux,
                    Scratch& scratch, chance::Turn<kNumOutcomes>* turn) const {
    constexpr double kNone = -std::numeric_limits<double>::infinity();

    // 1. This board's single moves: usually found (and their records
    //    prefetched) during the previous call, which solved index - 1.
    const int slot = scratch.slot;
    Moves& moves = scratch.moves[slot];
    if (scratch.ahead_index != index) {
      scratch.board = indexer_.Unrank(index);
      FindMoves(scratch.board, index, values, aux, &moves);
    }
    const bool pin_holds = scratch.board[pin_] > 0;

    // 2. Look one board ahead: the thread most likely solves index + 1 next,
    //    so its neighbours' cache misses overlap with this board's work.
    if (index + 1 < Size()) {
      indexer_.Next(&scratch.board);
      FindMoves(scratch.board, index + 1, values, aux,
                &scratch.moves[1 - slot]);
      scratch.ahead_index = index + 1;
      scratch.slot = 1 - slot;
    } else {
      scratch.ahead_index = ~uint64_t{0};
    }

    // 3. Fold each neighbour's record into this board's tables.
    Aux& mine = aux[index];
    double b4[6];
    double both[6][6];  // both[high - 1][low - 1]
    for (int j = 0; j < 3; ++j) std::fill_n(mine.b[j], 6, kNone);
    std::fill_n(b4, 6, kNone);
    for (int h = 0; h < 6; ++h) std::fill_n(both[h], 6, kNone);
    for (int c = 0; c < moves.count; ++c) {
      const uint64_t n = moves.neighbour[c];
      const int i = moves.die[c];
      const Aux& r = aux[n];
      mine.b[0][i] = std::max(mine.b[0][i], values[n]);
      mine.b[1][i] = std::max(mine.b[1][i], r.b[0][i]);
      mine.b[2][i] = std::max(mine.b[2][i], r.b[1][i]);
      b4[i] = std::max(b4[i], r.b[2][i]);
      for (int low = 0; low < i; ++low) {
        both[i][low] = std::max(both[i][low], r.b[0][low]);
      }
    }
    if (!pin_holds) {
      turn->terminal = true;  // the pin is released: value 0
      return;
    }

    // 4. The best play of each roll.
    for (int o = 0; o < kNumOutcomes; ++o) {
      const int high = kRolls[o].high - 1;
      const int low = kRolls[o].low - 1;
      double best = kNone;
      if (high == low) {
        const int n = std::min(4, moves.capacity[high]);
        if (n >= 1) best = n == 4 ? b4[high] : mine.b[n - 1][high];
      } else if (both[high][low] != kNone) {
        best = both[high][low];
      } else if (rules_.larger_die_rule) {
        best = mine.b[0][high] != kNone ? mine.b[0][high] : mine.b[0][low];
      } else {
        best = std::max(mine.b[0][high], mine.b[0][low]);
      }
      turn->has_move[o] = best != kNone;
      turn->best[o] = best;
    }
  }

 private:
  // One distribution of at most 14 checkers over the low points 1..P/2.
  struct LowPart {
    Board board;
    int checkers;
    int pips;
  };

  // Every low part, in a fixed order (Blocks() and BlockDependencies() agree
  // on it).
  std::vector<LowPart> LowParts() const {
    const int low_points = points_ / 2;
    std::vector<LowPart> parts;
    Board board{};
    auto place = [&](auto& self, int point, int used, int pips) -> void {
      if (point > low_points) {
        parts.push_back(LowPart{board, used, pips});
        return;
      }
      for (int x = 0; used + x <= kCheckers; ++x) {
        board[point] = static_cast<uint8_t>(x);
        self(self, point + 1, used + x, pips + x * point);
      }
      board[point] = 0;
    };
    place(place, 1, 0, 0);
    return parts;
  }

  // A low part packed 4 bits per point.
  static uint32_t Key(const Board& board) {
    uint32_t key = 0;
    for (int k = 1; k <= kMaxPoints / 2; ++k) key = key << 4 | board[k];
    return key;
  }

  // Fills `moves` with the single moves of `x` (index `index`) and prefetches
  // the neighbours' records.
  void FindMoves(const Board& x, uint64_t index, const double* values,
                 const Aux* aux, Moves* moves) const {
    // Prefix sums of the rank steps: moving a checker from k by d lowers U_m
    // for m in (P - k, P - k + d], so the neighbour's index is
    // index - (steps[P - k + d] - steps[P - k]).
    const int points = points_;
    uint64_t steps[kMaxPoints + 1];
    steps[0] = 0;
    int top = 0;
    for (int m = 1; m < points; ++m) {
      top += x[points - m + 1];
      steps[m] = steps[m - 1] + step_[m][top];
    }
    int count = 0;
    for (int d = 0; d < 6; ++d) moves->capacity[d] = 0;
    for (int k = 2; k <= points; ++k) {
      if (x[k] == 0) continue;
      const int max_die = std::min(6, k - 1);
      for (int d = 1; d <= max_die; ++d) {
        moves->capacity[d - 1] += x[k] * ((k - 1) / d);
        const uint64_t n = index - (steps[points - k + d] - steps[points - k]);
        const char* record = reinterpret_cast<const char*>(&aux[n]);
        __builtin_prefetch(&values[n]);
        __builtin_prefetch(record);
        __builtin_prefetch(record + 64);
        __builtin_prefetch(record + sizeof(Aux) - 1);
        moves->neighbour[count] = n;
        moves->die[count] = static_cast<uint8_t>(d - 1);
        ++count;
      }
    }
    moves->count = count;
  }

  int points_;
  int pin_;
  MoveRules rules_;
  BearoffIndexer indexer_;
  uint64_t step_[kMaxPoints][kCheckers + 1];
};

}  // namespace retro::plakoto

#endif  // GAMES_PLAKOTO_PIN_TABLE_GAME_H_
