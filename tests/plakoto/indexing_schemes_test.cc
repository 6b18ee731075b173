// The Plakoto indexing schemes compared in docs/indexing.md: the bearoff
// perfect hash and the lexicographic alternative are bijections onto
// [0, Size) on every distribution of 0..15 checkers over P = 6 points
// (enumerated independently of the schemes), both satisfy
// retro::SlicedIndexer through CheckerCountSlices (slice = checker count),
// both Next() functions walk the ranks in order, and the lex rank is the
// bearoff rank of the mirrored board read backwards. The database builder
// (PinTableGame) runs with either scheme: its block schedule is valid for
// both (a partition of the boards whose every move stays in the block at a
// lower index or reads a listed block of a lower layer, with neighbour
// indices equal to the rank of the moved board), and the databases built
// with either are bit-identical. See docs/indexing.md.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

#include "games/plakoto/bearoff_indexer.h"
#include "games/plakoto/checker_count_slices.h"
#include "games/plakoto/lex_indexer.h"
#include "games/plakoto/position.h"
#include "gtest/gtest.h"
#include "plugins/plakoto/pin_afterstate_game.h"
#include "plugins/plakoto/pin_build_options.h"
#include "plugins/plakoto/pin_database.h"
#include "plugins/plakoto/pin_table_game.h"
#include "retro/combinatorics.h"
#include "retro/indexer.h"
#include "retro/solver/chance.h"
#include "retro/solver/chance_workspace.h"
#include "retro/thread_pool.h"

