// The Surakarta indexing schemes compared in docs/indexing.md: FuChou's
// combination rank x colour bits, the table-driven chunked colex rank and the
// symmetry-reduced index. Each is a bijection onto [0, Size) on every
// placement of at most 4 pieces (enumerated independently of the schemes);
// the table-driven scheme gives FuChou's rank on every placement of at most 5
// pieces and on random ones of 6..12. Whole solves agree whatever the
// scheme: the plain builder SchemeTableSlice run with each scheme gives the
// production tables (TableSlice, FuChou order) byte for byte with FuChou and
// table rank, and the same value for every position's class with the
// symmetry-reduced index, on every table of at most 4 pieces.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "games/surakarta/board.h"
#include "games/surakarta/combination.h"
#include "games/surakarta/fuchou_indexer.h"
#include "games/surakarta/no_move_rule.h"
#include "games/surakarta/piece_count_slices.h"
#include "games/surakarta/symmetric_indexer.h"
#include "games/surakarta/symmetry.h"
#include "games/surakarta/table_rank_indexer.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "plugins/surakarta/scheme_table_slice.h"
#include "plugins/surakarta/tablebase.h"
#include "retro/combinatorics.h"
#include "retro/indexer.h"
#include "retro/solver/loopy_wdl.h"
#include "retro/thread_pool.h"

