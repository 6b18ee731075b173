// Tests of every oware indexing scheme against the retro::SlicedIndexer
// contract: sizes, bijection onto [0, Size(n)) for every board with at most 8
// seeds, agreement of the colex-ordered schemes with ColexIndexer (also on
// large boards), incremental child ranks against fresh ranks for every move of
// every board with at most 8 seeds under every grand slam rule, and the
// validating factories.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>
#include <vector>

#include "games/oware/board.h"
#include "games/oware/colex_indexer.h"
#include "games/oware/hash_indexer.h"
#include "games/oware/incremental_indexer.h"
#include "games/oware/lexicographic_indexer.h"
#include "games/oware/movegen.h"
#include "games/oware/notation.h"
#include "games/oware/pext_indexer.h"
#include "games/oware/stars_and_bars.h"
#include "gtest/gtest.h"
#include "retro/indexer.h"
#include "tests/oware/test_util.h"

namespace retro::oware {
namespace {

static_assert(SlicedIndexer<LexicographicIndexer, Board>);
static_assert(SlicedIndexer<ColexIndexer, Board>);
static_assert(SlicedIndexer<PextIndexer, Board>);
static_assert(SlicedIndexer<IncrementalIndexer, Board>);
static_assert(SlicedIndexer<HashIndexer, Board>);
static_assert(IncrementalRanking<IncrementalIndexer, Board, Move>);
static_assert(!IncrementalRanking<ColexIndexer, Board, Move>);

template <typename Indexer>
class SchemeTest : public ::testing::Test {};

using Schemes = ::testing::Types<LexicographicIndexer, ColexIndexer,
                                 PextIndexer, IncrementalIndexer, HashIndexer>;
TYPED_TEST_SUITE(SchemeTest, Schemes);

TYPED_TEST(SchemeTest, SizesMatchTheSpecTable) {
  const TypeParam indexer(10);
  const uint64_t states[] = {1,     12,    78,    364,    1365,  4368,
                             12376, 31824, 75582, 167960, 352716};
  for (int n = 0; n <= 10; ++n) EXPECT_EQ(indexer.Size(n), states[n]) << n;
}

TYPED_TEST(SchemeTest, BijectionUpToEightSeeds) {
  const TypeParam indexer(8);
  for (int n = 0; n <= 8; ++n) {
    const uint64_t size = indexer.Size(n);
    std::vector<bool> seen(size, false);
    uint64_t boards = 0;
    int failures = 0;
    test::ForEachBoard(n, [&](const Board& board) {
      ++boards;
      const uint64_t rank = indexer.Rank(board);
      if (failures > 5) return;
      if (rank >= size || seen[rank] || indexer.Unrank(n, rank) != board) {
        ADD_FAILURE() << FormatBoard(board) << " rank " << rank;
        ++failures;
        return;
      }
      seen[rank] = true;
    });
    EXPECT_EQ(boards, size);
    EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](bool b) { return b; }))
        << n;
    for (uint64_t i = 0; i < size; ++i) {
      const Board board = indexer.Unrank(n, i);
      ASSERT_EQ(TotalSeeds(board), n);
      ASSERT_EQ(indexer.Rank(board), i) << n;
    }
  }
}

TYPED_TEST(SchemeTest, CreateValidatesTheLimit) {
  EXPECT_TRUE(TypeParam::Create(0).ok());
  for (int bad : {-1, TypeParam::kMaxSeeds + 1}) {
    auto indexer = TypeParam::Create(bad);
    ASSERT_FALSE(indexer.ok());
    EXPECT_EQ(indexer.status().code(), absl::StatusCode::kInvalidArgument);
  }
  EXPECT_EQ(TypeParam::Create(9)->max_seeds(), 9);
}

TEST(StarsAndBarsTest, WordHasElevenBarsAndKeyAnEndMarker) {
  for (int n = 0; n <= 6; ++n) {
    test::ForEachBoard(n, [&](const Board& board) {
      const uint64_t word = StarsAndBarsWord(board);
      ASSERT_EQ(std::popcount(word), kBars);
      ASSERT_EQ(63 - std::countl_zero(word),
                n + kBars - 1 - board.houses[11]);
      const uint64_t key = StarsAndBarsKey(board);
      ASSERT_EQ(key, word | uint64_t{1} << (n + kBars));
    });
  }
  // 1 0 2 ...: bars at 1, 2, 5, 6, ..., 13.
  EXPECT_EQ(StarsAndBarsWord(test::B("1 0 2 0 0 0 | 0 0 0 0 0 0")),
            0b11111111100110ULL);
}