namespace retro::plakoto {
namespace {

static_assert(TableIndexer<BearoffIndexer, Board>);
static_assert(TableIndexer<LexIndexer, Board>);
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

template <typename Scheme>
void ExpectNextWalksTheRanksInOrder() {
  for (int n : {0, 1, 2, 13, 14, 15}) {
    const Scheme scheme(kPoints, n);
    Board board = scheme.Unrank(0);
    uint64_t r = 0;
    do {
      ASSERT_EQ(scheme.Rank(board), r) << n << " checkers";
      ++r;
    } while (scheme.Next(&board));
    EXPECT_EQ(r, scheme.Size()) << n << " checkers";
    EXPECT_EQ(board, scheme.Unrank(scheme.Size() - 1)) << "changed at the end";
  }
}

TEST(PlakotoIndexingSchemesTest, BearoffNextWalksTheRanksInOrder) {
  ExpectNextWalksTheRanksInOrder<BearoffIndexer>();
}

TEST(PlakotoIndexingSchemesTest, LexNextWalksTheRanksInOrder) {
  ExpectNextWalksTheRanksInOrder<LexIndexer>();
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

// Lex rank = Size - 1 - bearoff rank of the mirrored board (point k <->
// P + 1 - k): the identity behind the lex neighbour deltas of PinTableGame,
// and why both schedules see the same index distances (docs/indexing.md).
TEST(PlakotoIndexingSchemesTest, LexIsTheMirroredReverseOfBearoff) {
  for (int n : {0, 1, 13, 14}) {
    const BearoffIndexer bearoff(kPoints, n);
    const LexIndexer lex(kPoints, n);
    ForEachDistribution(kPoints, n, [&](const Board& board) {
      Board mirror{};
      for (int k = 1; k <= kPoints; ++k) mirror[kPoints + 1 - k] = board[k];
      ASSERT_EQ(lex.Rank(board), lex.Size() - 1 - bearoff.Rank(mirror));
    });
  }
}

TEST(PlakotoIndexingSchemesTest, SlicedAdaptersRankWithinTheCheckerCount) {
  const auto bearoff = MakeCheckerCountSlices<BearoffIndexer>(kPoints, kMaxCheckers);
  const auto lex = MakeCheckerCountSlices<LexIndexer>(kPoints, kMaxCheckers);
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
    absl::StatusOr<std::vector<double>> lex_values = solver::SolveChance(
        PinAfterstateGame<LexIndexer>(6, pin), {.pool = &pool});
    ASSERT_TRUE(lex_values.ok()) << lex_values.status();
    PinBuildOptions options;
    options.pool = &pool;
    absl::StatusOr<PinDatabase> db = PinDatabase::Build(6, pin, options);
    ASSERT_TRUE(db.ok()) << db.status();
    ASSERT_EQ(lex_values->size(), db->values().size());
    for (uint64_t i = 0; i < lex.Size(); ++i) {
      const uint64_t j = bearoff.Rank(lex.Unrank(i));
      ASSERT_NEAR((*lex_values)[i], db->values()[j], 1e-12)
          << "pin " << pin << " lex " << i;
    }
  }
}

// The table builder's schedule for `Scheme` on `points` points: the blocks
// partition [0, Size), Next() walks each block from its first board, every
// single move's neighbour index (the O(1) rank delta) is the rank of the
// moved board (every move when check_ranks, else every 16th board), and it
// lies earlier in the same block or in a block of a lower layer that
// BlockDependencies() lists.
template <typename Scheme>
void ExpectValidSchedule(int points, bool check_ranks) {
  const PinTableGame<Scheme> game(points, 2);
  const Scheme& indexer = game.indexer();
  std::vector<chance::Block> blocks = game.Blocks();
  std::vector<std::vector<uint32_t>> depends_on =
      game.BlockDependencies(blocks);
  ASSERT_EQ(depends_on.size(), blocks.size());
  for (std::vector<uint32_t>& deps : depends_on) {
    std::sort(deps.begin(), deps.end());
  }
  constexpr uint32_t kUnset = ~uint32_t{0};
  std::vector<uint32_t> block_of(game.Size(), kUnset);
  for (uint32_t b = 0; b < blocks.size(); ++b) {
    ASSERT_LT(blocks[b].begin, blocks[b].end);
    ASSERT_LE(blocks[b].end, game.Size());
    for (uint64_t i = blocks[b].begin; i < blocks[b].end; ++i) {
      ASSERT_EQ(block_of[i], kUnset) << "index " << i << " in two blocks";
      block_of[i] = b;
    }
  }
  for (uint64_t i = 0; i < game.Size(); ++i) {
    ASSERT_NE(block_of[i], kUnset) << "index " << i << " in no block";
  }
  uint64_t moves = 0;
  for (uint32_t b = 0; b < blocks.size(); ++b) {
    Board board = indexer.Unrank(blocks[b].begin);
    for (uint64_t i = blocks[b].begin; i < blocks[b].end; ++i) {
      if (i > blocks[b].begin) {
        ASSERT_TRUE(indexer.Next(&board));
      }
      const bool rank_moves = check_ranks || i % 16 == 0;
      if (rank_moves) {
        ASSERT_EQ(indexer.Rank(board), i);
      }
      game.ForEachMove(board, i, [&](int from, int die, uint64_t n) {
        ++moves;
        if (rank_moves) {
          Board moved = board;
          --moved[from];
          ++moved[from - die];
          ASSERT_EQ(n, indexer.Rank(moved)) << "index " << i;
        }
        ASSERT_LT(n, game.Size());
        const uint32_t nb = block_of[n];
        if (nb == b) {
          ASSERT_LT(n, i);
        } else {
          ASSERT_LT(blocks[nb].layer, blocks[b].layer) << "index " << i;
          ASSERT_TRUE(std::binary_search(depends_on[b].begin(),
                                         depends_on[b].end(), nb))
              << "block " << b << " reads block " << nb << " unlisted";
        }
      });
    }
  }
  EXPECT_GT(moves, game.Size());
}

TEST(PlakotoIndexingSchemesTest, TableScheduleIsValidOnP6) {
  ExpectValidSchedule<BearoffIndexer>(6, true);
  ExpectValidSchedule<LexIndexer>(6, true);
}

TEST(PlakotoIndexingSchemesTest, LexTableScheduleIsValidOnP12) {
  ExpectValidSchedule<LexIndexer>(12, false);
}

// Builds (points, pin) with the table builder in both board orders on two
// threads and expects bit-identical databases: each board's value is the
// same function of the same neighbours' values (maxima, then one sum in
// roll order), whatever their indices.
void ExpectSchemesBuildTheSameDatabase(int points, int pin,
                                       chance::Workspace* workspace) {
  ThreadPool pool(2);
  PinBuildOptions options;
  options.pool = &pool;
  options.workspace = workspace;
  absl::StatusOr<PinDatabase> bearoff =
      PinDatabase::Build(points, pin, options);
  ASSERT_TRUE(bearoff.ok()) << bearoff.status();
  options.indexing = BoardIndexing::kLex;
  absl::StatusOr<PinDatabase> lex = PinDatabase::Build(points, pin, options);
  ASSERT_TRUE(lex.ok()) << lex.status();
  ASSERT_EQ(lex->size(), bearoff->size());
  for (uint64_t i = 0; i < lex->size(); ++i) {
    ASSERT_EQ(lex->values()[i], bearoff->values()[i])
        << "P = " << points << ", p = " << pin << ", record " << i;
  }
}

TEST(PlakotoIndexingSchemesTest, LexTableBuildEqualsBearoffOnP6) {
  for (int pin = 2; pin <= 6; ++pin) {
    ExpectSchemesBuildTheSameDatabase(6, pin, nullptr);
  }
}

TEST(PlakotoIndexingSchemesTest, LexTableBuildEqualsBearoffOnP12) {
  chance::Workspace workspace;
  ExpectSchemesBuildTheSameDatabase(12, 4, &workspace);
}

}  // namespace
}  // namespace retro::plakoto
