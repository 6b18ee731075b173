// The Plakoto indexing schemes compared in docs/indexing.md: the bearoff
// perfect hash and the lexicographic alternative are bijections onto
// [0, Size) on every distribution of 0..15 checkers over P = 6 points
// (enumerated independently of the schemes), both satisfy
// retro::SlicedIndexer through CheckerCountSlices (slice = checker count),
// and the bearoff Next() walks the ranks in order. The database builder
// (PinTableGame) is tied to the bearoff order, so the lex scheme is not
// solved with; see docs/indexing.md.
#include <cstdint>
#include <functional>
#include <vector>

#include "games/plakoto/bearoff_indexer.h"
#include "games/plakoto/checker_count_slices.h"
#include "games/plakoto/lex_indexer.h"
#include "games/plakoto/pin_afterstate_game.h"
#include "games/plakoto/pin_database.h"
#include "games/plakoto/position.h"
#include "gtest/gtest.h"
#include "retro/combinatorics.h"
#include "retro/indexer.h"
#include "retro/solver/chance.h"
#include "retro/thread_pool.h"

namespace retro::plakoto {
namespace {

static_assert(SlicedIndexer<CheckerCountSlices<BearoffIndexer>, Board>);
static_assert(SlicedIndexer<CheckerCountSlices<LexIndexer>, Board>);

constexpr int kPoints = 6;
constexpr int kMaxCheckers = 15;

// Calls visit(board) for every distribution of n checkers over points
// 1..points.
void ForEachDistribution(int points, int n,
                         const std::function<void(const Board&)>& visit) {
  Board board{};
  std::function<void(int, int)> place = [&](int point, int left) {
    if (point == points) {
      board[point] = static_cast<uint8_t>(left);
      visit(board);
      return;
    }
    for (int x = 0; x <= left; ++x) {
      board[point] = static_cast<uint8_t>(x);
      place(point + 1, left - x);
    }
  };
  place(1, n);
}

template <typename Scheme>
void ExpectBijections() {
  for (int n = 0; n <= kMaxCheckers; ++n) {
    const Scheme scheme(kPoints, n);
    ASSERT_EQ(scheme.Size(), CompositionCount(n, kPoints));
    std::vector<bool> seen(scheme.Size());
    uint64_t count = 0;
    ForEachDistribution(kPoints, n, [&](const Board& board) {
      const uint64_t r = scheme.Rank(board);
      ASSERT_LT(r, scheme.Size());
      ASSERT_FALSE(seen[r]) << "rank " << r << " twice";
      seen[r] = true;
      ASSERT_EQ(scheme.Unrank(r), board);
      ++count;
    });
    EXPECT_EQ(count, scheme.Size()) << n << " checkers";
  }
}

TEST(PlakotoIndexingSchemesTest, BearoffIsABijection) {
  ExpectBijections<BearoffIndexer>();
}

TEST(PlakotoIndexingSchemesTest, LexIsABijection) {
  ExpectBijections<LexIndexer>();
}

TEST(PlakotoIndexingSchemesTest, BearoffNextWalksTheRanksInOrder) {
  for (int n : {0, 1, 13, 14}) {
    const BearoffIndexer scheme(kPoints, n);
    Board board = scheme.Unrank(0);
    uint64_t r = 0;
    do {
      ASSERT_EQ(scheme.Rank(board), r);
      ++r;
    } while (scheme.Next(&board));
    EXPECT_EQ(r, scheme.Size());
  }
}

// Both orders put a board after every board reachable by moving a checker
// down (what lets the solver run in one ascending pass).
TEST(PlakotoIndexingSchemesTest, MovingACheckerDownLowersBothRanks) {
  const BearoffIndexer bearoff(kPoints, 14);
  const LexIndexer lex(kPoints, 14);
  ForEachDistribution(kPoints, 14, [&](const Board& board) {
    for (int from = 2; from <= kPoints; ++from) {
      if (board[from] == 0) continue;
      for (int to = 1; to < from; ++to) {
        Board moved = board;
        --moved[from];
        ++moved[to];
        ASSERT_LT(bearoff.Rank(moved), bearoff.Rank(board));
        ASSERT_LT(lex.Rank(moved), lex.Rank(board));
      }
    }
  });
}

TEST(PlakotoIndexingSchemesTest, SlicedAdaptersRankWithinTheCheckerCount) {
  const CheckerCountSlices<BearoffIndexer> bearoff(kPoints, kMaxCheckers);
  const CheckerCountSlices<LexIndexer> lex(kPoints, kMaxCheckers);
  for (int n = 0; n <= kMaxCheckers; ++n) {
    ASSERT_EQ(bearoff.Size(n), lex.Size(n));
    for (uint64_t r = 0; r < bearoff.Size(n); r += 97) {
      EXPECT_EQ(bearoff.Rank(bearoff.Unrank(n, r)), r);
      EXPECT_EQ(lex.Rank(lex.Unrank(n, r)), r);
    }
  }
}

// Solves agree whatever the scheme: the P = 6 databases solved with the
// plain afterstate method in lex order equal the bearoff-ordered databases
// the plugin builds, record by record.
TEST(PlakotoIndexingSchemesTest, LexOrderedSolveEqualsTheBearoffDatabase) {
  ThreadPool pool(2);
  const LexIndexer lex(6, kFreeCheckers);
  const BearoffIndexer bearoff(6, kFreeCheckers);
  for (int pin = 2; pin <= 6; ++pin) {
    chance::SolveOptions solve;
    solve.pool = &pool;
    absl::StatusOr<std::vector<double>> lex_values =
        chance::Solve(PinAfterstateGame<LexIndexer>(6, pin), solve);
    ASSERT_TRUE(lex_values.ok()) << lex_values.status();
    PinBuildOptions options;
    options.pool = &pool;
    absl::StatusOr<PinDatabase> db = PinDatabase::Build(6, pin, options);
    ASSERT_TRUE(db.ok()) << db.status();
    ASSERT_EQ(lex_values->size(), db->values().size());
    for (uint64_t i = 0; i < lex.Size(); ++i) {
      const uint64_t j = bearoff.Rank(lex.Unrank(i));
      ASSERT_NEAR((*lex_values)[i], db->values()[j], 1e-12) << "pin " << pin << " lex " << i;
    }
  }
}

}  // namespace
}  // namespace retro::plakoto