// Pext and incremental rank like colex, on every small board and on random
// boards up to the pext word's limit.
TEST(ColexOrderTest, PextAndIncrementalRankLikeColex) {
  const ColexIndexer colex(8);
  const PextIndexer pext(8);
  const IncrementalIndexer incremental(8);
  for (int n = 0; n <= 8; ++n) {
    for (uint64_t r = 0; r < colex.Size(n); ++r) {
      const Board board = colex.Unrank(n, r);
      ASSERT_EQ(pext.Rank(board), r);
      ASSERT_EQ(incremental.Rank(board), r);
    }
  }
  const ColexIndexer big_colex(PextIndexer::kMaxSeeds);
  const PextIndexer big_pext(PextIndexer::kMaxSeeds);
  std::mt19937_64 rng(11);
  for (int i = 0; i < 20000; ++i) {
    const int n = static_cast<int>(rng() % (PextIndexer::kMaxSeeds + 1));
    const uint64_t rank = rng() % big_colex.Size(n);
    const Board board = big_colex.Unrank(n, rank);
    ASSERT_EQ(big_pext.Rank(board), rank) << FormatBoard(board);
    ASSERT_EQ(big_pext.Unrank(n, rank), board) << FormatBoard(board);
  }
  Board all_last;
  all_last.houses[11] = PextIndexer::kMaxSeeds;
  EXPECT_EQ(big_pext.Rank(all_last), 0u);
  Board all_first;
  all_first.houses[0] = PextIndexer::kMaxSeeds;
  EXPECT_EQ(big_pext.Rank(all_first),
            big_pext.Size(PextIndexer::kMaxSeeds) - 1);
}

// The hash scheme hands out ids in lexicographic order.
TEST(HashIndexerTest, IdsAreLexicographicRanks) {
  const HashIndexer hash(7);
  const LexicographicIndexer lexicographic(7);
  for (int n = 0; n <= 7; ++n) {
    for (uint64_t r = 0; r < hash.Size(n); ++r) {
      ASSERT_EQ(lexicographic.Rank(hash.Unrank(n, r)), r);
    }
  }
  EXPECT_GT(hash.TableBytes(), 50387u * (8 + 4 + sizeof(Board)));
}

template <GrandSlam kGrandSlam>
void ExpectChildRanksMatch(const IncrementalIndexer& indexer, int max_seeds) {
  uint64_t checked = 0;
  for (int n = 0; n <= max_seeds; ++n) {
    for (uint64_t r = 0; r < indexer.Size(n); ++r) {
      const Board board = indexer.Unrank(n, r);
      Move moves[kMaxMoves];
      const int count = GenerateMoves<kGrandSlam>(board, moves);
      for (int m = 0; m < count; ++m) {
        ASSERT_EQ(indexer.RankChild(board, r, moves[m]),
                  indexer.Rank(moves[m].child))
            << FormatBoard(board) << " move " << int{moves[m].house};
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 250000u);
}

TEST(IncrementalIndexerTest, ChildRanksEqualFreshRanksUpToEightSeeds) {
  const IncrementalIndexer indexer(8);
  ExpectChildRanksMatch<GrandSlam::kForfeit>(indexer, 8);
  ExpectChildRanksMatch<GrandSlam::kCapture>(indexer, 8);
  ExpectChildRanksMatch<GrandSlam::kForcedOnly>(indexer, 8);
}

// Laps (12 or more seeds in a house) and long captures, on random boards of
// up to 13 seeds.
TEST(IncrementalIndexerTest, ChildRanksOnLargeBoards) {
  const IncrementalIndexer indexer(13);
  std::mt19937_64 rng(5);
  for (int i = 0; i < 20000; ++i) {
    const int n = static_cast<int>(rng() % 14);
    const uint64_t r = rng() % indexer.Size(n);
    const Board board = indexer.Unrank(n, r);
    Move moves[kMaxMoves];
    const int count = GenerateMoves<GrandSlam::kCapture>(board, moves);
    for (int m = 0; m < count; ++m) {
      ASSERT_EQ(indexer.RankChild(board, r, moves[m]),
                indexer.Rank(moves[m].child))
          << FormatBoard(board);
    }
  }
  Board lap;
  lap.houses[2] = 12;
  lap.houses[7] = 1;
  Move moves[kMaxMoves];
  ASSERT_EQ(GenerateMoves<GrandSlam::kForfeit>(lap, moves), 1);
  EXPECT_EQ(indexer.RankChild(lap, indexer.Rank(lap), moves[0]),
            indexer.Rank(moves[0].child));
}

}  // namespace
}  // namespace retro::oware