namespace retro::surakarta {
namespace {

static_assert(TableIndexer<FuChouIndexer, Position>);
static_assert(TableIndexer<TableRankIndexer, Position>);
static_assert(TableIndexer<SymmetricIndexer, Position>);
static_assert(SlicedIndexer<PieceCountSlices<FuChouIndexer>, Position>);
static_assert(SlicedIndexer<PieceCountSlices<TableRankIndexer>, Position>);
static_assert(SlicedIndexer<PieceCountSlices<SymmetricIndexer>, Position>);

// Calls visit(us, them) for every placement of n pieces: occupied sets in
// colex order (Gosper), colourings in numeric order.
template <typename Visit>
void ForEachPlacement(int n, Visit&& visit) {
  const uint64_t sets = Binomial(kSquares, n);
  Bitboard occupied = (Bitboard{1} << n) - 1;
  for (uint64_t c = 0; c < sets; ++c) {
    if (c > 0) occupied = NextCombination(occupied);
    for (uint64_t w = 0; w < (uint64_t{1} << n); ++w) {
      const Bitboard us = DepositBits(w, occupied);
      visit(us, occupied & ~us);
    }
  }
}

// A uniformly random placement of n pieces, each piece's side at random.
Position RandomPlacement(int n, std::mt19937_64& rng) {
  Position p;
  for (int placed = 0; placed < n;) {
    const Bitboard bit = SquareBit(static_cast<int>(rng() % kSquares));
    if ((p.us | p.them) & bit) continue;
    (rng() & 1 ? p.us : p.them) |= bit;
    ++placed;
  }
  return p;
}

template <typename Scheme>
void ExpectBijection(int n) {
  const Scheme scheme = *Scheme::Create(n);
  ASSERT_EQ(scheme.Size(), Binomial(kSquares, n) << n);
  std::vector<bool> seen(scheme.Size());
  uint64_t count = 0;
  ForEachPlacement(n, [&](Bitboard us, Bitboard them) {
    const uint64_t r = scheme.Rank(us, them);
    ASSERT_LT(r, scheme.Size());
    ASSERT_FALSE(seen[r]) << "rank " << r << " twice";
    seen[r] = true;
    Bitboard back_us, back_them;
    scheme.Unrank(r, &back_us, &back_them);
    ASSERT_EQ(back_us, us);
    ASSERT_EQ(back_them, them);
    ++count;
  });
  EXPECT_EQ(count, scheme.Size());
}

TEST(SurakartaIndexingSchemesTest, FuChouIsABijectionUpToFourPieces) {
  for (int n = 0; n <= 4; ++n) ExpectBijection<FuChouIndexer>(n);
}

TEST(SurakartaIndexingSchemesTest, TableRankIsABijectionUpToFourPieces) {
  for (int n = 0; n <= 4; ++n) ExpectBijection<TableRankIndexer>(n);
}

TEST(SurakartaIndexingSchemesTest,
     SymmetricIsABijectionOnClassesUpToFourPieces) {
  for (int n = 0; n <= 4; ++n) {
    const SymmetricIndexer scheme = *SymmetricIndexer::Create(n);
    std::vector<bool> seen(scheme.Size());
    ForEachPlacement(n, [&](Bitboard us, Bitboard them) {
      const uint64_t r = scheme.Rank(us, them);
      ASSERT_LT(r, scheme.Size());
      seen[r] = true;
      // The representative is an image of the placement, with the same rank.
      const Position rep = scheme.Unrank(r);
      bool image = false;
      for (int k = 0; k < kSymmetries; ++k) {
        image |= TransformBitboard(k, us) == rep.us &&
                 TransformBitboard(k, them) == rep.them;
      }
      ASSERT_TRUE(image);
      ASSERT_EQ(scheme.Rank(rep), r);
    });
    for (uint64_t r = 0; r < scheme.Size(); ++r) {
      ASSERT_TRUE(seen[r]) << "rank " << r << " of " << n << " unreached";
    }
  }
}

// The cached unrank answers like the plain one, in order and at random.
TEST(SurakartaIndexingSchemesTest, SymmetricUnrankCacheAgrees) {
  std::mt19937_64 rng(11);
  for (int n = 1; n <= 5; ++n) {
    const SymmetricIndexer scheme = *SymmetricIndexer::Create(n);
    SymmetricIndexer::UnrankCache cache;
    auto expect_same = [&](uint64_t r) {
      const Position a = scheme.Unrank(r);
      const Position b = scheme.Unrank(r, cache);
      ASSERT_EQ(a.us, b.us) << n << " pieces, rank " << r;
      ASSERT_EQ(a.them, b.them) << n << " pieces, rank " << r;
    };
    const uint64_t step = n <= 4 ? 1 : 3;  // every rank up to 4 pieces
    for (uint64_t r = 0; r < scheme.Size(); r += step) expect_same(r);
    for (int i = 0; i < 20000; ++i) expect_same(rng() % scheme.Size());
    expect_same(scheme.Size() - 1);
  }
}

// Up to 5 pieces: every position of the tables the benchmarks solve.
TEST(SurakartaIndexingSchemesTest, TableRankEqualsFuChouUpToFivePieces) {
  for (int n = 0; n <= 5; ++n) {
    const FuChouIndexer fuchou = *FuChouIndexer::Create(n);
    const TableRankIndexer table = *TableRankIndexer::Create(n);
    ForEachPlacement(n, [&](Bitboard us, Bitboard them) {
      ASSERT_EQ(table.Rank(us, them), fuchou.Rank(us, them));
    });
  }
}

TEST(SurakartaIndexingSchemesTest, TableRankEqualsFuChouOnRandomPlacements) {
  std::mt19937_64 rng(20261121);
  for (int n = 5; n <= TableRankIndexer::kMaxPieces; ++n) {
    const FuChouIndexer fuchou = *FuChouIndexer::Create(n);
    const TableRankIndexer table = *TableRankIndexer::Create(n);
    for (int i = 0; i < 100000; ++i) {
      const Position p = RandomPlacement(n, rng);
      const uint64_t r = fuchou.Rank(p);
      ASSERT_EQ(table.Rank(p), r);
      const Position back = table.Unrank(r);
      ASSERT_EQ(back.us, p.us);
      ASSERT_EQ(back.them, p.them);
      // Random ranks too (every chunk boundary of the unrank search).
      const uint64_t random_rank = rng() % fuchou.Size();
      const Position a = fuchou.Unrank(random_rank);
      const Position b = table.Unrank(random_rank);
      ASSERT_EQ(a.us, b.us);
      ASSERT_EQ(a.them, b.them);
    }
    // The first and last ranks.
    for (const uint64_t r : {uint64_t{0}, fuchou.Size() - 1}) {
      EXPECT_EQ(table.Unrank(r).us, fuchou.Unrank(r).us);
      EXPECT_EQ(table.Unrank(r).them, fuchou.Unrank(r).them);
    }
  }
}

TEST(SurakartaIndexingSchemesTest, TableRankLimits) {
  EXPECT_THAT(std::string(TableRankIndexer::Create(-1).status().message()),
              ::testing::HasSubstr("bad piece count -1 for the table-rank indexer"));
  EXPECT_THAT(
      std::string(TableRankIndexer::Create(TableRankIndexer::kMaxPieces + 1).status().message()),
      ::testing::HasSubstr(absl::StrCat("bad piece count ", TableRankIndexer::kMaxPieces + 1,
                                        " for the table-rank indexer")));
  // 2 tables x 5 chunks x 6 counts x 256 entries x 4 bytes.
  EXPECT_EQ(TableRankIndexer::Create(5)->TableBytes(), 2u * 5 * 6 * 256 * 4);
}

TEST(SurakartaIndexingSchemesTest, SlicedAdapterRanksWithinThePieceCount) {
  const auto slices = *MakePieceCountSlices<TableRankIndexer>(4);
  const auto fuchou = *MakePieceCountSlices<FuChouIndexer>(4);
  std::mt19937_64 rng(7);
  for (int n = 0; n <= 4; ++n) {
    EXPECT_EQ(slices.Size(n), fuchou.Size(n));
    for (int i = 0; i < 1000; ++i) {
      const uint64_t r = rng() % slices.Size(n);
      const Position p = slices.Unrank(n, r);
      EXPECT_EQ(slices.Rank(p), r);
      EXPECT_EQ(fuchou.Rank(p), r);
    }
  }
}

// The production tables 1..max_pieces (TableSlice, FuChou order).
std::vector<std::vector<uint8_t>> ProductionTables(int max_pieces,
                                                   NoMoveRule rule) {
  absl::StatusOr<Tablebase> tb = Tablebase::Build(
      {.max_pieces = max_pieces, .no_move_rule = rule, .threads = 2});
  EXPECT_TRUE(tb.ok()) << tb.status();
  std::vector<std::vector<uint8_t>> tables;
  for (int n = 1; n <= max_pieces; ++n) tables.push_back(tb->table(n));
  return tables;
}

template <typename Scheme>
std::vector<std::vector<uint8_t>> SchemeTables(int max_pieces, NoMoveRule rule,
                                               int threads) {
  ThreadPool pool(threads);
  absl::StatusOr<std::vector<std::vector<uint8_t>>> tables =
      BuildSchemeTables<Scheme>(max_pieces, rule, pool);
  EXPECT_TRUE(tables.ok()) << tables.status();
  return tables.ok() ? *std::move(tables) : std::vector<std::vector<uint8_t>>{};
}

constexpr int kSolvedPieces = 4;

TEST(SurakartaIndexingSchemesTest, PlainFuChouSolveEqualsTheProductionTables) {
  for (const NoMoveRule rule : {NoMoveRule::kLoss, NoMoveRule::kCount}) {
    const auto expected = ProductionTables(kSolvedPieces, rule);
    for (const int threads : {1, 2}) {
      EXPECT_EQ(SchemeTables<FuChouIndexer>(kSolvedPieces, rule, threads),
                expected)
          << threads << " threads";
    }
  }
}

TEST(SurakartaIndexingSchemesTest, TableRankSolveEqualsTheProductionTables) {
  EXPECT_EQ(SchemeTables<TableRankIndexer>(kSolvedPieces, NoMoveRule::kLoss, 2),
            ProductionTables(kSolvedPieces, NoMoveRule::kLoss));
}

// The symmetry-reduced solve works on classes (fewer entries, other order):
// every position must find its class's value equal to its own in the
// production tables.
TEST(SurakartaIndexingSchemesTest, SymmetricSolveAgreesOnEveryPosition) {
  for (const NoMoveRule rule : {NoMoveRule::kLoss, NoMoveRule::kCount}) {
    const auto expected = ProductionTables(kSolvedPieces, rule);
    for (const int threads : {1, 2}) {
      const auto classes =
          SchemeTables<SymmetricIndexer>(kSolvedPieces, rule, threads);
      ASSERT_EQ(classes.size(), expected.size());
      uint64_t wins = 0, losses = 0;
      for (int n = 1; n <= kSolvedPieces; ++n) {
        const FuChouIndexer fuchou = *FuChouIndexer::Create(n);
        const SymmetricIndexer symmetric = *SymmetricIndexer::Create(n);
        ASSERT_EQ(classes[n - 1].size(), symmetric.Size());
        uint64_t mismatches = 0;
        ForEachPlacement(n, [&](Bitboard us, Bitboard them) {
          const uint8_t want = expected[n - 1][fuchou.Rank(us, them)];
          const uint8_t got = classes[n - 1][symmetric.Rank(us, them)];
          mismatches += want != got;
          wins += DecodeWdl(got).result == Wdl::kWin;
          losses += DecodeWdl(got).result == Wdl::kLoss;
        });
        EXPECT_EQ(mismatches, 0u) << n << " pieces, " << threads << " threads";
      }
      // Not a vacuous comparison: plenty of decided positions.
      EXPECT_GT(wins, 100000u);
      EXPECT_GT(losses, 10000u);
    }
  }
}

TEST(SurakartaIndexingSchemesTest, SchemeSolveRefusesBadPieceCounts) {
  ThreadPool pool(1);
  for (const int bad : {0, kMaxTablePieces + 1}) {
    const auto tables =
        BuildSchemeTables<FuChouIndexer>(bad, NoMoveRule::kLoss, pool);
    ASSERT_FALSE(tables.ok());
    EXPECT_NE(tables.status().message().find("1 to"), std::string::npos)
        << tables.status();
  }
}

}  // namespace
}  // namespace retro::surakarta
