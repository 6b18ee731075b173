// The 9-seed book as `retro solve --game oware --seeds 9` makes it (the
// plugin's own solve, loaded in process, default rules: 200 plies, grand
// slam forfeit, nothing to anyone at the limit) against an independent
// computation: the benchmarks' dense seed-method solver
// (benchmarks/oware_seed_baseline.h: its own sowing, capture and index, one
// int8 per board per layer). Every one of the 293,930 boards, at every
// t = 0..200, must agree; the baseline's own state counts are checked
// against the spec's first.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "benchmarks/oware_seed_baseline.h"
#include "games/oware/colex_indexer.h"
#include "gtest/gtest.h"
#include "retro/database.h"
#include "retro/format/finite_horizon/store.h"
#include "tests/framework/build_path.h"
#include "tests/framework/crafted_database.h"

#ifndef RETRO_PLUGIN_FILE
#error "RETRO_PLUGIN_FILE must name the oware plugin"
#endif

namespace retro::oware {
namespace {

constexpr int kSeeds = 9;
constexpr int kTurnLimit = 200;

TEST(NineSeedOracleTest, EveryBoardAndEveryPlyLeftAgreesWithTheDenseBaseline) {
  // 1. The independent values, and its boards: C(n + 11, 11) with n seeds.
  const baseline::SeedBook dense(kSeeds, Rules{});
  uint64_t expected_boards = 0;
  for (int n = 0; n <= kSeeds; ++n) {
    uint64_t boards = 1;  // C(n + 11, 11), exactly, step by step
    for (int k = 1; k <= 11; ++k) boards = boards * (n + k) / k;
    ASSERT_EQ(dense.BoardsWithSeeds(n), boards) << n;
    expected_boards += boards;
  }
  ASSERT_EQ(expected_boards, 293930u);

  // 2. The book, solved by the plugin as `retro solve` does.
  testing::PluginUnderTest plugin(testing::BuildPath(RETRO_PLUGIN_FILE));
  const std::vector<uint8_t> bytes = plugin.Solve({{"seeds", std::to_string(kSeeds)}});
  auto file = DatabaseFile::FromBytes(bytes);
  ASSERT_TRUE(file.ok()) << file.status();
  ASSERT_EQ((*file)->Parameter("turn-limit"), std::optional<std::string>("200"));
  ASSERT_EQ((*file)->Parameter("grand-slam"), std::optional<std::string>("forfeit"));
  ASSERT_EQ((*file)->Parameter("at-limit"), std::optional<std::string>("nobody"));
  ASSERT_EQ((*file)->Parameter("indexer"), std::optional<std::string>("colex"));

  // 3. Every board of every slice, every t, the store's step function
  //    walked change by change.
  const ColexIndexer indexer(kSeeds);
  uint64_t boards = 0, compared = 0, mismatches = 0;
  for (int n = 0; n <= kSeeds; ++n) {
    const std::optional<size_t> slice = (*file)->FindSlice("seeds-" + std::to_string(n));
    ASSERT_TRUE(slice.has_value()) << n;
    auto store = FiniteHorizonStoreView::Open((*file)->SliceBytes(*slice));
    ASSERT_TRUE(store.ok()) << store.status();
    ASSERT_EQ(store->states(), dense.BoardsWithSeeds(n)) << n;
    ASSERT_EQ(store->horizon(), static_cast<uint32_t>(kTurnLimit));
    for (uint64_t r = 0; r < store->states(); ++r, ++boards) {
      const Board board = indexer.Unrank(n, r);
      std::vector<int> values(kTurnLimit + 1, 0);  // V_t = 0 until a change
      store->ForEachChange(r, [&](uint32_t layer, int value) {
        for (uint32_t t = layer; t <= kTurnLimit; ++t) values[t] = value;
        return true;
      });
      for (int t = 0; t <= kTurnLimit; ++t, ++compared) {
        if (values[t] != dense.Value(board, t) && ++mismatches <= 5) {
          ADD_FAILURE() << "seeds " << n << " rank " << r << " t=" << t << ": book " << values[t]
                        << ", baseline " << dense.Value(board, t);
        }
      }
    }
  }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_EQ(boards, 293930u);
  EXPECT_EQ(compared, 293930u * (kTurnLimit + 1));
}

}  // namespace
}  // namespace retro::oware
