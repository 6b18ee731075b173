// Implementation of the seed-method baseline.
#include "benchmarks/oware_seed_baseline.h"

#include <algorithm>

#include "games/oware/movegen.h"

namespace retro::oware::baseline {

SeedBook::SeedBook(int seeds, const Rules& rules)
    : seeds_(seeds), rules_(rules), indexer_(seeds) {
  for (int n = 0; n <= seeds; ++n) {
    slice_offset_.push_back(boards_);
    boards_ += indexer_.Size(n);
  }
  // The boards themselves, enumerated once.
  std::vector<Board> boards(boards_);
  for (int n = 0; n <= seeds; ++n) {
    for (uint64_t r = 0; r < indexer_.Size(n); ++r) {
      boards[slice_offset_[n] + r] = indexer_.Unrank(n, r);
    }
  }
  const int layers = rules.turn_limit + 1;
  values_.assign(static_cast<uint64_t>(layers) * boards_, 0);
  for (uint64_t i = 0; i < boards_; ++i) {
    values_[i] = static_cast<int8_t>(LimitValue(boards[i], rules.at_limit));
  }
  Move moves[kMaxMoves];
  for (int t = 1; t < layers; ++t) {
    const int8_t* previous = values_.data() + static_cast<uint64_t>(t - 1) * boards_;
    int8_t* current = values_.data() + static_cast<uint64_t>(t) * boards_;
    for (uint64_t i = 0; i < boards_; ++i) {
      const int count = GenerateMoves(boards[i], rules, moves);
      int best = TerminalValue(boards[i]);
      if (count > 0) {
        best = -128;
        for (int m = 0; m < count; ++m) {
          best = std::max(best, moves[m].captured - previous[GlobalIndex(moves[m].child)]);
        }
      }
      current[i] = static_cast<int8_t>(best);
    }
  }
}

uint64_t SeedBook::GlobalIndex(const Board& board) const {
  return slice_offset_[TotalSeeds(board)] + indexer_.Rank(board);
}

int SeedBook::Value(const Board& board, int t) const {
  return values_[static_cast<uint64_t>(t) * boards_ + GlobalIndex(board)];
}

}  // namespace retro::oware::baseline
