// Each roll's best play of every record of a pin slice through partial-play
// tables (see pin_best_plays.h).
#include "plugins/plakoto/pin_best_plays.h"

#include <algorithm>
#include <limits>

#include "plugins/plakoto/rules.h"

namespace retro::plakoto {
namespace {

constexpr double kNone = -std::numeric_limits<double>::infinity();
// Boards per chunk of a pass.
constexpr uint64_t kGrain = 1 << 14;

// The kit's full verify must find the hook (it falls back to enumerating
// every play otherwise).
static_assert(kit::HasBestChoices<PinRules>);

}  // namespace

PinBestPlays::PinBestPlays(const kit::ChanceTables<PinRules>& tables) : tables_(tables) {}

void PinBestPlays::Prepare(int slice, const WorkContext& context) {
  // 1. g of every 14-checker board: the afterstate's value as the kit
  //    defines it (0 once the pin is released, else the stored D).
  const int points = tables_.rules().points();
  const int pin = tables_.rules().pins()[slice];
  game_.emplace(points, pin);
  const uint64_t boards = game_->Size();
  g_.resize(boards);
  context.pool->ParallelFor(0, boards, kGrain, [&](int, uint64_t b, uint64_t e) {
    Position after{points, pin, game_->indexer().Unrank(b)};
    for (uint64_t i = b; i < e; ++i) {
      g_[i] = tables_.AfterstateValue(after);
      game_->indexer().Next(&after.board);
    }
  });
  // 2. The levels, each from the one below.
  for (int j = 1; j <= 3; ++j) FillLevel(j, context);
}

void PinBestPlays::FillLevel(int j, const WorkContext& context) {
  const PinTableGame<BearoffIndexer>& game = *game_;
  const uint64_t boards = game.Size();
  std::vector<DieValues>& level = levels_[j - 1];
  level.resize(boards);
  context.pool->ParallelFor(0, boards, kGrain, [&](int, uint64_t b, uint64_t e) {
    Board x = game.indexer().Unrank(b);
    for (uint64_t i = b; i < e; ++i) {
      DieValues& mine = level[i];
      mine.fill(kNone);
      game.ForEachMove(x, i, [&](int, int d, uint64_t n) {
        const double below = j == 1 ? g_[n] : levels_[j - 2][n][d - 1];
        mine[d - 1] = std::max(mine[d - 1], below);
      });
      game.indexer().Next(&x);
    }
  });
}

void PinBestPlays::Bests(uint64_t, const Position& p, std::optional<double>* best) const {
  // 1. The board's single moves: the best 4-move sequence of each die, and
  //    the best larger-die move followed by a smaller-die one.
  const Board& board = p.board;
  const uint64_t at = game_->indexer().Rank(board);
  DieValues four;
  four.fill(kNone);
  double both[6][6];  // both[high - 1][low - 1], low < high
  for (auto& row : both) std::fill_n(row, 6, kNone);
  game_->ForEachMove(board, at, [&](int, int d, uint64_t n) {
    four[d - 1] = std::max(four[d - 1], levels_[2][n][d - 1]);
    for (int low = 1; low < d; ++low) {
      both[d - 1][low - 1] = std::max(both[d - 1][low - 1], levels_[0][n][low - 1]);
    }
  });

  // 2. Each roll by the rules of move_generator.h.
  const DieValues& one = levels_[0][at];
  for (int o = 0; o < kNumRolls; ++o) {
    const int high = kRolls[o].high - 1;
    const int low = kRolls[o].low - 1;
    double value = kNone;
    if (high == low) {
      value = four[high];
      for (int j = 3; j >= 1 && value == kNone; --j) value = levels_[j - 1][at][high];
    } else {
      value = both[high][low];
      if (value == kNone) value = one[high];
      if (value == kNone) value = one[low];
    }
    best[o] = value == kNone ? std::nullopt : std::optional<double>(value);
  }
}

}  // namespace retro::plakoto
