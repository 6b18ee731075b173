// Surakarta (plugins/surakarta/rules.h) solved through the loopy kit's view
// with its take-backs hidden (retro/testing/without_take_backs.h), so that
// its predecessors come from a forward pass over the moves
// (retro/kit/forward_predecessors.h): byte for byte the tables of its own
// solver adapter (SolveSlice), in both layouts, the symmetric one numbering
// classes of positions (each distinct class pair counted once).
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "plugins/surakarta/rules.h"
#include "retro/kit/loopy_wdl_module.h"
#include "retro/testing/without_take_backs.h"
#include "retro/thread_pool.h"

namespace retro::surakarta {
namespace {

using ::retro::testing::WithoutTakeBacks;

TEST(ForwardPredecessorsSurakartaTest, MatchesTheGamesOwnAdapterInBothLayouts) {
  ThreadPool pool(2);
  for (const TableIndexing indexing : {TableIndexing::kFuChou, TableIndexing::kSymmetric}) {
    const SurakartaRules rules(3, NoMoveRule::kLoss, indexing);
    const WithoutTakeBacks<SurakartaRules> hidden(rules);
    std::vector<std::vector<uint8_t>> expected, forward;
    for (int s = 0; s < rules.num_slices(); ++s) {
      absl::StatusOr<std::vector<uint8_t>> own = rules.SolveSlice(s, expected, {.pool = &pool});
      ASSERT_TRUE(own.ok()) << own.status();
      expected.push_back(*std::move(own));
      absl::StatusOr<std::vector<uint8_t>> listed =
          kit::SolveSliceThroughView(hidden, s, forward, {.pool = &pool}, {});
      ASSERT_TRUE(listed.ok()) << listed.status();
      forward.push_back(*std::move(listed));
      EXPECT_EQ(forward[s], expected[s]) << TableIndexingName(indexing) << " slice " << s;
    }
  }
}

}  // namespace
}  // namespace retro::surakarta
