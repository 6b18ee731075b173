// Perft from the start position against the published counts.
#include "games/surakarta/perft.h"

#include "games/surakarta/position.h"
#include "gtest/gtest.h"

namespace retro::surakarta {
namespace {

TEST(PerftTest, StartPositionMatchesSpecification) {
  const Position start = StartPosition();
  EXPECT_EQ(Perft(start, 0), 1u);
  EXPECT_EQ(Perft(start, 1), 16u);
  EXPECT_EQ(Perft(start, 2), 256u);
  EXPECT_EQ(Perft(start, 3), 5382u);
  EXPECT_EQ(Perft(start, 4), 111122u);
  EXPECT_EQ(Perft(start, 5), 2572484u);
}

}  // namespace
}  // namespace retro::surakarta
